import { formatDollars, type EmrCostDayRow } from '@costlens/shared'
import type { DataColumn } from '../components/table/table-types.ts'
import { EMR_COST_PARTS, type CostParts } from './daily-cost-chart.tsx'

/**
 * The cost day rows' columns (02 §3 Cost day row), one definition for the cost trends and the
 * budget details: day, cost, signed change, the split (EC2/EMR/EBS, or DBUs/VMs), neglected and
 * over-budget cost.
 */
export function costDayColumns<R extends Omit<EmrCostDayRow, 'ts'> & { dbuCost?: number; vmCost?: number }>(
  parts: CostParts = EMR_COST_PARTS,
): DataColumn<R>[] {
  const split = (Object.entries(parts) as [keyof CostParts, string][]).map(([key, title]): DataColumn<R> => ({
    key,
    title,
    align: 'right',
    render: (r) => formatDollars(r[key] ?? 0),
  }))
  return [
    { key: 'date', title: 'Day (UTC)', sortable: true },
    { key: 'cost', title: 'Cost', align: 'right', sortable: true, render: (r) => formatDollars(r.cost) },
    {
      key: 'costChange',
      title: 'Change',
      align: 'right',
      sortable: true,
      render: (r) => (r.costChange > 0 ? `+${formatDollars(r.costChange)}` : formatDollars(r.costChange)),
    },
    ...split,
    {
      key: 'neglectedCost',
      title: 'Neglected',
      align: 'right',
      sortable: true,
      render: (r) => formatDollars(r.neglectedCost),
    },
    {
      key: 'budgetOverrunCost',
      title: 'Over budget',
      align: 'right',
      sortable: true,
      render: (r) => formatDollars(r.budgetOverrunCost),
    },
  ]
}
