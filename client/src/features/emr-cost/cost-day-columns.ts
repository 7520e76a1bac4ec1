import { formatDollars, type EmrCostDayRow } from '@costlens/shared'
import type { DataColumn } from '../../components/table/table-types.ts'

/**
 * The cost day rows' columns (02 §3 Cost day row), one definition for the cost trends and the
 * budget details: day, cost, signed change, the EC2/EMR/EBS split, neglected and over-budget cost.
 */
export function costDayColumns<R extends Omit<EmrCostDayRow, 'ts'>>(): DataColumn<R>[] {
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
    { key: 'ec2', title: 'EC2', align: 'right', render: (r) => formatDollars(r.ec2) },
    { key: 'emr', title: 'EMR', align: 'right', render: (r) => formatDollars(r.emr) },
    { key: 'ebs', title: 'EBS', align: 'right', render: (r) => formatDollars(r.ebs) },
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
