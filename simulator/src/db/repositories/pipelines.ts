import type { PipelineListBody, PipelineListResponse, PipelineRow, PipelineSortKey } from '@costlens/shared'
import { PIPELINE_TYPES } from '@costlens/shared'
import { HttpError } from '../../errors.ts'
import type { Db } from '../open-database.ts'
import { PIPELINE_NAMES } from '../seed/applications.ts'
import { appsTimeShift, inList, instant, likePattern, type Where } from './applications.ts'
import { scopedClusters, type ClusterScope } from './scope.ts'
import { cachedStatement } from '../statement-cache.ts'
import { PIPELINE_TYPE_SQL, pipelineIndex, startBound } from './pipeline-index.ts'

const DAY = 86_400_000
/** The trend columns show this many runs at most. */
const TREND_RUNS = 30

/** E026: sort keys to the columns of the grouped rows; only these reach ORDER BY. */
const SORT_COLUMNS: Record<PipelineSortKey, string> = {
  key: 'g.name',
  clusterUid: 'g.cluster_uid',
  docCount: 'g.runs',
  startTime: 'g.l_start',
  duration: 'g.l_duration',
  userName: 'g.l_user',
  status: 'g.l_status',
  costs: 'g.l_cents',
  totalDfsBytesRead: 'g.l_read',
  totalDfsBytesWritten: 'g.l_written',
}

interface GroupRow {
  name: string
  cluster_uid: string
  ptype: PipelineRow['pipelineType']
  runs: number
  l_id: string
  l_kind: string
  l_start: number
  l_duration: number
  l_status: string
  l_user: string
  l_queue: string
  l_cents: number
  l_read: number
  l_written: number
  display_name: string
  trend: string
}

/** E026's window: start_time/end_time (ms or ISO), default the last 24 hours (02 §9). */
export function pipelinesWindow(body: PipelineListBody, now: number): { start: number; end: number } {
  const end = instant(body.end_time, 'end_time') ?? now
  const start = instant(body.start_time, 'start_time') ?? end - DAY
  if (start > end) throw new HttpError(400, 'body/start_time must not be after body/end_time')
  return { start, end }
}

/** SQL's LIKE folds the case of ASCII letters only. */
const asciiLower = (text: string) => text.replace(/[A-Z]/g, (c) => c.toLowerCase())

/** E026 sort keys to a row's value; ties go by name, cluster and type, as the SQL orders them. */
const SORT_VALUES: Record<PipelineSortKey, (r: PipelineRow) => string | number> = {
  key: (r) => r.key,
  clusterUid: (r) => r.clusterUid,
  docCount: (r) => r.docCount,
  startTime: (r) => r.latestInstance.startTime,
  duration: (r) => r.latestInstance.duration,
  userName: (r) => r.latestInstance.userName,
  status: (r) => r.latestInstance.status,
  costs: (r) => r.latestInstance.costs,
  totalDfsBytesRead: (r) => r.latestInstance.totalDfsBytesRead,
  totalDfsBytesWritten: (r) => r.latestInstance.totalDfsBytesWritten,
}

const compare = (x: string | number, y: string | number) => (x < y ? -1 : x > y ? 1 : 0)

/**
 * E026, B187: the on-premises pipelines of a window (default the last 24 hours, 02 §9): the
 * top-level runs of each recurring name per cluster and pipeline type, with the latest run and the
 * last 30 runs' duration, read and write series. Read from the pipeline index (pipeline-index.ts):
 * each group's runs of the window are a range of it, found by two binary searches.
 */
export function listPipelines(
  db: Db,
  body: PipelineListBody,
  now: number,
  scope: ClusterScope,
): PipelineListResponse {
  const { start, end } = pipelinesWindow(body, now)
  const shift = appsTimeShift(db)
  const index = pipelineIndex(db)
  const clusters = new Set(scopedClusters(scope, body.clusters))
  const types = new Set<string>(body.pipelineTypes ?? PIPELINE_TYPES)
  const search = body.search_text?.trim() ? asciiLower(body.search_text.trim()) : undefined
  const displayNames = new Map(
    cachedStatement(db, 'SELECT unravel_id, display_name FROM clusters').raw().all() as [string, string][],
  )
  // The window and now as seeded.
  const from = start - shift
  const to = end - shift
  const seededNow = now - shift
  const { start: starts, duration, running } = index
  const durationOf = (i: number) => (running[i] ? seededNow - starts[i]! : duration[i]!)
  const results: PipelineRow[] = []
  for (const g of index.groups) {
    if (!clusters.has(g.clusterUid) || !types.has(g.type)) continue
    if (search !== undefined && !asciiLower(g.name).includes(search)) continue
    const clusterId = displayNames.get(g.clusterUid)
    if (clusterId === undefined) continue
    const lo = startBound(index, from, g.from, g.to)
    const hi = startBound(index, to, lo, g.to, true)
    if (hi === lo) continue
    const l = hi - 1
    const trend = Array.from(
      { length: Math.min(TREND_RUNS, hi - lo) },
      (_, k) => hi - Math.min(TREND_RUNS, hi - lo) + k,
    )
    results.push({
      key: g.name,
      clusterUid: g.clusterUid,
      pipelineType: g.type,
      runName: g.name,
      docCount: hi - lo,
      latestInstance: {
        startTime: starts[l]! + shift,
        userName: index.user[l]!,
        duration: durationOf(l),
        status: index.status[l]!,
        queue: index.queue[l]!,
        jobId: index.id[l]!,
        kind: index.kind[l]!,
        costs: index.cents[l]! / 100,
        clusterId,
        totalDfsBytesRead: index.read[l]!,
        totalDfsBytesWritten: index.written[l]!,
      },
      trends: {
        duration: trend.map((i) => [starts[i]! + shift, durationOf(i)]),
        read: trend.map((i) => [starts[i]! + shift, index.read[i]!]),
        write: trend.map((i) => [starts[i]! + shift, index.written[i]!]),
      },
    })
  }
  const value = SORT_VALUES[body.sort_key ?? 'startTime']
  const direction = body.sort_type === 'asc' ? 1 : -1
  results.sort(
    (x, y) =>
      direction * compare(value(x), value(y)) ||
      compare(x.key, y.key) ||
      compare(x.clusterUid, y.clusterUid) ||
      compare(x.pipelineType, y.pipelineType),
  )
  return { data: { data: { results, metadata: { total: results.length } } } }
}

/**
 * E026 grouped in SQL over the applications: the reference listPipelines must equal
 * (simulator/test/pipeline-index.test.ts).
 */
export function listPipelinesSql(
  db: Db,
  body: PipelineListBody,
  now: number,
  scope: ClusterScope,
): PipelineListResponse {
  const { start, end } = pipelinesWindow(body, now)
  const shift = appsTimeShift(db)
  const where: Where = {
    clauses: [
      'a.start_time >= @start',
      'a.start_time <= @end',
      'a.parent_id IS NULL',
      'a.name IN (SELECT value FROM json_each(@names))',
    ],
    params: { start: start - shift, end: end - shift, names: JSON.stringify(PIPELINE_NAMES) },
    index: 'applications_start',
  }
  inList(where, 'a.cluster_uid', 'cl', scopedClusters(scope, body.clusters))
  if (body.search_text?.trim()) {
    where.clauses.push("a.name LIKE @search ESCAPE '\\'")
    where.params.search = likePattern(body.search_text.trim())
  }
  const direction = body.sort_type === 'asc' ? 'ASC' : 'DESC'
  const order = SORT_COLUMNS[body.sort_key ?? 'startTime']
  const rows = db
    .prepare(
      `WITH runs AS MATERIALIZED (
         SELECT a.id, a.kind, a.name, a.cluster_uid, a.start_time, a.status, a.user, a.queue, a.cents,
                a.dfs_read, a.dfs_written,
                CASE WHEN a.status = 'R' THEN @now - a.start_time ELSE a.duration END AS duration,
                ${PIPELINE_TYPE_SQL} AS ptype
           FROM applications a INDEXED BY ${where.index}
          WHERE ${where.clauses.join(' AND ')}
       ),
       ranked AS (
         SELECT *, row_number() OVER (PARTITION BY name, cluster_uid, ptype ORDER BY start_time DESC, id DESC) AS r
           FROM runs WHERE ptype IN (SELECT value FROM json_each(@types))
       ),
       g AS (
         SELECT name, cluster_uid, ptype, count(*) AS runs,
                max(CASE WHEN r = 1 THEN id END) AS l_id,
                max(CASE WHEN r = 1 THEN kind END) AS l_kind,
                max(CASE WHEN r = 1 THEN start_time END) + @shift AS l_start,
                max(CASE WHEN r = 1 THEN duration END) AS l_duration,
                max(CASE WHEN r = 1 THEN status END) AS l_status,
                max(CASE WHEN r = 1 THEN user END) AS l_user,
                max(CASE WHEN r = 1 THEN queue END) AS l_queue,
                max(CASE WHEN r = 1 THEN cents END) AS l_cents,
                max(CASE WHEN r = 1 THEN dfs_read END) AS l_read,
                max(CASE WHEN r = 1 THEN dfs_written END) AS l_written,
                json_group_array(json_array(start_time + @shift, duration, dfs_read, dfs_written) ORDER BY start_time)
                  FILTER (WHERE r <= ${TREND_RUNS}) AS trend
           FROM ranked GROUP BY name, cluster_uid, ptype
       )
       SELECT g.*, c.display_name FROM g JOIN clusters c ON c.unravel_id = g.cluster_uid
        ORDER BY ${order} ${direction}, g.name, g.cluster_uid, g.ptype`,
    )
    .all({
      ...where.params,
      now: now - shift,
      shift,
      types: JSON.stringify(body.pipelineTypes ?? PIPELINE_TYPES),
    }) as GroupRow[]
  const results = rows.map((g): PipelineRow => {
    const trend = JSON.parse(g.trend) as [number, number, number, number][]
    return {
      key: g.name,
      clusterUid: g.cluster_uid,
      pipelineType: g.ptype,
      runName: g.name,
      docCount: g.runs,
      latestInstance: {
        startTime: g.l_start,
        userName: g.l_user,
        duration: g.l_duration,
        status: g.l_status,
        queue: g.l_queue,
        jobId: g.l_id,
        kind: g.l_kind,
        costs: g.l_cents / 100,
        clusterId: g.display_name,
        totalDfsBytesRead: g.l_read,
        totalDfsBytesWritten: g.l_written,
      },
      trends: {
        duration: trend.map(([t, d]) => [t, d]),
        read: trend.map(([t, , r]) => [t, r]),
        write: trend.map(([t, , , w]) => [t, w]),
      },
    }
  })
  return { data: { data: { results, metadata: { total: results.length } } } }
}
