import {
  combinedSaving,
  estimatedSaving,
  savingsBasisText,
  SNOWFLAKE_INSIGHT_KEYS,
  SNOWFLAKE_INSIGHTS,
  type SavingsBasis,
  type SnowflakeInsight,
  type SnowflakeInsightKey,
  type SnowflakeQuerySavings,
} from '@costlens/shared'

/*
 * The insights a query carries follow from its numbers (DOMAIN.md §1 inefficiencies), by the rules
 * below: the seed sets snowflake_queries.insight_mask with them, the details page explains them with
 * the same numbers, and the tests check the mask against the metrics with their own SQL.
 */

/** A table is worth pruning from this many partitions on. */
export const FULL_SCAN_MIN_PARTITIONS = 100
/** Scanning at least this share of the partitions is a full scan. */
export const FULL_SCAN_SHARE = 0.9
/** Large and up: 8 credits an hour and more. */
export const OVERSIZED_MIN_CREDITS_PER_HOUR = 8
/** A query under a second that scans under 10 MiB needs no more than an X-Small. */
export const OVERSIZED_MAX_EXECUTION_MS = 1_000
export const OVERSIZED_MAX_BYTES = 10 * 2 ** 20
/** A SELECT whose signature runs this many times in its UTC day is repeated work the cache could serve. */
export const REPEATED_MIN_RUNS_PER_DAY = 24

/** The bit of an insight in insight_mask: its position in SNOWFLAKE_INSIGHT_KEYS. */
export function insightBit(key: SnowflakeInsightKey): number {
  return 1 << SNOWFLAKE_INSIGHT_KEYS.indexOf(key)
}

export function insightKeysOf(mask: number): SnowflakeInsightKey[] {
  return SNOWFLAKE_INSIGHT_KEYS.filter((key) => (mask & insightBit(key)) !== 0)
}

/** What the rules read of a query. */
export interface InsightFacts {
  status: string
  queryType: string
  creditsPerHour: number
  executionTime: number
  queuedOverloadTime: number
  bytesScanned: number
  bytesSpilledLocal: number
  bytesSpilledRemote: number
  partitionsScanned: number
  partitionsTotal: number
  rowsProduced: number
  inputTables: number
  /** The rows of its input tables together. */
  inputRows: number
  /** Runs of its signature in its UTC day. */
  signatureRunsThatDay: number
}

const RULES: Record<SnowflakeInsightKey, (q: InsightFacts) => boolean> = {
  FULL_TABLE_SCAN: (q) =>
    q.partitionsTotal >= FULL_SCAN_MIN_PARTITIONS &&
    q.partitionsScanned >= FULL_SCAN_SHARE * q.partitionsTotal,
  REMOTE_SPILLAGE: (q) => q.bytesSpilledRemote > 0,
  LOCAL_SPILLAGE: (q) => q.bytesSpilledLocal > 0,
  QUEUED_OVERLOAD: (q) => q.queuedOverloadTime > 0,
  OVERSIZED_WAREHOUSE: (q) =>
    q.status === 'S' &&
    q.creditsPerHour >= OVERSIZED_MIN_CREDITS_PER_HOUR &&
    q.executionTime < OVERSIZED_MAX_EXECUTION_MS &&
    q.bytesScanned < OVERSIZED_MAX_BYTES,
  EXPLODING_JOIN: (q) => q.inputTables >= 2 && q.rowsProduced > q.inputRows,
  REPEATED_QUERY: (q) => q.queryType === 'SELECT' && q.signatureRunsThatDay >= REPEATED_MIN_RUNS_PER_DAY,
}

export function insightMask(q: InsightFacts): number {
  let mask = 0
  for (const key of SNOWFLAKE_INSIGHT_KEYS) if (RULES[key](q)) mask |= insightBit(key)
  return mask
}

/** The details' figures an explanation quotes, beside the facts. */
export interface InsightContext extends InsightFacts {
  cost: number
  warehouseName: string
  warehouseSize: string
}

const GIB = 2 ** 30
const gib = (bytes: number) => `${(bytes / GIB).toFixed(2)} GiB`

/**
 * The share of the cost each fix removes. A share of a cost, never a multiple of it: the cost is
 * the savings basis (rules/savings.ts), the signature's recent cost a month, which already counts
 * how often it runs.
 */
const SAVING_SHARES: Record<SnowflakeInsightKey, (q: InsightContext) => number> = {
  FULL_TABLE_SCAN: () => 0.6,
  REMOTE_SPILLAGE: () => 0.5,
  LOCAL_SPILLAGE: () => 0.2,
  // Waiting in a queue is not billed: the fix saves time, not credits.
  QUEUED_OVERLOAD: () => 0,
  // An X-Small costs 1 credit an hour against the warehouse's rate.
  OVERSIZED_WAREHOUSE: (q) => 1 - 1 / Math.max(1, q.creditsPerHour),
  EXPLODING_JOIN: () => 0.8,
  // The cache serves all but the first run of a day.
  REPEATED_QUERY: (q) => 1 - 1 / Math.max(1, q.signatureRunsThatDay),
}

/** The query's savings together (overlapping fixes compound), with their basis said in words. */
export function querySavings(mask: number, q: InsightContext, basis: SavingsBasis): SnowflakeQuerySavings {
  const shares = insightKeysOf(mask).map((key) => SAVING_SHARES[key](q))
  return { basis, basisText: savingsBasisText(basis), totalMonthlyUsd: combinedSaving(basis, shares) }
}

/** Each insight of a mask explained with the query's own numbers; its saving a share of the basis a month. */
export function explainInsights(mask: number, q: InsightContext, basis: SavingsBasis): SnowflakeInsight[] {
  const saving = (key: SnowflakeInsightKey) => estimatedSaving(basis, SAVING_SHARES[key](q))
  const texts: Record<SnowflakeInsightKey, () => Omit<SnowflakeInsight, 'key' | 'name'>> = {
    FULL_TABLE_SCAN: () => ({
      category: 'EF',
      description: `The query scanned ${q.partitionsScanned.toLocaleString('en-US')} of ${q.partitionsTotal.toLocaleString('en-US')} partitions: its filters prune almost nothing.`,
      recommendation:
        'Filter on the columns the table is clustered by (or add a clustering key on the filtered columns), and select only the columns needed.',
      estimatedSavingUsd: saving('FULL_TABLE_SCAN'),
    }),
    REMOTE_SPILLAGE: () => ({
      category: 'EF',
      description: `${gib(q.bytesSpilledRemote)} spilled to remote storage: the ${q.warehouseSize} warehouse ran out of memory and local disk.`,
      recommendation:
        'Run the query on a larger warehouse, or reduce the data it processes (filter earlier, aggregate before joining).',
      estimatedSavingUsd: saving('REMOTE_SPILLAGE'),
    }),
    LOCAL_SPILLAGE: () => ({
      category: 'EF',
      description: `${gib(q.bytesSpilledLocal)} spilled to local storage: the operators did not fit in the warehouse's memory.`,
      recommendation: 'Process less data per step, or use the next warehouse size up for this query.',
      estimatedSavingUsd: saving('LOCAL_SPILLAGE'),
    }),
    QUEUED_OVERLOAD: () => ({
      category: 'RE',
      description: `The query waited ${(q.queuedOverloadTime / 1000).toFixed(1)} s in the queue of ${q.warehouseName}, which was busy with other queries.`,
      recommendation:
        "Raise the warehouse's MAX_CLUSTER_COUNT (multi-cluster) or move this workload to its own warehouse.",
      estimatedSavingUsd: saving('QUEUED_OVERLOAD'),
    }),
    OVERSIZED_WAREHOUSE: () => ({
      category: 'RE',
      description: `A ${q.executionTime} ms query scanning ${(q.bytesScanned / 2 ** 20).toFixed(2)} MiB ran on ${q.warehouseName} (${q.warehouseSize}).`,
      recommendation: 'Route small lookups like this to an X-Small or Small warehouse.',
      estimatedSavingUsd: saving('OVERSIZED_WAREHOUSE'),
    }),
    EXPLODING_JOIN: () => ({
      category: 'EF',
      description: `The join produced ${q.rowsProduced.toLocaleString('en-US')} rows from inputs of ${q.inputRows.toLocaleString('en-US')} rows together.`,
      recommendation: 'Check the join condition: a missing or non-unique key multiplies rows.',
      estimatedSavingUsd: saving('EXPLODING_JOIN'),
    }),
    REPEATED_QUERY: () => ({
      category: 'EF',
      description: `The same statement ran ${q.signatureRunsThatDay} times that day, each on the warehouse.`,
      recommendation:
        'Let the result cache serve it (avoid non-deterministic functions and changing literals), or materialise the result.',
      estimatedSavingUsd: saving('REPEATED_QUERY'),
    }),
  }
  return insightKeysOf(mask).map((key) => ({ key, name: SNOWFLAKE_INSIGHTS[key], ...texts[key]() }))
}
