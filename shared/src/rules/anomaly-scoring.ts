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
  return medianInPlace(new Float64Array(values), values.length)
}

/** A robust sigma of the values: max(1.4826·MAD, 1.2533·mean absolute deviation) about the median. */
export function robustSpread(values: readonly number[]): number {
  const n = values.length
  return spreadOf(new Float64Array(values), n, new Float64Array(n))
}

/**
 * The median of the first `n` values of `buffer`, which it reorders: the middle order statistics,
 * found by selection (Wirth's variant of Hoare's, linear on average) rather than a full sort, since a
 * month of ten entities takes thousands of medians. The same values any sort puts in the middle.
 */
function medianInPlace(buffer: Float64Array, n: number): number {
  if (n === 0) return 0
  const mid = n >> 1
  const upper = selectInPlace(buffer, n, mid)
  if (n % 2) return upper
  // Selection leaves every value before `mid` at most the one at it: the lower middle is their largest.
  let lower = buffer[0]!
  for (let i = 1; i < mid; i++) if (buffer[i]! > lower) lower = buffer[i]!
  return (lower + upper) / 2
}

/** The k-th smallest of the first `n` values, left at index k with none larger before it, none smaller after. */
function selectInPlace(a: Float64Array, n: number, k: number): number {
  let lo = 0
  let hi = n - 1
  while (lo < hi) {
    const pivot = a[k]!
    let i = lo
    let j = hi
    do {
      while (a[i]! < pivot) i++
      while (pivot < a[j]!) j--
      if (i <= j) {
        const t = a[i]!
        a[i] = a[j]!
        a[j] = t
        i++
        j--
      }
    } while (i <= j)
    if (j < k) lo = i
    if (k < i) hi = j
  }
  return a[k]!
}

/**
 * robustSpread of the first `n` values of `values` (left as they are), with `scratch` (as long) to
 * sort in. The mean deviation adds the deviations up in the values' order, as the rule always has,
 * so the sum is the same to the last bit.
 */
function spreadOf(values: Float64Array, n: number, scratch: Float64Array): number {
  if (n === 0) return 0
  scratch.set(values.subarray(0, n))
  const centre = medianInPlace(scratch, n)
  let sum = 0
  for (let i = 0; i < n; i++) {
    const deviation = Math.abs(values[i]! - centre)
    scratch[i] = deviation
    sum += deviation
  }
  return Math.max(MAD_TO_SIGMA * medianInPlace(scratch, n), MEAN_DEVIATION_TO_SIGMA * (sum / n))
}

/** An hour's score and grade against its expected value and spread (k spreads to the band's edge). */
export function gradeOf(actual: number, expected: number, spread: number, k: number) {
  const distance = Math.abs(actual - expected)
  const score = spread > 0 ? distance / (k * spread) : distance === 0 ? 0 : Infinity
  return { score, grade: score > 1 ? 1 - 1 / score : 0 }
}

/** Scratch space of one series' scoring, allocated once per call rather than per hour. */
interface Buffers {
  /** An hour's baseline: the same hour of up to BASELINE_DAYS days. */
  sameHours: Float64Array
  /** A day's residuals (up to BASELINE_DAYS × 24) and room to sort them. */
  residuals: Float64Array
  sorted: Float64Array
  /** The median of each hour of day over the residuals' days, from the first hour they start at. */
  centres: Float64Array
}

/**
 * The robust spread of the hours of [first, end) less their hour of day's median over the same
 * hours: the noise left in the history once its daily shape is out. The residuals are listed hour
 * of day by hour of day from `first`, each in time order (the order the mean deviation sums in).
 * With `centresKnown`, buffers.centres already holds the medians (a whole window's, see Baselines).
 */
function residualSpread(
  values: ArrayLike<number>,
  first: number,
  end: number,
  buffers: Buffers,
  centresKnown = false,
): number {
  const { sameHours, residuals, sorted, centres } = buffers
  let count = 0
  for (let hour = 0; hour < Math.min(HOURS_PER_DAY, end - first); hour++) {
    if (!centresKnown) {
      let n = 0
      for (let i = first + hour; i < end; i += HOURS_PER_DAY) sameHours[n++] = values[i]!
      centres[hour] = medianInPlace(sameHours, n)
    }
    const centre = centres[hour]!
    for (let i = first + hour; i < end; i += HOURS_PER_DAY) residuals[count++] = values[i]! - centre
  }
  return spreadOf(residuals, count, sorted)
}

/**
 * The same hours of the whole BASELINE_DAYS before a day, kept sorted hour of day by hour of day
 * as the days go by: the next day drops each hour's oldest value and takes the last day's, a few
 * moves in a sorted row rather than fourteen values ordered afresh.
 */
class Baselines {
  private readonly sorted = new Float64Array(HOURS_PER_DAY * BASELINE_DAYS)
  private dayStart = NaN

  /** Sets centres[h] to the median of the same hour h of the BASELINE_DAYS before `dayStart`. */
  centres(values: ArrayLike<number>, dayStart: number, centres: Float64Array): void {
    const { sorted } = this
    const span = BASELINE_DAYS * HOURS_PER_DAY
    const slides = this.dayStart === dayStart - HOURS_PER_DAY
    const mid = BASELINE_DAYS >> 1
    for (let hour = 0; hour < HOURS_PER_DAY; hour++) {
      const base = hour * BASELINE_DAYS
      const end = base + BASELINE_DAYS
      let at = base
      if (slides) {
        const dropped = values[dayStart - HOURS_PER_DAY - span + hour]!
        while (at < end && sorted[at] !== dropped) at++
      }
      if (slides && at < end) {
        const added = values[dayStart - HOURS_PER_DAY + hour]!
        while (at + 1 < end && sorted[at + 1]! < added) sorted[at] = sorted[++at]!
        while (at > base && sorted[at - 1]! > added) sorted[at] = sorted[--at]!
        sorted[at] = added
      } else {
        // The first whole day (or a value that cannot be found again, as NaN): its days in order.
        for (let day = 0; day < BASELINE_DAYS; day++)
          sorted[base + day] = values[dayStart - span + hour + day * HOURS_PER_DAY]!
        sorted.subarray(base, end).sort()
      }
      centres[hour] =
        BASELINE_DAYS % 2 ? sorted[base + mid]! : (sorted[base + mid - 1]! + sorted[base + mid]!) / 2
    }
    this.dayStart = dayStart
  }
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
export function scoreHourlySeries(values: ArrayLike<number>, options: ScoreOptions): ScoredHour[] {
  const { from, k, dayOffset = 0 } = options
  const historyStart = Math.max(0, options.historyStart)
  const window = BASELINE_DAYS * HOURS_PER_DAY
  const buffers: Buffers = {
    sameHours: new Float64Array(BASELINE_DAYS),
    residuals: new Float64Array(window),
    sorted: new Float64Array(window),
    centres: new Float64Array(HOURS_PER_DAY),
  }
  const baselines = new Baselines()
  // The spread is re-estimated once per UTC day; hours come in time order, so one day at a time.
  let dayStart = NaN
  let spread = 0
  // Whether the day's spread read its whole BASELINE_DAYS: then its hour-of-day medians are the
  // very medians of the day's hours' baselines (the same hours of the same days), not computed twice.
  let wholeWindow = false
  const scored: ScoredHour[] = []
  for (let index = Math.max(0, from); index < values.length; index++) {
    const actual = values[index]!
    const hourOfDay = (((index + dayOffset) % HOURS_PER_DAY) + HOURS_PER_DAY) % HOURS_PER_DAY
    if (index - hourOfDay !== dayStart) {
      dayStart = index - hourOfDay
      const first = Math.max(historyStart, dayStart - window)
      wholeWindow = first === dayStart - window
      if (wholeWindow) baselines.centres(values, dayStart, buffers.centres)
      spread = residualSpread(values, first, dayStart, buffers, wholeWindow)
    }
    // A whole window has each hour's BASELINE_DAYS same hours; otherwise they stop at the history's start.
    let n = wholeWindow ? BASELINE_DAYS : 0
    if (!wholeWindow)
      for (
        let earlier = index - HOURS_PER_DAY;
        n < BASELINE_DAYS && earlier >= historyStart;
        earlier -= HOURS_PER_DAY
      )
        buffers.sameHours[n++] = values[earlier]!
    const confidence = n / BASELINE_DAYS
    if (n === 0) {
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
    const expected = wholeWindow ? buffers.centres[index - dayStart]! : medianInPlace(buffers.sameHours, n)
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
