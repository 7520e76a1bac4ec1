import { Link } from 'react-router-dom'
import { Anchor } from '@mantine/core'
import {
  bigQueryCostUsd,
  formatBytes,
  formatCount,
  formatDurationMs,
  type BigQueryCostTotals,
  bigQueryCentsUsd,
} from '@costlens/shared'
import type { DataColumn } from '../../components/table/table-types.ts'
import { columns as col } from '../../kit/columns.tsx'
import { costChangeNote, type Kpi } from '../../kit/kpi-row.tsx'

export { jobListHref, type JobListFilter } from '../../kit/bigquery-job-list.ts'

/** The totals as KPI tiles: cost (against the period before when given), jobs, bytes billed, slot time. */
export function totalsKpis(
  total: BigQueryCostTotals,
  before?: { previous: BigQueryCostTotals; changePercent: number | null },
): Kpi[] {
  const cost: Kpi = { label: 'Cost (USD)', value: bigQueryCentsUsd(total.cost) }
  return [
    before
      ? {
          ...cost,
          ...costChangeNote(
            before.changePercent,
            `vs ${bigQueryCentsUsd(before.previous.cost)} before`,
            'No cost in the previous period',
          ),
        }
      : cost,
    { label: 'Jobs', value: formatCount(total.jobCount) },
    { label: 'Bytes billed', value: formatBytes(total.billedBytes) },
    { label: 'Slot time', value: formatDurationMs(total.slotMs) },
  ]
}

type Amounts = BigQueryCostTotals & { share: number }

/** The sums of a row: cost in USD (from cents), jobs, bytes billed, slot time and share. */
export function amountColumns<R extends Amounts>(): DataColumn<R>[] {
  return [
    {
      key: 'cost',
      title: 'Cost (USD)',
      width: 130,
      align: 'right',
      priority: 1,
      render: (r) => bigQueryCentsUsd(r.cost),
      exportValue: (r) => bigQueryCostUsd(r.cost),
    },
    { ...col.percent<R>('share', 'Share'), priority: 1 },
    { ...col.count<R>('jobCount', 'Jobs', 90), render: (r) => formatCount(r.jobCount), priority: 2 },
    {
      key: 'billedBytes',
      title: 'Bytes billed',
      width: 120,
      align: 'right',
      priority: 3,
      render: (r) => formatBytes(r.billedBytes),
    },
    {
      key: 'slotMs',
      title: 'Slot time',
      width: 130,
      align: 'right',
      priority: 3,
      render: (r) => formatDurationMs(r.slotMs),
    },
  ]
}

/** A row's name, linked to its jobs in the job list when the list can filter by it. */
export function nameColumn<R extends { id: string; name: string }>(
  title: string,
  href?: (row: R) => string | null,
  width = 260,
): DataColumn<R> {
  return {
    key: 'name',
    title,
    width,
    priority: 1,
    sticky: true,
    render: (r) => {
      const to = href?.(r)
      return to ? (
        <Anchor component={Link} to={to} size="sm">
          {r.name}
        </Anchor>
      ) : (
        r.name
      )
    },
  }
}
