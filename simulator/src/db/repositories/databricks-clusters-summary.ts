import type { DatabricksClusterSummary, DatabricksWindowQuery } from '@costlens/shared'
import type { Db } from '../open-database.ts'
import { databricksReadClock, dbusOf, usdOf } from './databricks-figures.ts'
import { ROW_KIND, clusterRowsSql, clusterWindow } from './databricks-clusters-rows.ts'

/*
 * /compute/cluster_summary: a Databricks admin's compute on one page, over the clusters list's own
 * rows (cluster_rows: all-purpose sessions and job clusters, the same money rules), so every figure
 * here is the sum of rows the list shows for the same window. SQL warehouses (db_warehouse_sessions
 * overlapping the window, billed while up) are added as a third type; their idle cost is their cost ×
 * the idle share of their uptime. Hours are wall-clock hours a cluster was up, never node-hours.
 */

const HOUR = 3_600_000
const hours = (ms: number | null) => Math.round(((ms ?? 0) / HOUR) * 100) / 100
const usd = (e4: number | null) => usdOf(Math.round(e4 ?? 0))

interface Sums {
  count: number
  dbus: number | null
  cost: number | null
  busy: number | null
  idle: number | null
  idle_cost: number | null
}

const SUMS = `COUNT(*) AS count, SUM(dbus_e4) AS dbus, SUM(dbu_cost_e4 + vm_cost_e4) AS cost, SUM(busy_ms) AS busy,
  SUM(idle_ms) AS idle, SUM(MIN(idle_cost_e4, dbu_cost_e4 + vm_cost_e4)) AS idle_cost`

const usage = (s: Sums) => ({ count: s.count, dbus: dbusOf(s.dbus ?? 0), cost: usd(s.cost) })
const busyIdle = (s: Sums) => ({
  busyHours: hours(s.busy),
  idleHours: hours(s.idle),
  idleCost: Math.min(usd(s.idle_cost), usd(s.cost)),
})

/** One group of the window's rows: an all-purpose cluster's sessions, or a job's runs on one node type and availability. */
interface Part extends Sums {
  kind: number
  code: number
  workspace: number
  node_type: number
  availability: number
  up: number | null
}

/** Sums of parts, by a key of each. */
function sumBy<K>(parts: readonly Part[], key: (p: Part) => K): Map<K, Sums & { up: number }> {
  const out = new Map<K, Sums & { up: number }>()
  for (const p of parts) {
    const t = out.get(key(p)) ?? { count: 0, dbus: 0, cost: 0, busy: 0, idle: 0, idle_cost: 0, up: 0 }
    out.set(key(p), {
      count: t.count + p.count,
      dbus: (t.dbus ?? 0) + (p.dbus ?? 0),
      cost: (t.cost ?? 0) + (p.cost ?? 0),
      busy: (t.busy ?? 0) + (p.busy ?? 0),
      idle: (t.idle ?? 0) + (p.idle ?? 0),
      idle_cost: (t.idle_cost ?? 0) + (p.idle_cost ?? 0),
      up: t.up + (p.up ?? 0),
    })
  }
  return out
}

const EMPTY: Sums = { count: 0, dbus: 0, cost: 0, busy: 0, idle: 0, idle_cost: 0 }

export function databricksClusterSummary(
  db: Db,
  query: DatabricksWindowQuery,
  now: number,
): DatabricksClusterSummary {
  const window = clusterWindow(query.start_time, query.end_time, 'querystring', now)
  const clock = databricksReadClock(db, now)
  const stored = { start: window.start - clock.shift, end: window.end - clock.shift }
  const rows = clusterRowsSql(db, { window: stored }, clock)
  // One pass over the window: sessions by cluster, runs by job, node type and availability; every
  // breakdown below is folded from these few hundred parts.
  const part = (name: string, code: string, groupBy: string) =>
    `SELECT kind, ${code} AS code, workspace, node_type, availability, ${SUMS}, SUM(duration) AS up
     FROM ${name} GROUP BY ${groupBy}`
  const parts = db
    .prepare(
      `${rows.with} ${part('session_rows', 'cluster', 'cluster')}
       UNION ALL ${part('run_rows', 'job', 'job, node_type, availability')}`,
    )
    .all(rows.params) as Part[]
  const lookup = (sql: string, codes: Iterable<number>) => {
    const list = [...new Set(codes)]
    if (!list.length) return new Map<number, Record<string, unknown>>()
    const found = db.prepare(sql.replace('?', list.map(() => '?').join(', '))).all(...list) as ({
      code: number
    } & Record<string, unknown>)[]
    return new Map(found.map((r) => [r.code, r]))
  }
  const sessions = parts.filter((p) => p.kind === ROW_KIND.session)
  const runs = parts.filter((p) => p.kind === ROW_KIND.jobCluster)
  const clusters = lookup(
    `SELECT c.code, c.cluster_id, c.cluster_name, c.min_workers, c.max_workers, w.workspace_name
     FROM db_clusters c JOIN db_workspaces w ON w.code = c.workspace WHERE c.code IN (?)`,
    sessions.map((p) => p.code),
  )
  const jobs = lookup(
    'SELECT code, min_workers, max_workers FROM db_jobs WHERE code IN (?)',
    runs.map((p) => p.code),
  )
  const workspaces = lookup(
    'SELECT code, workspace_name FROM db_workspaces WHERE code IN (?)',
    parts.map((p) => p.workspace),
  )
  const nodeTypes = lookup(
    'SELECT code, node_type_id FROM db_node_types WHERE code IN (?)',
    parts.map((p) => p.node_type),
  )
  // A job cluster's workers are its job's (the run holds only the average it reached).
  const autoscales = (p: Part) => {
    const conf = (p.kind === ROW_KIND.session ? clusters : jobs).get(p.code)
    return Number(conf?.max_workers ?? 0) > Number(conf?.min_workers ?? 0)
  }

  const byKind = sumBy(parts, (p) => p.kind)
  const kindSums = (kind: number): Sums => byKind.get(kind) ?? EMPTY
  const total = sumBy(parts, () => 0).get(0) ?? { ...EMPTY, up: 0 }
  const warehouse = db
    .prepare(
      `SELECT COUNT(*) AS count, SUM(dbus_e4) AS dbus, SUM(dbu_cost_e4 + vm_cost_e4) AS cost,
         SUM(MIN(busy_ms, up)) AS busy, SUM(MAX(0, up - busy_ms)) AS idle,
         SUM((dbu_cost_e4 + vm_cost_e4) * MAX(0, up - busy_ms) * 1.0 / MAX(up, 1)) AS idle_cost
       FROM (SELECT *, COALESCE(end_time, @storedNow) - start_time AS up FROM db_warehouse_sessions
             WHERE start_time <= @end AND (end_time IS NULL OR end_time >= @start))`,
    )
    .get({ ...stored, storedNow: clock.storedNow }) as Sums
  const clusterCost = usd(total.cost)
  const share = (cost: number | null) =>
    clusterCost > 0 ? Math.round((usd(cost) / clusterCost) * 10_000) / 10_000 : 0
  const byCost = <T extends { cost: number }>(a: T & { name: string }, b: T & { name: string }) =>
    b.cost - a.cost || a.name.localeCompare(b.name)

  const running = db
    .prepare(
      `SELECT (SELECT COUNT(DISTINCT cluster) FROM db_cluster_sessions WHERE end_time IS NULL) AS allPurpose,
         (SELECT COUNT(*) FROM db_runs WHERE compute_kind = 0 AND status = 'R' AND end_time IS NULL) AS jobClusters,
         (SELECT COUNT(DISTINCT warehouse) FROM db_warehouse_sessions WHERE end_time IS NULL) AS warehouses`,
    )
    .get() as DatabricksClusterSummary['runningNow']

  return {
    start: window.start,
    end: window.end,
    runningNow: running,
    totals: { ...usage(total), ...busyIdle(total), clusters: total.count },
    byType: [
      {
        type: 'db_all_purpose',
        ...usage(kindSums(ROW_KIND.session)),
        ...busyIdle(kindSums(ROW_KIND.session)),
      },
      {
        type: 'db_job_cluster',
        ...usage(kindSums(ROW_KIND.jobCluster)),
        ...busyIdle(kindSums(ROW_KIND.jobCluster)),
      },
      { type: 'sql_warehouse', ...usage(warehouse), ...busyIdle(warehouse) },
    ],
    byWorkspace: [...sumBy(parts, (p) => p.workspace)]
      .map(([code, s]) => ({
        name: String(workspaces.get(code)?.workspace_name ?? code),
        ...usage(s),
        idleCost: busyIdle(s).idleCost,
      }))
      .sort(byCost)
      .map(({ name, ...rest }) => ({ workspace: name, ...rest })),
    byNodeType: [...sumBy(parts, (p) => p.node_type)]
      .map(([code, s]) => ({
        name: String(nodeTypes.get(code)?.node_type_id ?? code),
        ...usage(s),
        hours: hours(s.up),
      }))
      .sort(byCost)
      .map(({ name, ...rest }) => ({ nodeType: name, ...rest })),
    scaling: (['autoscaling', 'fixed'] as const)
      .map((kind) => {
        const s = sumBy(parts, autoscales).get(kind === 'autoscaling') ?? EMPTY
        return { kind, ...usage(s), share: share(s.cost) }
      })
      .filter((k) => k.count > 0),
    availability: (['spot', 'on_demand'] as const)
      .map((kind) => {
        const s = sumBy(parts, (p) => (p.availability === 0 ? 'on_demand' : 'spot')).get(kind) ?? EMPTY
        return { kind, ...usage(s), share: share(s.cost) }
      })
      .filter((k) => k.count > 0),
    topIdle: sessions
      .filter((p) => (p.idle_cost ?? 0) > 0)
      .sort((a, b) => (b.idle_cost ?? 0) - (a.idle_cost ?? 0) || a.code - b.code)
      .slice(0, 5)
      .map((p) => {
        const c = clusters.get(p.code)!
        return {
          clusterId: String(c.cluster_id),
          name: String(c.cluster_name),
          workspace: String(c.workspace_name),
          sessions: p.count,
          idleHours: hours(p.idle),
          idleCost: busyIdle(p).idleCost,
          cost: usd(p.cost),
        }
      }),
  }
}
