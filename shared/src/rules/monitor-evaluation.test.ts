import { describe, expect, it } from 'vitest'
import {
  HOUR_MS,
  aggregate,
  alertStep,
  conditionHolds,
  lookbackWindow,
  monitorTicks,
  readWindow,
  runMonitor,
  type HourPoint,
} from './monitor-evaluation.ts'
import { formatMetricValue, monitorMetric } from './monitor-metrics.ts'

const T0 = Date.UTC(2026, 10, 22, 0, 0)
const at = (hours: number, minutes = 0) => T0 + hours * HOUR_MS + minutes * 60_000
/** Hours 0..n-1 from T0 with the given values. */
const series = (...values: number[]): HourPoint[] => values.map((value, i) => ({ start: at(i), value }))

describe('a monitor’s ticks', () => {
  it.each([
    // after, until, every, ticks
    [at(0), at(1), 15, [at(0, 15), at(0, 30), at(0, 45), at(1)]],
    [at(0, 7), at(0, 31), 5, [at(0, 10), at(0, 15), at(0, 20), at(0, 25), at(0, 30)]],
    [at(0), at(0, 59), 60, []],
    [at(0), at(3), 60, [at(1), at(2), at(3)]],
    [at(1), at(1), 5, []],
  ])('(%i, %i] every %i minutes', (after, until, every, ticks) => {
    expect(monitorTicks(after, until, every)).toEqual(ticks)
  })

  it('keeps the latest when more are due than the limit', () => {
    expect(monitorTicks(at(0), at(10), 60, 3)).toEqual([at(8), at(9), at(10)])
  })
})

describe('the hours a tick reads', () => {
  it.each([
    // tick, lookback, offset, window
    [at(5), 1, 0, { from: at(4), to: at(5) }],
    [at(5, 20), 2, 0, { from: at(3), to: at(5) }],
    [at(5, 20), 24, 0, { from: at(-19), to: at(5) }],
    // A grid shifted 10 minutes past the hour (the stored series moved by its read-time shift).
    [at(5, 5), 1, 10 * 60_000, { from: at(3, 10), to: at(4, 10) }],
  ])('at %i over %i h (offset %i)', (tick, lookback, offset, window) => {
    expect(lookbackWindow(tick, lookback, offset)).toEqual(window)
  })

  it('a run reads from its first tick’s lookback to its last tick’s hour', () => {
    expect(readWindow([at(3, 15), at(6)], 2)).toEqual({ from: at(1), to: at(6) })
    expect(readWindow([], 2)).toBeNull()
  })
})

describe('aggregations over a lookback', () => {
  const points = series(4, 1, 7) // hours 0, 1, 2; hour 3 had nothing
  it.each([
    ['sum', { from: at(0), to: at(3) }, 12],
    ['avg', { from: at(0), to: at(3) }, 4],
    ['max', { from: at(0), to: at(3) }, 7],
    // A missing hour counts as 0: the average is over every hour of the lookback.
    ['avg', { from: at(0), to: at(4) }, 3],
    ['sum', { from: at(1), to: at(2) }, 1],
    ['max', { from: at(3), to: at(5) }, 0],
  ] as const)('%s over %o is %d', (aggregation, window, value) => {
    expect(aggregate(points, window, aggregation, 2)).toBe(value)
  })

  it('rounds to the metric’s decimals', () => {
    expect(aggregate(series(0.123456, 1), { from: at(0), to: at(2) }, 'sum', 4)).toBe(1.1235)
    expect(aggregate(series(1, 2), { from: at(0), to: at(2) }, 'avg', 0)).toBe(2)
  })
})

describe('conditions', () => {
  it.each([
    [10, 'above', 5, true],
    [5, 'above', 5, false],
    [4, 'above', 5, false],
    [4, 'below', 5, true],
    [5, 'below', 5, false],
    [6, 'below', 5, false],
  ] as const)('%d %s %d: %s', (value, condition, threshold, holds) => {
    expect(conditionHolds(value, condition, threshold)).toBe(holds)
  })
})

describe('an alert’s transitions', () => {
  it.each([
    // open alert (ACTIVE or ACKNOWLEDGED)?, condition holds?, step
    [false, true, 'open'],
    [false, false, 'keep'],
    [true, true, 'keep'],
    [true, false, 'complete'],
  ] as const)('open %s, holds %s: %s', (open, holds, step) => {
    expect(alertStep(open, holds)).toBe(step)
  })

  it('opens once while the value stays over, completes when it drops, opens again when it rises', () => {
    const run = runMonitor({
      points: series(1, 9, 9, 1, 1, 8),
      ticks: [at(1), at(2), at(3), at(4), at(5), at(6)],
      lookbackHours: 1,
      aggregation: 'sum',
      condition: 'above',
      threshold: 5,
      decimals: 2,
      open: false,
    })
    expect(run.values).toEqual([1, 9, 9, 1, 1, 8])
    expect(run.events).toEqual([
      { kind: 'open', at: at(2), value: 9 },
      { kind: 'complete', at: at(4), value: 1 },
      { kind: 'open', at: at(6), value: 8 },
    ])
  })

  it('an alert already open is completed, not opened again', () => {
    const run = runMonitor({
      points: series(9, 9, 0),
      ticks: [at(1), at(2), at(3)],
      lookbackHours: 1,
      aggregation: 'max',
      condition: 'above',
      threshold: 5,
      decimals: 0,
      open: true,
    })
    expect(run.events).toEqual([{ kind: 'complete', at: at(3), value: 0 }])
  })

  it('a below monitor fires on a quiet lookback', () => {
    const run = runMonitor({
      points: series(3, 3, 0, 0),
      ticks: [at(2), at(4)],
      lookbackHours: 2,
      aggregation: 'avg',
      condition: 'below',
      threshold: 1,
      decimals: 1,
      open: false,
    })
    expect(run.events).toEqual([{ kind: 'open', at: at(4), value: 0 }])
  })
})

describe('the metric catalogue', () => {
  it('each platform has its own metrics; a platform without the page has none', () => {
    expect(monitorMetric('SNOWFLAKE', 'credits')?.unit).toBe('credits')
    expect(monitorMetric('BIGQUERYV2', 'credits')).toBeUndefined()
    expect(monitorMetric('BIGQUERYV2', 'bytes_billed')?.unit).toBe('GiB')
    expect(monitorMetric('K8S', 'cpu_usage')?.unit).toBe('cores')
    expect(monitorMetric('K8S', 'credits')).toBeUndefined()
    expect(monitorMetric('EMR', 'cost')).toBeUndefined()
  })

  it.each([
    [{ unit: 'credits', decimals: 4 }, 12.34567, '12.3457 credits'],
    [{ unit: 'USD', decimals: 2 }, 1234.5, '$1,234.5'],
    [{ unit: 'queries', decimals: 0 }, 3, '3 queries'],
  ])('%o shows %d as %s', (metric, value, text) => {
    expect(formatMetricValue(metric, value)).toBe(text)
  })
})
