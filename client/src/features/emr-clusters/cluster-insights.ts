import { formatCount, formatDollars, formatPercent, type EmrInsights } from '@costlens/shared'
import type { DataColumn } from '../../components/table/table-types.ts'
import type { ChartPanelSpec } from '../../kit/chart-panel.tsx'
import { columns as col } from '../../kit/columns.tsx'
import { addressRange } from '../../kit/fields.ts'
import type { Kpi } from '../../kit/kpi-row.tsx'
import { defineListState } from '../../kit/list-state.ts'

/**
 * The EMR cluster insights page as configuration (R059): its range, KPIs, donuts and the top
 * clusters' columns, from one GET /api/v1/emr/insights answer.
 */
export type TopCluster = EmrInsights['topClusters'][number]

/**
 * The page's range, all of it in the address as the console writes one (`dateRangeLabel`, or
 * `start_date` and `end_date`): the last 30 days by default, from the cost picker's choices (7, 14,
 * 30, 90 days, a year). The top clusters are sorted and paged in the browser.
 */
export const insightsState = defineListState({
  range: addressRange({ preset: '30_d' }),
  fields: {},
  filters: {},
})

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

/** The with / without donuts: one of the clusters' count, one of their cost over their lives so far. */
export function installDonuts(data: EmrInsights | undefined, exportAllowed: boolean): ChartPanelSpec[] {
  const common = {
    kind: 'donut',
    exportAllowed,
    emptyText: 'No EMR cluster was alive in this range',
  } as const
  const slices = (measure: 'clusters' | 'cost') =>
    data
      ? [
          { name: 'With Unravel', value: data.withUnravel[measure] },
          { name: 'Without Unravel', value: data.withoutUnravel[measure] },
        ]
      : []
  return [
    {
      ...common,
      title: 'Clusters with and without Unravel',
      description: 'How many of the clusters alive in the range run with the product installed.',
      slices: slices('clusters'),
      valueFormat: formatCount,
    },
    {
      ...common,
      title: 'Cost with and without Unravel (USD)',
      description: 'The cost over their lives so far of the clusters with and without the product.',
      slices: slices('cost'),
      valueFormat: formatDollars,
    },
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
  col.yesNo<TopCluster>('withUnravel', 'Unravel', 'Installed'),
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
