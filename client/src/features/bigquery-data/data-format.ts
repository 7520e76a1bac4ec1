import {
  bigQueryCostUsd,
  BIGQUERY_JOB_STATUS,
  BIGQUERY_JOB_TYPES,
  formatCost,
  formatDateTime,
  formatUsd,
} from '@costlens/shared'

/** The API's cents in USD on screen ('$ 61.4400'), as every BigQuery figure (03 §9). */
export const centsUsd = (cents: number) => formatUsd(bigQueryCostUsd(cents))
/** The same in an exported file. */
export const centsPlain = (cents: number) => formatCost(bigQueryCostUsd(cents))
export const isoTime = (iso: string | null) => (iso ? formatDateTime(Date.parse(iso)) : 'Never')
export const jobStatusLabel = (code: string) => BIGQUERY_JOB_STATUS[code] ?? code
export const jobTypeLabel = (code: string) => BIGQUERY_JOB_TYPES[code] ?? code
export const billingModelLabel = (model: string) =>
  model === 'PHYSICAL' ? 'Physical (compressed bytes)' : 'Logical (uncompressed bytes)'
