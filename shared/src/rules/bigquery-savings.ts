import type { BigQueryInsightKey } from '../contracts/bigquery.ts'

/**
 * Estimated savings of BigQuery insights (DOMAIN.md §2 inefficiencies; the details' insights and
 * totalSavingCents, E167). A saving is a share of the job's own cost, which is what was paid, so it
 * never exceeds that cost: each insight saves a share in [0, 1] of it, and fixes applied together
 * save 1 − Π(1 − shareᵢ) of it (shares of 0.6 and 0.5 save 80 %, not 110 %). Cents, 4 decimals.
 */

/** What the shares are estimated from: the job's own figures. */
export interface BigQuerySavingFacts {
  bytesProcessed: number
  bytesBilled: number
  /** The share of the columns of its tables the query needs (SELECT * reads them all). */
  neededColumnShare?: number
  /** Partitions of the partitioned tables it read, and how many a date filter would read. */
  partitionsRead?: number
  partitionsNeeded?: number
}

const clamp01 = (n: number) => (Number.isFinite(n) ? Math.min(1, Math.max(0, n)) : 0)
const round4 = (n: number) => Math.round(n * 10_000) / 10_000
const nonNegative = (n: number) => (Number.isFinite(n) && n > 0 ? n : 0)

/** Share of columns a query that says SELECT * usually needs (the columns it then uses). */
export const BIGQUERY_SELECT_STAR_NEEDED_SHARE = 0.3
/** Share of a cross or self join's work that a keyed join leaves. */
export const BIGQUERY_CROSS_JOIN_KEPT_SHARE = 0.2
/** Partitions a query with a date filter on the recent days typically reads. */
export const BIGQUERY_PARTITIONS_NEEDED = 7

/**
 * The share of the job's cost an insight's fix removes:
 * - SELECT_STAR: the columns it reads and does not need (1 − needed share);
 * - NO_PARTITION_FILTER: the partitions a date filter would prune (1 − needed / read);
 * - REPEATED_CACHE_MISS: all of it (a cache hit is free);
 * - TINY_QUERY_FLOOD: what the minimum bills above the bytes processed (batched, the queries would
 *   be billed for their bytes): 1 − processed / billed;
 * - CROSS_JOIN: the work a keyed join does not do (1 − BIGQUERY_CROSS_JOIN_KEPT_SHARE).
 */
export function bigQuerySavingShare(key: BigQueryInsightKey, facts: BigQuerySavingFacts): number {
  switch (key) {
    case 'SELECT_STAR':
      return clamp01(1 - (facts.neededColumnShare ?? BIGQUERY_SELECT_STAR_NEEDED_SHARE))
    case 'NO_PARTITION_FILTER': {
      const read = nonNegative(facts.partitionsRead ?? 0)
      if (read === 0) return 0
      return clamp01(1 - Math.min(read, facts.partitionsNeeded ?? BIGQUERY_PARTITIONS_NEEDED) / read)
    }
    case 'REPEATED_CACHE_MISS':
      return 1
    case 'TINY_QUERY_FLOOD': {
      const billed = nonNegative(facts.bytesBilled)
      return billed === 0 ? 0 : clamp01(1 - nonNegative(facts.bytesProcessed) / billed)
    }
    case 'CROSS_JOIN':
      return clamp01(1 - BIGQUERY_CROSS_JOIN_KEPT_SHARE)
  }
}

/** One fix's saving: `share` of the job's cost, never above it. Cents, 4 decimals. */
export function bigQueryInsightSavingCents(jobCostCents: number, share: number): number {
  const cost = round4(nonNegative(jobCostCents))
  return Math.min(cost, round4(cost * clamp01(share)))
}

/** Several fixes together: 1 − Π(1 − shareᵢ) of the job's cost, never above it. Cents, 4 decimals. */
export function bigQueryTotalSavingCents(jobCostCents: number, shares: readonly number[]): number {
  const kept = shares.reduce((left, s) => left * (1 - clamp01(s)), 1)
  return bigQueryInsightSavingCents(jobCostCents, 1 - kept)
}
