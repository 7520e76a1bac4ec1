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

export function databricksClusterSummary(
  db: Db,
  query: DatabricksWindowQuery,
  now: number,
): DatabricksClusterSummary {
  const window = clusterWindow(query.start_time, query.end_time, 'querystring', now)
  const clock = databricksReadClock(db, now)
  const stored = { start: window.start - clock.shift, end: window.end - clock.shift }
  const rows = clusterRowsSql({ window: stored }, clock)
  const all = <T>(select: string) => db.prepare(`${rows.with} ${select}`).all(rows.params) as T[]

  const byKind = all<Sums & { kind: number }>(`SELECT kind, ${SUMS} FROM cluster_rows GROUP BY kind`)
  const kindSums = (kind: number): Sums =>
    byKind.find((k) => k.kind === kind) ?? { count: 0, dbus: 0, cost: 0, busy: 0, idle: 0, idle_cost: 0 }
  const warehouse = db
    .prepare(
      `SELECT COUNT(*) AS count, SUM(dbus_e4) AS dbus, SUM(dbu_cost_e4 + vm_cost_e4) AS cost,
         SUM(MIN(busy_ms, up)) AS busy, SUM(MAX(0, up - busy_ms)) AS idle,
         SUM((dbu_cost_e4 + vm_cost_e4) * MAX(0, up - busy_ms) * 1.0 / MAX(up, 1)) AS idle_cost
       FROM (SELECT *, COALESCE(end_time, @storedNow) - start_time AS up FROM db_warehouse_sessions
             WHERE start_time <= @end AND (end_time IS NULL OR end_time >= @start))`,
    )
    .get({ ...stored, storedNow: clock.storedNow }) as Sums
  const total: Sums = byKind.reduce(
    (t, k) => ({
      count: t.count + k.count,
      dbus: (t.dbus ?? 0) + (k.dbus ?? 0),
      cost: (t.cost ?? 0) + (k.cost ?? 0),
      busy: (t.busy ?? 0) + (k.busy ?? 0),
      idle: (t.idle ?? 0) + (k.idle ?? 0),
      idle_cost: (t.idle_cost ?? 0) + (k.idle_cost ?? 0),
    }),
    { count: 0, dbus: 0, cost: 0, busy: 0, idle: 0, idle_cost: 0 },
  )
  const clusterCost = usd(total.cost)
  const share = (cost: number | null) =>
    clusterCost > 0 ? Math.round((usd(cost) / clusterCost) * 10_000) / 10_000 : 0

  const byWorkspace = all<Sums & { workspace: string }>(
    `SELECT w.workspace_name AS workspace, ${SUMS} FROM cluster_rows JOIN db_workspaces w ON w.code = cluster_rows.workspace
     GROUP BY cluster_rows.workspace ORDER BY cost DESC, workspace`,
  )
  const byNodeType = all<Sums & { nodeType: string; up: number }>(
    `SELECT n.node_type_id AS nodeType, ${SUMS}, SUM(duration) AS up FROM cluster_rows
     JOIN db_node_types n ON n.code = cluster_rows.node_type GROUP BY cluster_rows.node_type ORDER BY cost DESC, nodeType`,
  )
  // A job cluster's workers are its job's (the run holds only the average it reached).
  const scaling = all<Sums & { kind: 'autoscaling' | 'fixed' }>(
    `SELECT CASE WHEN COALESCE(cr.max_workers, j.max_workers, 0) > COALESCE(cr.min_workers, j.min_workers, 0)
       THEN 'autoscaling' ELSE 'fixed' END AS kind, COUNT(*) AS count, SUM(cr.dbus_e4) AS dbus,
       SUM(cr.dbu_cost_e4 + cr.vm_cost_e4) AS cost, 0 AS busy, 0 AS idle, 0 AS idle_cost
     FROM cluster_rows cr LEFT JOIN db_jobs j ON j.code = cr.job GROUP BY 1 ORDER BY 1`,
  )
  const availability = all<Sums & { kind: 'spot' | 'on_demand' }>(
    `SELECT CASE WHEN availability = 0 THEN 'on_demand' ELSE 'spot' END AS kind, ${SUMS} FROM cluster_rows
     GROUP BY 1 ORDER BY 1 DESC`,
  )
  const topIdle = all<Sums & { clusterId: string; name: string; workspace: string }>(
    `SELECT c.cluster_id AS clusterId, c.cluster_name AS name, w.workspace_name AS workspace, ${SUMS}
     FROM cluster_rows JOIN db_clusters c ON c.code = cluster_rows.cluster JOIN db_workspaces w ON w.code = c.workspace
     WHERE kind = ${ROW_KIND.session} GROUP BY cluster_rows.cluster HAVING idle_cost > 0
     ORDER BY idle_cost DESC, clusterId LIMIT 5`,
  )
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
    byWorkspace: byWorkspace.map((w) => ({
      workspace: w.workspace,
      ...usage(w),
      idleCost: busyIdle(w).idleCost,
    })),
    byNodeType: byNodeType.map((n) => ({ nodeType: n.nodeType, ...usage(n), hours: hours(n.up) })),
    scaling: scaling.map((s) => ({ kind: s.kind, ...usage(s), share: share(s.cost) })),
    availability: availability.map((a) => ({ kind: a.kind, ...usage(a), share: share(a.cost) })),
    topIdle: topIdle.map((t) => ({
      clusterId: t.clusterId,
      name: t.name,
      workspace: t.workspace,
      sessions: t.count,
      idleHours: hours(t.idle),
      idleCost: busyIdle(t).idleCost,
      cost: usd(t.cost),
    })),
  }
}
