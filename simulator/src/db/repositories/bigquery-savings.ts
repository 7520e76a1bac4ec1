import {
  BIGQUERY_INSIGHTS,
  bigQueryInsightKeysOf,
  bigQueryInsightSavingCents,
  bigQuerySavingShare,
  bigQueryTotalSavingCents,
  type BigQueryInsight,
  type BigQueryInsightKey,
  type BigQuerySavingFacts,
} from '@costlens/shared'

/*
 * The words the details page shows for a BigQuery job's insights, and their savings by the shared
 * rule (shared/src/rules/bigquery-savings.ts: a share of the job's cost per fix, 1 − Π(1 − share)
 * together, never above the cost), so every screen that shows a saving computes it once.
 */

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

/** What the console says of an insight: its category, what was seen and what to do. */
export const insightText = (key: BigQueryInsightKey) => INSIGHT_TEXT[key]

/**
 * Days of daily partitions a query without a partition filter reads: the history the seed keeps
 * (100 days, seed/scale.ts), since a job does not record its partitions.
 */
export const BIGQUERY_UNFILTERED_PARTITIONS = 100

/** The insights of a job's mask, explained, with each saving and their total (cents, 4 decimals). */
export function jobSavings(
  mask: number,
  costCents: number,
  bytes: Pick<BigQuerySavingFacts, 'bytesProcessed' | 'bytesBilled'>,
): { insights: BigQueryInsight[]; total: number } {
  const facts: BigQuerySavingFacts = { ...bytes, partitionsRead: BIGQUERY_UNFILTERED_PARTITIONS }
  const keys = bigQueryInsightKeysOf(mask)
  const shares = keys.map((key) => bigQuerySavingShare(key, facts))
  return {
    insights: keys.map((key, i) => ({
      key,
      name: BIGQUERY_INSIGHTS[key],
      ...INSIGHT_TEXT[key],
      estimatedSavingCents: bigQueryInsightSavingCents(costCents, shares[i]!),
    })),
    total: bigQueryTotalSavingCents(costCents, shares),
  }
}
