import { describe, expect, it } from 'vitest'
import { appLife } from './record.ts'
import { deriveResources, MAX_RESOURCE_POINTS, resourceStep, seriesOfAllocations } from './resources.ts'
import { NOW, record } from './test-records.ts'

const MINUTE = 60_000
const HOUR = 60 * MINUTE

describe('resource series', () => {
  it.each([
    [200, 10_000],
    [HOUR, 10_000],
    [2 * HOUR, 30_000],
    [12 * HOUR, 120_000],
    [48 * HOUR, 600_000],
    [30 * 24 * HOUR, 3_600_000],
  ])('an app of %i ms is charted at a %i ms step', (span, step) => {
    expect(resourceStep(span)).toBe(step)
  })

  it('each point is the mean allocation over its bucket, the last bucket ending with the app', () => {
    const series = seriesOfAllocations({ start: 0, end: 25_000 }, [
      { start: 0, end: 25_000, memorySeconds: 100 * 25, vcoreSeconds: 2 * 25 },
      { start: 12_000, end: 17_000, memorySeconds: 300 * 5, vcoreSeconds: 5 },
      { start: 21_000, end: 21_000, memorySeconds: 50, vcoreSeconds: 0 },
    ])
    expect(series.stepMs).toBe(10_000)
    expect(series.allocatedMB).toEqual([
      [0, 100],
      [10_000, 250],
      [20_000, 110],
    ])
    expect(series.allocatedVCores).toEqual([
      [0, 2],
      [10_000, 2.5],
      [20_000, 2],
    ])
  })

  it.each(['spark', 'mr', 'hive', 'tez', 'impala', 'presto'])(
    '%s: the series integrates to memory_seconds and vcore_seconds, two days long within 500 points',
    (kind) => {
      const rec = record(kind, {
        duration: 47 * HOUR,
        start_time: NOW - 48 * HOUR,
        map_tasks: kind === 'mr' ? '300/0/0' : '0/0/0',
        reduce_tasks: kind === 'mr' ? '30/0/0' : '0/0/0',
        vcore_seconds: 47 * 3600 * 24,
        memory_seconds: 47 * 3600 * 24 * 3000,
      })
      const series = deriveResources(rec, NOW)
      const life = appLife(rec, NOW)
      const integral = (points: [number, number][]) =>
        points.reduce((n, [t, v]) => n + (v * (Math.min(t + series.stepMs, life.end) - t)) / 1000, 0)
      expect(series.allocatedMB.length).toBeLessThanOrEqual(MAX_RESOURCE_POINTS)
      expect(Math.abs(integral(series.allocatedMB) / rec.memory_seconds - 1)).toBeLessThan(0.001)
      expect(Math.abs(integral(series.allocatedVCores) / rec.vcore_seconds - 1)).toBeLessThan(0.001)
    },
  )

  it('a running app is charted up to now, not past it', () => {
    const rec = record('spark', { status: 'R', start_time: NOW - 30 * MINUTE, duration: 20 * MINUTE })
    const series = deriveResources(rec, NOW)
    expect(series.endTime).toBe(NOW)
    expect(series.allocatedMB.at(-1)![0]).toBeLessThan(NOW)
  })
})
