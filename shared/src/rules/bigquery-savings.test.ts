import { describe, expect, it } from 'vitest'
import { BIGQUERY_INSIGHT_KEYS } from '../contracts/bigquery.ts'
import {
  bigQueryInsightSavingCents,
  bigQuerySavingShare,
  bigQueryTotalSavingCents,
} from './bigquery-savings.ts'

const MB = 2 ** 20

describe('BigQuery insight savings are shares of the job cost (DOMAIN.md §2)', () => {
  it.each([
    ['SELECT_STAR', { bytesProcessed: 100, bytesBilled: 100 }, 0.7],
    ['SELECT_STAR', { bytesProcessed: 100, bytesBilled: 100, neededColumnShare: 0.1 }, 0.9],
    ['NO_PARTITION_FILTER', { bytesProcessed: 1, bytesBilled: 1, partitionsRead: 700 }, 0.99],
    ['NO_PARTITION_FILTER', { bytesProcessed: 1, bytesBilled: 1, partitionsRead: 5 }, 0],
    ['NO_PARTITION_FILTER', { bytesProcessed: 1, bytesBilled: 1 }, 0],
    ['REPEATED_CACHE_MISS', { bytesProcessed: 1, bytesBilled: 1 }, 1],
    ['TINY_QUERY_FLOOD', { bytesProcessed: MB, bytesBilled: 10 * MB }, 0.9],
    ['TINY_QUERY_FLOOD', { bytesProcessed: 0, bytesBilled: 0 }, 0],
    ['CROSS_JOIN', { bytesProcessed: 1, bytesBilled: 1 }, 0.8],
  ] as const)('%s with %o saves %s of the cost', (key, facts, share) => {
    expect(bigQuerySavingShare(key, facts)).toBeCloseTo(share, 10)
  })

  it('every insight has a share in [0, 1]', () => {
    for (const key of BIGQUERY_INSIGHT_KEYS) {
      const share = bigQuerySavingShare(key, { bytesProcessed: 5, bytesBilled: 10 * MB, partitionsRead: 30 })
      expect(share, key).toBeGreaterThanOrEqual(0)
      expect(share, key).toBeLessThanOrEqual(1)
    }
  })
})

describe('a BigQuery saving never exceeds the job cost', () => {
  it.each([
    // job cost cents, share → saving cents
    [12.3456, 0.5, 6.1728],
    [12.3456, 1, 12.3456],
    [12.3456, 1.7, 12.3456],
    [12.3456, -1, 0],
    [12.3456, Number.NaN, 0],
    [0, 0.9, 0],
    [-3, 0.5, 0],
  ])('cost %s¢ × share %s = %s¢', (cost, share, saving) => {
    const s = bigQueryInsightSavingCents(cost, share)
    expect(s).toBe(saving)
    expect(s).toBeLessThanOrEqual(Math.max(0, cost))
  })

  it.each([
    [100, [0.6, 0.5], 80],
    [100, [0.7, 1], 100],
    [100, [0.7, 0.8, 0.9], 99.4],
    [100, [], 0],
    [3.3333, [0.5, 0.5], 2.5],
  ])('cost %s¢ with fixes %o saves %s¢ together', (cost, shares, saving) => {
    const s = bigQueryTotalSavingCents(cost, shares)
    expect(s).toBeCloseTo(saving, 4)
    expect(s).toBeLessThanOrEqual(cost)
  })
})
