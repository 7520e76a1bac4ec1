import { formatDollars, formatPercent, presetRange, type EmrInsights } from '@costlens/shared'
import type { DonutSlice } from '../../components/charts/donut-chart.tsx'
import type { DataColumn } from '../../components/table/table-types.ts'
import { readAddressRange, type AddressRange } from '../../components/date-range/address-range.ts'
import { columns as col } from '../../kit/columns.tsx'
import type { Kpi } from '../../kit/kpi-row.tsx'

/**
 * The EMR cluster insights page as configuration (R059): its range, KPIs, donuts and the top
 * clusters' columns, from one GET /api/v1/emr/insights answer.
 */
export type TopCluster = EmrInsights['topClusters'][number]

/** The cost picker's choices (7, 14, 30, 90 days, a year), opening on the last 30 days. */
export const INSIGHTS_PICKER = 'cost' as const
export const INSIGHTS_RANGE_LABEL = '30_d'

/** The range of the address (`dateRangeLabel`, or `start_date` and `end_date`), the last 30 days by default. */
export function insightsRange(search: string, now: number): AddressRange {
  const defaults = { dateRange: presetRange(INSIGHTS_RANGE_LABEL, now)!, rangeLabel: INSIGHTS_RANGE_LABEL }
  return readAddressRange(new URLSearchParams(search), now, defaults)
}

/** The address of a range: a preset by its label (re-read at each visit), picked dates as they are. */
export function insightsSearch(range: AddressRange): string {
  if (range.rangeLabel === INSIGHTS_RANGE_LABEL) return ''
  if (range.rangeLabel !== 'custom') return `?dateRangeLabel=${range.rangeLabel}`
  return `?start_date=${range.dateRange.start}&end_date=${range.dateRange.end}`
}

/** The saving as a share of what it saves on; never above 100 % (the API bounds each saving by its cost). */
export const savingShare = (saving: number, cost: number) => (cost > 0 ? (saving / cost) * 100 : 0)

export function insightsKpis(data: EmrInsights | undefined): Kpi[] {
  if (!data)
    return ['Clusters with Unravel', 'Clusters without Unravel', 'Savings available (USD)'].map((label) => ({
      label,
      value: '--',
    }))
  const { withUnravel: w, withoutUnravel: wo, savings } = data
  const clusters = (n: number) => `${n.toLocaleString('en-US')} cluster${n === 1 ? '' : 's'}`
  return [
    { label: 'Clusters with Unravel', value: `${clusters(w.clusters)} · ${formatDollars(w.cost)}` },
    { label: 'Clusters without Unravel', value: `${clusters(wo.clusters)} · ${formatDollars(wo.cost)}` },
    {
      label: 'Savings available (USD)',
      value: `${formatDollars(savings.total)} (${formatPercent(savingShare(savings.total, savings.cost), 1)} of ${formatDollars(savings.cost)})`,
    },
    { label: 'Clusters with a saving', value: clusters(savings.clusters) },
  ]
}

/** The with / without donuts: one of the clusters' count, one of their cost. */
export function installSlices(data: EmrInsights | undefined, measure: 'clusters' | 'cost'): DonutSlice[] {
  if (!data) return []
  return [
    { name: 'With Unravel', value: data.withUnravel[measure] },
    { name: 'Without Unravel', value: data.withoutUnravel[measure] },
  ]
}

export const TOP_CLUSTER_COLUMNS: readonly DataColumn<TopCluster>[] = [
  {
    ...col.link<TopCluster>(
      'clusterId',
      'Cluster ID',
      (r) => `/clusters/${encodeURIComponent(r.clusterId)}/details/`,
    ),
    sticky: true,
  },
  col.text<TopCluster>('clusterName', 'Cluster name', 180),
  { key: 'withUnravel', title: 'Unravel', width: 100, value: (r) => (r.withUnravel ? 'Installed' : 'No') },
  col.usd<TopCluster>('cost', 'Cost'),
  col.usd<TopCluster>('saving', 'Saving'),
  {
    key: 'savingShare',
    title: 'Saving of cost',
    width: 120,
    align: 'right',
    value: (r) => savingShare(r.saving, r.cost),
    render: (r) => formatPercent(savingShare(r.saving, r.cost), 1),
  },
  col.count<TopCluster>('downsizingEvents', 'Down-sizing events', 140),
]
