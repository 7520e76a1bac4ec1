/**
 * What a BigQuery job costs (DOMAIN.md §2, BQ1-BQ5), in cents × 10,000 (bq_jobs.cost_e4; the API shows
 * cents with 4 decimals). The seed prices every job with these functions and the job details say
 * the same basis, so a job's cost is defined once.
 *
 * - On demand: bytes billed at $6.25 per TiB; a query's bytes are rounded up to the MB, with at
 *   least 10 MB per query and 10 MB per table it references (BQ3).
 * - Editions: slot time at the reservation's rate per slot-hour (Standard $0.04, Enterprise $0.06,
 *   Enterprise Plus $0.10 pay as you go; a 1- or 3-year commitment takes about 20 % or 40 % off).
 * - Free: cache hits and failed queries (BQ4), and load, extract and copy jobs, which run in the
 *   free shared slot pool.
 */

export const BIGQUERY_USD_PER_TIB = 6.25
/** BigQuery's MB is 2^20 bytes; TiB 2^40. */
export const BIGQUERY_MB = 2 ** 20
export const BIGQUERY_TIB = 2 ** 40
/** The on-demand minimum: 10 MB per query and per table referenced. */
export const BIGQUERY_MIN_BILLED_BYTES = 10 * BIGQUERY_MB

/** Pay-as-you-go USD per slot-hour of each edition (DOMAIN.md §2). */
export const BIGQUERY_EDITION_USD_PER_SLOT_HOUR = {
  STANDARD: 0.04,
  ENTERPRISE: 0.06,
  ENTERPRISE_PLUS: 0.1,
} as const
export type BigQueryEdition = keyof typeof BIGQUERY_EDITION_USD_PER_SLOT_HOUR

/** The share a commitment takes off the pay-as-you-go rate (DOMAIN.md §2: ≈ −20 % / −40 %). */
export const BIGQUERY_COMMITMENT_DISCOUNT = { NONE: 0, ANNUAL: 0.2, THREE_YEAR: 0.4 } as const
export type BigQueryCommitment = keyof typeof BIGQUERY_COMMITMENT_DISCOUNT

/** An edition's USD per slot-hour under a commitment, to the tenth of a cent. */
export function bigQuerySlotHourRate(edition: BigQueryEdition, commitment: BigQueryCommitment): number {
  const rate = BIGQUERY_EDITION_USD_PER_SLOT_HOUR[edition] * (1 - BIGQUERY_COMMITMENT_DISCOUNT[commitment])
  return Math.round(rate * 10_000) / 10_000
}

/**
 * The bytes an on-demand query is billed for: its bytes processed rounded up to the MB, and at least
 * 10 MB per table referenced and 10 MB for the query.
 */
export function bigQueryBilledBytes(bytesProcessed: number, tablesReferenced: number): number {
  const rounded = Math.ceil(Math.max(0, bytesProcessed) / BIGQUERY_MB) * BIGQUERY_MB
  return Math.max(rounded, BIGQUERY_MIN_BILLED_BYTES * Math.max(1, tablesReferenced))
}

/** Cents × 10,000 of on-demand bytes billed ($6.25 a TiB). */
export function bigQueryOnDemandCostE4(bytesBilled: number): number {
  return Math.round((bytesBilled * BIGQUERY_USD_PER_TIB * 100 * 10_000) / BIGQUERY_TIB)
}

/** Cents × 10,000 of slot time at a rate per slot-hour. */
export function bigQuerySlotCostE4(slotMs: number, usdPerSlotHour: number): number {
  return Math.round((slotMs * usdPerSlotHour * 100 * 10_000) / 3_600_000)
}
