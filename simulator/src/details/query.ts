import type { QueryDetails, QueryEngine } from '@costlens/shared'
import { FAILURE_CATEGORY_OF, failureKind } from './failure.ts'
import { deriveImpala, memoryFailureLimit } from './impala.ts'
import { appPrng, type DetailsRecord } from './record.ts'

/**
 * The query of an Impala or Presto app (02 §2 Impala Query fields; R108), derived
 * from its record so it agrees with the rest of the details: the SQL reads the record's input table
 * (for Impala, the tables its plan scans, an INSERT when its plan writes), and every figure is one
 * the record or the plan already holds, in the units the lists use.
 */

const GB = 1024 ** 3
/** Impala admission pools' per-host limits: the smallest that fits the query's estimate is its pool's. */
const IMPALA_POOL_LIMITS = [2, 4, 8, 16, 32, 64, 128].map((g) => g * GB)
const KEYS = ['region', 'product_id', 'customer_id', 'channel'] as const
const MEASURES = ['amount', 'quantity', 'duration_ms'] as const

export const isQueryEngine = (kind: string): kind is QueryEngine => kind === 'impala' || kind === 'presto'

/** SELECT key, aggregates FROM table [JOIN dimension] WHERE a date window GROUP BY key. */
function selectSql(app: DetailsRecord, from: string, dateFilter: string, join?: string): string {
  const prng = appPrng(app, 'query')
  const key = prng.pick(KEYS)
  const measure = prng.pick(MEASURES)
  const days = prng.int(1, 30)
  return [
    `SELECT ${join ? 'd.' : 'f.'}${key}, COUNT(*) AS n, SUM(f.${measure}) AS total_${measure}`,
    `FROM ${from} f`,
    ...(join ? [`JOIN ${join} d ON d.id = f.${key}`] : []),
    `WHERE ${dateFilter.replace('{days}', String(days))}`,
    `GROUP BY ${join ? 'd.' : 'f.'}${key}`,
    `ORDER BY total_${measure} DESC`,
  ].join('\n')
}

function impalaQuery(
  app: DetailsRecord,
  now: number,
): Pick<QueryDetails, 'queryStringFull' | 'queryMemLimit' | 'perHostMemEst' | 'perHostPeakMemUsage'> {
  const { fragments, operators } = deriveImpala(app, now)
  const scans = operators.filter((o) => o.type === 'SCAN HDFS')
  const writer = operators.find((o) => o.type === 'HDFS WRITER')
  const select = selectSql(app, scans[0]!.detail, 'f.event_date >= days_sub(now(), {days})', scans[1]?.detail)
  // The coordinator's host runs one instance of every fragment: its peak is their peaks' sum.
  const perHostPeakMemUsage = fragments.reduce((n, f) => n + f.maxPeakMemory, 0)
  const perHostMemEst = operators.reduce((n, o) => n + o.estPeakMem, 0)
  const queryMemLimit =
    IMPALA_POOL_LIMITS.find((limit) => limit >= Math.max(perHostMemEst, perHostPeakMemUsage)) ??
    IMPALA_POOL_LIMITS[IMPALA_POOL_LIMITS.length - 1]!
  const kind = failureKind(app)
  const outOfMemory = kind !== null && FAILURE_CATEGORY_OF[kind] === 'memory'
  const failedAt = outOfMemory ? memoryFailureLimit(app) : 0
  return {
    queryStringFull: writer ? `INSERT INTO ${writer.detail}\n${select}` : select,
    queryMemLimit: outOfMemory ? failedAt : queryMemLimit,
    perHostMemEst,
    perHostPeakMemUsage: outOfMemory ? failedAt : perHostPeakMemUsage,
  }
}

export function deriveQuery(app: DetailsRecord & { kind: QueryEngine }, now: number): QueryDetails {
  const table = app.input_tables ?? 'default.events'
  const none = {
    queryMemLimit: null,
    perHostMemEst: null,
    perHostPeakMemUsage: null,
    cpuTime: null,
    cumUserMem: null,
  }
  const common = { id: app.id, engine: app.kind, queue: app.queue }
  if (app.kind === 'impala') return { ...common, ...none, ...impalaQuery(app, now) }
  return {
    ...common,
    ...none,
    queryStringFull: selectSql(app, `hive.${table}`, "f.event_date >= current_date - INTERVAL '{days}' DAY"),
    cpuTime: app.vcore_seconds * 1000,
    cumUserMem: app.memory_seconds * 1_048_576,
  }
}
