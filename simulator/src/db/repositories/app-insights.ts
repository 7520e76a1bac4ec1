import {
  defaultInsightCategory,
  formatDurationMs,
  INSIGHT_CATEGORIES,
  insightCategoryOf,
  type AppAnalysis,
  type AppInsightEvent,
  type InsightCategory,
  type SparkDetails,
  type SparkStage,
} from '@costlens/shared'
import { deriveFailure, deriveMr, skewedStages, type DetailsRecord } from '../../details/index.ts'
import { appPrng } from '../../details/record.ts'
import { cachedSparkDerivation } from './spark-details.ts'
import type { AppRow } from '../seed/applications.ts'

/**
 * The insights of one application (02 §3 Insight event, §4 insight categories; 03 §2 Insights),
 * each explained from the app's own figures: the events seeded for it (app_events, whose names are
 * the bits of its event_mask) read against its record and its derived details. A Data Skew event
 * names the stage skewedStages finds; a memory recommendation names the current and recommended
 * setting and a saving that never exceeds the app's cost.
 */

/** OpenCost default rate of a GB-hour, in cents (DOMAIN.md K2; the seed prices memory with it). */
const CENTS_PER_GB_HOUR = 0.4237
const MB = 1024 * 1024

export interface StoredEvent {
  event_type: number
  event_name: string
  vt: string
}

type App = AppRow & DetailsRecord

const TITLES: Record<string, string> = {
  'Contended Driver': 'The driver held the application up',
  'Data Skew': 'Data skew: a few tasks did most of the work',
  'Too Many Partitions': 'Too many partitions for the work',
  'Memory Over-allocation': 'Containers were given far more memory than they used',
  'Small Files': 'Many small files read',
  'Executor GC Overhead': 'Executors spent much of their time in garbage collection',
  'SLA Missed': 'The run missed its SLA',
  'Application Failure': 'The application failed',
}

const pct = (part: number, whole: number) =>
  whole > 0 ? Math.max(0, Math.min(100, Math.round((100 * part) / whole))) : 0
const cents2 = (value: number) => Math.max(0, Math.floor(value * 100) / 100)
/** A duration for a sentence: ms below a second (a task's p75 is often a few hundred ms). */
const duration = (ms: number) => (ms < 1000 ? `${Math.round(ms)} ms` : formatDurationMs(ms))
const gbText = (mb: number) => `${(mb / 1024).toFixed(1)} GB`
const roundUp512 = (mb: number) => Math.ceil(mb / 512) * 512
const memSetting = (mb: number) => (mb % 1024 === 0 ? `${mb / 1024}g` : `${mb}m`)

/** What the app's memory cost, in cents: its MB·s at the GB-hour rate, never above its whole cost. */
function memoryCents(app: App): number {
  return Math.min(app.cents, (app.memory_seconds / 1024 / 3600) * CENTS_PER_GB_HOUR)
}

/** The app's wall time so far (a running app's up to now). */
function wallTime(app: App, now: number): number {
  return app.status === 'R' ? Math.max(0, now - app.start_time) : Math.max(0, app.duration)
}

/** The memory a container of the app is given, MB: Spark's executors', else MB per vcore of the record. */
function containerMB(app: App, spark: () => SparkDetails | null): number {
  const executor = spark()?.executors.find((e) => e.id !== 'driver')
  if (executor) return executor.memoryMB
  const perVcore = app.vcore_seconds > 0 ? app.memory_seconds / app.vcore_seconds : 4096
  return Math.max(1024, roundUp512(perVcore))
}

const MEMORY_PARAM: Record<string, string> = {
  spark: 'spark.executor.memory',
  mr: 'mapreduce.map.memory.mb',
  hive: 'hive.tez.container.size',
  tez: 'tez.task.resource.memory.mb',
}

/** Derives the explained insight events of an app from its stored events (and its failure, if any). */
export function appInsightEvents(app: App, stored: readonly StoredEvent[], now: number): AppInsightEvent[] {
  let sparkDetails: SparkDetails | null | undefined
  const spark = () => (sparkDetails ??= app.kind === 'spark' ? cachedSparkDerivation(app, now).details : null)
  const wall = wallTime(app, now)
  const failure = app.status === 'F' || app.status === 'K' ? deriveFailure(app, now) : null

  const base = (event: StoredEvent, n: number) => ({
    key: `${app.id}:${n}:${event.event_name.replace(/\s+/g, '-').toLowerCase()}`,
    eventType: event.event_type,
    eventName: event.event_name,
    vt: event.vt,
    category: insightCategoryOf(event.vt, app.status),
    title: TITLES[event.event_name] ?? event.event_name,
    cf: [] as AppInsightEvent['cf'],
    savingCents: 0,
    stageId: null as number | null,
  })

  const explain = (event: StoredEvent, n: number): AppInsightEvent => {
    const out = base(event, n)
    // One generator per event, so the figures of one insight never shift with the others.
    const prng = appPrng(app, `insight:${event.event_name}`)
    switch (event.event_name) {
      case 'Data Skew': {
        // The stage skewedStages finds; when the failure cut the skewed stage short (a failed app's
        // only stage), the most uneven stage, so the event still names where the skew was.
        const stages = spark()?.stages ?? []
        const stage = skewedStages(stages)[0] ?? mostUneven(stages)
        if (stage?.taskSummary) {
          const [, , , p75 = 0, max = 0] = stage.taskSummary.executorRunTime
          return {
            ...out,
            stageId: stage.stageId,
            detail:
              `Stage ${stage.stageId} (${stage.name}): its longest task ran ${duration(max)}, ` +
              `${(max / Math.max(1, p75)).toFixed(1)}× the stage's p75 of ${duration(p75)}.`,
            actions: [
              `Repartition the input of stage ${stage.stageId} on a key with more distinct values, or salt the hot key.`,
              'Set spark.sql.adaptive.enabled=true and spark.sql.adaptive.skewJoin.enabled=true.',
            ],
            impact: pct(max - p75, wall),
          }
        }
        if (app.kind === 'mr') {
          const summaries = deriveMr(app, now).summaries
          const worst = summaries
            .map((s) => ({ s, p75: s.elapsedTime[3] ?? 0, max: s.elapsedTime[4] ?? 0 }))
            .sort((a, b) => b.max / Math.max(1, b.p75) - a.max / Math.max(1, a.p75))[0]
          if (worst) {
            const type = worst.s.type === 'MAP' ? 'map' : 'reduce'
            return {
              ...out,
              detail:
                `The slowest ${type} task ran ${duration(worst.max)}, ` +
                `${(worst.max / Math.max(1, worst.p75)).toFixed(1)}× the p75 of ${duration(worst.p75)}.`,
              actions: [
                `Spread the ${type} input more evenly: partition on a key with more distinct values.`,
              ],
              impact: pct(worst.max - worst.p75, wall),
            }
          }
        }
        return {
          ...out,
          detail: `A few of its ${app.reduce_tasks.split('/')[0]} reduce tasks read most of the shuffle data.`,
          actions: ['Partition on a key with more distinct values, or salt the hot key.'],
          impact: 10 + prng.int(0, 30),
        }
      }
      case 'Contended Driver': {
        const alone = app.setup_duration + app.cleanup_duration
        return {
          ...out,
          detail:
            `The driver worked alone for ${duration(alone)} of ${duration(wall)} ` +
            `(${pct(alone, wall)}%) while the executors waited.`,
          actions: ['Move driver-side work (collect, listing files, planning) onto the executors.'],
          impact: pct(alone, wall),
        }
      }
      case 'Too Many Partitions': {
        const widest = spark()?.stages.reduce((a, b) => (b.numTasks > a.numTasks ? b : a))
        const median = widest?.taskSummary?.executorRunTime[2] ?? 0
        return {
          ...out,
          stageId: widest?.stageId ?? null,
          detail: widest
            ? `Stage ${widest.stageId} ran ${widest.numTasks} tasks with a median task time of ` +
              `${duration(median)}: scheduling costs more than the work.`
            : `${app.task_count} tasks for ${app.num_stages} stages.`,
          actions: ['Lower spark.sql.shuffle.partitions, or coalesce before wide stages.'],
          impact: 5 + prng.int(0, 20),
        }
      }
      case 'Memory Over-allocation': {
        const current = containerMB(app, spark)
        const peakShare = 0.3 + 0.25 * prng.next()
        const peak = Math.round(current * peakShare)
        const recommended = Math.max(1024, roundUp512(peak * 1.3))
        const param = MEMORY_PARAM[app.kind] ?? 'container memory'
        const cf =
          recommended < current ? [{ param, cset: memSetting(current), nset: memSetting(recommended) }] : []
        const savingCents = cf.length ? cents2(memoryCents(app) * (1 - recommended / current)) : 0
        return {
          ...out,
          detail:
            `Its containers of ${gbText(current)} peaked at ${gbText(peak)} ` +
            `(${Math.round(peakShare * 100)}%).`,
          actions: cf.length
            ? [`Set ${param} to ${memSetting(recommended)} (from ${memSetting(current)}).`]
            : ['Its containers are already at the smallest size.'],
          impact: pct(savingCents, app.cents),
          cf,
          savingCents,
        }
      }
      case 'Small Files': {
        const files = Math.max(2, Math.round(app.dfs_read / ((8 + prng.int(0, 24)) * MB)))
        return {
          ...out,
          detail:
            `Read ${files.toLocaleString('en-US')} files averaging ` +
            `${(app.dfs_read / files / MB).toFixed(1)} MB, well under the 128 MB block size.`,
          actions: ['Compact the input tables into files of about the block size.'],
          impact: 5 + prng.int(0, 25),
        }
      }
      case 'Executor GC Overhead': {
        const stages = spark()?.stages ?? []
        const run = stages.reduce((n, s) => n + s.executorRunTime, 0)
        const gc = stages.reduce((n, s) => n + s.jvmGcTime, 0)
        const gcShare = run > 0 ? gc / run : 0
        // A collector change, not more memory (which would contradict a memory over-allocation of the
        // same app): G1 gets about half the GC time back, so half its share of the cost.
        const savingCents = cents2(Math.min(app.cents, (app.cents * gcShare) / 2))
        return {
          ...out,
          detail: `Executors spent ${pct(gc, run)}% of their task time in garbage collection.`,
          actions: ['Run the executors on the G1 collector (spark.executor.extraJavaOptions=-XX:+UseG1GC).'],
          impact: pct(gc, run),
          cf: [
            { param: 'spark.executor.extraJavaOptions', cset: '-XX:+UseParallelGC', nset: '-XX:+UseG1GC' },
          ],
          savingCents,
        }
      }
      case 'SLA Missed': {
        const sla = Math.max(60_000, Math.round(wall / (1.25 + 0.75 * prng.next()) / 60_000) * 60_000)
        return {
          ...out,
          detail: `Ran ${duration(wall)}, ${pct(wall - sla, sla)}% past its SLA of ${duration(sla)}.`,
          actions: ['Start it earlier, or give its queue more capacity at that hour.'],
          impact: pct(wall - sla, wall),
        }
      }
      case 'Application Failure':
        return { ...out, ...failureText(app, failure) }
      default:
        return { ...out, detail: event.event_name, actions: [], impact: 0 }
    }
  }

  const events = stored.map(explain)
  if (failure && !events.some((e) => e.vt === 'AF')) {
    const derived: StoredEvent = { event_type: 5, event_name: 'Application Failure', vt: 'AF' }
    events.push({ ...base(derived, events.length), ...failureText(app, failure) })
  }
  return events
}

/** The stage whose longest task is furthest above its p75, if any stage ran tasks. */
function mostUneven(stages: readonly SparkStage[]): SparkStage | undefined {
  const ratio = (s: SparkStage) => {
    const [, , , p75 = 0, max = 0] = s.taskSummary?.executorRunTime ?? []
    return p75 > 0 ? max / p75 : 0
  }
  return stages.filter((s) => ratio(s) > 0).sort((a, b) => ratio(b) - ratio(a))[0]
}

function failureText(app: App, failure: ReturnType<typeof deriveFailure>) {
  const root = failure?.errors[0]
  return {
    title: failure
      ? `${app.status === 'K' ? 'Killed' : 'Failed'}: ${failure.category} (${failure.kind})`
      : 'The application failed',
    detail: root?.message ?? failure?.diagnostics ?? app.diagnostics ?? 'The application failed.',
    actions: failure ? (FAILURE_ACTIONS[failure.category] ?? []) : [],
    impact: 100,
  }
}

const FAILURE_ACTIONS: Record<string, string[]> = {
  memory: ['Give the failing containers more memory, or split the work into smaller partitions.'],
  shuffle: ['Check the lost executor’s node; raise spark.shuffle.io.maxRetries if nodes come and go.'],
  'user-code': ['Fix the exception in the application code (see the errors tab).'],
  killed: ['Killed by a user or a policy: see the comments and the AutoAction violations.'],
}

/**
 * REAL-API-NOTES §4 analysis: the insights by category (only non-empty ones; dropped events left
 * out), the category the tab opens on (02 §4) and the recommendation shown: the last one with config
 * changes.
 */
export function appAnalysis(app: App, events: readonly AppInsightEvent[], attempt: number): AppAnalysis {
  const categories: AppAnalysis['insightsV2'][number]['categories'] = {}
  for (const e of events) {
    if (!e.category) continue
    const group = (categories[e.category] ??= {
      label: INSIGHT_CATEGORIES[e.category as InsightCategory],
      impact: 0,
      instances: [],
    })
    group.impact = Math.max(group.impact, e.impact)
    group.instances.push({
      key: e.key,
      title: e.title,
      events: [e.detail],
      actions: e.actions,
      type: e.eventName,
      impact: e.impact,
      stageId: e.stageId,
    })
  }
  const last = events.findLast((e) => e.cf.length > 0)
  return {
    insightsV2: [{ key: `${app.id}/${attempt}`, categories }],
    defaultCategory: defaultInsightCategory(app.status, Object.keys(categories) as InsightCategory[]),
    recommendation: last
      ? { id: last.key, title: last.title, cf: last.cf, savingCents: last.savingCents }
      : null,
  }
}
