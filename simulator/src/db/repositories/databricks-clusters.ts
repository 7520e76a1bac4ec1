import {
  DATABRICKS_AVAILABILITY,
  DATABRICKS_CLUSTER_SORT_FIELDS,
  DATABRICKS_CLUSTER_ROW_TYPES,
  DATABRICKS_INSIGHT_KEYS,
  databricksJobClusterId,
  databricksRunKey,
  type AppStatusCode,
  type DatabricksClusterRecord,
  type DatabricksClusterSearchResponse,
  type DatabricksClusterSessions,
  type DatabricksClusterSortField,
  type DatabricksWindowQuery,
  type UnifiedSearchBody,
} from '@costlens/shared'
import type { Db } from '../open-database.ts'
import { HttpError } from '../../errors.ts'
import { checkPaging } from './applications.ts'
import {
  centsOf,
  databricksReadClock,
  dbusOf,
  usdOf,
  type DatabricksReadClock,
} from './databricks-figures.ts'
import {
  ROW_KIND,
  clusterRowsSql,
  clusterWindow,
  type ClusterRowFilters,
} from './databricks-clusters-rows.ts'
import { longestRun } from './databricks-runs.ts'

/*
 * The Databricks clusters list (/compute/dbclusters, 02 §2, §4): one page of cluster_rows
 * (databricks-clusters-rows.ts) filtered, sorted and paged in SQL, with the metadata its filters and
 * sliders read (counts, ranges, totals of every matching row). The finished, running and all tabs
 * come through unified search (E014, appTypes ['spark']), the inefficient tab through its own call.
 */

/** Sort keys → cluster_rows columns; every cost key sorts by the total (DBUs + VMs). */
const SORT_COLUMNS: Readonly<Record<DatabricksClusterSortField, string>> = {
  startTime: 'start_time',
  finishedTime: 'end_time',
  duration: 'duration',
  setupDuration: 'setup_ms',
  dbus: 'dbus_e4',
  cost: 'dbu_cost_e4 + vm_cost_e4',
  total_cost: 'dbu_cost_e4 + vm_cost_e4',
  cents: 'dbu_cost_e4 + vm_cost_e4',
  idleTime: 'idle_ms',
  idleCost: 'idle_cost_e4',
}

/** The unified-search body as cluster_rows filters (names looked up once; unknown names match nothing). */
function filtersOf(
  db: Db,
  body: UnifiedSearchBody,
  now: number,
  clock: DatabricksReadClock,
): ClusterRowFilters {
  const runningOnly = body.appStatus?.length === 1 && body.appStatus[0] === 'R'
  const window = clusterWindow(body.start_time, body.end_time, 'body', now)
  const codes = (table: string, column: string, names: readonly string[] | undefined) =>
    names?.length
      ? (db
          .prepare(`SELECT code FROM ${table} WHERE ${column} IN (${names.map(() => '?').join(', ')})`)
          .pluck()
          .all(...names) as number[])
      : undefined
  const kinds = body.clusterTypes?.length
    ? body.clusterTypes.map((t) => {
        const index = DATABRICKS_CLUSTER_ROW_TYPES.indexOf(t as (typeof DATABRICKS_CLUSTER_ROW_TYPES)[number])
        if (index < 0)
          throw new HttpError(
            400,
            `body/clusterTypes: "${t}" is not one of ${DATABRICKS_CLUSTER_ROW_TYPES.join(', ')}`,
          )
        return index === 0 ? ROW_KIND.session : ROW_KIND.jobCluster
      })
    : undefined
  let insightBits = 0
  for (const name of body.insights ?? []) {
    const index = DATABRICKS_INSIGHT_KEYS.indexOf(name as (typeof DATABRICKS_INSIGHT_KEYS)[number])
    if (index < 0)
      throw new HttpError(400, `body/insights: "${name}" is not one of ${DATABRICKS_INSIGHT_KEYS.join(', ')}`)
    insightBits |= 1 << index
  }
  const tagGroups = Object.entries(body.appTags ?? {})
    .filter(([, values]) => values.length > 0)
    .map(
      ([key, values]) =>
        db
          .prepare(
            `SELECT code FROM db_tags WHERE key = ? AND value IN (${values.map(() => '?').join(', ')})`,
          )
          .pluck()
          .all(key, ...values) as number[],
    )
  const named = (body.clusters ?? []).filter((c) => c !== '*' && c !== '')
  return {
    window: runningOnly ? undefined : { start: window.start - clock.shift, end: window.end - clock.shift },
    onFinishedTime: body.queryOnFinishedTime === true && !runningOnly,
    longestRun: longestRun(db),
    statuses: body.appStatus?.length ? body.appStatus : undefined,
    kinds,
    workspaces: codes('db_workspaces', 'workspace_name', body.queues),
    principals: codes('db_principals', 'name', body.users),
    clusterIds: named.length ? named : undefined,
    tagGroups: tagGroups.length ? tagGroups : undefined,
    durationMs: body.durations,
    totalE4: body.cost && {
      min: body.cost.min === undefined ? undefined : body.cost.min * 1_000_000,
      max: body.cost.max === undefined ? undefined : body.cost.max * 1_000_000,
    },
    insightBits: insightBits || undefined,
  }
}

function sortOf(body: UnifiedSearchBody, alias = ''): string {
  const [first] = body.sort ?? []
  const [field, spec] = first ? Object.entries(first)[0]! : ['startTime', { order: 'desc' as const }]
  const column = SORT_COLUMNS[field as DatabricksClusterSortField]
  if (!column)
    throw new HttpError(
      400,
      `body/sort: "${field}" is not one of ${DATABRICKS_CLUSTER_SORT_FIELDS.join(', ')}`,
    )
  const order = spec.order === 'asc' ? 'ASC' : 'DESC'
  // Ties by start and the row's key, so pages never repeat or skip a row.
  const of = (sql: string) =>
    sql.replace(/\b([a-z_]+_e4|[a-z]+_time|duration|setup_ms|idle_ms|kind|ref)\b/g, `${alias}$1`)
  return of(`${column} ${order}, start_time DESC, ref DESC, kind`)
}

interface PageRow {
  kind: number
  ref: number
  cluster_id: string | null
  cluster_name: string | null
  auto_term: number | null
  min_w: number | null
  max_w: number | null
  workspace_id: string
  workspace_name: string
  user: string
  start_time: number
  end_time: number | null
  status: AppStatusCode
  duration: number
  setup_ms: number
  busy_ms: number
  idle_ms: number
  dbus_e4: number
  dbu_cost_e4: number
  vm_cost_e4: number
  idle_cost_e4: number
  node_type: string | null
  workers: number
  availability: number
  mask: number
  job_id: number | null
  job_name: string | null
}

/** The names a page's rows carry, joined for the page only (a million runs are never joined). */
const PAGE_JOINS = `
  LEFT JOIN db_cluster_sessions s ON p.kind = ${ROW_KIND.session} AND s.id = p.ref
  LEFT JOIN db_clusters c ON c.code = p.cluster
  LEFT JOIN db_jobs j ON j.code = p.job
  JOIN db_workspaces w ON w.code = p.workspace
  JOIN db_principals u ON u.code = p.principal
  LEFT JOIN db_node_types n ON n.code = p.node_type`

const PAGE_COLUMNS = `p.kind, p.ref, c.cluster_id, c.cluster_name, c.auto_termination_minutes AS auto_term,
  COALESCE(c.min_workers, j.min_workers, 0) AS min_w, COALESCE(c.max_workers, j.max_workers, 0) AS max_w,
  w.workspace_id, w.workspace_name, u.name AS user, p.start_time, p.end_time, p.status, p.duration, p.setup_ms,
  p.busy_ms, p.idle_ms, p.dbus_e4, p.dbu_cost_e4, p.vm_cost_e4, p.idle_cost_e4, n.node_type_id AS node_type,
  p.workers, p.availability, p.mask, j.job_id, j.job_name`

/** A page row as the list's record, times shifted to today's. */
export function clusterRecord(row: PageRow, shift: number): DatabricksClusterRecord {
  const session = row.kind === ROW_KIND.session
  const start = row.start_time + shift
  const jobId = row.job_id === null ? null : String(row.job_id)
  const totalE4 = row.dbu_cost_e4 + row.vm_cost_e4
  const minWorkers = row.min_w ?? 0
  const maxWorkers = row.max_w ?? 0
  return {
    id: session ? `${row.cluster_id}_${row.ref}` : databricksRunKey(row.workspace_id, row.job_id!, row.ref),
    clusterId: session ? row.cluster_id! : databricksJobClusterId(row.ref, start),
    name: session ? row.cluster_name! : `job-${jobId}-run-${row.ref}`,
    clusterType: session ? 'db_all_purpose' : 'db_job_cluster',
    status: row.status,
    user: row.user,
    queue: row.workspace_name,
    workspaceId: row.workspace_id,
    startTime: start,
    finishedTime: row.end_time === null ? null : row.end_time + shift,
    setupDuration: row.setup_ms,
    duration: row.duration,
    dbus: dbusOf(row.dbus_e4),
    cost: usdOf(row.dbu_cost_e4),
    total_cost: usdOf(totalE4),
    cents: centsOf(row.vm_cost_e4),
    nodeType: row.node_type ?? '',
    minWorkers,
    maxWorkers,
    avgWorkers: row.workers,
    autoscaling: maxWorkers > minWorkers,
    availability: DATABRICKS_AVAILABILITY[row.availability] ?? 'ON_DEMAND',
    autoTerminationMinutes: session ? row.auto_term : null,
    busyTime: row.busy_ms,
    idleTime: row.idle_ms,
    idleCost: usdOf(Math.round(Math.min(row.idle_cost_e4, totalE4))),
    insights: DATABRICKS_INSIGHT_KEYS.filter((_, i) => (row.mask & (1 << i)) !== 0),
    sessionId: session ? row.ref : null,
    runId: session ? null : databricksRunKey(row.workspace_id, row.job_id!, row.ref),
    jobId,
    runName: row.job_name,
  }
}

interface Aggregates {
  n: number
  dmin: number | null
  dmax: number | null
  cmin: number | null
  cmax: number | null
  dbus: number | null
  dbu_cost: number | null
  vm_cost: number | null
  idle_cost: number | null
}

interface Group extends Aggregates {
  kind: number
  principal: number
  workspace: number
  mask: number
}

/** The whole answer's figures from its groups. */
function foldGroups(groups: readonly Group[]): Aggregates {
  const min = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.min(a, b))
  const max = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.max(a, b))
  return groups.reduce<Aggregates>(
    (t, g) => ({
      n: t.n + g.n,
      dmin: min(t.dmin, g.dmin),
      dmax: max(t.dmax, g.dmax),
      cmin: min(t.cmin, g.cmin),
      cmax: max(t.cmax, g.cmax),
      dbus: (t.dbus ?? 0) + (g.dbus ?? 0),
      dbu_cost: (t.dbu_cost ?? 0) + (g.dbu_cost ?? 0),
      vm_cost: (t.vm_cost ?? 0) + (g.vm_cost ?? 0),
      idle_cost: (t.idle_cost ?? 0) + (g.idle_cost ?? 0),
    }),
    { n: 0, dmin: null, dmax: null, cmin: null, cmax: null, dbus: 0, dbu_cost: 0, vm_cost: 0, idle_cost: 0 },
  )
}

function searchClusterRows(
  db: Db,
  body: UnifiedSearchBody,
  now: number,
  onlyInefficient: boolean,
): DatabricksClusterSearchResponse {
  const from = body.from ?? 0
  const size = body.size ?? 15
  checkPaging(from, size)
  const clock = databricksReadClock(db, now)
  const rows = clusterRowsSql(db, { ...filtersOf(db, body, now, clock), onlyInefficient }, clock)
  const order = sortOf(body)
  // Each branch's first from + size rows in the page's order, then the page of the two: a branch
  // reads no further than the page needs (its index order), not every row of the window.
  const params = { ...rows.params, from, size, lim: from + size }
  const branch = (name: string) =>
    `SELECT * FROM (SELECT * FROM ${name} WHERE ${rows.where} ORDER BY ${order} LIMIT @lim)`
  const page = db
    .prepare(
      `${rows.with}, p AS (SELECT * FROM (${branch('session_rows')} UNION ALL ${branch('run_rows')})
         ORDER BY ${order} LIMIT @size OFFSET @from)
       SELECT ${PAGE_COLUMNS} FROM p ${PAGE_JOINS} ORDER BY ${sortOf(body, 'p.')}`,
    )
    .all(params) as PageRow[]
  // One pass over the matching rows, grouped by what the metadata counts (type, user, workspace,
  // insights): a few hundred groups folded here instead of a scan per figure.
  const grouped = (name: string) =>
    `SELECT kind, principal, workspace, mask, COUNT(*) AS n, MIN(duration) AS dmin, MAX(duration) AS dmax,
       MIN(dbu_cost_e4 + vm_cost_e4) AS cmin, MAX(dbu_cost_e4 + vm_cost_e4) AS cmax, SUM(dbus_e4) AS dbus,
       SUM(dbu_cost_e4) AS dbu_cost, SUM(vm_cost_e4) AS vm_cost,
       SUM(MIN(idle_cost_e4, dbu_cost_e4 + vm_cost_e4)) AS idle_cost
     FROM ${name} WHERE ${rows.where} GROUP BY principal, workspace, mask`
  // Each branch grouped on its own: the union of a window's runs is never materialised.
  const groups = db
    .prepare(`${rows.with} ${grouped('session_rows')} UNION ALL ${grouped('run_rows')}`)
    .all(rows.params) as Group[]
  const agg = foldGroups(groups)
  const names = (table: string, column: string, codes: Iterable<number>) => {
    const list = [...codes]
    if (!list.length) return new Map<number, string>()
    const found = db
      .prepare(
        `SELECT code, ${column} AS name FROM ${table} WHERE code IN (${list.map(() => '?').join(', ')})`,
      )
      .all(...list) as { code: number; name: string }[]
    return new Map(found.map((r) => [r.code, r.name]))
  }
  const counted = (key: (g: Group) => number, label: (code: number) => string) => {
    const byKey = new Map<number, number>()
    for (const g of groups) byKey.set(key(g), (byKey.get(key(g)) ?? 0) + g.n)
    return [...byKey]
      .map(([code, count]) => ({ name: label(code), count }))
      .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name))
  }
  const userNames = names('db_principals', 'name', new Set(groups.map((g) => g.principal)))
  const workspaceNames = names('db_workspaces', 'workspace_name', new Set(groups.map((g) => g.workspace)))
  const appEvents = DATABRICKS_INSIGHT_KEYS.map((name, i) => ({
    name,
    count: groups.reduce((sum, g) => sum + ((g.mask & (1 << i)) !== 0 ? g.n : 0), 0),
  })).filter((e) => e.count > 0)
  return {
    results: page.map((row) => clusterRecord(row, clock.shift)),
    metadata: {
      totalRecords: agg.n,
      duration: { min: agg.dmin ?? 0, max: agg.dmax ?? 0 },
      cost: { min: usdOf(agg.cmin ?? 0), max: usdOf(agg.cmax ?? 0) },
      appEvents,
      clusterTypes: counted(
        (g) => g.kind,
        (kind) => (kind === ROW_KIND.session ? 'db_all_purpose' : 'db_job_cluster'),
      ),
      users: counted(
        (g) => g.principal,
        (code) => userNames.get(code) ?? String(code),
      ),
      queues: counted(
        (g) => g.workspace,
        (code) => workspaceNames.get(code) ?? String(code),
      ),
      totals: {
        dbus: dbusOf(agg.dbus ?? 0),
        cost: usdOf(agg.dbu_cost ?? 0),
        total_cost: usdOf((agg.dbu_cost ?? 0) + (agg.vm_cost ?? 0)),
        idleCost: usdOf(Math.round(agg.idle_cost ?? 0)),
      },
    },
  }
}

/** The finished, running and all tabs (unified search with appTypes ['spark'] for a Databricks user). */
export function searchDatabricksClusters(db: Db, body: UnifiedSearchBody, now: number) {
  return searchClusterRows(db, body, now, false)
}

/** The inefficient tab: the same rows, only those with at least one waste pattern. */
export function searchInefficientDatabricksClusters(db: Db, body: UnifiedSearchBody, now: number) {
  return searchClusterRows(db, body, now, true)
}

/** Whether a unified search is the Databricks clusters list (02 §7: appTypes spark for clusters). */
export function isDatabricksClusterSearch(platform: string, body: UnifiedSearchBody): boolean {
  return platform === 'DB' && body.appTypes?.length === 1 && body.appTypes[0] === 'spark'
}

/** An all-purpose cluster's configuration and its sessions in the window (the list's drawer). */
export function databricksClusterSessions(
  db: Db,
  clusterId: string,
  query: DatabricksWindowQuery,
  now: number,
): DatabricksClusterSessions {
  const cluster = db
    .prepare(
      `SELECT c.code, c.cluster_id, c.cluster_name, w.workspace_name, u.name AS creator, n.node_type_id,
         c.min_workers, c.max_workers, c.availability, c.auto_termination_minutes, c.runtime_version,
         (SELECT COUNT(*) FROM db_jobs j WHERE j.cluster = c.code) AS jobs
       FROM db_clusters c JOIN db_workspaces w ON w.code = c.workspace JOIN db_principals u ON u.code = c.creator
         JOIN db_node_types n ON n.code = c.node_type
       WHERE c.cluster_id = ?`,
    )
    .get(clusterId) as
    | {
        code: number
        cluster_id: string
        cluster_name: string
        workspace_name: string
        creator: string
        node_type_id: string
        min_workers: number
        max_workers: number
        availability: number
        auto_termination_minutes: number
        runtime_version: string
        jobs: number
      }
    | undefined
  if (!cluster) throw new HttpError(404, `No all-purpose cluster "${clusterId}"`)
  const result = searchDatabricksClusters(
    db,
    { start_time: query.start_time, end_time: query.end_time, clusters: [clusterId], size: 100 },
    now,
  )
  return {
    clusterId: cluster.cluster_id,
    name: cluster.cluster_name,
    workspace: cluster.workspace_name,
    creator: cluster.creator,
    nodeType: cluster.node_type_id,
    minWorkers: cluster.min_workers,
    maxWorkers: cluster.max_workers,
    availability: DATABRICKS_AVAILABILITY[cluster.availability] ?? 'ON_DEMAND',
    autoTerminationMinutes: cluster.auto_termination_minutes,
    runtimeVersion: cluster.runtime_version,
    jobsConfigured: cluster.jobs,
    sessions: result.results,
  }
}
