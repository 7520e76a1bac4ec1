import { describe, expect, it } from 'vitest'
import {
  BIGQUERY_MB,
  BIGQUERY_TIB,
  bigQueryBilledBytes,
  bigQueryOnDemandCostE4,
  bigQuerySlotCostE4,
  bigQuerySlotHourRate,
} from './bigquery-billing.ts'

const MB = BIGQUERY_MB

describe('BigQuery on-demand billing (DOMAIN.md §2 BQ3: rounded up to the MB, 10 MB per query and per table)', () => {
  it.each([
    // bytes processed, tables referenced → bytes billed
    [0, 1, 10 * MB],
    [1, 1, 10 * MB],
    [50 * 1024, 0, 10 * MB],
    [10 * MB, 1, 10 * MB],
    [10 * MB + 1, 1, 11 * MB],
    [15 * MB, 3, 30 * MB],
    [31 * MB - 5, 3, 31 * MB],
    [2 * BIGQUERY_TIB, 2, 2 * BIGQUERY_TIB],
  ])('BQ3 %s bytes over %s tables bill %s bytes', (processed, tables, billed) => {
    expect(bigQueryBilledBytes(processed, tables)).toBe(billed)
  })

  it.each([
    // bytes billed → cents × 10,000 ($6.25 a TiB = 625 cents)
    [BIGQUERY_TIB, 6_250_000],
    [10 * MB, 60],
    [0, 0],
    [BIGQUERY_TIB / 4, 1_562_500],
  ])('BQ1 %s bytes billed cost %s cents×10^4', (bytes, costE4) => {
    expect(bigQueryOnDemandCostE4(bytes)).toBe(costE4)
  })
})

describe('BigQuery editions (DOMAIN.md §2 BQ5: $/slot-hour, commitments −20 % / −40 %)', () => {
  it.each([
    ['STANDARD', 'NONE', 0.04],
    ['ENTERPRISE', 'NONE', 0.06],
    ['ENTERPRISE_PLUS', 'NONE', 0.1],
    ['ENTERPRISE', 'ANNUAL', 0.048],
    ['ENTERPRISE_PLUS', 'THREE_YEAR', 0.06],
    ['STANDARD', 'THREE_YEAR', 0.024],
  ] as const)('BQ5 %s with commitment %s: $%s a slot-hour', (edition, commitment, rate) => {
    expect(bigQuerySlotHourRate(edition, commitment)).toBe(rate)
  })

  it.each([
    // slot-ms, $/slot-hour → cents × 10,000
    [3_600_000, 0.06, 60_000],
    [60_000, 0.04, 667],
    [0, 0.1, 0],
  ])('BQ5 %s slot-ms at $%s an hour cost %s cents×10^4', (slotMs, rate, costE4) => {
    expect(bigQuerySlotCostE4(slotMs, rate)).toBe(costE4)
  })
})
