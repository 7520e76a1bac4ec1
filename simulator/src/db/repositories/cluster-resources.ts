import {
  ALL_CLUSTERS,
  FINISHED_APP_DEFAULT_SORT,
  FINISHED_APP_SORT_FIELDS,
  POINT_INTERVAL_MS,
  chartPointInterval,
  type ClusterType,
  type FinishedAppList,
  type FinishedAppsQuery,
  type FinishedAppsResponse,
  type NodesResponse,
  type ResourceGroupBy,
  type ResourceInterval,
  type ResourceMeasure,
  type ResourceMetric,
  type ResourceSeriesQuery,
  type ResourceSeriesResponse,
  type TaggedAppsQuery,
  type TaggedAppsResponse,
  type TaggedResourceQuery,
  type TaggedResourceResponse,
  type TaggedStatsQuery,
  type TaggedStatsResponse,
  type YarnApp,
} from '@costlens/shared'
import { finishedBigQueryJobs } from './bq-usage.ts'
import { HttpError } from '../../errors.ts'
import type { Db } from '../open-database.ts'
import { notYourCluster } from './scope.ts'
import { RESOURCE_BUCKET_MS } from '../seed/cluster-resources.ts'
import { appsTimeShift, checkPaging, instant, namedSortColumn, queryWindow } from './applications.ts'
import { figureSql } from './app-figures.ts'
import { rollupNames } from './app-rollup-names.ts'
import { assertSeriesPoints } from './series.ts'
import {
  FINISHED_PAGE_SORTS,
  finishedPage,
  jobCountIndex,
  usageDeltas,
  type FinishedPageSort,
  type PointDelta,
  type UsageDeltaAsk,
} from './job-count-index.ts'

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/** Every interval name a resource call takes, in ms (the B091 names and their jobs/count aliases). */
const INTERVAL_MS: Record<ResourceInterval, number> = {
  '1m': MINUTE,
  '2m': POINT_INTERVAL_MS['2m'],
  '5m': POINT_INTERVAL_MS['5m'],
  '10m': 10 * MINUTE,
  '15m': POINT_INTERVAL_MS['15m'],
  '30m': POINT_INTERVAL_MS['30m'],
  '1h': HOUR,
  hourly: POINT_INTERVAL_MS.hourly,
  '3h': POINT_INTERVAL_MS['3h'],
  '1d': DAY,
  daily: POINT_INTERVAL_MS.daily,
  '3d': POINT_INTERVAL_MS['3d'],
  '1w': 7 * DAY,
  weekly: POINT_INTERVAL_MS.weekly,
}

/** A kind as YARN's applicationType names it (DIMENSIONS.applicationType in SQL). */
const yarnApplicationType = (kind: string) => (kind === 'mr' ? 'MAPREDUCE' : kind.toUpperCase())

/** The group-bys as SQL over the schema's own columns (no user text); applicationType as YARN names it. */
const DIMENSIONS: Record<ResourceGroupBy, string> = {
  applicationType: "CASE a.kind WHEN 'mr' THEN 'MAPREDUCE' ELSE upper(a.kind) END",
  user: 'a.user',
  queue: 'a.queue',
}

/**
 * The YARN application kinds (seed/applications.ts YARN_KINDS) and the engine of each finished list
 * read from applications; fbqapps reads bq_jobs (bq-usage.ts): BigQuery jobs are not applications.
 */
const LIST_KINDS: Record<Exclude<FinishedAppList, 'fbqapps'>, readonly string[]> = {
  fapps: ['mr', 'spark', 'tez', 'hive'],
  fiapps: ['impala'],
  fpapps: ['presto'],
}

interface ClusterRow {
  unravel_id: string
  cluster_name: string
  display_name: string
  kind: string
}

/** The clusters a call reads: one, or every Yarn cluster of the platform ('*'). */
interface Target {
  uids: string[]
  /** The one cluster asked for; undefined for '*'. */
  single?: ClusterRow
}

/** `(@p0, @p1, …)` and its parameters, so ids never enter the SQL text. */
function inParams<V extends string | number>(
  prefix: string,
  values: readonly V[],
): { sql: string; params: Record<string, V> } {
  const params: Record<string, V> = {}
  const names = values.map((v, i) => {
    params[`${prefix}${i}`] = v
    return `@${prefix}${i}`
  })
  return { sql: `(${names.length ? names.join(', ') : 'NULL'})`, params }
}

const namesCluster = (c: ClusterRow, name: string) =>
  c.unravel_id === name || c.cluster_name === name || c.display_name === name

/** A cluster of the platform by id, name or display name (the id first). */
function findCluster(db: Db, platform: ClusterType, name: string): ClusterRow | undefined {
  const rows = db
    .prepare(
      `SELECT unravel_id, cluster_name, display_name, kind FROM clusters
        WHERE platform = @platform AND (unravel_id = @name OR cluster_name = @name OR display_name = @name)`,
    )
    .all({ platform, name }) as ClusterRow[]
  return rows.find((r) => r.unravel_id === name) ?? rows[0]
}

/**
 * G26: the path's cluster (and the clusterName query, which must agree, or choose when the path
 * is '*'). Another platform's cluster is answered as unknown: 404 either way.
 */
export function resolveYarnTarget(
  db: Db,
  platform: ClusterType,
  cluster: string,
  clusterName?: string,
): Target {
  const chosen = clusterName !== undefined && clusterName !== ALL_CLUSTERS ? clusterName : undefined
  if (cluster === ALL_CLUSTERS && chosen === undefined) {
    const uids = db
      .prepare("SELECT unravel_id FROM clusters WHERE platform = ? AND kind = 'Yarn' ORDER BY unravel_id")
      .pluck()
      .all(platform) as string[]
    return { uids }
  }
  const name = cluster === ALL_CLUSTERS ? chosen! : cluster
  const row = findCluster(db, platform, name)
  if (!row) throw notYourCluster(name)
  if (chosen !== undefined && cluster !== ALL_CLUSTERS && !namesCluster(row, chosen))
    throw new HttpError(
      400,
      `querystring/clusterName "${chosen}" is not the cluster of the path ("${cluster}")`,
    )
  if (row.kind !== 'Yarn')
    throw new HttpError(
      400,
      `Cluster "${name}" is of kind ${row.kind}: resources are kept for Yarn clusters only`,
    )
  return { uids: [row.unravel_id], single: row }
}

/** REAL-API-NOTES §7: a from/to of the documented form, YYYY-MM-DD (or any ISO date) or epoch seconds. */
const documentedInstant = (value: string | undefined, field: string) =>
  instant(value, field, 'querystring', 'epoch-s-or-iso')

type WindowQuery = Pick<ResourceSeriesQuery, 'start_time' | 'end_time' | 'from' | 'to'>

/** G27: the window of a resource call: start_time/end_time, else from/to; default the last hour (B087). */
export function resourceWindow(q: WindowQuery, now: number): { start: number; end: number } {
  const end = instant(q.end_time, 'end_time', 'querystring') ?? documentedInstant(q.to, 'to') ?? now
  const start =
    instant(q.start_time, 'start_time', 'querystring') ?? documentedInstant(q.from, 'from') ?? end - HOUR
  if (start > end) {
    const s = q.start_time === undefined && q.from !== undefined ? 'from' : 'start_time'
    const e = q.end_time === undefined && q.to !== undefined ? 'to' : 'end_time'
    throw new HttpError(400, `querystring/${s} must not be after querystring/${e}`)
  }
  return { start, end }
}

/** The points of a window: their interval (asked, else B091 for cluster charts) and grid. */
interface Grid {
  name: string
  step: number
  /** The first point's start: the window start rounded down to the interval. */
  first: number
  /** Points [first + i × step) for i < n, each starting before the window end. */
  n: number
}

function pointGrid(window: { start: number; end: number }, interval: ResourceInterval | undefined): Grid {
  let name: string = interval ?? chartPointInterval(window.end - window.start, 'cluster')
  let step = interval ? INTERVAL_MS[interval] : POINT_INTERVAL_MS[name as keyof typeof POINT_INTERVAL_MS]
  // G27: nothing finer than what is stored.
  if (step < RESOURCE_BUCKET_MS) {
    name = '2m'
    step = RESOURCE_BUCKET_MS
  }
  const first = Math.floor(window.start / step) * step
  const n = Math.max(1, Math.ceil((window.end - first) / step))
  assertSeriesPoints(n, name)
  return { name, step, first, n }
}

/**
 * The shift the stored series are read with: the applications' shift (they are derived from the
 * applications), rounded to whole buckets so points stay made of whole buckets.
 */
function seriesShift(db: Db): number {
  return Math.round(appsTimeShift(db) / RESOURCE_BUCKET_MS) * RESOURCE_BUCKET_MS
}

const round2 = (n: number) => Math.round(n * 100) / 100

/** Per point: the stored buckets' values summed over the target clusters, then averaged, low, high. */
interface PointRow {
  p: number
  [column: string]: number
}

/** What the points past the stored series carry (see carryOf). */
interface Carry {
  /** The first instant without stored data (shifted). */
  from: number
  vcores: number
  memoryMb: number
  capacityVcores: number
  capacityMemoryMb: number
  nodes: number
}

/**
 * The stored series end where the seeding stopped; the clock moves on without new rows. Past that
 * end, what ran at it keeps running (the applications' own rule: a running app runs on), so the
 * points after it carry the running apps' allocation with every node up. Undefined when no target
 * cluster is alive.
 */
function carryOf(db: Db, target: Target, shift: number): Carry | undefined {
  const uids = inParams('u', target.uids)
  const alive = db
    .prepare(
      `SELECT k.cluster_uid AS uid, k.nodes, k.node_vcores, k.node_memory_mb,
              (SELECT max(r.ts) FROM cluster_resources r WHERE r.cluster_uid = k.cluster_uid) AS last
         FROM yarn_capacity k JOIN clusters c ON c.unravel_id = k.cluster_uid
        WHERE c.terminated_at IS NULL AND k.cluster_uid IN ${uids.sql}`,
    )
    .all(uids.params) as {
    uid: string
    nodes: number
    node_vcores: number
    node_memory_mb: number
    last: number | null
  }[]
  const withData = alive.filter((a) => a.last !== null)
  if (!withData.length) return undefined
  const running = inParams(
    'r',
    withData.map((a) => a.uid),
  )
  const rates = db
    .prepare(
      `SELECT coalesce(sum(a.vcore_seconds * 1000.0 / max(a.duration, 1)), 0) AS v,
              coalesce(sum(a.memory_seconds * 1000.0 / max(a.duration, 1)), 0) AS m
         FROM applications a WHERE a.finished_time IS NULL AND a.cluster_uid IN ${running.sql}`,
    )
    .get(running.params) as { v: number; m: number }
  return {
    from: Math.max(...withData.map((a) => a.last!)) + RESOURCE_BUCKET_MS + shift,
    vcores: rates.v,
    memoryMb: rates.m,
    capacityVcores: withData.reduce((n, a) => n + a.nodes * a.node_vcores, 0),
    capacityMemoryMb: withData.reduce((n, a) => n + a.nodes * a.node_memory_mb, 0),
    nodes: withData.reduce((n, a) => n + a.nodes, 0),
  }
}

/** The stored points of a window: `columns` are SQL sums over the target clusters of one bucket. */
function storedPoints(
  db: Db,
  target: Target,
  grid: Grid,
  window: { end: number },
  shift: number,
  columns: Record<string, string>,
): PointRow[] {
  if (!target.uids.length) return []
  const uids = inParams('u', target.uids)
  const sums = Object.entries(columns)
    .map(([name, sql]) => `sum(${sql}) AS ${name}`)
    .join(', ')
  const aggregates = Object.keys(columns)
    .map((name) => `avg(${name}) AS ${name}, min(${name}) AS ${name}_lo, max(${name}) AS ${name}_hi`)
    .join(', ')
  return db
    .prepare(
      `WITH per_bucket AS (
         SELECT r.ts + @shift AS t, ${sums}
           FROM cluster_resources r JOIN yarn_capacity k ON k.cluster_uid = r.cluster_uid
          WHERE r.cluster_uid IN ${uids.sql} AND r.ts >= @lo AND r.ts < @hi
          GROUP BY r.ts
       )
       SELECT CAST((t - @first) / @step AS INTEGER) AS p, ${aggregates}
         FROM per_bucket GROUP BY p ORDER BY p`,
    )
    .all({
      ...uids.params,
      shift,
      lo: grid.first - shift,
      hi: window.end - shift,
      first: grid.first,
      step: grid.step,
    }) as PointRow[]
}

/** The points from `carry.from` to the window end or now, whichever is first, after the stored ones. */
function carriedPoints(grid: Grid, window: { end: number }, now: number, carry: Carry | undefined): number[] {
  if (!carry) return []
  const stop = Math.min(window.end, now)
  const points: number[] = []
  for (let p = 0; p < grid.n; p++) {
    const t = grid.first + p * grid.step
    if (t >= carry.from && t < stop) points.push(p)
  }
  return points
}

const DOWN = '(r.nodes_unhealthy + r.nodes_lost + r.nodes_decommissioned)'

/**
 * E055-E058 (G28): the allocated or total vcores (cpu) or memory MB of one cluster or all ('*'),
 * per point: the average of its 2-minute buckets, their low and high, and the capacity.
 */
export function resourceSeries(
  db: Db,
  target: Target,
  metric: ResourceMetric,
  measure: ResourceMeasure,
  q: ResourceSeriesQuery,
  now: number,
): ResourceSeriesResponse {
  const window = resourceWindow(q, now)
  const grid = pointGrid(window, q.interval)
  const shift = seriesShift(db)
  const allocated = metric === 'cpu' ? 'r.vcores_allocated' : 'r.memory_allocated_mb'
  const capacity = `(k.nodes - ${DOWN}) * ${metric === 'cpu' ? 'k.node_vcores' : 'k.node_memory_mb'}`
  const rows = storedPoints(db, target, grid, window, shift, {
    v: measure === 'allocated' ? allocated : capacity,
    cap: capacity,
  })
  const at = (p: number) => grid.first + p * grid.step
  const result: ResourceSeriesResponse = {
    avg: rows.map((r) => [at(r.p), round2(r.v!)]),
    range: rows.map((r) => [at(r.p), round2(r.v_lo!), round2(r.v_hi!)]),
    total: rows.map((r) => [at(r.p), round2(r.cap!)]),
    interval: grid.name,
    pointInterval: grid.step,
  }
  const carry = carryOf(db, target, shift)
  if (carry) {
    const cap = metric === 'cpu' ? carry.capacityVcores : carry.capacityMemoryMb
    const v = round2(measure === 'allocated' ? (metric === 'cpu' ? carry.vcores : carry.memoryMb) : cap)
    const stored = new Set(rows.map((r) => r.p))
    for (const p of carriedPoints(grid, window, now, carry)) {
      if (stored.has(p)) continue
      result.avg.push([at(p), v])
      result.range.push([at(p), v, v])
      result.total.push([at(p), round2(cap)])
    }
  }
  return result
}

/** E059 (G29): nodes in service and out of it per point, for one cluster or all ('*'). */
export function nodeSeries(db: Db, target: Target, q: ResourceSeriesQuery, now: number): NodesResponse {
  const window = resourceWindow(q, now)
  const grid = pointGrid(window, q.interval)
  const shift = seriesShift(db)
  const rows = storedPoints(db, target, grid, window, shift, {
    active: `k.nodes - ${DOWN}`,
    unhealthy: 'r.nodes_unhealthy',
    lost: 'r.nodes_lost',
    decommissioned: 'r.nodes_decommissioned',
  })
  const at = (p: number) => grid.first + p * grid.step
  const capacity = inParams('u', target.uids)
  const spec = target.uids.length
    ? (db
        .prepare(
          `SELECT sum(nodes) AS nodes, min(node_type) AS type, min(node_vcores) AS vcores,
                  min(node_memory_mb) AS memory FROM yarn_capacity WHERE cluster_uid IN ${capacity.sql}`,
        )
        .get(capacity.params) as { nodes: number | null; type: string; vcores: number; memory: number })
    : undefined
  const series = (column: string) => rows.map((r): [number, number] => [at(r.p), round2(r[column]!)])
  const result: ConsoleNodes = {
    active: series('active'),
    series: [
      { name: 'UNHEALTHY', data: series('unhealthy') },
      { name: 'LOST', data: series('lost') },
      { name: 'DECOMMISSIONED', data: series('decommissioned') },
    ],
    nodes: spec?.nodes ?? 0,
    nodeType: target.single && spec ? spec.type : null,
    nodeVcores: target.single && spec ? spec.vcores : null,
    nodeMemoryMB: target.single && spec ? spec.memory : null,
    interval: grid.name,
    pointInterval: grid.step,
  }
  const carry = carryOf(db, target, shift)
  const stored = new Set(rows.map((r) => r.p))
  for (const p of carriedPoints(grid, window, now, carry)) {
    if (stored.has(p)) continue
    result.active.push([at(p), carry!.nodes])
    for (const s of result.series) s.data.push([at(p), 0])
  }
  return withDocumentedStates(result)
}

/**
 * The real product's documented node-state fields (public REST reference 4.6, NodeStateResponse)
 * beside the console's: total (every node, in service or not) and each state as its own series.
 * The seeded clusters have no REBOOTED NodeManagers (a restart shows as LOST, then RUNNING), so
 * rebooted is 0 at every point.
 */
type ConsoleNodes = Omit<NodesResponse, 'total' | 'unhealthy' | 'lost' | 'decommissioned' | 'rebooted'>

function withDocumentedStates(result: ConsoleNodes): NodesResponse {
  const state = (name: string) => result.series.find((s) => s.name === name)!.data
  const down = [state('UNHEALTHY'), state('LOST'), state('DECOMMISSIONED')]
  return {
    ...result,
    total: result.active.map(([t, active], i) => [
      t,
      round2(active + down.reduce((n, s) => n + s[i]![1], 0)),
    ]),
    unhealthy: down[0]!,
    lost: down[1]!,
    decommissioned: down[2]!,
    rebooted: result.active.map(([t]) => [t, 0]),
  }
}

/**
 * The apps of some clusters (`clusterCodes`: an SQL list of their codes, app-rollup-names.ts) that
 * ran during [from, to] (stored times) as (rid, s): row id and start, from the finish-time index
 * alone for the finished ones (their start is finish minus duration), the running ones being its
 * NULL range. A window of the last hour reads the apps of the last hours, not every app the
 * clusters ever started.
 */
function overlapping(clusterCodes: string, from: string, to: string, extra = ''): string {
  return `SELECT a.rowid AS rid, a.finished_time - a.duration AS s FROM applications a INDEXED BY applications_finished
           WHERE a.finished_time >= ${from} AND a.finished_time - a.duration <= ${to}
             AND a.cluster_code IN ${clusterCodes}${extra}
          UNION ALL
          SELECT a.rowid, a.start_time FROM applications a INDEXED BY applications_finished
           WHERE a.finished_time IS NULL AND a.cluster_code IN ${clusterCodes}${extra} AND a.start_time <= ${to}`
}

/** Some clusters' codes as an SQL list and its parameters (the finish-time index holds the codes). */
function clusterCodeList(db: Db, uids: readonly string[]) {
  const names = rollupNames(db)
  return inParams(
    'cc',
    uids.map((uid) => names.code('cluster', uid)),
  )
}

/**
 * A group-by value as a filter on the codes the finish-time index holds: an applicationType is the
 * kind YARN names that way (yarnApplicationType), a user or queue its own code.
 */
function codedGroupFilter(db: Db, groupBy: ResourceGroupBy, value: string): { sql: string; code: number } {
  const names = rollupNames(db)
  if (groupBy !== 'applicationType')
    return { sql: `a.${groupBy}_code = @value`, code: names.code(groupBy, value) }
  // The kind YARN names `value` (MAPREDUCE is mr, SPARK spark); any other spelling names none (-1).
  const kind = value === 'MAPREDUCE' ? 'mr' : value.toLowerCase()
  return {
    sql: 'a.kind_code = @value',
    code: yarnApplicationType(kind) === value ? names.code('kind', kind) : -1,
  }
}

/** At most this many group values in one tagged call (the multi-select limit, 02 §9). */
const MAX_TAGGED_VALUES = 10
/** 02 §2: the resource group-by selects the first 4 values by default. */
const DEFAULT_TAGGED_VALUES = 4

/**
 * E060, E061 (G30): the allocation of each group value per point, computed from the applications
 * over the window: each app holds vcore_seconds / duration vcores (memory_seconds / duration MB)
 * from its start to its end, or to now while running, the same rates the stored series sum, and
 * its times move by the stored series' shift (seriesShift), so the values of a group-by add up to
 * the allocation of the same points. The deltas of the apps' starts and ends are grouped in SQL
 * and summed along the points.
 */
export function taggedSeries(
  db: Db,
  target: Target,
  metric: ResourceMetric,
  q: TaggedResourceQuery,
  now: number,
): TaggedResourceResponse {
  const window = resourceWindow(q, now)
  const grid = pointGrid(window, q.interval)
  const groupBy = q.groupBy ?? 'queue'
  const values = q.values
    ?.split(',')
    .map((v) => v.trim())
    .filter(Boolean)
  if (values && values.length > MAX_TAGGED_VALUES)
    throw new HttpError(
      400,
      `querystring/values: at most ${MAX_TAGGED_VALUES} group values, got ${values.length}`,
    )
  const shift = seriesShift(db)
  const stop = Math.min(window.end, now)
  const result: TaggedResourceResponse = {
    groupBy,
    series: [],
    interval: grid.name,
    pointInterval: grid.step,
  }
  if (!target.uids.length || stop <= grid.first) {
    result.series = (values ?? []).map((name) => ({ name, data: [] }))
    return result
  }
  const byGroup = usageDeltas(jobCountIndex(db), {
    clusters: target.uids,
    metric,
    groupBy,
    values: values?.length ? values : undefined,
    shift,
    first: grid.first,
    step: grid.step,
    stop,
  })
  // Points up to now (or the window end): a point's value is its area over its length, the rate
  // at its start times its length plus each event's rate for the part of the point after it.
  const points = Array.from({ length: grid.n }, (_, p) => p).filter((p) => grid.first + p * grid.step < stop)
  const series = [...byGroup.keys(), ...(values ?? [])]
    .filter((g, i, all) => all.indexOf(g) === i)
    .map((name) => {
      const deltas = byGroup.get(name)
      let rate = 0
      let area = 0
      const data = points.map((p): [number, number] => {
        const start = grid.first + p * grid.step
        const length = Math.min(grid.step, stop - start)
        const e = deltas?.get(p)
        const value = rate + (e ? e.d - e.q / length : 0)
        rate += e?.d ?? 0
        area += value * length
        return [start, round2(Math.max(0, value))]
      })
      return { name, data, area }
    })
  const kept = values?.length
    ? series.filter((s) => values.includes(s.name))
    : series.sort((a, b) => b.area - a.area || a.name.localeCompare(b.name)).slice(0, DEFAULT_TAGGED_VALUES)
  result.series = kept.map(({ name, data }) => ({ name, data }))
  return result
}

/**
 * The SQL taggedSeries answered from before the in-process index (usageDeltas, job-count-index.ts):
 * each group's per-point rate changes over the window's apps, grouped in SQL. Kept as the reference
 * the index is compared with (cluster-resources.test.ts), not used by a route.
 */
export function taggedDeltasSql(db: Db, ask: UsageDeltaAsk): Map<string, Map<number, PointDelta>> {
  const codes = clusterCodeList(db, [...ask.clusters])
  const chosen = ask.values?.length ? inParams('g', [...ask.values]) : undefined
  const column = ask.metric === 'cpu' ? 'a.vcore_seconds' : 'a.memory_seconds'
  const bucket = 'CAST((t - @first) / @step AS INTEGER)'
  const rows = db
    .prepare(
      `WITH runs AS MATERIALIZED (
         SELECT ${DIMENSIONS[ask.groupBy]} AS g, max(a.start_time + @shift, @first) AS s,
                CASE WHEN a.finished_time IS NULL THEN NULL ELSE a.start_time + max(a.duration, 1) + @shift END AS e,
                ${column} * 1000.0 / max(a.duration, 1) AS v
           FROM applications a
          WHERE a.rowid IN (SELECT rid FROM (${overlapping(codes.sql, '@first - @shift', '@stop - @shift')}))
            AND a.start_time < @stop - @shift
            AND (a.finished_time IS NULL OR a.start_time + max(a.duration, 1) > @first - @shift)
            ${chosen ? `AND ${DIMENSIONS[ask.groupBy]} IN ${chosen.sql}` : ''}
       ),
       events (g, t, v) AS (SELECT g, s, v FROM runs UNION ALL SELECT g, e, -v FROM runs WHERE e < @stop)
       SELECT g, ${bucket} AS p, sum(v) AS d, sum(v * (t - (@first + ${bucket} * @step))) AS q
         FROM events GROUP BY g, p ORDER BY g, p`,
    )
    .all({
      ...codes.params,
      ...chosen?.params,
      shift: ask.shift,
      first: ask.first,
      step: ask.step,
      stop: ask.stop,
    }) as { g: string; p: number; d: number; q: number }[]
  const byGroup = new Map<string, Map<number, PointDelta>>()
  for (const r of rows) {
    const deltas = byGroup.get(r.g) ?? new Map<number, PointDelta>()
    deltas.set(r.p, { d: r.d, q: r.q })
    byGroup.set(r.g, deltas)
  }
  return byGroup
}

/**
 * E062 (G31): the applicationType, user and queue values of the apps running now or, with
 * final_status, of the apps finished in the window (default the last hour), each with its count;
 * queues with their capacities (one cluster) even when idle.
 */
export function taggedStats(db: Db, target: Target, q: TaggedStatsQuery, now: number): TaggedStatsResponse {
  const shift = appsTimeShift(db)
  const uids = inParams('u', target.uids)
  const params: Record<string, unknown> = { ...uids.params }
  // Finished in the window, or running now (shared app-figures), both on the finish-time index.
  const figure = q.final_status
    ? figureSql('finishedInRange', resourceWindow(q, now), now, shift)
    : figureSql('runningNow', { end: now }, now, shift)
  Object.assign(params, figure.params)
  const codec = rollupNames(db)
  const codes = clusterCodeList(db, target.uids)
  const where = [`a.cluster_code IN ${codes.sql}`, ...figure.clauses].join(' AND ')
  // One scan of the finish-time index grouped by all three (as the codes it holds, named here);
  // each list is summed from it.
  const groups = (
    db
      .prepare(
        `SELECT a.kind_code AS k, a.user_code AS u, a.queue_code AS q, count(*) AS n
           FROM applications a INDEXED BY applications_finished WHERE ${where}
          GROUP BY a.kind_code, a.user_code, a.queue_code`,
      )
      .all({ ...params, ...codes.params }) as { k: number; u: number; q: number; n: number }[]
  ).map((g) => ({
    type: yarnApplicationType(codec.name('kind', g.k)),
    user: codec.name('user', g.u),
    queue: codec.name('queue', g.q),
    n: g.n,
  }))
  const counts = (field: 'type' | 'user' | 'queue') => {
    const byKey = new Map<string, number>()
    for (const g of groups) byKey.set(g[field], (byKey.get(g[field]) ?? 0) + g.n)
    return [...byKey]
      .map(([key, doc_count]) => ({ key, doc_count }))
      .sort((a, b) => b.doc_count - a.doc_count || a.key.localeCompare(b.key))
  }
  const queues = new Map(counts('queue').map((c) => [c.key, c.doc_count]))
  const configured = db
    .prepare(
      `SELECT queue, capacity, max_capacity FROM yarn_queues WHERE cluster_uid IN ${uids.sql} ORDER BY queue`,
    )
    .all(uids.params) as { queue: string; capacity: number; max_capacity: number }[]
  const names = [...new Set([...configured.map((c) => c.queue), ...queues.keys()])]
  return {
    applicationType: counts('type'),
    user: counts('user'),
    queue: names
      .map((key) => {
        const own = target.single ? configured.find((c) => c.queue === key) : undefined
        return {
          key,
          doc_count: queues.get(key) ?? 0,
          capacity: own?.capacity ?? null,
          maxCapacity: own?.max_capacity ?? null,
        }
      })
      .sort((a, b) => b.doc_count - a.doc_count || a.key.localeCompare(b.key)),
  }
}

/** YARN's words for the status codes (DOMAIN.md §5): U and W finished without a final status. */
const STATE_SQL = `CASE a.status WHEN 'R' THEN 'RUNNING' WHEN 'P' THEN 'ACCEPTED' WHEN 'F' THEN 'FAILED'
  WHEN 'K' THEN 'KILLED' ELSE 'FINISHED' END`
const FINAL_STATUS_SQL = `CASE a.status WHEN 'S' THEN 'SUCCEEDED' WHEN 'F' THEN 'FAILED' WHEN 'K' THEN 'KILLED'
  ELSE 'UNDEFINED' END`

interface YarnAppRow {
  id: string
  name: string
  kind: string
  application_type: string
  state: YarnApp['state']
  final_status: YarnApp['finalStatus']
  user: string
  queue: string
  start_time: number
  finished_time: number | null
  duration: number
  vcore_seconds: number
  memory_seconds: number
  rid: number
  display_name: string
  cluster_uid: string
}

/**
 * A stored app as YARN reports it. While running it holds its average rate (vcore_seconds /
 * duration, the rate the series sum) in containers of 4 vcores for Spark and 1 for the other
 * engines, plus its ApplicationMaster's; its progress is elapsed / (elapsed + what is left), what
 * is left being 15 to 105 minutes by app; one running app in six has a container reserved. Stable
 * for an app, moving with the clock. Finished apps hold nothing.
 */
function toYarnApp(row: YarnAppRow, now: number, shift: number): YarnApp {
  const started = row.start_time + shift
  const running = row.finished_time === null
  const seconds = Math.max(row.duration, 1) / 1000
  const vcores = Math.round(row.vcore_seconds / seconds)
  const memory = Math.round(row.memory_seconds / seconds)
  const elapsed = Math.max(0, now - started)
  const perContainer = row.kind === 'spark' ? 4 : 1
  const containers = 1 + Math.max(1, Math.ceil(vcores / perContainer))
  const left = (1 + (row.rid % 7)) * 15 * MINUTE
  const reserved = running && row.rid % 6 === 0
  return {
    appid: row.id,
    name: row.name,
    applicationType: row.application_type,
    kind: row.kind,
    state: row.state,
    finalStatus: row.final_status,
    user: row.user,
    queue: row.queue,
    startedTime: started,
    finishedTime: running ? null : row.finished_time! + shift,
    duration: running ? elapsed : row.duration,
    progress: running ? round2((100 * elapsed) / (elapsed + left)) : 100,
    allocatedMB: running ? memory : 0,
    allocatedVCores: running ? vcores : 0,
    reservedMB: reserved ? Math.round((memory / Math.max(vcores, 1)) * perContainer) : 0,
    reservedVCores: reserved ? perContainer : 0,
    runningContainers: running ? containers : 0,
    memorySeconds: running ? Math.round((memory * elapsed) / 1000) : row.memory_seconds,
    vcoreSeconds: running ? Math.round((vcores * elapsed) / 1000) : row.vcore_seconds,
    clusterId: row.display_name,
    clusterUid: row.cluster_uid,
  }
}

/**
 * E063 (G32): the resource table: the apps of the window (default the last hour) on the cluster,
 * latest started first, at most `size` (B101: 100); with running=true the apps running now.
 */
export function taggedApps(db: Db, target: Target, q: TaggedAppsQuery, now: number): TaggedAppsResponse {
  const shift = appsTimeShift(db)
  const codes = clusterCodeList(db, target.uids)
  const params: Record<string, unknown> = { ...codes.params, size: q.size ?? 100 }
  let extra = ''
  if (q.groupBy !== undefined) {
    const filter = codedGroupFilter(db, q.groupBy, String(q.value ?? ''))
    extra = ` AND ${filter.sql}`
    params.value = filter.code
  }
  let candidates: string
  if (q.running) {
    // The apps running now (shared app-figures), as every screen counts them.
    const running = figureSql('runningNow', { end: now }, now, shift)
    candidates = `SELECT a.rowid AS rid, a.start_time AS s FROM applications a INDEXED BY ${running.index}
                   WHERE ${running.clauses.join(' AND ')} AND a.cluster_code IN ${codes.sql}${extra}`
  } else {
    const window = resourceWindow(q, now)
    candidates = overlapping(codes.sql, '@start', '@end', extra)
    Object.assign(params, { start: window.start - shift, end: window.end - shift })
  }
  // The page's row ids and the total in one pass over the index, then only those rows.
  const page = db
    .prepare(
      `WITH hits AS MATERIALIZED (${candidates})
       SELECT rid, count(*) OVER () AS total FROM hits ORDER BY s DESC, rid DESC LIMIT @size`,
    )
    .all(params) as { rid: number; total: number }[]
  const total = page[0]?.total ?? 0
  const byRowid = new Map(
    (
      db
        .prepare(
          `SELECT a.rowid AS rid, a.id, a.name, a.kind, ${DIMENSIONS.applicationType} AS application_type,
                  ${STATE_SQL} AS state, ${FINAL_STATUS_SQL} AS final_status, a.user, a.queue, a.start_time,
                  a.finished_time, a.duration, a.vcore_seconds, a.memory_seconds, a.cluster_uid, c.display_name
             FROM applications a JOIN clusters c ON c.unravel_id = a.cluster_uid
            WHERE a.rowid IN (SELECT value FROM json_each(@ids))`,
        )
        .all({ ids: JSON.stringify(page.map((p) => p.rid)) }) as YarnAppRow[]
    ).map((r) => [r.rid, r]),
  )
  const rows = page.map((p) => byRowid.get(p.rid)).filter((r): r is YarnAppRow => r !== undefined)
  return { apps: rows.map((r) => toYarnApp(r, now, shift)), total }
}

/** Each list's sort fields as columns: only these reach ORDER BY. */
const SORT_COLUMNS: Record<string, string> = {
  // A finished app's start is its finish minus its duration, both in the finish-time index.
  startTime: '(a.finished_time - a.duration)',
  finishedTime: 'a.finished_time',
  duration: 'a.duration',
  user: 'a.user_code',
  queue: 'a.queue_code',
  name: 'a.name',
  status: 'a.status',
  id: 'a.id',
  kind: 'a.kind_code',
  memorySeconds: 'a.memory_seconds',
  vcoreSeconds: 'a.vcore_seconds',
  totalProcessingTime: 'a.duration',
  cumUserMem: 'a.memory_seconds',
  cpuTime: 'a.vcore_seconds',
  totBytesBilled: 'a.dfs_read',
  cents: 'a.cents',
}

interface FinishedRow {
  id: string
  name: string
  kind: string
  status: 'S' | 'F' | 'K'
  user: string
  queue: string
  start_time: number
  finished_time: number
  duration: number
  vcore_seconds: number
  memory_seconds: number
  dfs_read: number
  cents: number
  cluster_uid: string
  display_name: string
}

const YARN_STATE = { S: 'FINISHED', F: 'FAILED', K: 'KILLED' } as const
const YARN_FINAL = { S: 'SUCCEEDED', F: 'FAILED', K: 'KILLED' } as const

/** One finished app as its table shows it (02 §2 columns). */
function toHit(list: Exclude<FinishedAppList, 'fbqapps'>, row: FinishedRow, shift: number) {
  const common = {
    id: row.id,
    name: row.name,
    kind: row.kind,
    status: row.status,
    user: row.user,
    queue: row.queue,
    startTime: row.start_time + shift,
    finishedTime: row.finished_time + shift,
    duration: row.duration,
    clusterUid: row.cluster_uid,
    clusterId: row.display_name,
  }
  switch (list) {
    case 'fapps':
      return {
        ...common,
        applicationType: row.kind === 'mr' ? 'MAPREDUCE' : row.kind.toUpperCase(),
        state: YARN_STATE[row.status],
        finalStatus: YARN_FINAL[row.status],
        memorySeconds: row.memory_seconds,
        vcoreSeconds: row.vcore_seconds,
      }
    case 'fiapps':
      return { ...common, memorySeconds: row.memory_seconds, totalProcessingTime: row.duration }
    case 'fpapps':
      return {
        ...common,
        id_name: `${row.id} ${row.name}`,
        // MB·s as byte·s: Presto's cumulative user memory.
        cumUserMem: row.memory_seconds * 1_048_576,
        cpuTime: row.vcore_seconds * 1000,
      }
  }
}

/**
 * E019-E022 (G33): one page of the finished apps (S, F, K) of a list's engine that finished in
 * the window (default the last day), on the user's platform (one cluster with clusterUid), with
 * the total: the page and total from the job-count index for the sorts it holds (finish, start,
 * duration, user, queue, status, kind: a few ms for a week at large, job-count-index.ts
 * finishedPage), else from the finish-time index (finishedPageSql); then only the page's rows.
 */
/** E019-E022's window on the finish time: start_time/end_time, default the last day. */
export function finishedAppsWindow(q: FinishedAppsQuery, now: number): { start: number; end: number } {
  return queryWindow(q.start_time, q.end_time, { start: 'start_time', end: 'end_time' }, DAY, now)
}

export function finishedApps<L extends FinishedAppList>(
  db: Db,
  platform: ClusterType,
  list: L,
  q: FinishedAppsQuery,
  now: number,
  /** 'sql' reads the page in SQL for every sort: the reference the tests compare the index with. */
  via: 'index' | 'sql' = 'index',
): FinishedAppsResponse<L> {
  const size = q.size ?? 10
  const from = q.from ?? (q.page !== undefined ? (q.page - 1) * size : 0)
  checkPaging(from, size)
  const text = q.sort?.trim() || FINISHED_APP_DEFAULT_SORT[list]
  const desc = text.startsWith('-')
  const field = desc ? text.slice(1) : text
  if (!FINISHED_APP_SORT_FIELDS[list].includes(field))
    throw new HttpError(
      400,
      `querystring/sort: "${field}" is not a column of this table; use one of ${FINISHED_APP_SORT_FIELDS[list].join(', ')} (a leading minus for descending)`,
    )
  const { start, end: to } = finishedAppsWindow(q, now)
  let clusters: string[]
  if (q.clusterUid === undefined || q.clusterUid === ALL_CLUSTERS)
    clusters = db
      .prepare('SELECT unravel_id FROM clusters WHERE platform = ?')
      .pluck()
      .all(platform) as string[]
  else {
    const row = findCluster(db, platform, q.clusterUid)
    if (!row) throw notYourCluster(q.clusterUid)
    clusters = [row.unravel_id]
  }
  // BigQuery jobs are bq_jobs, not applications (issue 19): '*' is every project (bq-usage.ts).
  if (list === 'fbqapps')
    return finishedBigQueryJobs(
      db,
      q,
      { start, end: to },
      { field, desc, from, size },
      q.clusterUid === undefined || q.clusterUid === ALL_CLUSTERS ? undefined : clusters[0],
    ) as FinishedAppsResponse<L>
  const appList = list as Exclude<FinishedAppList, 'fbqapps'>
  const asked = q.kind
    ?.split(',')
    .map((k) => k.trim())
    .filter(Boolean)
  const kinds = LIST_KINDS[appList].filter((k) => !asked?.length || asked.includes(k))
  const shift = appsTimeShift(db)
  const { rowids, total } =
    via === 'index' && (FINISHED_PAGE_SORTS as readonly string[]).includes(field)
      ? // The sorts the job-count index holds: the page and total from it (job-count-index.ts).
        finishedPage(jobCountIndex(db), {
          start: start - shift,
          end: to - shift,
          clusters,
          kinds,
          user: q.user,
          queue: q.queue,
          sort: field as FinishedPageSort,
          desc,
          from,
          size,
        })
      : finishedPageSql(db, { start, end: to }, clusters, kinds, q, { field, desc, from, size }, now, shift)
  const byRowid = new Map(
    (
      db
        .prepare(
          `SELECT a.rowid AS rid, a.id, a.name, a.kind, a.status, a.user, a.queue, a.start_time, a.finished_time,
                  a.duration, a.vcore_seconds, a.memory_seconds, a.dfs_read, a.cents, a.cluster_uid, c.display_name
             FROM applications a JOIN clusters c ON c.unravel_id = a.cluster_uid
            WHERE a.rowid IN (SELECT value FROM json_each(@ids))`,
        )
        .all({ ids: JSON.stringify(rowids) }) as (FinishedRow & { rid: number })[]
    ).map((r) => [r.rid, r]),
  )
  const rows = rowids.map((id) => byRowid.get(id)).filter((r): r is FinishedRow & { rid: number } => !!r)
  return { hits: rows.map((r) => toHit(appList, r, shift)), total } as FinishedAppsResponse<L>
}

/** E019-E022's page in SQL over the finish-time index: the rowids of the page in order, and the total. */
function finishedPageSql(
  db: Db,
  window: { start: number; end: number },
  clusters: readonly string[],
  kinds: readonly string[],
  q: FinishedAppsQuery,
  { field, desc, from, size }: { field: string; desc: boolean; from: number; size: number },
  now: number,
  shift: number,
): { rowids: number[]; total: number } {
  // The finish-time index holds the kind, cluster, user and queue as their codes (schema.sql).
  const names = rollupNames(db)
  const uids = clusterCodeList(db, clusters)
  const kindList = inParams(
    'k',
    kinds.map((kind) => names.code('kind', kind)),
  )
  const finished = figureSql('finishedInRange', window, now, shift)
  const params: Record<string, unknown> = {
    ...uids.params,
    ...kindList.params,
    ...finished.params,
    size,
    from,
  }
  const clauses = [...finished.clauses, `a.kind_code IN ${kindList.sql}`, `a.cluster_code IN ${uids.sql}`]
  if (q.user !== undefined) {
    clauses.push('a.user_code = @user')
    params.user = names.code('user', q.user)
  }
  if (q.queue !== undefined) {
    clauses.push('a.queue_code = @queue')
    params.queue = names.code('queue', q.queue)
  }
  const where = clauses.join(' AND ')
  const total = db
    .prepare(`SELECT count(*) FROM applications a INDEXED BY applications_finished WHERE ${where}`)
    .pluck()
    .get(params) as number
  const direction = desc ? 'DESC' : 'ASC'
  // Two steps, as appsPage does: the page's row ids in order from the finish-time index (the
  // filters and most sort columns are in it), then only those rows.
  const rowids = db
    .prepare(
      `SELECT a.rowid FROM applications a INDEXED BY applications_finished
        WHERE ${where} ORDER BY ${namedSortColumn(names, field) ?? SORT_COLUMNS[field]} ${direction}, a.rowid ${direction} LIMIT @size OFFSET @from`,
    )
    .pluck()
    .all(params) as number[]
  return { rowids, total }
}
