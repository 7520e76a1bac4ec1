/**
 * Task times without task rows. The finished tasks of a stage (or a MapReduce phase) take times
 * median × ratio(rank), rank 0 the quickest; task i has rank rankOf(i), a fixed permutation. So a
 * stage's quantiles are read off the ranks, and any task is computed from its index alone.
 */

/** A task's time against its stage's median, at rank u in (0, 1): a narrow body, a short tail. */
function taskShape(u: number): number {
  const u2 = u * u
  const u4 = u2 * u2
  return 0.75 + 0.5 * u + 0.15 * u4 * u4
}

/** How a stage's times spread: its `skewTop` slowest tasks run about `skewFactor` × the median. */
export interface TaskSpread {
  skewTop: number
  skewFactor: number
}

export const EVEN_SPREAD: TaskSpread = { skewTop: 0, skewFactor: 1 }

/** The time of rank `rank` of `n` finished tasks, against the median. */
export function ratioAt(spread: TaskSpread, rank: number, n: number): number {
  const fromTop = n - 1 - rank
  if (fromTop < spread.skewTop) return spread.skewFactor * (1 - 0.05 * fromTop)
  return taskShape((rank + 0.5) / n)
}

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b))

/** A permutation of 0 … n-1 (i ↦ (a·i + salt) mod n): the rank of task i's time among n. */
export function rankOf(index: number, n: number, salt: number): number {
  if (n <= 1) return 0
  let a = Math.floor(n * 0.618) + 1
  while (gcd(a, n) !== 1) a++
  return (index * a + salt) % n
}

/**
 * The largest median at which `n` tasks, run `slots` at a time, fit in `wall` ms: the slowest
 * within the wall, and the waves of mean tasks within nine tenths of it.
 */
export function fittingMedian(spread: TaskSpread, n: number, slots: number, wall: number): number {
  if (n === 0 || wall <= 0) return 0
  const waves = Math.ceil(n / Math.max(1, slots))
  let ratioSum = 0
  for (let k = 0; k < n; k++) ratioSum += ratioAt(spread, k, n)
  const slowest = ratioAt(spread, n - 1, n)
  return Math.max(0, Math.min((wall * 0.97) / slowest, (wall * 0.9) / (waves * (ratioSum / n))))
}

/** The time (ms) of the finished task of rank `rank` among n. */
export const timeAt = (spread: TaskSpread, median: number, rank: number, n: number) =>
  Math.round(median * ratioAt(spread, rank, n))

/** Σ of the n finished tasks' times. */
export function totalTime(spread: TaskSpread, median: number, n: number): number {
  let sum = 0
  for (let k = 0; k < n; k++) sum += timeAt(spread, median, k, n)
  return sum
}

/** The time at quantile q of the n finished tasks, interpolated between ranks. */
export function timeQuantile(spread: TaskSpread, median: number, n: number, q: number): number {
  if (n === 0) return 0
  const pos = q * (n - 1)
  const lo = Math.floor(pos)
  const hi = Math.min(n - 1, lo + 1)
  const a = timeAt(spread, median, lo, n)
  return Math.round(a + (timeAt(spread, median, hi, n) - a) * (pos - lo))
}
