import { describe, expect, it } from 'vitest'
import {
  BASELINE_DAYS,
  SENSITIVITY_SPREADS,
  gradeOf,
  median,
  robustSpread,
  scoreHourlySeries,
} from './anomaly-scoring.ts'

const DAYS = BASELINE_DAYS + 1
const k = SENSITIVITY_SPREADS.medium
/** A day-periodic series with a little deterministic noise, `days` long. */
const seasonal = (days: number) =>
  Array.from({ length: days * 24 }, (_, i) => 100 + 50 * Math.sin(((i % 24) / 24) * 2 * Math.PI) + (i % 7))
const lastDay = (values: number[], historyStart = 0) =>
  scoreHourlySeries(values, { from: values.length - 24, historyStart, k })
const anomalies = (values: number[], historyStart = 0) =>
  lastDay(values, historyStart).filter((h) => h.grade > 0)

describe('robust statistics', () => {
  it.each([
    [[], 0],
    [[3], 3],
    [[1, 9, 2], 2],
    [[4, 1, 3, 2], 2.5],
  ])('median of %j is %d', (values, expected) => expect(median(values)).toBe(expected))

  it.each([
    ['a flat series has no spread', [5, 5, 5, 5], 0],
    ['mostly idle hours fall back to the mean deviation (MAD 0)', [0, 0, 0, 8], 1.2533 * 2],
    ['evenly spread data reads the larger estimate', [1, 2, 3, 4, 5], 1.2533 * 1.2],
  ])('%s', (_, values, spread) => expect(robustSpread(values)).toBeCloseTo(spread, 4))
})

describe('gradeOf, at 6 spreads', () => {
  it.each([
    ['inside the band', 105, 100, 10, 0],
    ['at the band edge', 160, 100, 10, 0],
    ['twice the band away', 220, 100, 10, 0.5],
    ['a dip below the band', -20, 100, 10, 0.5],
    ['no spread, no change', 5, 5, 0, 0],
    ['no spread, any change', 6, 5, 0, 1],
  ])('%s', (_, actual, expected, spread, grade) =>
    expect(gradeOf(actual, expected, spread, 6).grade).toBeCloseTo(grade, 6),
  )
})

describe('scoreHourlySeries', () => {
  it('finds nothing in a flat series', () => {
    expect(anomalies(Array.from({ length: DAYS * 24 }, () => 7))).toEqual([])
  })

  it('finds nothing in a series that repeats its day', () => {
    expect(anomalies(seasonal(DAYS))).toEqual([])
  })

  it('grades a spike near 1, expects the usual value and is confident with full history', () => {
    const values = seasonal(DAYS)
    values[values.length - 5] = 5000
    const [spike, ...rest] = anomalies(values)
    expect(rest).toEqual([])
    expect(spike).toMatchObject({ index: values.length - 5, actual: 5000, confidence: 1 })
    expect(spike!.grade).toBeGreaterThan(0.9)
    expect(Math.abs(spike!.expected - seasonal(DAYS)[values.length - 5]!)).toBeLessThan(7)
  })

  it('flags a dip below the band', () => {
    const values = seasonal(DAYS).map((v) => v * 10)
    values[values.length - 10] = 0
    const found = anomalies(values)
    expect(found.map((h) => h.index)).toEqual([values.length - 10])
    expect(found[0]!.actual).toBeLessThan(found[0]!.lower)
  })

  it('handles MAD 0: an idle series that wakes up grades 1', () => {
    const values = Array.from({ length: DAYS * 24 }, () => 0)
    values[values.length - 3] = 2
    const found = anomalies(values)
    expect(found).toHaveLength(1)
    expect(found[0]).toMatchObject({ grade: 1, expected: 0, upper: 0 })
  })

  it('is not confident with a short history, and scores nothing without any', () => {
    const values = seasonal(DAYS)
    values[values.length - 5] = 5000
    const young = lastDay(values, values.length - 24 * 4)
    expect(young.find((h) => h.index === values.length - 5)).toMatchObject({ confidence: 3 / BASELINE_DAYS })
    const newborn = lastDay(values, values.length - 24)
    expect(newborn.every((h) => h.grade === 0 && h.confidence === 0)).toBe(true)
  })

  it('flags fewer hours as the sensitivity falls', () => {
    const values = seasonal(DAYS)
    values.splice(values.length - 6, 3, 400, 600, 2000)
    const count = (spreads: number) =>
      scoreHourlySeries(values, { from: values.length - 24, historyStart: 0, k: spreads }).filter(
        (h) => h.grade > 0,
      ).length
    expect(count(SENSITIVITY_SPREADS.high)).toBeGreaterThanOrEqual(count(SENSITIVITY_SPREADS.medium))
    expect(count(SENSITIVITY_SPREADS.medium)).toBeGreaterThanOrEqual(count(SENSITIVITY_SPREADS.low))
    expect(count(SENSITIVITY_SPREADS.low)).toBeGreaterThan(0)
  })
})
