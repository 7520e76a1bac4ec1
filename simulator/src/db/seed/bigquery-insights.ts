import { BIGQUERY_INSIGHT_KEYS, bigQueryInsightBit, type BigQueryInsightKey } from '@costlens/shared'
import type { Pattern } from './bigquery-catalogue.ts'

/*
 * The insights a BigQuery job carries follow from its statement's patterns and its own figures
 * (DOMAIN.md §2 inefficiencies), by the rules below: the seed sets bq_jobs.insight_mask with them
 * (one bit per BIGQUERY_INSIGHT_KEYS entry, in its order), the details explain them with the same
 * figures, and the tests check the mask against the jobs with their own SQL. Only finished,
 * successful queries that did the work (not served from the cache) carry one: a failed or cached
 * job cost nothing, so there is nothing to save.
 */

/** A signature run this many times in its UTC day is a repeat (a dashboard refreshing, a flood). */
export const REPEATED_MIN_RUNS_PER_DAY = 24

/** What the rules read of a job. */
export interface BigQueryInsightFacts {
  jobType: string
  status: string
  cacheHit: boolean
  onDemand: boolean
  /** The patterns of its statement's text (bigquery-catalogue.ts). */
  patterns: readonly Pattern[]
  bytesProcessed: number
  bytesBilled: number
  /** Runs of its signature in its UTC day. */
  signatureRunsThatDay: number
}

const did = (j: BigQueryInsightFacts) => j.jobType === 'Q' && j.status === 'S' && !j.cacheHit

const RULES: Record<BigQueryInsightKey, (j: BigQueryInsightFacts) => boolean> = {
  SELECT_STAR: (j) => did(j) && j.patterns.includes('SELECT_STAR') && j.bytesProcessed > 0,
  NO_PARTITION_FILTER: (j) => did(j) && j.patterns.includes('NO_PARTITION_FILTER') && j.bytesProcessed > 0,
  // CURRENT_TIMESTAMP() makes a query non-deterministic: its repeats never hit the cache.
  REPEATED_CACHE_MISS: (j) =>
    did(j) && j.patterns.includes('CURRENT_TIMESTAMP') && j.signatureRunsThatDay >= REPEATED_MIN_RUNS_PER_DAY,
  // On demand only: under a reservation the minimum is not what is paid.
  TINY_QUERY_FLOOD: (j) =>
    did(j) &&
    j.onDemand &&
    j.bytesBilled > j.bytesProcessed &&
    j.signatureRunsThatDay >= REPEATED_MIN_RUNS_PER_DAY,
  CROSS_JOIN: (j) => did(j) && j.patterns.includes('CROSS_JOIN'),
}

export function bigQueryInsightMask(j: BigQueryInsightFacts): number {
  let mask = 0
  for (const key of BIGQUERY_INSIGHT_KEYS) if (RULES[key](j)) mask |= bigQueryInsightBit(key)
  return mask
}
