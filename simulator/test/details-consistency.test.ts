import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FAILURE_CATEGORIES } from '@costlens/shared'
import { rowAsShown } from '../src/db/repositories/app-row-as-shown.ts'
import { appsTimeShift } from '../src/db/repositories/applications.ts'
import { seededDiagnostics } from '../src/db/seed/app-diagnostics.ts'
import type { AppRow } from '../src/db/seed/applications.ts'
import { deriveFailure } from '../src/details/diagnostics.ts'
import { SPARK_CONTEXT_SHUT_DOWN, failureKind, failureKindOfText } from '../src/details/failure.ts'
import { appInsightEvents, type StoredEvent } from '../src/db/repositories/app-insights.ts'
import { deriveMr, mrDerivation, mrTasks } from '../src/details/mr.ts'
import { appLife, hasEvent, recordAsRead, taskCounts } from '../src/details/record.ts'
import { deriveResources, MAX_RESOURCE_POINTS } from '../src/details/resources.ts'
import { sparkDerivation, sparkStageTasks, skewedStages } from '../src/details/spark.ts'
import { testApp } from './helper.ts'

/**
 * The consistency tests: details derived for hundreds of seeded apps of every kind agree
 * with their records (counts, times, bytes, memory and vcore seconds), are the same each time, and
 * never run past now.
 */

let app: FastifyInstance
let now: number
const sample: Record<string, AppRow[]> = {}
type StoredRow = AppRow & { rid: number }

/** Every `stride`-th app of a kind by id, plus every failed, killed and running one up to `extra`. */
function draw(kind: string, size: number, extra = 60): AppRow[] {
  const shift = appsTimeShift(app.db)
  const count = app.db.prepare('SELECT count(*) FROM applications WHERE kind = ?').pluck().get(kind) as number
  const stride = Math.max(1, Math.floor(count / size))
  const strided = app.db
    .prepare(
      'SELECT * FROM (SELECT rowid AS rid, *, row_number() OVER (ORDER BY id) AS n FROM applications WHERE kind = ?) WHERE n % ? = 0',
    )
    .all(kind, stride) as StoredRow[]
  const odd = app.db
    .prepare(
      "SELECT rowid AS rid, * FROM applications WHERE kind = ? AND status IN ('F', 'K', 'R', 'U', 'W') ORDER BY id LIMIT ?",
    )
    .all(kind, extra) as StoredRow[]
  // As the details read them: a seeded failure's diagnostics made from the record (app-row-as-shown.ts).
  const byId = new Map([...strided, ...odd].map((r) => [r.id, recordAsRead(rowAsShown(r), shift)]))
  return [...byId.values()]
}

beforeAll(async () => {
  app = await testApp()
  now = app.clock.now()
  for (const [kind, size] of [
    ['spark', 250],
    ['mr', 150],
    ['hive', 60],
    ['tez', 60],
    ['impala', 60],
    ['presto', 40],
  ] as const)
    sample[kind] = draw(kind, size)
})
afterAll(() => app.close())

const within = (t: number | null, life: { start: number; end: number }) =>
  t === null || (t >= life.start && t <= life.end)

describe('Spark details agree with the record', () => {
  it('draws several hundred Spark apps, failed, killed and running ones among them', () => {
    const spark = sample.spark!
    expect(spark.length).toBeGreaterThan(250)
    for (const status of ['S', 'F', 'K', 'R']) expect(spark.some((a) => a.status === status)).toBe(true)
  })

  it('jobs, stages and their states, and tasks add up to numJobs, numStages and taskCount', () => {
    for (const rec of sample.spark!) {
      const { details } = sparkDerivation(rec, now)
      const latest = new Map(details.stages.map((s) => [s.stageId, s]))
      const first = details.stages.filter((s) => s.attemptId === 0)
      const states = [...latest.values()].map((s) => s.status)
      const count = (status: string) => states.filter((s) => s === status).length
      const rest = rec.num_stages - rec.num_completed_stages - rec.num_skipped_stages
      expect(details.jobs, rec.id).toHaveLength(rec.num_jobs)
      expect(latest.size, rec.id).toBe(rec.num_stages)
      expect(count('COMPLETE'), rec.id).toBe(rec.num_completed_stages)
      expect(count('SKIPPED'), rec.id).toBe(rec.num_skipped_stages)
      // A stopped app failed (or was cancelled) in one stage; the ones after it never ran.
      if (rec.status === 'F' || rec.status === 'K') {
        expect(count('FAILED'), rec.id).toBe(Math.min(1, rest))
        expect(count('PENDING'), rec.id).toBe(Math.max(0, rest - 1))
      } else expect(count(rec.status === 'R' ? 'ACTIVE' : 'PENDING'), rec.id).toBe(rest)
      expect(
        first.reduce((n, s) => n + s.numTasks, 0),
        rec.id,
      ).toBe(rec.task_count)
      // Every stage belongs to a job, and a job lists its stages.
      for (const s of first) for (const j of s.jobIds) expect(details.jobs[j]!.stageIds).toContain(s.stageId)
    }
  })

  it('every job, stage and task lies inside the app life; a running app never passes now', () => {
    for (const rec of sample.spark!) {
      const life = appLife(rec, now)
      if (rec.status === 'R') expect(life.end).toBe(now)
      const { details } = sparkDerivation(rec, now)
      for (const j of details.jobs) {
        expect(within(j.submissionTime, life), `${rec.id} job ${j.jobId}`).toBe(true)
        expect(within(j.completionTime, life), `${rec.id} job ${j.jobId}`).toBe(true)
        if (j.completionTime !== null) expect(j.completionTime).toBeGreaterThanOrEqual(j.submissionTime)
      }
      for (const s of details.stages) {
        for (const t of [s.submissionTime, s.firstTaskLaunchedTime, s.completionTime])
          expect(within(t, life), `${rec.id} stage ${s.stageId}.${s.attemptId}`).toBe(true)
        if (s.status === 'ACTIVE') expect(s.completionTime).toBeNull()
        const d = s.taskSummary?.executorRunTime
        if (d && s.firstTaskLaunchedTime !== null) {
          expect([...d].sort((a, b) => a - b)).toEqual(d)
          expect(d[4]!, `${rec.id} stage ${s.stageId}`).toBeLessThanOrEqual(
            (s.completionTime ?? now) - s.firstTaskLaunchedTime,
          )
        }
      }
      for (const e of details.executors) {
        expect(within(e.addTime, life) && within(e.removeTime, life), `${rec.id} executor ${e.id}`).toBe(true)
        if (rec.status === 'R' && e.id === 'driver') expect(e.isActive).toBe(true)
      }
    }
  })

  it('executors and stages share out memory_seconds, vcore_seconds, dfs_read and dfs_written exactly', () => {
    for (const rec of sample.spark!) {
      const { details } = sparkDerivation(rec, now)
      const sum = <T>(list: T[], pick: (x: T) => number) => list.reduce((n, x) => n + pick(x), 0)
      expect(
        sum(details.executors, (e) => e.memorySeconds),
        rec.id,
      ).toBe(rec.memory_seconds)
      expect(
        sum(details.executors, (e) => e.vcoreSeconds),
        rec.id,
      ).toBe(rec.vcore_seconds)
      expect(
        sum(details.stages, (s) => s.memorySeconds),
        rec.id,
      ).toBe(rec.memory_seconds)
      expect(
        sum(details.stages, (s) => s.vcoreSeconds),
        rec.id,
      ).toBe(rec.vcore_seconds)
      expect(
        sum(details.stages, (s) => s.inputBytes),
        rec.id,
      ).toBe(rec.dfs_read)
      expect(
        sum(details.stages, (s) => s.outputBytes),
        rec.id,
      ).toBe(rec.dfs_written)
      expect(
        sum(details.executors, (e) => e.totalInputBytes),
        rec.id,
      ).toBe(rec.dfs_read)
      expect(
        sum(details.executors, (e) => e.totalOutputBytes),
        rec.id,
      ).toBe(rec.dfs_written)
      expect(sum(details.executors, (e) => e.completedTasks)).toBe(
        sum(details.stages, (s) => s.numCompleteTasks),
      )
      expect(sum(details.executors, (e) => e.failedTasks)).toBe(sum(details.stages, (s) => s.numFailedTasks))
      expect(sum(details.executors, (e) => e.totalShuffleRead)).toBe(
        sum(details.stages, (s) => s.shuffleReadBytes),
      )
    }
  })

  it('a Data Skew app has a skewed stage, the one the insight names; other apps have none', () => {
    let skewedApps = 0
    for (const rec of sample.spark!) {
      const { stages } = sparkDerivation(rec, now).details
      const skewed = skewedStages(stages)
      const candidate = stages
        .filter((s) => s.status === 'COMPLETE' && s.numTasks >= 4)
        .sort((a, b) => b.numTasks - a.numTasks)[0]
      if (hasEvent(rec, 'Data Skew') && candidate && candidate.taskSummary!.executorRunTime[4]! >= 20) {
        skewedApps++
        expect(
          skewed.map((s) => s.stageId),
          rec.id,
        ).toEqual([candidate.stageId])
        const [, , median, , max] = candidate.taskSummary!.executorRunTime
        expect(max!, rec.id).toBeGreaterThan(4 * median!)
      } else expect(skewed, rec.id).toEqual([])
    }
    expect(skewedApps).toBeGreaterThan(0)
  })

  it('a paged task list agrees with its stage: counts, times and the distribution', () => {
    for (const rec of sample.spark!.slice(0, 60)) {
      const { details } = sparkDerivation(rec, now)
      const stage = details.stages.find((s) => s.numCompleteTasks > 0 && s.numTasks <= 400)
      if (!stage) continue
      const page = sparkStageTasks(rec, now, stage.stageId, stage.attemptId, { offset: 0, limit: 10_000 })!
      expect(page.total).toBe(
        stage.numCompleteTasks + stage.numFailedTasks + stage.numKilledTasks + stage.numActiveTasks,
      )
      const done = page.tasks
        .filter((t) => t.status === 'SUCCESS')
        .map((t) => t.duration)
        .sort((a, b) => a - b)
      expect(
        done.reduce((n, d) => n + d, 0) +
          page.tasks.filter((t) => t.status === 'FAILED').reduce((n, t) => n + t.duration, 0),
      ).toBe(stage.executorRunTime)
      expect(done[0]).toBe(stage.taskSummary!.executorRunTime[0])
      expect(done.at(-1)).toBe(stage.taskSummary!.executorRunTime[4])
      for (const t of page.tasks) {
        expect(t.launchTime).toBeGreaterThanOrEqual(stage.firstTaskLaunchedTime!)
        if (t.status === 'SUCCESS')
          expect(t.launchTime + t.duration).toBeLessThanOrEqual(stage.completionTime ?? now)
      }
      expect(new Set(page.tasks.map((t) => t.taskId)).size).toBe(page.tasks.length)
    }
  })
})

describe('MapReduce details agree with the record', () => {
  it('map and reduce tasks are in the states of sm/km/fm and sr/kr/fr, inside the job', () => {
    const mr = sample.mr!
    expect(mr.length).toBeGreaterThan(150)
    for (const rec of mr) {
      const life = appLife(rec, now)
      const { details } = mrDerivation(rec, now)
      for (const [type, column] of [
        ['MAP', rec.map_tasks],
        ['REDUCE', rec.reduce_tasks],
      ] as const) {
        const want = taskCounts(column)
        const summary = details.summaries.find((s) => s.type === type)!
        expect(summary.succeeded + summary.running, `${rec.id} ${type}`).toBe(want.succeeded)
        expect(summary.killed, `${rec.id} ${type}`).toBe(want.killed)
        expect(summary.failed, `${rec.id} ${type}`).toBe(want.failed)
        if (rec.status !== 'R') expect(summary.running).toBe(0)
        const { tasks, total } = mrTasks(rec, now, type, { offset: 0, limit: 10_000 })
        expect(total).toBe(want.succeeded + want.killed + want.failed)
        for (const t of tasks) {
          expect(within(t.startTime, life) && within(t.finishTime, life), `${rec.id} ${t.id}`).toBe(true)
          if (t.finishTime !== null) expect(t.finishTime - t.startTime).toBe(t.elapsedTime)
        }
        const done = tasks.filter((t) => t.state === 'SUCCEEDED').map((t) => t.elapsedTime)
        if (done.length) expect(Math.max(...done)).toBe(summary.elapsedTime[4])
      }
    }
  })

  it('a job stopped in its map phase (failed or killed maps) ran no reduce to the end', () => {
    const rows = app.db
      .prepare(
        "SELECT coalesce(map_tasks, '0/0/0') AS map_tasks, coalesce(reduce_tasks, '0/0/0') AS reduce_tasks FROM applications WHERE kind IN ('mr', 'hive', 'tez')",
      )
      .all() as Pick<AppRow, 'map_tasks' | 'reduce_tasks'>[]
    const stopped = rows.filter((r) => taskCounts(r.map_tasks).failed + taskCounts(r.map_tasks).killed > 0)
    expect(stopped.length).toBeGreaterThan(20)
    for (const r of stopped) expect(taskCounts(r.reduce_tasks).succeeded, r.reduce_tasks).toBe(0)
  })

  it("a Hive query's MR and Tez jobs run inside it, and a query that succeeded had every job succeed", () => {
    const children = app.db
      .prepare(
        `SELECT c.id, c.status, c.start_time AS cs, c.duration AS cd, p.status AS ps, p.start_time AS s,
                p.duration AS d
           FROM applications c JOIN applications p ON p.id = c.parent_id`,
      )
      .all() as { id: string; status: string; cs: number; cd: number; ps: string; s: number; d: number }[]
    expect(children.length).toBeGreaterThan(20)
    for (const c of children) {
      expect(c.cs, c.id).toBeGreaterThanOrEqual(c.s)
      expect(c.cs + c.cd, c.id).toBeLessThanOrEqual(c.s + c.d)
      if (c.ps === 'S') expect(c.status, c.id).toBe('S')
    }
  })

  it('counters carry the record: HDFS bytes are dfs_read / dfs_written, MB-ms within memory_seconds', () => {
    for (const rec of sample.mr!) {
      const { details, allocations } = mrDerivation(rec, now)
      const value = (group: string, name: string) =>
        details.counters
          .find((g) => g.counterGroupName.endsWith(group))!
          .counter.find((c) => c.name === name)!.totalCounterValue
      expect(value('FileSystemCounter', 'HDFS_BYTES_READ')).toBe(rec.dfs_read)
      expect(value('FileSystemCounter', 'HDFS_BYTES_WRITTEN')).toBe(rec.dfs_written)
      expect(value('TaskCounter', 'GC_TIME_MILLIS')).toBeLessThanOrEqual(
        value('JobCounter', 'MILLIS_MAPS') + value('JobCounter', 'MILLIS_REDUCES'),
      )
      expect(
        value('JobCounter', 'MB_MILLIS_MAPS') + value('JobCounter', 'MB_MILLIS_REDUCES'),
      ).toBeLessThanOrEqual(rec.memory_seconds * 1000)
      expect(allocations.reduce((n, a) => n + a.memorySeconds, 0)).toBe(rec.memory_seconds)
      expect(allocations.reduce((n, a) => n + a.vcoreSeconds, 0)).toBe(rec.vcore_seconds)
      const state = { S: 'SUCCEEDED', F: 'FAILED', K: 'KILLED', R: 'RUNNING' }[rec.status]
      if (state) expect(details.job.state).toBe(state)
    }
  })
})

describe('resource series integrate to the record', () => {
  it('Σ allocation × bucket length is memory_seconds and vcore_seconds within 1 %, for every kind', () => {
    for (const [kind, apps] of Object.entries(sample)) {
      for (const rec of apps) {
        const series = deriveResources(rec, now)
        const life = appLife(rec, now)
        expect(series.allocatedMB.length, rec.id).toBeLessThanOrEqual(MAX_RESOURCE_POINTS)
        const integral = (points: [number, number][]) =>
          points.reduce((n, [t, v]) => n + (v * (Math.min(t + series.stepMs, life.end) - t)) / 1000, 0)
        const close = (got: number, want: number) => Math.abs(got - want) <= Math.max(1, want * 0.01)
        expect(close(integral(series.allocatedMB), rec.memory_seconds), `${kind} ${rec.id} memory`).toBe(true)
        expect(close(integral(series.allocatedVCores), rec.vcore_seconds), `${kind} ${rec.id} vcores`).toBe(
          true,
        )
        for (const [t] of series.allocatedMB) expect(t).toBeLessThanOrEqual(life.end)
      }
    }
  })
})

describe('failed and killed apps explain themselves', () => {
  it('every F and K app of every kind has a category and errors inside its life', () => {
    let seen = 0
    for (const apps of Object.values(sample))
      for (const rec of apps) {
        const failure = deriveFailure(rec, now)
        if (rec.status !== 'F' && rec.status !== 'K') {
          expect(failure, rec.id).toBeNull()
          continue
        }
        seen++
        const life = appLife(rec, now)
        expect(failure, rec.id).not.toBeNull()
        expect(FAILURE_CATEGORIES).toContain(failure!.category)
        expect(failure!.kind).toBe(failureKind(rec))
        expect(failure!.category === 'killed').toBe(rec.status === 'K')
        expect(failure!.errors.length).toBeGreaterThan(0)
        expect(failure!.diagnostics.length).toBeGreaterThan(0)
        for (const e of failure!.errors) {
          expect(within(e.time, life), `${rec.id} ${e.message}`).toBe(true)
          expect(e.logExcerpt.length).toBeGreaterThan(0)
        }
      }
    expect(seen).toBeGreaterThan(100)
  })

  it("a failed Spark app's error names the stage that failed, and the stage shows that error", () => {
    for (const rec of sample.spark!.filter((a) => a.status === 'F')) {
      const { details } = sparkDerivation(rec, now)
      const failure = deriveFailure(rec, now)!
      const failed = details.stages.filter((s) => s.status === 'FAILED')
      if (failed.length === 0) {
        expect(failure.errors[0]!.executorId, rec.id).toBe('driver')
        continue
      }
      const root = failure.errors[0]!
      expect(root.stageId, rec.id).toBe(failed[0]!.stageId)
      const stage = details.stages.find(
        (s) => s.stageId === root.stageId && s.attemptId === root.stageAttemptId,
      )!
      expect(stage.failureReason).toBe(failure.errors.at(-1)!.message)
      expect(details.executors.map((e) => e.id)).toContain(root.executorId)
      // The record's text is shown, pointed at the derived task and stage.
      if (rec.diagnostics?.includes('in stage') && failure.kind !== 'fetch-failed')
        expect(failure.diagnostics).toContain(`in stage ${root.stageId}.${root.stageAttemptId}`)
    }
  })
})

describe('a stopped Spark app shows where it stopped', () => {
  it('one job FAILED: the one whose stage failed, or the last when the driver or the kill came after every stage', () => {
    const stopped = sample.spark!.filter((a) => a.status === 'F' || a.status === 'K')
    expect(stopped.filter((a) => a.status === 'F').length).toBeGreaterThan(20)
    let driverLevel = 0
    for (const rec of stopped) {
      const { details } = sparkDerivation(rec, now)
      const at = `${rec.id} (${rec.status})`
      const failedJobs = details.jobs.filter((j) => j.status === 'FAILED')
      expect(failedJobs, at).toHaveLength(1)
      const job = failedJobs[0]!
      const latest = new Map(details.stages.map((s) => [s.stageId, s]))
      const failedStage = [...latest.values()].find((s) => s.status === 'FAILED')
      const rest = rec.num_stages - rec.num_completed_stages - rec.num_skipped_stages
      if (rest > 0) {
        // The first unfinished stage failed, in that job; every stage after it never ran.
        expect(failedStage?.stageId, at).toBe(rec.num_stages - rest)
        expect(failedStage!.jobIds[0], at).toBe(job.jobId)
        if (rec.status === 'K') expect(failedStage!.failureReason).toBe(SPARK_CONTEXT_SHUT_DOWN)
        for (const s of latest.values())
          if (s.status === 'PENDING') {
            expect(s.stageId, at).toBeGreaterThan(failedStage!.stageId)
            expect([s.submissionTime, s.numCompleteTasks, s.inputBytes], at).toEqual([null, 0, 0])
          }
      } else {
        driverLevel++
        expect(failedStage, at).toBeUndefined()
        expect(job.jobId, at).toBe(details.jobs.length - 1)
        expect(job.numFailedStages).toBe(0)
      }
      // Jobs before it succeeded; jobs after it were never submitted.
      for (const j of details.jobs) {
        if (j.jobId < job.jobId) expect(j.status, `${at} job ${j.jobId}`).toBe('SUCCEEDED')
        if (j.jobId > job.jobId) {
          expect(j.status, `${at} job ${j.jobId}`).toBe('UNKNOWN')
          expect(j.completionTime).toBeNull()
          expect(j.numCompletedTasks).toBe(0)
        }
      }
      // The errors point into that job (a stage failure) or at the driver (an AM-level failure).
      if (rec.status === 'F') {
        const root = deriveFailure(rec, now)!.errors[0]!
        if (rest > 0) expect(root.jobId, at).toBe(job.jobId)
        else expect(root.executorId, at).toBe('driver')
      }
      // A SQL execution never holds a job that never ran.
      const ran = new Set(details.jobs.filter((j) => j.status !== 'UNKNOWN').map((j) => j.jobId))
      for (const e of details.executions)
        for (const id of [...e.successJobIds, ...e.failedJobIds, ...e.runningJobIds])
          expect(ran).toContain(id)
    }
    expect(driverLevel).toBeGreaterThan(0)
  })
})

describe('seeded diagnostics name the failure the details show', () => {
  it('a seeded failure stores no text: the sentence read is the one its seed sequence (its YARN id) made', () => {
    const rows = app.db
      .prepare(
        "SELECT rowid AS rid, * FROM applications WHERE status IN ('F', 'K') AND id LIKE 'application_%' LIMIT 200",
      )
      .all() as StoredRow[]
    expect(rows.length).toBeGreaterThan(50)
    for (const row of rows) {
      expect(row.diagnostics).toBe('')
      const seq = Number(row.id.split('_').at(-1))
      expect(rowAsShown(row).diagnostics).toBe(seededDiagnostics(row, seq))
    }
  })

  it('every failed and killed app of every kind: its text names the kind its errors derive', () => {
    const texts = new Set<string>()
    const kinds = new Set<string>()
    for (const apps of Object.values(sample))
      for (const rec of apps) {
        if (rec.status !== 'F' && rec.status !== 'K') continue
        const failure = deriveFailure(rec, now)!
        expect(failureKindOfText(rec.diagnostics), `${rec.id}: ${rec.diagnostics}`).toBe(failure.kind)
        texts.add(rec.diagnostics!.replace(/\d+/g, '#'))
        kinds.add(`${rec.kind}:${failure.kind}`)
      }
    // Varied, as failures are: not one sentence per status.
    expect(texts.size).toBeGreaterThan(30)
    for (const kind of ['container-memory-limit', 'java-heap-space', 'fetch-failed', 'user-exception'])
      expect(kinds).toContain(`spark:${kind}`)
  })

  it("no insight's saving exceeds its app's cost", () => {
    const events = app.db.prepare('SELECT event_type, event_name, vt FROM app_events WHERE app_id = ?')
    let checked = 0
    for (const apps of Object.values(sample))
      for (const rec of apps) {
        const stored = events.all(rec.id) as StoredEvent[]
        if (stored.length === 0) continue
        for (const e of appInsightEvents(rec, stored, now)) {
          expect(e.savingCents, `${rec.id} ${e.eventName}`).toBeGreaterThanOrEqual(0)
          expect(e.savingCents, `${rec.id} ${e.eventName}`).toBeLessThanOrEqual(rec.cents)
          checked++
        }
      }
    expect(checked).toBeGreaterThan(100)
  })
})

describe('derivations are deterministic', () => {
  it('the same app and clock give the same details, every kind', () => {
    for (const apps of Object.values(sample))
      for (const rec of apps.slice(0, 40)) {
        expect(deriveResources(rec, now)).toEqual(deriveResources(rec, now))
        expect(deriveFailure(rec, now)).toEqual(deriveFailure(rec, now))
        if (rec.kind === 'spark') expect(sparkDerivation(rec, now)).toEqual(sparkDerivation(rec, now))
        if (rec.kind === 'mr') expect(deriveMr(rec, now)).toEqual(deriveMr(rec, now))
      }
  })

  it("a finished app's details do not change as the clock moves", () => {
    for (const rec of sample.spark!.filter((a) => a.status !== 'R').slice(0, 30))
      expect(sparkDerivation(rec, now + 3_600_000).details).toEqual(sparkDerivation(rec, now).details)
  })
})
