import {
  APP_FIGURES,
  DROPPED_KINDS,
  formatCount,
  formatMegabytes,
  INEFFICIENT_EVENTS_HINT,
  visibleClusterKpis,
  type ClusterKpis,
  type JobBucket,
  type NodesResponse,
  type ResourceSeriesResponse,
} from '@costlens/shared'
import type { Maybe } from './api.ts'

/** One figure of the KPI row: its label, its value as shown, and an optional line under it. */
export interface Kpi {
  key: string
  label: string
  value: string
  hint?: string
}

const NO_VALUE = '--'

/** The value of a series at its latest point, or null when it has none. */
export function latestValue(
  series: readonly (readonly [number, ...(number | null)[]])[] | undefined,
): number | null {
  const last = series?.at(-1)
  return typeof last?.[1] === 'number' ? last[1] : null
}

const whole = formatCount

/** Capacity left at the latest point of an allocated answer (its `total` is the capacity, G28). */
export function available(answer: Maybe<ResourceSeriesResponse> | undefined): number | null {
  const total = latestValue(answer?.total)
  const allocated = latestValue(answer?.avg)
  return total === null || allocated === null ? null : Math.max(0, total - allocated)
}

/**
 * 02 §2 cluster KPIs that always show: nodes in service, and the vcores and memory not allocated,
 * each at the latest point of the range.
 */
export function resourceKpis(
  cpu: Maybe<ResourceSeriesResponse> | undefined,
  memory: Maybe<ResourceSeriesResponse> | undefined,
  nodes: Maybe<NodesResponse> | undefined,
): Kpi[] {
  const active = latestValue(nodes?.active)
  const vcores = available(cpu)
  const memoryMb = available(memory)
  const capacity = (total: number | null, format: (n: number) => string) =>
    total === null ? undefined : `of ${format(total)}`
  return [
    {
      key: 'nodes',
      label: 'Nodes',
      value: active === null ? NO_VALUE : whole(active),
      hint: nodes?.nodes === undefined ? undefined : `of ${whole(nodes.nodes)}`,
    },
    {
      key: 'vcores',
      label: 'Available vcores',
      value: vcores === null ? NO_VALUE : whole(vcores),
      hint: capacity(latestValue(cpu?.total), whole),
    },
    {
      key: 'memory',
      label: 'Available memory',
      value: memoryMb === null ? NO_VALUE : formatMegabytes(memoryMb),
      hint: capacity(latestValue(memory?.total), formatMegabytes),
    },
  ]
}

const countOf = (buckets: readonly JobBucket[] | undefined, key: string) =>
  buckets?.find((b) => b.key === key)?.count ?? 0
const sumOf = (buckets: readonly JobBucket[] | undefined) => (buckets ?? []).reduce((n, b) => n + b.count, 0)

export interface JobKpiSources {
  runningByStatus?: readonly JobBucket[]
  finishedByStatus?: readonly JobBucket[]
  runningByInefficiency?: readonly JobBucket[]
  finishedByInefficiency?: readonly JobBucket[]
  /** The auto-action violations of the window (one per alert). */
  violations?: readonly unknown[]
}

/**
 * The job KPI counts: running now, success, failed and killed in the range (B176 buckets), and the
 * inefficient events (type 2 or 6, B182) of the running and the finished jobs, and the auto-action
 * alerts (the policies' violations) of the window, which B185 shows only above 0.
 */
export function jobKpiCounts(sources: JobKpiSources): ClusterKpis {
  return {
    autoActionAlerts: sources.violations?.length ?? 0,
    running: countOf(sources.runningByStatus, 'running'),
    success: countOf(sources.finishedByStatus, 'success'),
    failed: countOf(sources.finishedByStatus, 'failed'),
    killed: countOf(sources.finishedByStatus, 'killed'),
    inefficient: sumOf(sources.runningByInefficiency) + sumOf(sources.finishedByInefficiency),
  }
}

/**
 * Each job KPI's label and what it counts (shared app-figures): running at the range's end (now,
 * for a preset), finished in range, and the inefficient events, which are events, not apps; the
 * inefficient apps of the range are the Inefficient list's.
 */
const JOB_KPI_TEXT: Readonly<Record<keyof ClusterKpis, { label: string; hint?: string }>> = {
  autoActionAlerts: { label: 'Auto-action alerts', hint: 'in range' },
  running: { label: APP_FIGURES.runningNow.label },
  success: { label: 'Success', hint: APP_FIGURES.finishedInRange.hint },
  failed: { label: 'Failed', hint: APP_FIGURES.finishedInRange.hint },
  killed: { label: 'Killed', hint: APP_FIGURES.finishedInRange.hint },
  inefficient: { label: 'Inefficient events', hint: INEFFICIENT_EVENTS_HINT },
}

/**
 * B185: the job KPIs that show, in the rule's order; `loaded` false shows '--' rather than a false 0.
 * `runningLabel` names the running figure for the range (shared runningLabel: "Running now").
 */
export function jobKpis(
  counts: ClusterKpis,
  loaded: boolean,
  runningLabel: string = APP_FIGURES.runningNow.label,
): Kpi[] {
  return visibleClusterKpis(counts).map((key) => ({
    key,
    label: key === 'running' ? runningLabel : JOB_KPI_TEXT[key].label,
    value: loaded ? whole(counts[key]) : NO_VALUE,
    hint: JOB_KPI_TEXT[key].hint,
  }))
}

/** A bucket's count and share, for the small tables beside the charts. */
export interface CountRow {
  key: string
  count: number
}

/** B176: buckets as table rows, retired kinds (pig, cascading) left out even if a backend sends them. */
export function countRows(buckets: readonly JobBucket[] | undefined): CountRow[] {
  return (buckets ?? [])
    .filter((b) => !DROPPED_KINDS.has(b.key.toLowerCase()))
    .map((b) => ({ key: b.key, count: b.count }))
}
