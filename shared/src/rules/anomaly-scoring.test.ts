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

/** Median and spread by plain sorting, as the rule was first written. */
const sortedMedian = (xs: readonly number[]) => {
  if (xs.length === 0) return 0
  const s = [...xs].sort((a, b) => a - b)
  const mid = s.length >> 1
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2
}
const referenceSpread = (xs: readonly number[]) => {
  if (xs.length === 0) return 0
  const centre = sortedMedian(xs)
  const deviations = xs.map((v) => Math.abs(v - centre))
  const mean = deviations.reduce((sum, d) => sum + d, 0) / deviations.length
  return Math.max(1.4826 * sortedMedian(deviations), 1.2533 * mean)
}

/**
 * The rule as first written, sort by sort and day by day from scratch: the scoring, made faster
 * (selection, buffers, medians shared between a day's baselines and its residuals), must give the
 * very same numbers, to the last bit.
 */
function referenceScores(
  values: readonly number[],
  from: number,
  historyStart: number,
  k: number,
  dayOffset: number,
) {
  const daySpread = (dayStart: number) => {
    const first = Math.max(historyStart, dayStart - BASELINE_DAYS * 24)
    const left: number[] = []
    for (let hour = 0; hour < Math.min(24, dayStart - first); hour++) {
      const same: number[] = []
      for (let i = first + hour; i < dayStart; i += 24) same.push(values[i]!)
      const centre = sortedMedian(same)
      for (const v of same) left.push(v - centre)
    }
    return referenceSpread(left)
  }
  return values.slice(from).map((actual, i) => {
    const index = from + i
    const same: number[] = []
    for (let day = 1; day <= BASELINE_DAYS && index - day * 24 >= historyStart; day++)
      same.push(values[index - day * 24]!)
    const confidence = same.length / BASELINE_DAYS
    if (same.length === 0)
      return { index, actual, expected: actual, lower: actual, upper: actual, score: 0, grade: 0, confidence }
    const expected = sortedMedian(same)
    const spread = daySpread(index - ((((index + dayOffset) % 24) + 24) % 24))
    const { score, grade } = gradeOf(actual, expected, spread, k)
    const band = { lower: Math.max(0, expected - k * spread), upper: expected + k * spread }
    return { index, actual, expected, ...band, score, grade, confidence }
  })
}

describe('scoreHourlySeries against the rule as first written', () => {
  /** A deterministic series: a daily shape, noise, idle stretches and bursts, as the seeded hours are. */
  const series = (days: number, seed: number) => {
    let state = seed
    const next = () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648
    return Array.from({ length: days * 24 }, (_, i) => {
      const r = next()
      if (r < 0.35) return 0
      if (r > 0.97) return Math.round(next() * 5000) / 100
      return Math.round((20 + 10 * Math.sin((i % 24) / 3.8) + next() * 6) * 10_000) / 10_000
    })
  }

  it.each([
    ['a month after two weeks of history', 44, 0, 14 * 24, 5],
    ['a young entity: history from day 20', 44, 20 * 24 + 7, 14 * 24, 0],
    ['history starting inside the range', 30, 16 * 24 + 3, 14 * 24, 13],
    ['a day and a half', 16, 0, 14 * 24 + 9, 21],
    ['no history at all', 20, 30 * 24, 14 * 24, 2],
  ])('%s', (_, days, historyStart, from, dayOffset) => {
    for (const [seed, k] of [
      [1, SENSITIVITY_SPREADS.low],
      [2, SENSITIVITY_SPREADS.medium],
      [3, SENSITIVITY_SPREADS.high],
    ] as const) {
      const values = series(days, seed * 31 + days)
      expect(scoreHourlySeries(values, { from, historyStart, k, dayOffset })).toEqual(
        referenceScores(values, from, historyStart, k, dayOffset),
      )
    }
  })

  it('the exported median and robust spread agree with plain sorting, odd and even', () => {
    for (const values of [series(3, 9), series(3, 9).slice(1), series(1, 4).slice(0, 13)]) {
      expect(median(values)).toBe(sortedMedian(values))
      expect(robustSpread(values)).toBe(referenceSpread(values))
    }
  })
})
