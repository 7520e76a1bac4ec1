import type { SparkJob, SparkStage } from '@costlens/shared'

/**
 * The rows and bars of a Spark app's Timeline (02 §2 'Gantt of jobs/stages'): a row per job, and
 * under a job that is expanded a row per stage attempt it ran. Pure, so the rules are tested
 * without drawing: which stages are drawn, where a running bar ends, which status a bar shows.
 */

/** The statuses a bar shows, with the colour and legend word of each (never colour alone: the tooltip says it). */
export const GANTT_STATUSES = {
  succeeded: { label: 'Succeeded', color: '#2f9e44' },
  running: { label: 'Running', color: '#1c7ed6' },
  failed: { label: 'Failed', color: '#e03131' },
  other: { label: 'Unknown', color: '#868e96' },
} as const
export type GanttStatus = keyof typeof GANTT_STATUSES

const STATUS_OF: Readonly<Record<string, GanttStatus>> = {
  SUCCEEDED: 'succeeded',
  COMPLETE: 'succeeded',
  RUNNING: 'running',
  ACTIVE: 'running',
  FAILED: 'failed',
}
export const ganttStatus = (status: string): GanttStatus => STATUS_OF[status] ?? 'other'

/** Above this many stages the Timeline opens with jobs only: 2,000 bars at once say nothing. */
export const EXPAND_ALL_UP_TO = 100

export interface GanttRow {
  key: string
  label: string
  kind: 'job' | 'stage'
  jobId: number
}

export interface GanttBar {
  x: number
  x2: number
  /** The row's index. */
  y: number
  status: GanttStatus
  name: string
  /** The job a bar belongs to: clicking a job's bar expands or collapses it. */
  jobId: number
  kind: 'job' | 'stage'
  /** A stage bar's stage attempt (its detail opens on a click); null on a job's bar. */
  stage: { stageId: number; attemptId: number } | null
  running: boolean
  tasks: number
}

export interface GanttLayout {
  rows: GanttRow[]
  bars: GanttBar[]
}

/** The jobs expanded when the Timeline opens: all of them for a small app, none for a large one. */
export function defaultExpanded(jobs: readonly SparkJob[], stages: readonly SparkStage[]): number[] {
  return stages.length <= EXPAND_ALL_UP_TO ? jobs.map((j) => j.jobId) : []
}

/**
 * The rows and bars for the jobs, with the stages of the expanded jobs under their job. A stage is
 * drawn under the first job that lists it (a stage reused by a later job is skipped there, and
 * skipped or pending stages have no times: no bar, but their row stays so the count reads right).
 * A bar still running ends at `now`.
 */
export function ganttLayout(
  jobs: readonly SparkJob[],
  stages: readonly SparkStage[],
  expanded: readonly number[],
  now: number,
): GanttLayout {
  const open = new Set(expanded)
  const byJob = new Map<number, SparkStage[]>()
  for (const stage of stages) {
    const owner = stage.jobIds.length ? Math.min(...stage.jobIds) : -1
    if (!open.has(owner)) continue
    const list = byJob.get(owner) ?? []
    list.push(stage)
    byJob.set(owner, list)
  }
  const rows: GanttRow[] = []
  const bars: GanttBar[] = []
  for (const job of [...jobs].sort((a, b) => a.jobId - b.jobId)) {
    const y = rows.length
    rows.push({ key: `job-${job.jobId}`, label: `Job ${job.jobId}`, kind: 'job', jobId: job.jobId })
    bars.push({
      x: job.submissionTime,
      x2: Math.max(job.submissionTime, job.completionTime ?? now),
      y,
      status: ganttStatus(job.status),
      name: job.name,
      jobId: job.jobId,
      kind: 'job',
      stage: null,
      running: job.completionTime === null,
      tasks: job.numTasks,
    })
    const own = (byJob.get(job.jobId) ?? []).sort(
      (a, b) => a.stageId - b.stageId || a.attemptId - b.attemptId,
    )
    for (const stage of own) {
      const row = rows.length
      const attempt = stage.attemptId ? ` (attempt ${stage.attemptId})` : ''
      // A stage with no times (skipped, pending) has a row but no bar: its row says why.
      const why = stage.submissionTime === null ? ` (${stage.status.toLowerCase()})` : ''
      rows.push({
        key: `stage-${stage.stageId}-${stage.attemptId}`,
        label: `Stage ${stage.stageId}${attempt}${why}`,
        kind: 'stage',
        jobId: job.jobId,
      })
      if (stage.submissionTime === null) continue
      bars.push({
        x: stage.submissionTime,
        x2: Math.max(stage.submissionTime, stage.completionTime ?? now),
        y: row,
        status: ganttStatus(stage.status),
        name: stage.name,
        jobId: job.jobId,
        kind: 'stage',
        stage: { stageId: stage.stageId, attemptId: stage.attemptId },
        running: stage.completionTime === null,
        tasks: stage.numTasks,
      })
    }
  }
  return { rows, bars }
}
