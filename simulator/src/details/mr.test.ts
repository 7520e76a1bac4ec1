import { describe, expect, it } from 'vitest'
import { deriveFailure } from './diagnostics.ts'
import { MR_MAX_ATTEMPTS, mrDerivation, mrTasks } from './mr.ts'
import { appLife, type DetailsRecord } from './record.ts'
import { NOW, record } from './test-records.ts'

const counter = (rec: DetailsRecord, name: string) =>
  mrDerivation(rec, NOW)
    .details.counters.flatMap((g) => g.counter)
    .find((c) => c.name === name)!

const tasksOf = (rec: DetailsRecord, type: 'MAP' | 'REDUCE') =>
  mrTasks(rec, NOW, type, { offset: 0, limit: 10_000 }).tasks
const states = (rec: DetailsRecord, type: 'MAP' | 'REDUCE') =>
  tasksOf(rec, type).reduce<Record<string, number>>(
    (n, t) => ({ ...n, [t.state]: (n[t.state] ?? 0) + 1 }),
    {},
  )

describe('MapReduce details: edge cases of the record', () => {
  it.each([
    {
      title: 'a successful job',
      rec: record('mr', { map_tasks: '120/0/0', reduce_tasks: '15/0/0' }),
      maps: { SUCCEEDED: 120 },
      reduces: { SUCCEEDED: 15 },
      state: 'SUCCEEDED',
    },
    {
      title: 'a killed job with killed maps',
      rec: record('mr', { status: 'K', map_tasks: '90/10/0', reduce_tasks: '5/0/0' }),
      maps: { SUCCEEDED: 90, KILLED: 10 },
      reduces: { SUCCEEDED: 5 },
      state: 'KILLED',
    },
    {
      title: 'a failed job with failed maps',
      rec: record('mr', { status: 'F', map_tasks: '396/0/4', reduce_tasks: '40/0/0' }),
      maps: { SUCCEEDED: 396, FAILED: 4 },
      reduces: { SUCCEEDED: 40 },
      state: 'FAILED',
    },
    {
      title: 'a map-only job of one task',
      rec: record('mr', { map_tasks: '1/0/0', reduce_tasks: '0/0/0' }),
      maps: { SUCCEEDED: 1 },
      reduces: {},
      state: 'SUCCEEDED',
    },
  ])('$title: tasks in the states of the record, inside the job', ({ rec, maps, reduces, state }) => {
    const { details } = mrDerivation(rec, NOW)
    const life = appLife(rec, NOW)
    expect(states(rec, 'MAP')).toEqual(maps)
    expect(states(rec, 'REDUCE')).toEqual(reduces)
    expect(details.job.state).toBe(state)
    for (const t of [...tasksOf(rec, 'MAP'), ...tasksOf(rec, 'REDUCE')]) {
      expect(t.startTime).toBeGreaterThanOrEqual(life.start)
      expect(t.finishTime!).toBeLessThanOrEqual(life.end)
      expect(t.finishTime! - t.startTime).toBe(t.elapsedTime)
    }
    expect(counter(rec, 'HDFS_BYTES_READ').totalCounterValue).toBe(rec.dfs_read)
    expect(counter(rec, 'HDFS_BYTES_WRITTEN').totalCounterValue).toBe(rec.dfs_written)
  })

  it('a map-only job writes its output from the maps', () => {
    const rec = record('mr', { map_tasks: '30/0/0', reduce_tasks: '0/0/0' })
    expect(counter(rec, 'HDFS_BYTES_WRITTEN').mapCounterValue).toBe(rec.dfs_written)
    expect(counter(rec, 'SPILLED_RECORDS').totalCounterValue).toBe(0)
  })

  it('a failed task used its four attempts; the job names it, and so does the root cause', () => {
    const rec = record('mr', {
      status: 'F',
      map_tasks: '396/0/4',
      reduce_tasks: '40/0/0',
      diagnostics: 'Error: java.lang.OutOfMemoryError: GC overhead limit exceeded',
    })
    const failed = tasksOf(rec, 'MAP').filter((t) => t.state === 'FAILED')
    expect(failed.every((t) => t.attempts === MR_MAX_ATTEMPTS)).toBe(true)
    const { details } = mrDerivation(rec, NOW)
    expect(details.job.failedMapAttempts).toBe(4 * MR_MAX_ATTEMPTS)
    expect(details.job.diagnostics).toContain('Job failed as tasks failed. failedMaps:4 failedReduces:0')
    const failure = deriveFailure(rec, NOW)!
    expect(failure.kind).toBe('gc-overhead-limit')
    expect(failure.errors[0]!.taskId).toBe(failed.at(-1)!.id)
    expect(details.job.diagnostics).toContain(`Task failed ${failed.at(-1)!.id}`)
  })

  it('a running job is in its reduce phase: maps done, some reduces still running, none past now', () => {
    const rec = record('mr', {
      status: 'R',
      start_time: NOW - 900_000,
      duration: 800_000,
      map_tasks: '50/0/0',
      reduce_tasks: '12/0/0',
    })
    const { details } = mrDerivation(rec, NOW)
    const reduces = details.summaries.find((s) => s.type === 'REDUCE')!
    expect(reduces.running).toBeGreaterThan(0)
    expect(reduces.running + reduces.succeeded).toBe(12)
    expect(tasksOf(rec, 'MAP').every((t) => t.state === 'SUCCEEDED' && t.finishTime! <= NOW)).toBe(true)
    expect(
      tasksOf(rec, 'REDUCE')
        .filter((t) => t.state === 'RUNNING')
        .every((t) => t.finishTime === null),
    ).toBe(true)
    expect(details.job.finishTime).toBeNull()
  })

  it('MB- and vcore-milliseconds of the tasks and the AM add up to the record', () => {
    const rec = record('mr', { map_tasks: '200/0/0', reduce_tasks: '20/0/0' })
    const { allocations } = mrDerivation(rec, NOW)
    expect(allocations.reduce((n, a) => n + a.memorySeconds, 0)).toBe(rec.memory_seconds)
    expect(allocations.reduce((n, a) => n + a.vcoreSeconds, 0)).toBe(rec.vcore_seconds)
    const mbMillis =
      counter(rec, 'MB_MILLIS_MAPS').totalCounterValue + counter(rec, 'MB_MILLIS_REDUCES').totalCounterValue
    expect(mbMillis).toBe((rec.memory_seconds - allocations[0]!.memorySeconds) * 1000)
  })
})
