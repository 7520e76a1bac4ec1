import {
  BIGQUERY_INSIGHT_KEYS,
  bigQueryInsightBit,
  bigQueryInsightKeysOf,
  type BigQueryInsightKey,
} from '@costlens/shared'
import { describe, expect, it } from 'vitest'
import { jobSavings } from '../src/db/repositories/bigquery-savings.ts'

describe('BigQuery savings (BQS)', () => {
  // The shares themselves are the shared rule's (shared/src/rules/bigquery-savings.test.ts); here, the
  // details' savings of a job as the repository computes them from its mask and bytes.
  it.each<[BigQueryInsightKey[], number, number[], number]>([
    [[], 625, [], 0],
    // SELECT * needs 30 % of the columns: 70 % saved.
    [['SELECT_STAR'], 625, [437.5], 437.5],
    // No partition filter reads 100 daily partitions where 7 would do: 93 % saved; together
    // 625 × (1 − 0.3 × 0.07), not the sum.
    [['SELECT_STAR', 'NO_PARTITION_FILTER'], 625, [437.5, 581.25], 611.875],
    [['REPEATED_CACHE_MISS', 'SELECT_STAR'], 48, [48, 33.6], 48],
  ])('BQS-2, BQS-3 %j on %s cents save %j, together %s', (keys, cost, each, total) => {
    const mask = keys.reduce((m, key) => m | bigQueryInsightBit(key), 0)
    const savings = jobSavings(mask, cost, { bytesProcessed: 10 * 2 ** 40, bytesBilled: 10 * 2 ** 40 })
    expect(savings.insights.map((i) => i.estimatedSavingCents)).toEqual(
      bigQueryInsightKeysOf(mask).map((key) => each[keys.indexOf(key)]),
    )
    expect(savings.total).toBe(total)
  })

  it('BQS-1 every insight has a share in (0, 1], so no saving exceeds its job’s cost', () => {
    for (let mask = 0; mask < 1 << BIGQUERY_INSIGHT_KEYS.length; mask++) {
      const { insights, total } = jobSavings(mask, 1234.5678, { bytesProcessed: 1, bytesBilled: 10_485_760 })
      expect(insights.map((i) => i.key)).toEqual(bigQueryInsightKeysOf(mask))
      expect(total).toBeLessThanOrEqual(1234.5678)
      for (const i of insights) expect(i.estimatedSavingCents).toBeLessThanOrEqual(1234.5678)
    }
  })

  it('reads insight_mask bits in the order of BIGQUERY_INSIGHT_KEYS', () => {
    expect(BIGQUERY_INSIGHT_KEYS.map(bigQueryInsightBit)).toEqual([1, 2, 4, 8, 16])
    expect(bigQueryInsightKeysOf(1 | 16)).toEqual(['SELECT_STAR', 'CROSS_JOIN'])
  })
})
