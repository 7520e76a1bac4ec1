/**
 * Estimated savings of an insight (Snowflake queries; DOMAIN.md §1 inefficiencies).
 *
 * A saving is a share of a cost that is actually paid, so it can never exceed that cost. The cost
 * is the query signature's (the same statement, literals aside) over a recent window, extrapolated
 * to a month; when the signature did not run in that window, the query's own cost, once. Every
 * figure shown or summed goes through these functions, and the basis is said beside it.
 */

/** The window a signature's recent cost is read over. */
export const SAVINGS_WINDOW_DAYS = 7
/** A month, for the extrapolation (as the cost pages count it). */
export const DAYS_PER_MONTH = 30

const round4 = (n: number) => Math.round(n * 10_000) / 10_000
const clamp01 = (n: number) => (Number.isFinite(n) ? Math.min(1, Math.max(0, n)) : 0)
const nonNegative = (n: number) => (Number.isFinite(n) && n > 0 ? n : 0)

/** What a saving is a share of. */
export interface SavingsBasis {
  /** signature: its cost in the window, extrapolated; query: the query's own cost, once. */
  kind: 'signature' | 'query'
  /** The cost actually paid: the signature's in the window, or the query's. USD. */
  costUsd: number
  /** The window the cost was read over (signature basis); 0 for the query's own cost. */
  windowDays: number
  /** The cost per month the savings are shares of; never below 0. USD, 4 decimals. */
  monthlyCostUsd: number
}

/**
 * The basis of a query's savings: its signature's cost over the last `windowDays`, times
 * 30 / windowDays; or, when that cost is nil (the signature has not run lately), the query's own
 * cost, not extrapolated (nothing says it runs again).
 */
export function savingsBasis(input: {
  signatureCostInWindowUsd: number
  queryCostUsd: number
  windowDays?: number
}): SavingsBasis {
  const windowDays = input.windowDays ?? SAVINGS_WINDOW_DAYS
  const signatureCost = nonNegative(input.signatureCostInWindowUsd)
  if (signatureCost > 0 && windowDays > 0) {
    return {
      kind: 'signature',
      costUsd: round4(signatureCost),
      windowDays,
      monthlyCostUsd: round4((signatureCost * DAYS_PER_MONTH) / windowDays),
    }
  }
  const queryCost = round4(nonNegative(input.queryCostUsd))
  return { kind: 'query', costUsd: queryCost, windowDays: 0, monthlyCostUsd: queryCost }
}

/** The saving of one fix that removes `fraction` of the basis' cost: never above that cost. */
export function estimatedSaving(basis: SavingsBasis, fraction: number): number {
  return Math.min(basis.monthlyCostUsd, round4(basis.monthlyCostUsd * clamp01(fraction)))
}

/**
 * The saving of several fixes together: each removes its share of what the others leave, so the
 * whole is 1 − Π(1 − fᵢ) of the cost and never above it (shares of 0.6 and 0.5 save 80 %, not 110 %).
 */
export function combinedSaving(basis: SavingsBasis, fractions: readonly number[]): number {
  const kept = fractions.reduce((left, f) => left * (1 - clamp01(f)), 1)
  return estimatedSaving(basis, 1 - kept)
}

const dollars = (usd: number) =>
  `$${usd.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`

/** The sentence shown beside a saving, saying what it was estimated from. */
export function savingsBasisText(basis: SavingsBasis): string {
  if (basis.kind === 'signature') {
    return (
      `Estimated from this query signature's ${dollars(basis.costUsd)} over the last ${basis.windowDays} days ` +
      `(${dollars(basis.monthlyCostUsd)} a month at that rate).`
    )
  }
  return (
    `Estimated from this query's own ${dollars(basis.costUsd)}: ` +
    `its signature has not run in the last ${SAVINGS_WINDOW_DAYS} days.`
  )
}
