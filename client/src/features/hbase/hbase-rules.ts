import {
  HBASE_INTERVALS,
  HBASE_MAX_WINDOW_DAYS,
  formatCount,
  formatDurationMs,
  formatMegabytes,
  formatNumber,
  hbaseAlertStatus,
  hbaseCell,
  type HbaseClusterMetrics,
  type HbaseInterval,
  type HbaseSeriesResponse,
} from '@costlens/shared'
import type { ChartPanelSpec } from '../../kit/chart-panel.tsx'
import type { Kpi } from '../../kit/kpi-row.tsx'
import {
  cappedWindow,
  chartsByUnit,
  fittingInterval as fitting,
  stepFits,
  unitFormat,
} from '../../kit/unit-series.ts'

/*
 * The HBase screen's display rules (02 §2 HBase; B207-B210), pure so each is tested as a table:
 * every measure with its unit, '--' for a missing one, the alert as a status.
 */

type Format = (value: number) => string

export { unitFormat }

/** B207: a missing (null, absent, not finite) value shows '--' (M104); any other in its format. */
export function orMissing(value: number | null | undefined, format: Format): string {
  return value === null || value === undefined || !Number.isFinite(value) ? hbaseCell(null) : format(value)
}

/** B208: a row's status and alert column from its alert ('Killed' + the text, or 'Success' + 'Good'). */
export const rowAlert = (alert: string | null | undefined) => hbaseAlertStatus(alert)

/** The slow operations of a region server in the window, all kinds together; null when none is known (a dead server). */
export function slowOps(row: {
  slowGetCount: number | null
  slowPutCount: number | null
  slowDeleteCount: number | null
  slowIncrementCount: number | null
  slowAppendCount: number | null
}): number | null {
  const counts = [
    row.slowGetCount,
    row.slowPutCount,
    row.slowDeleteCount,
    row.slowIncrementCount,
    row.slowAppendCount,
  ].filter((n): n is number => n !== null)
  return counts.length ? counts.reduce((a, b) => a + b, 0) : null
}

/** What a unit's chart is called: the unit's measure, then the unit. */
const UNIT_TITLES: Readonly<Record<string, string>> = {
  '%': 'Utilisation (%)',
  ms: 'Times (ms)',
  bytes: 'Sizes (bytes)',
  'bytes/s': 'Throughput (bytes/s)',
  'req/s': 'Requests (req/s)',
  'ops/s': 'Operations (ops/s)',
  'ops/5m': 'Operations (per 5 min)',
  'ms/s': 'Time spent (ms/s)',
  '/s': 'Rates (/s)',
  count: 'Counts',
}

/** A series answer as line charts, one per unit (the kit's chartsByUnit). */
export function seriesCharts(
  response: HbaseSeriesResponse | undefined,
  what: string,
  range?: { from: number; to: number },
): ChartPanelSpec[] {
  return chartsByUnit(response?.series, what, UNIT_TITLES, range).map((chart) => ({
    kind: 'line' as const,
    ...chart,
  }))
}

const INTERVAL_MS: Readonly<Record<HbaseInterval, number>> = {
  '5m': 5 * 60_000,
  '15m': 15 * 60_000,
  '30m': 30 * 60_000,
  '1h': 3_600_000,
  '1d': 86_400_000,
}

/** Whether a series at `interval` over the window stays within the API's 2,000 points (G81). */
export function intervalFits(interval: HbaseInterval, start: number, end: number): boolean {
  return stepFits(INTERVAL_MS[interval], start, end)
}

/** The interval the charts ask for: the chosen one when it fits the window, else the finest that does. */
export function fittingInterval(chosen: HbaseInterval, start: number, end: number): HbaseInterval {
  return fitting(chosen, HBASE_INTERVALS, (i) => INTERVAL_MS[i], start, end)
}

/** The window asked for: the range, its start moved up to 31 days before its end (G81's longest). */
export function hbaseWindow(start: number, end: number): { start: number; end: number; cut: boolean } {
  return cappedWindow(start, end, HBASE_MAX_WINDOW_DAYS)
}

const kpi = (label: string, value: string, alert: string | null | undefined): Kpi =>
  alert ? { label, value, note: alert, noteTone: 'worse' } : { label, value }

/** The cluster's KPI row (02 §2 HBase cluster metrics): each figure in its unit, its alert (if any) under it. */
export function clusterKpis(c: HbaseClusterMetrics): Kpi[] {
  const heapUsed = orMissing(c.memHeapUsedM, formatMegabytes)
  const heapMax = orMissing(c.memHeapMaxM, formatMegabytes)
  return [
    kpi('Region servers', formatCount(c.numRegionServers), c.numRegionServers_alert),
    kpi('Dead region servers', formatCount(c.numDeadRegionServers), c.numDeadRegionServers_alert),
    kpi('Requests', orMissing(c.clusterRequests, unitFormat('req/s')), c.clusterRequests_alert),
    kpi(
      'Average load',
      orMissing(c.averageLoad, (v) => `${formatNumber(v)} regions/server`),
      c.averageLoad_alert,
    ),
    kpi(
      'RPC queue time',
      orMissing(c.RpcQueueTime_avg_time, unitFormat('ms')),
      c.RpcQueueTime_avg_time_alert,
    ),
    kpi('Heap used', `${heapUsed} of ${heapMax}`, c.memHeapUsedM_alert ?? c.memHeapMaxM_alert),
    kpi('Regions in transition', formatCount(c.ritCount), c.ritCount_alert),
    kpi(
      'Oldest in transition',
      c.ritOldestAge > 0 ? formatDurationMs(c.ritOldestAge) : 'none',
      c.ritOldestAge_alert,
    ),
    kpi('In transition over threshold', formatCount(c.ritCountOverThreshold), c.ritCountOverThreshold_alert),
  ]
}
