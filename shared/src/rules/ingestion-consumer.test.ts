import { describe, expect, it } from 'vitest'
import { consumeHours, splitByWeights } from './ingestion-consumer.ts'

const hours = (...pairs: [number, number][]) =>
  pairs.map(([messagesIn, capacity]) => ({ messagesIn, capacity }))

describe('a consumer group draining a topic', () => {
  it.each([
    [
      'keeps up under its capacity',
      hours([10, 20], [15, 20]),
      0,
      [
        [10, 0],
        [15, 0],
      ],
    ],
    [
      'lags on a burst and drains after',
      hours([50, 20], [10, 20], [0, 20]),
      0,
      [
        [20, 30],
        [20, 20],
        [20, 0],
      ],
    ],
    [
      'piles up while paused',
      hours([10, 0], [10, 0], [10, 40]),
      0,
      [
        [0, 10],
        [0, 20],
        [30, 0],
      ],
    ],
    ['starts from the lag before', hours([0, 5]), 12, [[5, 7]]],
    ['a negative capacity reads as paused', hours([3, -1]), 0, [[0, 3]]],
  ])('%s', (_, given, lagBefore, expected) => {
    const out = consumeHours(given, lagBefore)
    expect(out.map((h) => [h.messagesOut, h.lag])).toEqual(expected)
    // Nothing is lost: what came in is read or waiting.
    const inSum = given.reduce((a, h) => a + h.messagesIn, 0)
    const outSum = out.reduce((a, h) => a + h.messagesOut, 0)
    expect(lagBefore + inSum).toBe(outSum + out.at(-1)!.lag)
  })
})

describe('a count split across partitions', () => {
  it.each([
    [10, [1, 1], [5, 5]],
    [10, [3, 2, 1], [5, 3, 2]],
    [7, [1, 1, 1], [3, 2, 2]],
    [0, [1, 2], [0, 0]],
    [5, [0, 0], [0, 0]],
    [1, [1, 1, 1], [1, 0, 0]],
  ])('%i by %j: %j', (count, weights, parts) => {
    expect(splitByWeights(count, weights)).toEqual(parts)
  })
})
