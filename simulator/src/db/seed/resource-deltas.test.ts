import { describe, expect, it } from 'vitest'
import type { AppRow } from './applications.ts'
import { ResourceDeltas } from './resource-deltas.ts'
import { RollupBatcher } from './rollup-batch.ts'

const MINUTE = 60_000
const FIRST = 1_000 * MINUTE
/** Ten 2-minute buckets: [FIRST, FIRST + 20 min). */
const END = FIRST + 20 * MINUTE

/** An app of `cluster` using 1 vcore (1,000 MB) on average over its run. */
function app(cluster: string, start: number, duration: number, running = false): AppRow {
  return {
    start_time: start,
    finished_time: running ? null : start + duration,
    duration,
    vcore_seconds: duration / 1000,
    memory_seconds: duration,
    cluster_uid: cluster,
    status: running ? 'R' : 'S',
    kind: 'spark',
    user: 'u',
    queue: 'q',
    cents: 0,
    num_events: 0,
    event_mask: 0,
    inefficient: 0,
    executed_by_unravel: 0,
    dfs_read: 0,
    dfs_written: 0,
  } as unknown as AppRow
}

/** The four changes of one bucket of `yarn-a`, rounded for comparison. */
function bucketOf(deltas: ResourceDeltas, bucket: number) {
  const at = deltas.offsetOf('yarn-a')! + bucket
  const round = (n: number) => Math.round(n * 1000) / 1000
  return {
    dv: round(deltas.dv[at]!),
    pv: round(deltas.pv[at]!),
    dm: round(deltas.dm[at]!),
    pm: round(deltas.pm[at]!),
  }
}

describe('ResourceDeltas: the resource series rate changes added up as the apps are generated', () => {
  it.each([
    // [what, app, bucket, expected changes in that bucket]
    [
      'a start half way into a bucket: the rate from the next, half of it in its own',
      app('yarn-a', FIRST + 3 * MINUTE, 4 * MINUTE),
      1,
      { dv: 1, pv: 0.5, dm: 1000, pm: 500 },
    ],
    [
      'its end, half way into another bucket, takes them away alike',
      app('yarn-a', FIRST + 3 * MINUTE, 4 * MINUTE),
      3,
      { dv: -1, pv: -0.5, dm: -1000, pm: -500 },
    ],
    [
      'an app started before the series counts from its first bucket, in full',
      app('yarn-a', FIRST - 10 * MINUTE, 15 * MINUTE),
      0,
      { dv: 1, pv: 1, dm: 1000, pm: 1000 },
    ],
    [
      'a running app never ends',
      app('yarn-a', FIRST + 18 * MINUTE, 60 * MINUTE, true),
      9,
      { dv: 1, pv: 1, dm: 1000, pm: 1000 },
    ],
    [
      'an app ended before the series is left out',
      app('yarn-a', FIRST - 10 * MINUTE, 5 * MINUTE),
      0,
      { dv: 0, pv: 0, dm: 0, pm: 0 },
    ],
    [
      'an app started after the series is left out',
      app('yarn-a', END + MINUTE, MINUTE),
      9,
      { dv: 0, pv: 0, dm: 0, pm: 0 },
    ],
  ])('%s', (_what, row, bucket, expected) => {
    const deltas = new ResourceDeltas(['yarn-a'], FIRST, END, 2 * MINUTE)
    deltas.addBatch(new RollupBatcher().batch([row]))
    expect(deltas.buckets).toBe(10)
    expect(bucketOf(deltas, bucket)).toEqual(expected)
  })

  it('apps of a cluster that is not Yarn change nothing; batches may name clusters in any order', () => {
    const deltas = new ResourceDeltas(['yarn-b', 'yarn-a'], FIRST, END, 2 * MINUTE)
    const batcher = new RollupBatcher()
    deltas.addBatch(batcher.batch([app('impala-1', FIRST, 4 * MINUTE)]))
    deltas.addBatch(batcher.batch([app('yarn-a', FIRST, 4 * MINUTE)]))
    expect([...deltas.dv].reduce((n, v) => n + Math.abs(v), 0)).toBe(2)
    expect(bucketOf(deltas, 0)).toEqual({ dv: 1, pv: 1, dm: 1000, pm: 1000 })
    expect(deltas.offsetOf('impala-1')).toBeUndefined()
  })
})
