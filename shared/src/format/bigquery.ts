import { bigQueryCostUsd } from '../rules/chargeback.ts'
import { BIGQUERY_JOB_STATUS, BIGQUERY_JOB_TYPES } from '../rules/status-maps.ts'
import { formatCost, formatUsd } from './numbers.ts'

/*
 * How every BigQuery screen shows a cost and a job's status and type, defined once (the job list,
 * the cost pages and /data are separate features and may not import each other). Cost arrives in
 * cents and is shown in USD (03 §9, B158) to 4 decimals like the Snowflake cost ('$ 0.0625' is a
 * 10 GB scan).
 */

/** 03 §9, B158: a cost in cents as USD on screen, '$ ' and 4 decimals, thousands grouped. */
export const bigQueryCentsUsd = (cents: number) => formatUsd(bigQueryCostUsd(cents))

/** The same for a file: USD, 4 decimals, no grouping (B135). */
export const bigQueryCentsPlain = (cents: number) => formatCost(bigQueryCostUsd(cents))

/** B242: a job's status code in words ('S' → 'Success'); an unknown code as itself. */
export const bigQueryJobStatusLabel = (code: string) => BIGQUERY_JOB_STATUS[code] ?? code

/** B243: a job's type code in words (Copy, Load, Extract, Query); an unknown code as itself. */
export const bigQueryJobTypeLabel = (code: string) => BIGQUERY_JOB_TYPES[code] ?? code
