import {
  POINT_INTERVAL_MS,
  chartPointInterval,
  type SnowflakePoint,
  type SnowflakeWarehouseDetails,
  type SnowflakeWarehouseList,
  type SnowflakeWarehouseRow,
  type SnowflakeWindowQuery,
  seriesGrid,
} from '@costlens/shared'
import { HttpError } from '../../errors.ts'
import { assertSeriesPoints } from './series.ts'
import type { Db } from '../open-database.ts'
import { snowflakeCodec } from '../seed/snowflake-codes.ts'
import { insightBit } from '../seed/snowflake-insights.ts'
import {
  fromE4,
  iso,
  snowflakeWindow,
  storedRange,
  tallies,
  type SnowflakeWindow,
} from './snowflake-common.ts'

/** Queries a cluster runs at once (Snowflake's MAX_CONCURRENCY_LEVEL default): a full cluster's load. */
const CONCURRENCY = 8

interface StoredWarehouse {
  uid: string
  /** What its queries hold (snowflake_queries.warehouse_code). */
  code: number
  account_id: string
  name: string
  size: string
  credits_per_hour: number
  min_cluster_count: number
  max_cluster_count: number
  scaling_policy: string
  auto_suspend_seconds: number
}

/**
 * STARTED while a query runs or queues on it, or within its auto-suspend time of the last query's
 * end; SUSPENDED otherwise. Read from its queries of the last day before now.
 */
function stateNow(db: Db, w: StoredWarehouse, now: number, shift: number): SnowflakeWarehouseRow['state'] {
  const last = db
    .prepare(
      `SELECT max(CASE WHEN status IN ('R', 'W', 'U', 'P') THEN @now ELSE start_time + duration END)
         FROM snowflake_queries INDEXED BY snowflake_queries_warehouse
        WHERE warehouse_code = @code AND start_time >= @since AND start_time <= @now`,
    )
    .pluck()
    .get({ code: w.code, now: now - shift, since: now - shift - 86_400_000 }) as number | null
  return last !== null && last >= now - shift - w.auto_suspend_seconds * 1000 ? 'STARTED' : 'SUSPENDED'
}

function warehouseRows(db: Db, window: SnowflakeWindow, now: number, uid?: string): SnowflakeWarehouseRow[] {
  const warehouses = db
    .prepare(`SELECT * FROM snowflake_warehouses ${uid === undefined ? '' : 'WHERE uid = ?'} ORDER BY name`)
    .all(...(uid === undefined ? [] : [uid])) as StoredWarehouse[]
  const range = storedRange(window)
  const byWarehouse = new Map(
    tallies(db, range, uid === undefined ? {} : { warehouses: [uid] }, ['warehouse_uid']).map((t) => [
      t.warehouse_uid as string,
      t,
    ]),
  )
  // Queries that queued on an overloaded warehouse carry the QUEUED_OVERLOAD insight (its rule).
  const queued = new Map(
    tallies(
      db,
      range,
      { insightMask: insightBit('QUEUED_OVERLOAD'), ...(uid === undefined ? {} : { warehouses: [uid] }) },
      ['warehouse_uid'],
    ).map((t) => [t.warehouse_uid as string, t.n]),
  )
  const span = Math.max(1, window.end - window.start)
  return warehouses
    .map((w) => {
      const t = byWarehouse.get(w.uid)
      const queuedCount = queued.get(w.uid) ?? 0
      const capacity = span * w.max_cluster_count * CONCURRENCY
      return {
        uid: w.uid,
        name: w.name,
        size: w.size,
        creditsPerHour: w.credits_per_hour,
        minClusterCount: w.min_cluster_count,
        maxClusterCount: w.max_cluster_count,
        scalingPolicy: w.scaling_policy,
        autoSuspendSeconds: w.auto_suspend_seconds,
        accountId: w.account_id,
        state: stateNow(db, w, now, window.shift),
        queryCount: t?.n ?? 0,
        credits: fromE4(t?.creditsE4 ?? 0),
        cost: fromE4(t?.costE4 ?? 0),
        avgQueuedOverloadTime: queuedCount ? Math.round((t?.queuedOverloadTime ?? 0) / queuedCount) : 0,
        queuedQueryCount: queuedCount,
        utilisationPercent: Math.min(100, Math.round((10_000 * (t?.executionTime ?? 0)) / capacity) / 100),
      }
    })
    .sort((a, b) => b.cost - a.cost || a.name.localeCompare(b.name))
}

/** E161: every warehouse with its usage in the window, most cost first. */
export function listWarehouses(db: Db, query: SnowflakeWindowQuery, now: number): SnowflakeWarehouseList {
  const window = snowflakeWindow(db, query, now, 'querystring')
  return {
    startTime: new Date(window.start).toISOString(),
    endTime: new Date(window.end).toISOString(),
    warehouses: warehouseRows(db, window, now),
  }
}

/** E162: one warehouse's row and its series at the span's point interval (B091). */
export function warehouseDetails(
  db: Db,
  uid: string,
  query: SnowflakeWindowQuery,
  now: number,
): SnowflakeWarehouseDetails {
  const window = snowflakeWindow(db, query, now, 'querystring')
  const interval = chartPointInterval(window.end - window.start)
  const step = POINT_INTERVAL_MS[interval]
  assertSeriesPoints(seriesGrid(window.start, window.end, step).n, interval, 'querystring/startTime')
  const [warehouse] = warehouseRows(db, window, now, uid)
  if (!warehouse) throw new HttpError(404, `Snowflake warehouse ${uid} not found.`)
  const range = storedRange(window)
  // Points start at whole intervals of the shown time; integers written into the SQL (never input).
  const shift = Math.round(window.shift)
  const rows = db
    .prepare(
      `SELECT ((start_time + ${shift}) / ${step}) * ${step} AS ts, sum(credits_e4) AS credits, sum(cost_e4) AS cost,
              count(*) AS n, sum(queued_overload_time) AS queued, max(cluster_number) AS clusters
         FROM snowflake_queries INDEXED BY snowflake_queries_warehouse
        WHERE warehouse_code = @code AND start_time >= @from AND start_time < @to
        GROUP BY 1`,
    )
    .all({ code: snowflakeCodec(db).code('warehouse', uid), ...range }) as {
    ts: number
    credits: number
    cost: number
    n: number
    queued: number
    clusters: number
  }[]
  const byTs = new Map(rows.map((r) => [r.ts, r]))
  const series = {
    credits: [],
    cost: [],
    queryCount: [],
    queuedOverloadTime: [],
    runningClusters: [],
  } as Record<keyof SnowflakeWarehouseDetails['series'], SnowflakePoint[]>
  for (let ts = Math.floor(window.start / step) * step; ts <= window.end; ts += step) {
    const r = byTs.get(ts)
    series.credits.push([ts, fromE4(r?.credits ?? 0)])
    series.cost.push([ts, fromE4(r?.cost ?? 0)])
    series.queryCount.push([ts, r?.n ?? 0])
    series.queuedOverloadTime.push([ts, r?.queued ?? 0])
    series.runningClusters.push([ts, r?.clusters ?? 0])
  }
  return {
    startTime: iso(window.start, 0),
    endTime: iso(window.end, 0),
    warehouse,
    interval,
    pointInterval: step,
    series,
  }
}
