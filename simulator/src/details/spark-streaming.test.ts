import { describe, expect, it } from 'vitest'
import {
  STREAM_ROW_BYTES,
  batchRange,
  isStreamingApp,
  streamBatch,
  streamPlan,
  streamingQuery,
} from './spark-streaming.ts'
import { appLife } from './record.ts'
import { NOW, record } from './test-records.ts'

/** Structured streaming of the apps whose name says stream: micro-batches over the app's life. */
describe('Spark streaming derivation', () => {
  const app = record('spark', { name: 'clickstream_sessionize', duration: 3 * 3_600_000, dfs_read: 2 ** 34 })

  it.each([
    ['clickstream_sessionize', 'spark', true],
    ['daily_sales_rollup', 'spark', false],
    ['clickstream_sessionize', 'hive', false],
  ])('%s (%s) streams: %s', (name, kind, expected) => {
    expect(isStreamingApp({ name, kind })).toBe(expected)
  })

  it('triggers a batch every interval from after setup to the end of the life', () => {
    const plan = streamPlan(app, NOW)!
    const life = appLife(app, NOW)
    expect([10_000, 30_000, 60_000]).toContain(plan.intervalMs)
    expect(plan.count).toBe(Math.floor((life.end - plan.first) / plan.intervalMs))
    const last = streamBatch(app, plan, plan.count - 1)
    expect(last.batchTime).toBeLessThanOrEqual(life.end)
    expect(streamBatch(app, plan, 0).batchTime).toBeGreaterThanOrEqual(life.start)
  })

  it('reads about the app’s DFS bytes over its batches, at STREAM_ROW_BYTES a row', () => {
    const plan = streamPlan(app, NOW)!
    const rows = streamingQuery(app, plan, NOW).inputRows
    expect(rows * STREAM_ROW_BYTES).toBeGreaterThan(app.dfs_read * 0.8)
    expect(rows * STREAM_ROW_BYTES).toBeLessThan(app.dfs_read * 1.2)
  })

  it('delays a batch by the overrun of the one before it, and is the same on every call', () => {
    const plan = streamPlan(app, NOW)!
    for (let k = 1; k < plan.count; k++) {
      const before = streamBatch(app, plan, k - 1)
      expect(streamBatch(app, plan, k).schedulingDelayMs).toBe(
        Math.max(0, before.processingTimeMs - plan.intervalMs),
      )
    }
    expect(streamBatch(app, streamPlan(app, NOW)!, 7)).toEqual(streamBatch(app, plan, 7))
  })

  it('ends in PROCESSING while running and FAILED when the app failed', () => {
    const running = record('spark', { name: 'stream_ingest', status: 'R', start_time: NOW - 3_600_000 })
    const plan = streamPlan(running, NOW)!
    expect(streamBatch(running, plan, plan.count - 1).status).toBe('PROCESSING')
    expect(streamingQuery(running, plan, NOW)).toMatchObject({ status: 'ACTIVE', endTime: null })
    const failed = record('spark', { name: 'stream_ingest', status: 'F' })
    const failedPlan = streamPlan(failed, NOW)!
    expect(streamBatch(failed, failedPlan, failedPlan.count - 1).status).toBe('FAILED')
  })

  it('finds the batches of a window by index: [gte, lte] inclusive', () => {
    const plan = streamPlan(app, NOW)!
    const at = (k: number) => plan.first + k * plan.intervalMs
    expect(batchRange(plan, at(3), at(5))).toEqual({ from: 3, to: 6 })
    expect(batchRange(plan, at(3) + 1, at(5) - 1)).toEqual({ from: 4, to: 5 })
    expect(batchRange(plan, 0, plan.first - 1)).toEqual({ from: 0, to: 0 })
    expect(batchRange(plan, 0, Number.MAX_SAFE_INTEGER)).toEqual({ from: 0, to: plan.count })
  })
})
