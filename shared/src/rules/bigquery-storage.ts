/**
 * What a BigQuery table's storage costs a month (Google Cloud's storage pricing, US multi-region,
 * per GiB-month), in cents × 10,000 like bq_jobs.cost_e4 (the API shows cents with 4 decimals). The
 * /data page and its API price every table with this function, so a storage cost is defined once.
 *
 * - A dataset is billed on one of two models: LOGICAL (the default: uncompressed bytes) or PHYSICAL
 *   (compressed bytes, time travel and fail-safe included, at twice the logical rate).
 * - Bytes of a table or partition not modified for 90 consecutive days are long-term storage, at half
 *   the active rate (no change in performance or durability).
 * - The first 10 GiB a month of a billing account are free: an account-wide allowance, not a table's,
 *   so a table's cost leaves it out.
 */

export const BIGQUERY_STORAGE_BILLING_MODELS = ['LOGICAL', 'PHYSICAL'] as const
export type BigQueryStorageBillingModel = (typeof BIGQUERY_STORAGE_BILLING_MODELS)[number]

/** USD per GiB-month, active and long-term, of each model. */
export const BIGQUERY_STORAGE_USD_PER_GIB_MONTH = {
  LOGICAL: { active: 0.02, longTerm: 0.01 },
  PHYSICAL: { active: 0.04, longTerm: 0.02 },
} as const satisfies Record<BigQueryStorageBillingModel, { active: number; longTerm: number }>

/** Bytes unmodified this long become long-term storage. */
export const BIGQUERY_LONG_TERM_AFTER_DAYS = 90

export const BIGQUERY_GIB = 2 ** 30

/** A table's bytes by kind: logical (uncompressed) and physical (compressed), each active or long-term. */
export interface BigQueryStorageBytes {
  activeLogicalBytes: number
  longTermLogicalBytes: number
  activePhysicalBytes: number
  longTermPhysicalBytes: number
}

/** Cents × 10,000 a month of a table's storage on a billing model. */
export function bigQueryStorageCostE4(
  bytes: BigQueryStorageBytes,
  model: BigQueryStorageBillingModel,
): number {
  const price = BIGQUERY_STORAGE_USD_PER_GIB_MONTH[model]
  const [active, longTerm] =
    model === 'LOGICAL'
      ? [bytes.activeLogicalBytes, bytes.longTermLogicalBytes]
      : [bytes.activePhysicalBytes, bytes.longTermPhysicalBytes]
  return Math.round(((active * price.active + longTerm * price.longTerm) * 100 * 10_000) / BIGQUERY_GIB)
}
