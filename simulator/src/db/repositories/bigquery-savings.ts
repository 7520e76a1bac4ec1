import {
  BIGQUERY_INSIGHT_KEYS,
  BIGQUERY_INSIGHTS,
  type BigQueryInsight,
  type BigQueryInsightKey,
} from '@costlens/shared'

/*
 * What a BigQuery job's insights could save, and the words the details page shows for them.
 *
 * Interim home: H19S writes the shared pure rule (shared/src/rules/bigquery-savings.ts) beside the
 * seed that sets insight_mask; until it lands on main this module holds the rule (BQS-1..BQS-3),
 * and the repository calls only `jobSavings`, so swapping the import is the whole change.
 */

/** The bit of an insight in bq_jobs.insight_mask: its position in BIGQUERY_INSIGHT_KEYS (schema.sql). */
export const bigQueryInsightBit = (key: BigQueryInsightKey) => 1 << BIGQUERY_INSIGHT_KEYS.indexOf(key)

export const bigQueryInsightKeysOf = (mask: number): BigQueryInsightKey[] =>
  BIGQUERY_INSIGHT_KEYS.filter((key) => (mask & bigQueryInsightBit(key)) !== 0)

/**
 * BQS-1: the share of a job's cost each fix saves (DOMAIN.md §2). Naming the columns instead of
 * SELECT * bills only them (about half of a wide table's bytes); a partition filter reads a few of
 * the partitions; a repeat that hits the cache is free; batching a flood of tiny queries bills the
 * 10 MB minimum once instead of per query; dropping a cross join removes most of the rows shuffled.
 */
export const BIGQUERY_SAVING_SHARE: Readonly<Record<BigQueryInsightKey, number>> = {
  SELECT_STAR: 0.5,
  NO_PARTITION_FILTER: 0.7,
  REPEATED_CACHE_MISS: 1,
  TINY_QUERY_FLOOD: 0.8,
  CROSS_JOIN: 0.6,
}

const INSIGHT_TEXT: Readonly<
  Record<BigQueryInsightKey, { category: string; description: string; recommendation: string }>
> = {
  SELECT_STAR: {
    category: 'EF',
    description:
      'The query reads every column of its tables; BigQuery bills every column read, and LIMIT does not reduce the bytes of an unclustered table.',
    recommendation:
      'Select only the columns the result needs, or preview a table with the table preview instead of a query.',
  },
  NO_PARTITION_FILTER: {
    category: 'EF',
    description:
      'A partitioned table is read without a filter on its partitioning column, so every partition is scanned.',
    recommendation:
      'Filter on the partitioning column (and set require_partition_filter on the table) so only the partitions needed are read.',
  },
  REPEATED_CACHE_MISS: {
    category: 'RE',
    description:
      'The same statement ran again but missed the results cache (non-deterministic functions such as CURRENT_TIMESTAMP(), a destination table or a wildcard table disable it).',
    recommendation:
      'Make the statement deterministic (pass the date as a parameter) so repeats within 24 hours are served from the cache for free.',
  },
  TINY_QUERY_FLOOD: {
    category: 'RE',
    description:
      'Many tiny queries ran in a short time, each billed at the 10 MB minimum per query and per table.',
    recommendation: 'Batch the lookups into one query, or serve them from a cached extract or BI Engine.',
  },
  CROSS_JOIN: {
    category: 'EF',
    description:
      'A cross or self join multiplies the rows before they are filtered, so slots and shuffle grow with the square of the input.',
    recommendation: 'Join on keys, or pre-aggregate one side (window functions instead of a self join).',
  },
}

/** Cents to 4 decimals, never rounding up past what was given. */
const floor4 = (cents: number) => Math.floor(Math.max(0, cents) * 10_000 + 1e-6) / 10_000

/** BQS-2: one fix's saving: its share of the job's cost, never above the cost (cents, 4 decimals). */
export function insightSaving(key: BigQueryInsightKey, costCents: number): number {
  return floor4(Math.min(costCents, costCents * BIGQUERY_SAVING_SHARE[key]))
}

/**
 * BQS-3: the fixes overlap (each saves a share of what the others leave), so together they save
 * cost × (1 − Π(1 − share)), which is never above the job's cost.
 */
export function totalSaving(keys: readonly BigQueryInsightKey[], costCents: number): number {
  const kept = keys.reduce((left, key) => left * (1 - BIGQUERY_SAVING_SHARE[key]), 1)
  return floor4(Math.min(costCents, costCents * (1 - kept)))
}

/** The insights of a job's mask, explained, with each saving and their total. */
export function jobSavings(mask: number, costCents: number): { insights: BigQueryInsight[]; total: number } {
  const keys = bigQueryInsightKeysOf(mask)
  return {
    insights: keys.map((key) => ({
      key,
      name: BIGQUERY_INSIGHTS[key],
      ...INSIGHT_TEXT[key],
      estimatedSavingCents: insightSaving(key, costCents),
    })),
    total: totalSaving(keys, costCents),
  }
}
