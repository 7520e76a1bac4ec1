import {
  DATABRICKS_SKUS,
  DATABRICKS_USAGE_SOURCES,
  DATABRICKS_WAREHOUSE_SIZES,
  DATABRICKS_WAREHOUSE_TYPES,
  databricksComputeCost,
  databricksUsdPerDbu,
} from '@costlens/shared'
import type { Db } from '../open-database.ts'
import { insertRows, RowInserter } from './bulk-insert.ts'
import {
  SQL_FAILURES,
  SQL_STATEMENTS,
  SQL_TABLES,
  WAREHOUSE_NAMES,
  type DatabricksSizes,
} from './databricks-catalogue.ts'
import type { DatabricksUsageBuilder } from './databricks-usage.ts'
import { drawTagSet, hex, uuid, type DatabricksWorld } from './databricks-world.ts'
import type { Prng } from './prng.ts'

/*
 * SQL warehouses (Classic, Pro, Serverless; 2X-Small to Large), their uptime and their queries.
 * A warehouse starts with the first query of a workday, scales out to 1..max clusters while
 * analysts and dashboards query it, and stops after its auto-stop of idle time (the idle tail is
 * billed: uptime, not query time, is what a warehouse costs); a dbt warehouse also wakes at night
 * for its batch. Cost: the size's DBU/h per cluster (DOMAIN.md §3) at the type's SQL SKU; Classic
 * and Pro run in the customer's cloud account, so their VMs are billed too (about $0.104 per DBU
 * of capacity: four i3.xlarge per Small cluster); Serverless includes them.
 */

const SECOND = 1000
const MINUTE = 60 * SECOND
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/** Cloud VM dollars per DBU of classic/pro warehouse capacity (4 × i3.xlarge $0.312 for Small's 12 DBU/h). */
const VM_USD_PER_WAREHOUSE_DBU = 0.104

interface Warehouse {
  code: number
  workspace: number
  creator: number
  type: number
  size: number
  maxClusters: number
  autoStop: number
  tagSet: number | null
}

interface Session {
  warehouse: Warehouse
  start: number
  end: number | null
  busyMs: number
  avgClusters: number
}

function lognormal(prng: Prng, median: number, sigma: number): number {
  const u = Math.max(prng.next(), 1e-12)
  return median * Math.exp(sigma * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * prng.next()))
}

/** A statement of a type, as an analyst or a dbt model writes it. */
function statementText(prng: Prng, type: string): string {
  const table = prng.pick(SQL_TABLES)
  const n = prng.int(1, 90)
  switch (type) {
    case 'SELECT':
      return prng.chance(0.5)
        ? `SELECT region, date_trunc('week', order_date) AS week, sum(amount) AS revenue FROM ${table} WHERE order_date >= current_date() - INTERVAL ${n} DAYS GROUP BY ALL ORDER BY week`
        : `SELECT * FROM ${table} WHERE customer_id = ${prng.int(1000, 999_999)} LIMIT ${n * 10}`
    case 'INSERT':
      return `INSERT INTO ${table}_daily SELECT * FROM ${table} WHERE ingest_date = current_date() - INTERVAL 1 DAY`
    case 'MERGE':
      return `MERGE INTO ${table} AS t USING ${table}_updates AS s ON t.id = s.id WHEN MATCHED THEN UPDATE SET * WHEN NOT MATCHED THEN INSERT *`
    case 'CREATE':
      return `CREATE OR REPLACE TABLE ${table}_snapshot_${n} AS SELECT * FROM ${table}`
    case 'UPDATE':
      return `UPDATE ${table} SET status = 'closed' WHERE updated_at < current_date() - INTERVAL ${n} DAYS`
    case 'DELETE':
      return `DELETE FROM ${table} WHERE event_date < current_date() - INTERVAL ${n + 365} DAYS`
    case 'OPTIMIZE':
      return `OPTIMIZE ${table} ZORDER BY (customer_id)`
    default:
      return `SHOW TABLES IN ${table.split('.').slice(0, 2).join('.')}`
  }
}

/** Writes the warehouses, their sessions and queries, and their usage; returns the queries written. */
export function seedDatabricksSql(
  db: Db,
  prng: Prng,
  now: number,
  historyStart: number,
  sizes: DatabricksSizes,
  world: DatabricksWorld,
  usage: DatabricksUsageBuilder,
): number {
  const sqlWorkspaces = world.workspaces.filter((w) => w.tier !== 'STANDARD')
  const warehouses: Warehouse[] = []
  for (let i = 0; i < sizes.warehouses; i++) {
    // The first three: one of each type (every SQL SKU at every scale).
    const type =
      i < DATABRICKS_WAREHOUSE_TYPES.length ? i : prng.int(0, DATABRICKS_WAREHOUSE_TYPES.length - 1)
    const serverless = DATABRICKS_WAREHOUSE_TYPES[type] === 'SERVERLESS'
    warehouses.push({
      code: i + 1,
      workspace: sqlWorkspaces[i % sqlWorkspaces.length]!.code,
      creator: prng.pick(world.users),
      type,
      size: prng.int(0, 4),
      maxClusters: prng.int(1, 4),
      autoStop: serverless ? 10 : prng.pick([15, 30, 45, 120]),
      tagSet: drawTagSet(prng, world),
    })
  }
  insertRows(
    db,
    'db_warehouses',
    [
      'code',
      'warehouse_id',
      'workspace',
      'name',
      'creator',
      'warehouse_type',
      'size',
      'min_clusters',
      'max_clusters',
      'auto_stop_minutes',
      'tag_set',
      'created_at',
    ],
    warehouses.map((w, i) => [
      w.code,
      hex(prng, 16),
      w.workspace,
      WAREHOUSE_NAMES[i % WAREHOUSE_NAMES.length]! + (i >= WAREHOUSE_NAMES.length ? `-${i}` : ''),
      w.creator,
      w.type,
      w.size,
      1,
      w.maxClusters,
      w.autoStop,
      w.tagSet,
      now - prng.int(100, 400) * DAY,
    ]),
  )

  // Sessions: a workday's (weekends now and then), and a nightly batch on some warehouses.
  const sessions: Session[] = []
  for (const warehouse of warehouses) {
    const workday = world.workspaces[warehouse.workspace - 1]!.workdayStartUtc
    const nightly = prng.chance(0.4)
    for (let day = historyStart - (historyStart % DAY); day < now; day += DAY) {
      const weekday = new Date(day).getUTCDay()
      const windows: [number, number][] = []
      if (nightly)
        windows.push([day + prng.int(1, 3) * HOUR + prng.int(0, 59) * MINUTE, prng.int(20, 120) * MINUTE])
      if ((weekday !== 0 && weekday !== 6) || prng.chance(0.2))
        windows.push([
          day + (workday - 1) * HOUR + prng.int(0, 120) * MINUTE,
          prng.int(3 * 60, 10 * 60) * MINUTE,
        ])
      for (const [start, busy] of windows) {
        if (start < historyStart || start >= now) continue
        const end = start + busy + warehouse.autoStop * MINUTE
        sessions.push({
          warehouse,
          start,
          end: end < now ? end : null,
          busyMs: Math.min(busy, now - start),
          avgClusters: Math.round((1 + (warehouse.maxClusters - 1) * prng.next() ** 2) * 10) / 10,
        })
      }
    }
  }
  sessions.sort((a, b) => a.start - b.start || a.warehouse.code - b.warehouse.code)
  const sessionInserter = new RowInserter(db, 'db_warehouse_sessions', [
    'id',
    'warehouse',
    'start_time',
    'end_time',
    'busy_ms',
    'avg_clusters',
    'dbus_e4',
    'dbu_cost_e4',
    'vm_cost_e4',
  ])
  const source = DATABRICKS_USAGE_SOURCES.indexOf('WAREHOUSE')
  sessions.forEach((s, i) => {
    const { warehouse } = s
    const workspace = world.workspaces[warehouse.workspace - 1]!
    const skuName = (['SQL_CLASSIC', 'SQL_PRO', 'SQL_SERVERLESS'] as const)[warehouse.type]!
    const dbuPerHour = DATABRICKS_WAREHOUSE_SIZES[warehouse.size]!.dbuPerHour
    // Cluster-hours of the size's capacity: the one cost definition with the clusters folded into the hours.
    const cost = databricksComputeCost(
      {
        dbuPerHour,
        vmUsdPerHour: skuName === 'SQL_SERVERLESS' ? 0 : dbuPerHour * VM_USD_PER_WAREHOUSE_DBU,
        spotDiscount: 0,
      },
      0,
      false,
      (((s.end ?? now) - s.start) / HOUR) * s.avgClusters,
      databricksUsdPerDbu(skuName, workspace.cloud, workspace.tier)!,
    )
    sessionInserter.push(
      i + 1,
      warehouse.code,
      s.start,
      s.end,
      s.busyMs,
      s.avgClusters,
      cost.dbusE4,
      cost.dbuCostE4,
      cost.vmCostE4,
    )
    usage.add(
      {
        start: s.start,
        workspace: warehouse.workspace,
        principal: warehouse.creator,
        sku: DATABRICKS_SKUS.indexOf(skuName),
        sourceType: source,
        source: warehouse.code,
        tagSet: warehouse.tagSet,
      },
      (s.end ?? s.start) - s.start,
      cost.dbusE4,
      cost.dbuCostE4,
      cost.vmCostE4,
    )
  })
  sessionInserter.flush()

  // Queries: spread over the sessions' busy time, in start order (ids grow with it).
  const cumulative = new Float64Array(sessions.length)
  let total = 0
  sessions.forEach((s, i) => (cumulative[i] = total += s.busyMs))
  const starts = new Float64Array(sizes.queries)
  const owners = new Uint32Array(sizes.queries)
  for (let q = 0; q < sizes.queries; q++) {
    const at = prng.next() * total
    let low = 0
    let high = sessions.length - 1
    while (low < high) {
      const mid = (low + high) >> 1
      if (cumulative[mid]! < at) low = mid + 1
      else high = mid
    }
    const session = sessions[low]!
    starts[q] = Math.floor(session.start + (at - (cumulative[low]! - session.busyMs)))
    owners[q] = low
  }
  const order = Array.from({ length: sizes.queries }, (_, q) => q).sort(
    (a, b) => starts[a]! - starts[b]! || a - b,
  )
  const queryInserter = new RowInserter(db, 'db_sql_queries', [
    'id',
    'query_id',
    'warehouse',
    'principal',
    'statement_type',
    'query_text',
    'status',
    'start_time',
    'end_time',
    'duration',
    'rows_produced',
    'read_bytes',
    'error_message',
  ])
  const weights = SQL_STATEMENTS.reduce((a, s) => a + s.weight, 0)
  order.forEach((q, i) => {
    const session = sessions[owners[q]!]!
    let u = prng.next() * weights
    const type = SQL_STATEMENTS.find((s) => (u -= s.weight) < 0)?.type ?? 'SELECT'
    const write = type !== 'SELECT' && type !== 'SHOW'
    const start = starts[q]!
    let duration = Math.max(40, Math.round(lognormal(prng, write ? 25_000 : 1_800, 1.3)))
    const v = prng.next()
    let status = v < 0.03 ? 'F' : v < 0.045 ? 'K' : 'S'
    if (start + duration > now) {
      status = 'R'
      duration = now - start
    }
    const failed = status === 'F'
    const rows = failed
      ? 0
      : type === 'SELECT'
        ? Math.round(lognormal(prng, 400, 2))
        : write
          ? prng.int(0, 5_000_000)
          : prng.int(1, 60)
    const bytes = failed ? prng.int(0, 1_000_000) : Math.round(lognormal(prng, 60_000_000, 2))
    queryInserter.push(
      i + 1,
      uuid(prng),
      session.warehouse.code,
      prng.chance(0.15) ? session.warehouse.creator : prng.pick(world.users),
      type,
      statementText(prng, type),
      status,
      start,
      status === 'R' ? null : start + duration,
      duration,
      rows,
      bytes,
      failed ? prng.pick(SQL_FAILURES) : null,
    )
  })
  queryInserter.flush()
  return sizes.queries
}
