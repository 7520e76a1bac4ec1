import {
  ALL_CLUSTERS,
  emrStateStyle,
  formatCount,
  formatDollars,
  formatPercent,
  type EmrChargebackResponse,
} from '@costlens/shared'
import type { DonutSlice } from '../../components/charts/donut-chart.tsx'
import type { DataColumn } from '../../components/table/table-types.ts'
import { columns as col, statusWords } from '../../kit/columns.tsx'
import type { Kpi } from '../../kit/kpi-row.tsx'

/**
 * The EMR chargeback flavour (02 §2 Chargeback "EMR flavour"), declared as configuration like the
 * usage flavours of chargeback-flavours.ts. Its rows are clusters with dollars rather than usage
 * sums, so it has its own row type: the call (E044 search/awscb), its one group-by, the KPIs, the
 * chart and the 11 columns in the spec's order.
 */
export type EmrChargebackRow = EmrChargebackResponse['cb'][number]
export type EmrChargebackTotals = EmrChargebackResponse['cbInfo']

/** B151, C22: EMR groups by the cluster only, so the call's one group key is fixed. */
export const EMR_GROUP_BY = { field: 'cluster', label: 'Cluster' } as const

/** The clusters the donut names one by one; the rest share one slice, so the legend stays readable. */
export const EMR_DONUT_CLUSTERS = 9

const marketWords = (r: EmrChargebackRow) => r.market_types.map(statusWords).join(', ')

/**
 * 02 §2: cluster_id, cluster_name, created, status_state, market_types, ec2, emr, ebs, total,
 * avg_total, total_perc. The 11 do not fit 1440 px: the id, name, total and share always show, the
 * split and status next, the creation time, market types and hourly average give way first (they
 * wait in the column chooser).
 */
export const EMR_CHARGEBACK_COLUMNS: readonly DataColumn<EmrChargebackRow>[] = [
  {
    ...col.link<EmrChargebackRow>(
      'cluster_id',
      'Cluster ID',
      (r) => `/clusters/${encodeURIComponent(r.cluster_id)}/details/`,
    ),
    sticky: true,
    priority: 1,
  },
  // Names run to 30 characters and more ('clickstream-sessionize-1124-1743'): wide enough to read them.
  { ...col.text<EmrChargebackRow>('cluster_name', 'Cluster name', 250), priority: 1 },
  { ...col.time<EmrChargebackRow>('created', 'Created'), priority: 3 },
  { ...col.status<EmrChargebackRow>('status_state', 'Status', emrStateStyle, 190), priority: 2 },
  {
    key: 'market_types',
    title: 'Market types',
    width: 150,
    priority: 3,
    value: marketWords,
    render: marketWords,
  },
  { ...col.usd<EmrChargebackRow>('ec2', 'EC2', 110), priority: 2 },
  { ...col.usd<EmrChargebackRow>('emr', 'EMR', 110), priority: 2 },
  { ...col.usd<EmrChargebackRow>('ebs', 'EBS', 110), priority: 2 },
  { ...col.usd<EmrChargebackRow>('total', 'Total', 120), priority: 1 },
  // The average is over each hour of the cluster's life (E044), so its heading says per hour.
  {
    ...col.usd<EmrChargebackRow>('avg_total', 'Avg per hour', 140),
    priority: 3,
    render: (r) => `${formatDollars(r.avg_total)} / h`,
  },
  {
    key: 'total_perc',
    title: 'Share of total',
    // The heading and its sort arrow.
    width: 135,
    align: 'right',
    priority: 1,
    render: (r) => formatPercent(r.total_perc),
  },
]

/** 02 §2: the clusters count, then the EC2, EMR and EBS costs and their total, '--' until the answer comes. */
export function emrChargebackKpis(totals: EmrChargebackTotals | undefined): Kpi[] {
  const dollars = (value: number | undefined) => (value === undefined ? '--' : formatDollars(value))
  return [
    { label: 'Clusters', value: totals ? formatCount(totals.clusters) : '--' },
    { label: 'EC2 cost (USD)', value: dollars(totals?.ec2) },
    { label: 'EMR cost (USD)', value: dollars(totals?.emr) },
    { label: 'EBS cost (USD)', value: dollars(totals?.ebs) },
    { label: 'Total cost (USD)', value: dollars(totals?.total) },
  ]
}

/**
 * The cost by cluster donut: the most costly clusters by name, the others as one slice. The rows
 * come most cost first (E044); they are sorted again so a stubbed or reordered answer reads the same.
 */
export function emrCostSlices(rows: readonly EmrChargebackRow[]): DonutSlice[] {
  const sorted = [...rows].sort((a, b) => b.total - a.total)
  const named = sorted.slice(0, EMR_DONUT_CLUSTERS).map((r) => ({
    name: r.cluster_name || r.cluster_id,
    value: r.total,
  }))
  const rest = sorted.slice(EMR_DONUT_CLUSTERS)
  if (rest.length === 0) return named
  const other = rest.reduce((sum, r) => sum + r.total, 0)
  return [...named, { name: `${formatCount(rest.length)} other clusters`, value: other }]
}

/** One choice of the cluster filter: the id sent as clusterUid, and what the list shows. */
export interface EmrClusterOption {
  value: string
  label: string
}

/**
 * B152, C22: the cluster filter's choices, all clusters ('*') or one: the clusters with a
 * chargeback in the range (the rows of the unfiltered answer, most cost first), named and
 * identified so either can be typed. A chosen cluster the range does not hold (a link from another
 * window) stays listed by its id, so the filter still says what is shown.
 */
export function emrClusterOptions(
  rows: readonly EmrChargebackRow[],
  chosen: string,
  allLabel: string,
): EmrClusterOption[] {
  const options = rows.map((r) => ({
    value: r.cluster_id,
    label: r.cluster_name ? `${r.cluster_name} (${r.cluster_id})` : r.cluster_id,
  }))
  const missing = chosen !== ALL_CLUSTERS && !options.some((o) => o.value === chosen)
  return [
    { value: ALL_CLUSTERS, label: allLabel },
    ...(missing ? [{ value: chosen, label: chosen }] : []),
    ...options,
  ]
}
