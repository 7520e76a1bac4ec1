/*
 * The anomaly rule of /osd_anomalies (issue 23): a seasonal robust baseline per entity over an
 * hourly series, in the spirit of OpenSearch Anomaly Detection's results (grade and confidence in
 * 0-1, actual against expected), without its random cut forest: the same series always gives the
 * same anomalies, and the rule can be said in three lines.
 *
 * - expected: the median of the same hour of the previous BASELINE_DAYS days (daily seasonality:
 *   a warehouse busy every night at 02:00 is not anomalous at 02:00);
 * - spread: a robust sigma of those days' hours less their hour of day's median (the noise left
 *   once the daily shape is out), re-estimated once per UTC day: max(1.4826·MAD, 1.2533·mean
 *   absolute deviation), both about the median. For normal data the two
 *   agree (each estimates sigma); for bursty series whose hours are mostly idle the MAD is 0 or tiny
 *   and the mean deviation keeps ordinary bursts from all reading as anomalies (the fallback
 *   IBM's modified z-score uses when MAD is 0);
 * - score = |actual − expected| / (k·spread), k from the detector's sensitivity; an hour is an
 *   anomaly when its score is above 1, and its grade is 1 − 1/score (0 at the band's edge, towards
 *   1 for a spike many bands away). A spread of 0 (a flat history) makes any change grade 1;
 * - confidence: the share of the BASELINE_DAYS the entity had history for at that hour (a warehouse
 *   that first ran 3 days ago: 3/14), so a young entity's anomalies read as the guesses they are.
 */

/** Days of history the baseline reads before each hour. */
export const BASELINE_DAYS = 14
const HOURS_PER_DAY = 24
/** MAD × 1.4826 and mean absolute deviation × 1.2533 both estimate a normal sigma. */
const MAD_TO_SIGMA = 1.4826
const MEAN_DEVIATION_TO_SIGMA = 1.2533

/** How far from the baseline an hour must be: k spreads. Higher sensitivity, smaller k. */
export const ANOMALY_SENSITIVITIES = ['low', 'medium', 'high'] as const
export type AnomalySensitivity = (typeof ANOMALY_SENSITIVITIES)[number]
export const SENSITIVITY_SPREADS: Readonly<Record<AnomalySensitivity, number>> = {
  low: 12,
  medium: 8,
  high: 5,
}
export const SENSITIVITY_LABELS: Readonly<Record<AnomalySensitivity, string>> = {
  low: 'Low (12 spreads)',
  medium: 'Medium (8 spreads)',
  high: 'High (5 spreads)',
}

/** One hour of a scored series. */
export interface ScoredHour {
  /** The hour's index in the series given. */
  index: number
  actual: number
  expected: number
  /** The band an hour may move in without being an anomaly: expected ± k·spread, never below 0. */
  lower: number
  upper: number
  /** |actual − expected| / (k·spread); Infinity when the spread is 0 and the hour moved. */
  score: number
  /** 0 unless an anomaly; then 1 − 1/score, in (0, 1]. */
  grade: number
  /** In [0, 1]: the share of BASELINE_DAYS of history the baseline had. */
  confidence: number
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return 0
  // A typed array sorts numerically without a comparator: several times faster on the thousands of
  // medians a month of ten entities takes.
  const sorted = Float64Array.from(values).sort()
  const mid = sorted.length >> 1
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

/** A robust sigma of the values: max(1.4826·MAD, 1.2533·mean absolute deviation) about the median. */
export function robustSpread(values: readonly number[]): number {
  if (values.length === 0) return 0
  const centre = median(values)
  const deviations = values.map((v) => Math.abs(v - centre))
  const meanDeviation = deviations.reduce((sum, d) => sum + d, 0) / deviations.length
  return Math.max(MAD_TO_SIGMA * median(deviations), MEAN_DEVIATION_TO_SIGMA * meanDeviation)
}

/** An hour's score and grade against its expected value and spread (k spreads to the band's edge). */
export function gradeOf(actual: number, expected: number, spread: number, k: number) {
  const distance = Math.abs(actual - expected)
  const score = spread > 0 ? distance / (k * spread) : distance === 0 ? 0 : Infinity
  return { score, grade: score > 1 ? 1 - 1 / score : 0 }
}

/**
 * The hours of [first, end) less their hour of day's median over the same hours: what is left of the
 * history once its daily shape is taken out, whose spread is the baseline's noise.
 */
function residuals(values: readonly number[], first: number, end: number): number[] {
  const left: number[] = []
  for (let hour = 0; hour < Math.min(HOURS_PER_DAY, end - first); hour++) {
    const same: number[] = []
    for (let i = first + hour; i < end; i += HOURS_PER_DAY) same.push(values[i]!)
    const centre = median(same)
    for (const v of same) left.push(v - centre)
  }
  return left
}

export interface ScoreOptions {
  /** Index of the first hour to score; the hours before it are history only. */
  from: number
  /** Index of the entity's first hour of history (its first activity): earlier hours are not its. */
  historyStart: number
  k: number
  /** Hours per day boundary offset: index i starts a UTC day when (i + dayOffset) % 24 === 0. */
  dayOffset?: number
}

/**
 * Scores each hour of `values` from `options.from` on (values: one per hour, oldest first, 0 where
 * nothing ran), each against the BASELINE_DAYS before it.
 */
export function scoreHourlySeries(values: readonly number[], options: ScoreOptions): ScoredHour[] {
  const { from, k, dayOffset = 0 } = options
  const historyStart = Math.max(0, options.historyStart)
  const spreadByDay = new Map<number, number>()
  const spreadFor = (index: number) => {
    const dayStart = index - ((((index + dayOffset) % HOURS_PER_DAY) + HOURS_PER_DAY) % HOURS_PER_DAY)
    let spread = spreadByDay.get(dayStart)
    if (spread === undefined) {
      spread = robustSpread(
        residuals(values, Math.max(historyStart, dayStart - BASELINE_DAYS * HOURS_PER_DAY), dayStart),
      )
      spreadByDay.set(dayStart, spread)
    }
    return spread
  }
  const scored: ScoredHour[] = []
  for (let index = Math.max(0, from); index < values.length; index++) {
    const actual = values[index]!
    const sameHours: number[] = []
    for (let day = 1; day <= BASELINE_DAYS; day++) {
      const earlier = index - day * HOURS_PER_DAY
      if (earlier < historyStart) break
      sameHours.push(values[earlier]!)
    }
    const confidence = sameHours.length / BASELINE_DAYS
    if (sameHours.length === 0) {
      scored.push({
        index,
        actual,
        expected: actual,
        lower: actual,
        upper: actual,
        score: 0,
        grade: 0,
        confidence,
      })
      continue
    }
    const expected = median(sameHours)
    const spread = spreadFor(index)
    const { score, grade } = gradeOf(actual, expected, spread, k)
    scored.push({
      index,
      actual,
      expected,
      lower: Math.max(0, expected - k * spread),
      upper: expected + k * spread,
      score,
      grade,
      confidence,
    })
  }
  return scored
}
