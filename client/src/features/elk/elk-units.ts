import {
  formatBytes,
  formatCount,
  formatDurationMs,
  formatNumber,
  formatPercent,
  type ElkSeries,
} from '@costlens/shared'
import type { PlotChartSpec } from '../../kit/plot-chart.tsx'
import { chartsByUnit, unitFormat, type Format } from '../../kit/unit-series.ts'

/*
 * How the Elastic pages write each measure: every figure with its unit, '--' where there is none.
 * The series calls tag each series with its unit (queries/s, docs/s, events/s, fetches/s,
 * flushes/s, ms, bytes, %, count, docs, load, requests, events, collections, ms per interval); rows
 * name theirs (PerSec, Ms, Bytes, Percent).
 */

/** A value that is not a finite number (absent, null, NaN) reads '--', never '0' or 'NaN'. */
export const MISSING = '--'

/** A format that writes '--' for what is not a number. */
export const orMissing =
  (format: Format) =>
  (value: number | null | undefined): string =>
    typeof value === 'number' && Number.isFinite(value) ? format(value) : MISSING

/** A value of a series unit: the kit's, plus the units only the Elastic calls use. */
export function elkFormat(unit: string): Format {
  switch (unit) {
    case 'load':
      // A load average has no unit of its own: '1.25'.
      return (v) => formatNumber(v, 2)
    case 'docs':
      return (v) => `${formatCount(Math.round(v))} docs`
    case 'requests':
      return (v) => `${formatNumber(v, 1)} requests`
    case 'events':
      return (v) => `${formatCount(Math.round(v))} events`
    case 'collections':
      return (v) => `${formatCount(Math.round(v))} collections`
    case 'ms per interval':
      // Time spent collecting in each point, not a latency: '1,250 ms'.
      return (v) => `${formatCount(Math.round(v))} ms`
    default:
      return unitFormat(unit)
  }
}

/** The figures of the rows, each in its unit and '--' when absent. */
export const fmt = {
  perSec: (what: string) => orMissing((v) => `${formatNumber(v, 1)} ${what}/s`),
  ms: orMissing((v) => `${formatNumber(v, 2)} ms`),
  bytes: orMissing(formatBytes),
  percent: orMissing((v) => formatPercent(v, 1)),
  count: orMissing(formatCount),
  load: orMissing((v) => formatNumber(v, 2)),
  duration: orMissing(formatDurationMs),
}

/** Part of a whole as '12.3 GB of 16.0 GB'; '--' without a whole. */
export const usedOf = (used: number, total: number) =>
  total > 0 ? `${fmt.bytes(used)} of ${fmt.bytes(total)}` : MISSING

/** What a unit's chart is called after its subject: the measure, then the unit. */
const UNIT_TITLES: Readonly<Record<string, string>> = {
  'queries/s': 'Search rate (queries/s)',
  'docs/s': 'Indexing rate (docs/s)',
  'events/s': 'Events (events/s)',
  'fetches/s': 'Fetch rate (fetches/s)',
  'flushes/s': 'Flush rate (flushes/s)',
  'requests/s': 'Requests (requests/s)',
  ms: 'Latency (ms)',
  bytes: 'Memory (bytes)',
  '%': 'Utilisation (%)',
  count: 'Counts',
  docs: 'Documents',
  load: 'Load average',
  requests: 'Requests (per interval)',
  events: 'Persisted queue (events)',
  collections: 'GC collections (per interval)',
  'ms per interval': 'GC time (ms per interval)',
}

/**
 * A series answer as charts, one per unit (the kit's chartsByUnit), exported unless the plan
 * forbids. A series of one node, index, pipeline or instance among several is named after it
 * (`byMember`), as the per-node heap chart's are.
 */
export function elkCharts(
  series: readonly ElkSeries[] | undefined,
  subject: string,
  view: { range: { from: number; to: number }; exportAllowed: boolean },
  byMember = false,
): PlotChartSpec[] {
  const named = (series ?? []).map((s) => ({
    name: byMember ? (s.node ?? s.index ?? s.pipeline ?? s.instance ?? s.name) : s.name,
    unit: s.unit,
    metric: s.metric,
    data: s.data as [number, number][],
  }))
  const grouped = named.map((s) => ({ ...s, unit: apart(named, s) ? `${s.unit}|${s.metric}` : s.unit }))
  // chartsByUnit makes one chart per group in the order the groups first come: the same order here.
  const units = [...new Set(grouped.map((s) => s.unit))]
  return chartsByUnit(grouped, subject, UNIT_TITLES, view.range).map((chart, i) => ({
    ...chart,
    // A chart of one series is titled by it ('Segments (count)'), more precise than the unit's measure.
    ...(chart.series.length === 1 && !byMember && { title: `${subject}: ${chart.series[0]!.name}` }),
    valueFormat: elkFormat(units[i]!.split('|')[0]!),
    ...(units[i]!.startsWith('bytes') && { binaryUnit: 1 as const }),
    range: view.range,
    exportAllowed: view.exportAllowed,
  }))
}

const peak = (data: readonly [number, number][]) => data.reduce((m, [, v]) => Math.max(m, Math.abs(v)), 0)

/**
 * Whether a series gets a chart of its own although others share its unit: when the peaks of its
 * unit's series differ more than 20-fold (a search takes milliseconds, indexing a document a tenth
 * of one; disconnects beside requests), one axis would flatten the smaller to a line at zero.
 * Members of one metric (a node each) always share their chart.
 */
function apart(
  all: readonly { unit: string; metric: string; data: [number, number][] }[],
  s: { unit: string; metric: string },
) {
  const peers = all.filter((o) => o.unit === s.unit)
  if (new Set(peers.map((o) => o.metric)).size < 2) return false
  const peaks = peers.map((o) => peak(o.data))
  return Math.max(...peaks) > 20 * Math.min(...peaks)
}
