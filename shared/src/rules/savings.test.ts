import { describe, expect, it } from 'vitest'
import {
  combinedSaving,
  DAYS_PER_MONTH,
  estimatedSaving,
  SAVINGS_WINDOW_DAYS,
  savingsBasis,
  savingsBasisText,
} from './savings.ts'

describe('savings basis', () => {
  it.each([
    // signature cost in window, query cost, window days → kind, cost, monthly cost
    [334.99, 65.6, 7, 'signature', 334.99, 1435.6714],
    [70, 10, 7, 'signature', 70, 300],
    [10, 10, 30, 'signature', 10, 10],
    [0, 65.6, 7, 'query', 65.6, 65.6],
    [-5, 1.23456, 7, 'query', 1.2346, 1.2346],
    [Number.NaN, 2, 7, 'query', 2, 2],
    [0, 0, 7, 'query', 0, 0],
  ] as const)(
    'signature $%s, query $%s over %s days: %s basis $%s, $%s a month',
    (sig, query, days, kind, cost, monthly) => {
      expect(savingsBasis({ signatureCostInWindowUsd: sig, queryCostUsd: query, windowDays: days })).toEqual({
        kind,
        costUsd: cost,
        windowDays: kind === 'signature' ? days : 0,
        monthlyCostUsd: monthly,
      })
    },
  )

  it('reads the last 7 days by default and extrapolates to 30', () => {
    expect(SAVINGS_WINDOW_DAYS).toBe(7)
    expect(DAYS_PER_MONTH).toBe(30)
    expect(savingsBasis({ signatureCostInWindowUsd: 7, queryCostUsd: 1 }).monthlyCostUsd).toBe(30)
  })
})

describe('estimated savings never exceed the cost they save', () => {
  const sig = savingsBasis({ signatureCostInWindowUsd: 334.99, queryCostUsd: 65.6 })
  const own = savingsBasis({ signatureCostInWindowUsd: 0, queryCostUsd: 65.6 })

  it.each([
    [sig, 0.6, 861.4028],
    [sig, 1, 1435.6714],
    [sig, 1.5, 1435.6714],
    [sig, -1, 0],
    [sig, Number.NaN, 0],
    [own, 0.5, 32.8],
    [own, 2, 65.6],
  ])('%o × %s = $%s', (basis, fraction, saving) => {
    const s = estimatedSaving(basis, fraction)
    expect(s).toBe(saving)
    expect(s).toBeLessThanOrEqual(basis.monthlyCostUsd)
  })

  it.each([
    [[0.6, 0.5], 0.8],
    [[0.6, 0.5, 0.2, 0.8], 1 - 0.4 * 0.5 * 0.8 * 0.2],
    [[], 0],
    [[1, 1], 1],
    [[3, 0.5], 1],
  ])('fixes of %o together save %s of the cost, never more than all of it', (fractions, share) => {
    const saving = combinedSaving(sig, fractions)
    expect(saving).toBeCloseTo(sig.monthlyCostUsd * share, 3)
    expect(saving).toBeLessThanOrEqual(sig.monthlyCostUsd)
    for (const f of fractions) expect(saving).toBeGreaterThanOrEqual(estimatedSaving(sig, f))
  })

  it('the issue case: a $65.60 query whose signature cost $334.99 in 7 days claims under $1,436 a month', () => {
    // Before: $65.60 × share × (runs that day × 30) claimed about $15.3k a month.
    expect(combinedSaving(sig, [0.6, 0.5, 0.2])).toBeLessThanOrEqual(1435.6714)
  })
})

describe('savings basis text', () => {
  it.each([
    [
      savingsBasis({ signatureCostInWindowUsd: 334.99, queryCostUsd: 65.6 }),
      "Estimated from this query signature's $334.99 over the last 7 days ($1,435.67 a month at that rate).",
    ],
    [
      savingsBasis({ signatureCostInWindowUsd: 0, queryCostUsd: 65.6 }),
      "Estimated from this query's own $65.60: its signature has not run in the last 7 days.",
    ],
  ])('%o: %s', (basis, text) => {
    expect(savingsBasisText(basis)).toBe(text)
  })
})
