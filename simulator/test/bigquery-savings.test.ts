import { BIGQUERY_INSIGHT_KEYS, type BigQueryInsightKey } from '@costlens/shared'
import { describe, expect, it } from 'vitest'
import {
  bigQueryInsightBit,
  bigQueryInsightKeysOf,
  insightSaving,
  jobSavings,
  totalSaving,
} from '../src/db/repositories/bigquery-savings.ts'

describe('BigQuery savings (BQS)', () => {
  it.each<[BigQueryInsightKey, number, number]>([
    ['SELECT_STAR', 625, 312.5],
    ['NO_PARTITION_FILTER', 625, 437.5],
    ['REPEATED_CACHE_MISS', 48, 48],
    ['TINY_QUERY_FLOOD', 0.006, 0.0048],
    ['CROSS_JOIN', 96, 57.6],
    ['SELECT_STAR', 0, 0],
    // 4 decimals, rounded down: a saving is never rounded up past the cost.
    ['SELECT_STAR', 0.0001, 0],
    ['REPEATED_CACHE_MISS', 0.0001, 0.0001],
  ])('BQS-2 %s saves its share of %s cents: %s', (key, cost, saving) => {
    expect(insightSaving(key, cost)).toBe(saving)
  })

  it.each<[BigQueryInsightKey[], number, number]>([
    [[], 625, 0],
    [['SELECT_STAR'], 625, 312.5],
    // The fixes overlap: 625 × (1 − 0.5 × 0.3) = 531.25, not 312.5 + 437.5.
    [['SELECT_STAR', 'NO_PARTITION_FILTER'], 625, 531.25],
    [['REPEATED_CACHE_MISS', 'SELECT_STAR'], 48, 48],
    [[...BIGQUERY_INSIGHT_KEYS], 100, 100],
  ])('BQS-3 %j together save %s → %s cents, never above the cost', (keys, cost, total) => {
    expect(totalSaving(keys, cost)).toBe(total)
    expect(totalSaving(keys, cost)).toBeLessThanOrEqual(cost)
  })

  it('BQS-1 every insight has a share in (0, 1], so no saving exceeds its job’s cost', () => {
    for (let mask = 0; mask < 1 << BIGQUERY_INSIGHT_KEYS.length; mask++) {
      const { insights, total } = jobSavings(mask, 1234.5678)
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
