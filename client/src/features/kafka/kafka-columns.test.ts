import { describe, expect, it } from 'vitest'
import { groupStateWords } from './kafka-columns.tsx'
import { unitFormat } from './kafka-units.ts'

describe('the Kafka pages write each figure with its unit', () => {
  it.each([
    ['bytes/s', 5 * 1024 ** 2, '5.00 MB/s'],
    ['bytes', 25 * 1024 ** 3, '25.00 GB'],
    ['messages/s', 4_200.54, '4,200.5 messages/s'],
    ['requests/s', 12, '12 requests/s'],
    ['%', 82.5, '82.50%'],
    ['ms', 12.345, '12.35 ms'],
    ['messages', 12_500, '12,500 messages'],
    ['offset', 1_250_000, '1,250,000'],
    ['count', 3, '3'],
  ])('%s: %d reads %s', (unit, value, text) => {
    expect(unitFormat(unit)(value)).toBe(text)
  })

  it.each([
    ['Stable', 'Stable'],
    ['PreparingRebalance', 'Preparing rebalance'],
    ['CompletingRebalance', 'Completing rebalance'],
  ])('the group state %s reads %s', (state, words) => {
    expect(groupStateWords(state)).toBe(words)
  })
})
