import {
  formatBytes,
  formatDurationMs,
  formatNumber,
  type AppAnalysis,
  type SparkStage,
  type SparkTask,
} from '@costlens/shared'

/**
 * The figures of a stage's detail (02 §2 'stages with task-time distribution'): the distribution of
 * its tasks' duration, GC time, input and shuffle bytes at min / p25 / median / p75 / max, and
 * whether the insights name it as skewed. Pure: tested without drawing.
 */

export const QUANTILE_TITLES = ['Min', '25th percentile', 'Median', '75th percentile', 'Max'] as const

/** A task time: ms under a second, seconds to a tenth under a minute (B138's '<1s' would hide most tasks), else h m s. */
export function formatTaskMs(ms: number): string {
  if (ms < 1_000) return `${formatNumber(ms, 0)} ms`
  return ms < 60_000 ? `${formatNumber(ms / 1_000, 1)} s` : formatDurationMs(ms)
}

/** The unit a chart of task times reads best in: ms for short tasks, seconds, or minutes for long ones. */
export function timeUnit(maxMs: number): { label: string; ms: number } {
  if (maxMs < 10_000) return { label: 'ms', ms: 1 }
  if (maxMs < 600_000) return { label: 's', ms: 1_000 }
  return { label: 'min', ms: 60_000 }
}

export interface DistributionRow {
  metric: string
  /** min, p25, median, p75, max. */
  values: number[]
  format: (value: number) => string
  /** Where the figures come from: every finished task, or the finished tasks of the page read. */
  over: string
}

/** The value at quantile q of sorted numbers, interpolated between ranks (the simulator's rule). */
export function quantileOf(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return 0
  const pos = q * (sorted.length - 1)
  const lo = Math.floor(pos)
  const hi = Math.min(sorted.length - 1, lo + 1)
  return Math.round(sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (pos - lo))
}

const QUANTILES = [0, 0.25, 0.5, 0.75, 1] as const

function quantilesOf(values: readonly number[]): number[] {
  const sorted = [...values].sort((a, b) => a - b)
  return QUANTILES.map((q) => quantileOf(sorted, q))
}

/**
 * The rows of the distribution table. Duration and GC time are the stage's own taskSummary, over
 * all its finished tasks; the byte figures are read off the finished tasks of the page fetched (the
 * whole stage when it has no more tasks than a page holds, which `over` says otherwise).
 */
export function distributionRows(
  stage: SparkStage,
  tasks: readonly SparkTask[],
  total: number,
): DistributionRow[] {
  const rows: DistributionRow[] = []
  const summary = stage.taskSummary
  const all = `all ${formatNumber(stage.numCompleteTasks)} finished tasks`
  if (summary) {
    rows.push({ metric: 'Duration', values: summary.executorRunTime, format: formatTaskMs, over: all })
    rows.push({ metric: 'GC time', values: summary.jvmGcTime, format: formatTaskMs, over: all })
  }
  const finished = tasks.filter((t) => t.status === 'SUCCESS')
  if (finished.length === 0) return rows
  const over =
    tasks.length >= total
      ? all
      : `the ${formatNumber(finished.length)} finished tasks of the ${formatNumber(tasks.length)} read`
  const bytes = (metric: string, read: (t: SparkTask) => number) => ({
    metric,
    values: quantilesOf(finished.map(read)),
    format: formatBytes,
    over,
  })
  rows.push(
    bytes('Input', (t) => t.inputBytes),
    bytes('Shuffle read', (t) => t.shuffleReadBytes),
    bytes('Shuffle write', (t) => t.shuffleWriteBytes),
  )
  return rows
}

/** The insight that names a stage as skewed (a Data Skew instance with its stage id), if any. */
export function skewInsight(analysis: AppAnalysis | undefined, stageId: number): { title: string } | null {
  for (const attempt of analysis?.insightsV2 ?? []) {
    for (const category of Object.values(attempt.categories)) {
      const hit = category.instances.find((i) => i.stageId === stageId && /skew/i.test(i.type))
      if (hit) return { title: hit.title }
    }
  }
  return null
}
