import { DATABRICKS_INSIGHT_KEYS } from '@costlens/shared'
import { describe, expect, it } from 'vitest'
import { deriveDatabricksInsights, type DatabricksInsightInput } from './databricks-insights.ts'
import { deriveTaskSeries } from './databricks-resources.ts'
import {
  dependencyLevels,
  deriveDatabricksTaskRuns,
  downstreamOf,
  type DatabricksRunRecord,
  type DatabricksTaskDef,
} from './databricks-tasks.ts'

const NOW = Date.UTC(2026, 10, 26, 12)
const MIN = 60_000

const task = (taskKey: string, position: number, dependsOn: string[] = []): DatabricksTaskDef => ({
  taskKey,
  position,
  taskType: 0,
  source: `/Repos/etl/${taskKey}`,
  dependsOn,
})
/** extract → (clean, enrich) → load: a diamond. */
const DIAMOND = [
  task('extract', 0),
  task('clean', 1, ['extract']),
  task('enrich', 2, ['extract']),
  task('load', 3, ['clean', 'enrich']),
]
const CHAIN = [task('a', 0), task('b', 1, ['a']), task('c', 2, ['b'])]

const run = (overrides: Partial<DatabricksRunRecord> = {}): DatabricksRunRecord => ({
  id: 4242,
  lifeCycle: 'TERMINATED',
  result: 'SUCCESS',
  startTime: NOW - 3 * 60 * MIN,
  setupMs: 5 * MIN,
  duration: 60 * MIN,
  error: null,
  dbusE4: 123_457,
  dbuCostE4: 9_876_543,
  vmCostE4: 3_333_333,
  ...overrides,
})
const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0)

describe('Databricks task runs: derived from the job’s tasks and the run (issue 20 Run details)', () => {
  it('dependency levels and what lies downstream of a task', () => {
    expect(dependencyLevels(DIAMOND)).toEqual([0, 1, 1, 2])
    expect(dependencyLevels(CHAIN)).toEqual([0, 1, 2])
    expect([...downstreamOf(DIAMOND, 'clean')]).toEqual(['load'])
    expect([...downstreamOf(DIAMOND, 'extract')].sort()).toEqual(['clean', 'enrich', 'load'])
  })

  it.each([
    { title: 'a successful run: every task SUCCESS', rec: run(), results: { SUCCESS: 4 } },
    {
      title: 'a failed run: one task FAILED with the run’s error, its downstream UPSTREAM_FAILED',
      rec: run({ result: 'FAILED', error: 'boom' }),
      failing: 'FAILED',
      upstream: 'UPSTREAM_FAILED',
    },
    {
      title: 'a timed-out run: one task TIMEDOUT',
      rec: run({ result: 'TIMEDOUT', error: 'Run timed out' }),
      failing: 'TIMEDOUT',
      upstream: 'UPSTREAM_FAILED',
    },
    {
      title: 'a cancelled run: one task CANCELED, its downstream UPSTREAM_CANCELED',
      rec: run({ result: 'CANCELED' }),
      failing: 'CANCELED',
      upstream: 'UPSTREAM_CANCELED',
    },
  ])('$title', ({ rec, results, failing, upstream }) => {
    const tasks = deriveDatabricksTaskRuns(rec, DIAMOND, NOW)
    if (results) {
      expect(tasks.every((t) => t.result === 'SUCCESS' && t.status === 'S')).toBe(true)
      return
    }
    const failed = tasks.filter((t) => t.result === failing)
    expect(failed).toHaveLength(1)
    expect(failed[0]!.errorMessage).toBe(rec.error)
    const below = downstreamOf(DIAMOND, failed[0]!.task.taskKey)
    for (const t of tasks) {
      if (below.has(t.task.taskKey))
        expect(t).toMatchObject({ result: upstream, startTime: null, duration: 0 })
      else if (t !== failed[0]) expect(t.result).toBe('SUCCESS')
    }
  })

  it('a run that succeeded with failures: one task nothing depends on failed, the others succeeded', () => {
    for (let id = 1; id <= 20; id++) {
      const tasks = deriveDatabricksTaskRuns(run({ id, result: 'SUCCESS_WITH_FAILURES' }), DIAMOND, NOW)
      expect(tasks.filter((t) => t.result === 'FAILED').map((t) => t.task.taskKey)).toEqual(['load'])
      expect(tasks.filter((t) => t.result === 'SUCCESS')).toHaveLength(3)
    }
  })

  it('a running run: one level runs to now, the levels before it succeeded, those after are pending', () => {
    for (let id = 1; id <= 30; id++) {
      const tasks = deriveDatabricksTaskRuns(run({ id, lifeCycle: 'RUNNING', result: null }), CHAIN, NOW)
      const at = tasks.findIndex((t) => t.lifeCycle === 'RUNNING')
      expect(at).toBeGreaterThanOrEqual(0)
      expect(tasks[at]).toMatchObject({ status: 'R', endTime: null })
      expect(tasks[at]!.startTime! + tasks[at]!.duration).toBe(NOW)
      for (const t of tasks.slice(0, at)) expect(t.status).toBe('S')
      for (const t of tasks.slice(at + 1))
        expect(t).toMatchObject({ lifeCycle: 'PENDING', status: 'P', startTime: null })
    }
  })

  it('a skipped run: no task ran, and its figures (if any) fall to the first task', () => {
    const tasks = deriveDatabricksTaskRuns(
      run({ lifeCycle: 'SKIPPED', result: null, duration: 0 }),
      CHAIN,
      NOW,
    )
    expect(tasks.map((t) => t.status)).toEqual(['U', 'U', 'U'])
    expect(tasks.every((t) => t.startTime === null)).toBe(true)
    expect(tasks.map((t) => t.dbusE4)).toEqual([123_457, 0, 0])
  })

  it('over 300 runs of every outcome: the shares add up exactly and the tasks stay inside the run', () => {
    const outcomes = [
      { lifeCycle: 'TERMINATED', result: 'SUCCESS' },
      { lifeCycle: 'TERMINATED', result: 'FAILED' },
      { lifeCycle: 'TERMINATED', result: 'CANCELED' },
      { lifeCycle: 'RUNNING', result: null },
      { lifeCycle: 'WAITING_FOR_RETRY', result: null },
      { lifeCycle: 'INTERNAL_ERROR', result: null },
    ] as const
    for (let id = 1; id <= 300; id++) {
      const rec = run({ id, ...outcomes[id % outcomes.length]!, dbusE4: id * 7919, dbuCostE4: id * 104_729 })
      const tasks = deriveDatabricksTaskRuns(rec, id % 2 ? DIAMOND : CHAIN, NOW)
      expect(sum(tasks.map((t) => t.dbusE4))).toBe(rec.dbusE4)
      expect(sum(tasks.map((t) => t.dbuCostE4))).toBe(rec.dbuCostE4)
      expect(sum(tasks.map((t) => t.vmCostE4))).toBe(rec.vmCostE4)
      const end = rec.lifeCycle === 'RUNNING' ? NOW : rec.startTime + rec.duration
      for (const t of tasks.filter((x) => x.startTime !== null)) {
        expect(t.startTime!).toBeGreaterThanOrEqual(rec.startTime + rec.setupMs)
        expect(t.startTime! + t.duration).toBeLessThanOrEqual(end)
      }
      expect(deriveDatabricksTaskRuns(rec, id % 2 ? DIAMOND : CHAIN, NOW)).toEqual(tasks)
    }
  })
})

describe('Databricks run insights: the saving never exceeds the run’s cost', () => {
  const input = (
    insightMask: number,
    overrides: Partial<DatabricksInsightInput> = {},
  ): DatabricksInsightInput => ({
    insightMask,
    workers: 6,
    dbuCostE4: 5_000_000,
    vmCostE4: 2_000_000,
    usdPerDbu: 0.55,
    jobsUsdPerDbu: 0.15,
    spotDiscount: 0.6,
    clusterName: 'shared-analytics',
    ...overrides,
  })
  it('every combination of the five insights: each and all together at most the total cost', () => {
    for (let mask = 0; mask < 1 << DATABRICKS_INSIGHT_KEYS.length; mask++)
      for (const workers of [0, 1, 6, 40]) {
        const insights = deriveDatabricksInsights(input(mask, { workers }))
        expect(insights).toHaveLength(mask.toString(2).replaceAll('0', '').length)
        expect(sum(insights.map((i) => i.savingE4))).toBeLessThanOrEqual(7_000_000)
      }
  })
  it.each([
    ['jobOnAllPurposeCompute', 0b1, Math.floor(5_000_000 * (1 - 0.15 / 0.55))],
    ['onDemandWhereSpotFits', 0b1000, Math.floor((6 / 7) * 2_000_000 * 0.6)],
    ['oversizedCluster', 0b10000, Math.floor(0.5 * (6 / 7) * 7_000_000)],
  ])('%s: its saving per run', (key, mask, savingE4) => {
    expect(deriveDatabricksInsights(input(mask))).toMatchObject([{ key, savingE4 }])
  })
  it('a run whose cost is not final yet saves 0 (nothing to save from)', () => {
    for (const i of deriveDatabricksInsights(input(0b11111, { dbuCostE4: 0, vmCostE4: 0 })))
      expect(i.savingE4).toBe(0)
  })
})

describe('Databricks task resources', () => {
  it('the DBU buckets add up to the task’s DBUs; an OOM task ends near full memory', () => {
    const series = deriveTaskSeries({
      runId: 9013,
      taskKey: 'train',
      start: NOW - 90 * MIN,
      end: NOW - 7 * MIN,
      workers: 6,
      memoryTotalMB: 200_704,
      dbusE4: 321_987,
      outOfMemory: true,
      underused: true,
    })
    expect(Math.round(sum(series.dbus.map(([, v]) => v)) * 10_000)).toBe(321_987)
    expect(series.memoryUsedMB.at(-1)![1] / 200_704).toBeGreaterThan(0.95)
    expect(series.cpuPercent.every(([, v]) => v >= 1 && v <= 100)).toBe(true)
    // Oversized: the CPU stays under half for most of the task.
    expect(series.cpuPercent.filter(([, v]) => v < 50).length / series.cpuPercent.length).toBeGreaterThan(0.8)
  })
})
