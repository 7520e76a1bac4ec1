import type { PipelineListBody, PipelineListResponse, PipelineRow, PipelineSortKey } from '@costlens/shared'
import { PIPELINE_TYPES } from '@costlens/shared'
import { HttpError } from '../../errors.ts'
import type { Db } from '../open-database.ts'
import { PIPELINE_NAMES } from '../seed/applications.ts'
import { appsTimeShift, inList, instant, likePattern, type Where } from './applications.ts'
import { scopedClusters, type ClusterScope } from './scope.ts'

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

/**
 * B187: a run's pipeline type. A Hive query with Tez children ran on Tez (hivetz), one without on
 * MapReduce (hivemr); MR and Tez jobs are their own Hive engines; BigQuery jobs are no on-premises
 * pipeline (NULL).
 */
const PIPELINE_TYPE_SQL = `CASE a.kind
  WHEN 'hive' THEN CASE WHEN EXISTS (SELECT 1 FROM applications ch WHERE ch.parent_id = a.id AND ch.kind = 'tez')
                        THEN 'hivetz' ELSE 'hivemr' END
  WHEN 'mr' THEN 'hivemr' WHEN 'tez' THEN 'hivetz' WHEN 'impala' THEN 'impala' WHEN 'spark' THEN 'spark' END`

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

/**
 * E026, B187: the on-premises pipelines of a window (default the last 24 hours, 02 §9): the
 * top-level runs of each recurring name per cluster and pipeline type, grouped in SQL, with the
 * latest run and the last 30 runs' duration, read and write series.
 */
export function listPipelines(
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
