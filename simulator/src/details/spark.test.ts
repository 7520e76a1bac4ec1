import { describe, expect, it } from 'vitest'
import { eventMask } from '../db/seed/applications.ts'
import { deriveFailure } from './diagnostics.ts'
import { appLife, type DetailsRecord } from './record.ts'
import { skewedStages, sparkDerivation, sparkStageTasks } from './spark.ts'
import { NOW, record } from './test-records.ts'

/** What every derivation must agree with, whatever the record. */
function expectAgrees(rec: DetailsRecord) {
  const { details } = sparkDerivation(rec, NOW)
  const life = appLife(rec, NOW)
  const latest = new Map(details.stages.map((s) => [s.stageId, s]))
  const sum = <T>(list: T[], pick: (x: T) => number) => list.reduce((n, x) => n + pick(x), 0)
  expect(details.jobs).toHaveLength(rec.num_jobs)
  expect(latest.size).toBe(rec.num_stages)
  expect([...latest.values()].filter((s) => s.status === 'COMPLETE')).toHaveLength(rec.num_completed_stages)
  expect([...latest.values()].filter((s) => s.status === 'SKIPPED')).toHaveLength(rec.num_skipped_stages)
  expect(
    sum(
      details.stages.filter((s) => s.attemptId === 0),
      (s) => s.numTasks,
    ),
  ).toBe(rec.task_count)
  expect(sum(details.executors, (e) => e.memorySeconds)).toBe(rec.memory_seconds)
  expect(sum(details.stages, (s) => s.vcoreSeconds)).toBe(rec.vcore_seconds)
  expect(sum(details.executors, (e) => e.totalInputBytes)).toBe(rec.dfs_read)
  for (const t of details.stages.flatMap((s) => [s.submissionTime, s.completionTime]))
    if (t !== null) expect(t >= life.start && t <= life.end).toBe(true)
  return details
}

describe('Spark details: edge cases of the record', () => {
  const cases: { title: string; rec: DetailsRecord; check: (d: ReturnType<typeof expectAgrees>) => void }[] =
    [
      {
        title: 'no skipped stage: every stage completes',
        rec: record('spark', { num_stages: 5, num_completed_stages: 5, num_skipped_stages: 0 }),
        check: (d) => expect(d.stages.every((s) => s.status === 'COMPLETE')).toBe(true),
      },
      {
        title: 'no stage finished: the first is where the app failed, the ones after it never ran',
        rec: record('spark', {
          id: 'application_1761099553_000101',
          status: 'F',
          num_stages: 3,
          num_completed_stages: 0,
          num_skipped_stages: 0,
          task_count: 30,
        }),
        check: (d) => {
          expect(d.stages.map((s) => s.status)).toEqual(['FAILED', 'PENDING', 'PENDING'])
          expect(d.stages[0]!.numFailedTasks).toBe(4)
          expect(d.stages.slice(1).every((s) => s.submissionTime === null && s.numCompleteTasks === 0)).toBe(
            true,
          )
          expect(d.jobs.map((j) => j.status)).toEqual(['FAILED', 'UNKNOWN', 'UNKNOWN'])
          expect(d.jobs.slice(1).every((j) => j.completionTime === null)).toBe(true)
        },
      },
      {
        title: 'one task: its distribution is that task',
        rec: record('spark', {
          num_jobs: 1,
          num_stages: 1,
          num_completed_stages: 1,
          num_skipped_stages: 0,
          task_count: 1,
        }),
        check: (d) => {
          const [min, , median, , max] = d.stages[0]!.taskSummary!.executorRunTime
          expect(min).toBe(max)
          expect(median).toBe(max)
          expect(d.stages[0]!.executorRunTime).toBe(max)
        },
      },
      {
        title: 'more jobs than stages: the extra jobs find their stage already run (skipped)',
        rec: record('spark', {
          num_jobs: 5,
          num_stages: 2,
          num_completed_stages: 2,
          num_skipped_stages: 0,
          task_count: 40,
        }),
        check: (d) => {
          expect(d.jobs.every((j) => j.status === 'SUCCEEDED')).toBe(true)
          expect(d.jobs.filter((j) => j.numSkippedStages > 0)).toHaveLength(3)
        },
      },
      {
        title: 'a running app: its unfinished stages are active, nothing ends after now',
        rec: record('spark', {
          status: 'R',
          start_time: NOW - 1_200_000,
          duration: 900_000,
          num_stages: 6,
          num_completed_stages: 3,
          num_skipped_stages: 1,
        }),
        check: (d) => {
          expect(d.stages.filter((s) => s.status === 'ACTIVE')).toHaveLength(2)
          expect(d.stages.filter((s) => s.status === 'ACTIVE').every((s) => s.completionTime === null)).toBe(
            true,
          )
          expect(d.jobs.at(-1)!.status).toBe('RUNNING')
          expect(d.executors.every((e) => e.isActive)).toBe(true)
        },
      },
      {
        title: 'a killed app: the stage running at the kill was cancelled, the one after it never ran',
        rec: record('spark', {
          status: 'K',
          num_jobs: 2,
          num_stages: 4,
          num_completed_stages: 2,
          num_skipped_stages: 0,
        }),
        check: (d) => {
          expect(d.stages.map((s) => s.status)).toEqual(['COMPLETE', 'COMPLETE', 'FAILED', 'PENDING'])
          expect(d.stages[2]!.failureReason).toBe('Stage cancelled because SparkContext was shut down')
          expect(d.jobs.filter((j) => j.status === 'FAILED')).toHaveLength(1)
          expect(d.jobs.filter((j) => j.status === 'SUCCEEDED').length).toBeLessThanOrEqual(1)
        },
      },
      {
        title: 'a killed app whose stages all finished: the job running at the kill failed with it',
        rec: record('spark', {
          status: 'K',
          num_jobs: 3,
          num_stages: 5,
          num_completed_stages: 5,
          num_skipped_stages: 0,
        }),
        check: (d) => {
          expect(d.jobs.map((j) => j.status)).toEqual(['SUCCEEDED', 'SUCCEEDED', 'FAILED'])
          expect(d.jobs.at(-1)!.completionTime).toBe(NOW - 3_600_000 + 600_000 - 1_000)
        },
      },
      {
        title: 'a driver (AM) failure after every stage finished: the job it was running is FAILED',
        rec: record('spark', {
          status: 'F',
          num_jobs: 2,
          num_stages: 4,
          num_completed_stages: 3,
          num_skipped_stages: 1,
          diagnostics:
            "Application application_1761099553_000001 failed 2 times due to AM Container for appattempt_1761099553_000001_000002 exited with exitCode: -104\nFailing this attempt.Diagnostics: Container [pid=1,containerID=c] is running 1B beyond the 'PHYSICAL' memory limit.",
        }),
        check: (d) => {
          expect(d.stages.every((s) => s.status === 'COMPLETE' || s.status === 'SKIPPED')).toBe(true)
          expect(d.jobs.map((j) => j.status)).toEqual(['SUCCEEDED', 'FAILED'])
          expect(d.jobs[1]!.numFailedStages).toBe(0)
        },
      },
      {
        title: 'a fetch failure: the failing stage is retried four times, then the job aborts',
        rec: record('spark', {
          status: 'F',
          num_stages: 6,
          num_completed_stages: 5,
          num_skipped_stages: 0,
          diagnostics:
            'org.apache.spark.shuffle.FetchFailedException: Failed to connect to ip-10-0-16-23:7337',
        }),
        check: (d) => {
          const failed = d.stages.filter((s) => s.stageId === 5)
          expect(failed.map((s) => [s.attemptId, s.status])).toEqual([
            [0, 'FAILED'],
            [1, 'FAILED'],
            [2, 'FAILED'],
            [3, 'FAILED'],
          ])
          expect(failed.at(-1)!.failureReason).toMatch(/has failed the maximum allowable number of times: 4/)
          expect(failed[0]!.failureReason).toMatch(/FetchFailed/)
          expect(d.executors.some((e) => e.removeReason?.includes('lost* node'))).toBe(true)
        },
      },
      {
        title: 'a container killed for its memory: the executors it ran on are lost and replaced',
        rec: record('spark', {
          status: 'F',
          num_stages: 6,
          num_completed_stages: 4,
          num_skipped_stages: 1,
          diagnostics: 'Container killed by YARN for exceeding memory limits.',
        }),
        check: (d) => {
          const lost = d.executors.filter((e) => e.removeReason?.startsWith('Container killed by YARN'))
          expect(lost).toHaveLength(4)
          expect(d.executors.length).toBeGreaterThan(lost.length + 3)
        },
      },
      {
        title: '10,000 tasks in 2,000 stages',
        rec: record('spark', {
          duration: 5 * 3_600_000,
          start_time: NOW - 6 * 3_600_000,
          num_jobs: 12,
          num_stages: 2000,
          num_completed_stages: 1800,
          num_skipped_stages: 200,
          task_count: 10_000,
        }),
        check: (d) => {
          expect(d.stages).toHaveLength(2000)
          expect(d.jobs.reduce((n, j) => n + j.numTasks, 0)).toBe(10_000)
        },
      },
    ]
  it.each(cases)('$title', ({ rec, check }) => check(expectAgrees(rec)))
})

describe('Spark details: skew, tasks and determinism', () => {
  const skewed = record('spark', {
    event_mask: eventMask(['Data Skew']),
    num_stages: 4,
    num_completed_stages: 4,
    num_skipped_stages: 0,
    task_count: 2000,
  })

  it('a Data Skew app: its largest stage has a straggler, and skewedStages names it alone', () => {
    const { stages } = sparkDerivation(skewed, NOW).details
    const largest = [...stages].sort((a, b) => b.numTasks - a.numTasks)[0]!
    const [, , median, p75, max] = largest.taskSummary!.executorRunTime
    expect(max! / median!).toBeGreaterThan(4)
    expect(max! / p75!).toBeGreaterThan(1.5)
    expect(skewedStages(stages).map((s) => s.stageId)).toEqual([largest.stageId])
  })

  it('the same app without the event has no skewed stage', () => {
    expect(skewedStages(sparkDerivation({ ...skewed, event_mask: 0 }, NOW).details.stages)).toEqual([])
  })

  it('a page of tasks is the same whether read alone or as part of all of them', () => {
    const { stages } = sparkDerivation(skewed, NOW).details
    const stage = stages[0]!
    const all = sparkStageTasks(skewed, NOW, stage.stageId, 0, { offset: 0, limit: 10_000 })!
    const page = sparkStageTasks(skewed, NOW, stage.stageId, 0, { offset: 50, limit: 25 })!
    expect(page.tasks).toEqual(all.tasks.slice(50, 75))
    expect(all.total).toBe(stage.numTasks)
    expect(sparkStageTasks(skewed, NOW, 99, 0, { offset: 0, limit: 10 })).toBeNull()
  })

  it('the same record gives the same details; another app id gives others', () => {
    expect(sparkDerivation(skewed, NOW)).toEqual(sparkDerivation(skewed, NOW))
    const other = sparkDerivation({ ...skewed, id: 'application_1761099553_424242' }, NOW).details
    expect(other.stages.map((s) => s.numTasks)).not.toEqual(
      sparkDerivation(skewed, NOW).details.stages.map((s) => s.numTasks),
    )
  })

  it("the failed stage's error is the failure's root cause", () => {
    const rec = record('spark', {
      status: 'F',
      num_stages: 5,
      num_completed_stages: 3,
      num_skipped_stages: 1,
      diagnostics: 'java.lang.OutOfMemoryError: Java heap space',
    })
    const { details } = sparkDerivation(rec, NOW)
    const failure = deriveFailure(rec, NOW)!
    expect(failure.category).toBe('memory')
    expect(failure.kind).toBe('java-heap-space')
    expect(failure.errors[0]!.exception).toBe('java.lang.OutOfMemoryError')
    expect(failure.errors[0]!.stageId).toBe(4)
    expect(details.stages.find((s) => s.stageId === 4)!.failureReason).toBe(failure.errors.at(-1)!.message)
  })
})
