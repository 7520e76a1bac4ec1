import { describe, expect, it } from 'vitest'
import { BIGQUERY_GIB, bigQueryStorageCostE4, type BigQueryStorageBytes } from './bigquery-storage.ts'

const GIB = BIGQUERY_GIB
const bytes = (al: number, ll: number, ap: number, lp: number): BigQueryStorageBytes => ({
  activeLogicalBytes: al * GIB,
  longTermLogicalBytes: ll * GIB,
  activePhysicalBytes: ap * GIB,
  longTermPhysicalBytes: lp * GIB,
})

describe('BigQuery storage per month (logical $0.02 / $0.01, physical $0.04 / $0.02 a GiB-month, active / long-term)', () => {
  it.each([
    // GiB: active logical, long-term logical, active physical, long-term physical; model → cents × 10,000
    [bytes(100, 0, 25, 0), 'LOGICAL', 2_000_000], // 100 GiB × $0.02 = $2.00 = 200 cents
    [bytes(100, 0, 25, 0), 'PHYSICAL', 1_000_000], // 25 GiB × $0.04 = $1.00
    [bytes(0, 100, 0, 25), 'LOGICAL', 1_000_000], // long-term at half: 100 × $0.01 = $1.00
    [bytes(0, 100, 0, 25), 'PHYSICAL', 500_000], // 25 × $0.02 = $0.50
    [bytes(1_024, 3_072, 200, 600), 'LOGICAL', 51_200_000], // $20.48 + $30.72 = $51.20
    [bytes(1_024, 3_072, 200, 600), 'PHYSICAL', 20_000_000], // $8.00 + $12.00 = $20.00
    [bytes(0, 0, 0, 0), 'LOGICAL', 0],
  ] as const)('storage %o on the %s model costs %s cents × 10,000 a month', (b, model, costE4) => {
    expect(bigQueryStorageCostE4(b, model)).toBe(costE4)
  })

  it('a byte costs its share of a GiB-month, rounded to the ten-thousandth of a cent', () => {
    // 1 GiB / 2 active logical = $0.01 = 1 cent
    expect(bigQueryStorageCostE4({ ...bytes(0, 0, 0, 0), activeLogicalBytes: GIB / 2 }, 'LOGICAL')).toBe(
      10_000,
    )
  })
})
