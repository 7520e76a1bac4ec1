/*
 * How the product's loader drains an ingestion topic (issue 23 /manage/kafka_consumption): each hour
 * the runs publish their rows (messages in) and the consumer group reads at most its capacity; what it
 * cannot read waits as lag. So a burst (a catch-up after a failed run, a daily snapshot) grows the lag
 * and the following quiet hours drain it, and a paused group lets it pile up.
 */

/** One hour of a topic as the group saw it. */
export interface ConsumedHour {
  messagesIn: number
  messagesOut: number
  /** Messages left unread at the hour's end. */
  lag: number
}

/**
 * The hours of a topic in order, from the lag before the first: out = min(lag before + in, capacity
 * of the hour), lag after = lag before + in − out. A capacity of 0 is a paused group (a rebalance).
 */
export function consumeHours(
  hours: readonly { messagesIn: number; capacity: number }[],
  lagBefore = 0,
): ConsumedHour[] {
  let lag = lagBefore
  return hours.map(({ messagesIn, capacity }) => {
    const waiting = lag + messagesIn
    const messagesOut = Math.min(waiting, Math.max(0, capacity))
    lag = waiting - messagesOut
    return { messagesIn, messagesOut, lag }
  })
}

/**
 * A count split across partitions by their weights (a producer's key hashing is never even), in whole
 * messages that add up to the count: largest remainders take the leftovers, lower partitions first.
 */
export function splitByWeights(count: number, weights: readonly number[]): number[] {
  const total = weights.reduce((a, b) => a + b, 0)
  if (total <= 0 || count <= 0) return weights.map(() => 0)
  const exact = weights.map((w) => (count * w) / total)
  const parts = exact.map(Math.floor)
  let left = count - parts.reduce((a, b) => a + b, 0)
  const order = exact.map((e, i) => ({ i, r: e - Math.floor(e) })).sort((a, b) => b.r - a.r || a.i - b.i)
  for (const { i } of order) {
    if (left <= 0) break
    parts[i]! += 1
    left -= 1
  }
  return parts
}
