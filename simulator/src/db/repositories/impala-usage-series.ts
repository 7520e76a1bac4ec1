import {
  IMPALA_USAGE_UNITS,
  MULTI_SELECT_MAX,
  defaultSelectedGroupValues,
  type ImpalaGroupBy,
  type ImpalaGroupRow,
  type ImpalaQueryopQuery,
  type ImpalaQueryopResponse,
  type ImpalaStatsQuery,
  type ImpalaStatsResponse,
  type ImpalaUsageMetric,
} from '@costlens/shared'
import { HttpError } from '../../errors.ts'
import type { Db } from '../open-database.ts'
import { cachedStatement } from '../statement-cache.ts'
import { kafkaGrid, pointOrigin } from './kafka-common.ts'
import {
  impalaClusters,
  impalaCodes,
  impalaIndexWhere,
  queriesWhere,
  round3,
  usageWindow,
  type ImpalaCluster,
  type UsageWindow,
} from './impala-usage-common.ts'
import { groupTotals } from './impala-usage-totals.ts'
import type { ClusterScope } from './scope.ts'

/*
 * GET impala/queryop/stats and impala/queryop/new (E075, E074; decisions 2-4 of
 * contracts/impala-usage.ts): the groups' totals from the chargeback rollups and the index
 * (impala-usage-totals.ts); the series one GROUP BY over the window's queries, from the
 * applications_chargeback index alone, or applications_impala for the duration metric.
 */

const CODE_COLUMN: Readonly<Record<ImpalaGroupBy, string>> = { user: 'a.user_code', queue: 'a.queue_code' }

/** A running query's stored duration is from the seed: its run so far is measured from now. */
const DURATION = "CASE WHEN a.status = 'R' THEN @storedNow - a.start_time ELSE a.duration END"

/** Decision 4: most queries first, then by name. */
function groupRows(
  db: Db,
  clusters: readonly ImpalaCluster[],
  window: UsageWindow,
  groupBy: ImpalaGroupBy,
): ImpalaGroupRow[] {
  return groupTotals(db, clusters, window, groupBy)
    .map((r) => ({
      key: r.key,
      doc_count: r.n,
      cpuHours: round3(r.vcoreSeconds / 3600),
      memoryGbHours: round3(r.memorySeconds / 1024 / 3600),
    }))
    .sort((a, b) => b.doc_count - a.doc_count || a.key.localeCompare(b.key))
}

/** E075: every user and queue of the window's queries, most queries first. */
export function impalaStats(
  db: Db,
  scope: ClusterScope,
  q: ImpalaStatsQuery,
  now: number,
): ImpalaStatsResponse {
  const clusters = impalaClusters(db, scope, q.clusterUid)
  const window = usageWindow(db, q, now)
  const users = groupRows(db, clusters, window, 'user')
  return {
    total: users.reduce((n, r) => n + r.doc_count, 0),
    users,
    queues: groupRows(db, clusters, window, 'queue'),
  }
}

/** What a point holds of each metric (decision 2). */
const METRIC_SQL: Readonly<Record<ImpalaUsageMetric, string>> = {
  queries: 'count(*)',
  cpu: 'sum(a.vcore_seconds) / 3600.0',
  memory: 'sum(a.memory_seconds) / 1024.0 / 3600.0',
  duration: `avg(${DURATION})`,
}

function askedValues(values: string | undefined): string[] | undefined {
  if (values === undefined) return undefined
  const list = [
    ...new Set(
      values
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean),
    ),
  ]
  if (list.length > MULTI_SELECT_MAX)
    throw new HttpError(400, `querystring/values: ${list.length} values; at most ${MULTI_SELECT_MAX}`)
  return list
}

/** E074: one series per group value of the metric, each query in the point of its start. */
export function impalaQueryop(
  db: Db,
  scope: ClusterScope,
  q: ImpalaQueryopQuery,
  now: number,
): ImpalaQueryopResponse {
  const groupBy = q.groupBy ?? 'user'
  const metric = q.metric ?? 'queries'
  const clusters = impalaClusters(db, scope, q.clusterUid)
  const window = usageWindow(db, q, now)
  const grid = kafkaGrid(window, q.interval ?? '1h', now)
  // The duration metric needs each query's status and duration: applications_impala holds them (the
  // Impala queries of every cluster), applications_chargeback (one cluster's apps) does not.
  const index = metric === 'duration' ? 'applications_impala' : 'applications_chargeback'
  const where =
    metric === 'duration'
      ? impalaIndexWhere(db, clusters, { from: window.start - window.shift, to: window.end - window.shift })
      : queriesWhere(db, clusters, window)
  const values =
    askedValues(q.values) ??
    defaultSelectedGroupValues(groupRows(db, clusters, window, groupBy).map((r) => r.key))
  const codes = impalaCodes(db)
  const codeOf = groupBy === 'user' ? codes.user : codes.queue
  const byCode = new Map(values.map((v, i) => [codeOf(v), i]))
  const series = values.map((key) => ({ key, data: grid.points.map((t): [number, number] => [t, 0]) }))
  if (values.length > 0) {
    const inList = values.map((_, i) => `@v${i}`).join(', ')
    const params: Record<string, number | string> = {
      ...where.params,
      shift: window.shift,
      origin: pointOrigin(grid.step),
      step: grid.step,
      storedNow: window.storedNow,
    }
    values.forEach((v, i) => (params[`v${i}`] = codeOf(v)))
    const rows = cachedStatement(
      db,
      `SELECT ${CODE_COLUMN[groupBy]} AS code,
                CAST((a.start_time + @shift - @origin) / @step AS INTEGER) * @step + @origin AS t,
                ${METRIC_SQL[metric]} AS value
           FROM applications a INDEXED BY ${index}
          WHERE ${where.sql} AND ${CODE_COLUMN[groupBy]} IN (${inList})
          GROUP BY code, t`,
    ).all(params) as { code: number; t: number; value: number }[]
    const first = grid.points[0] ?? 0
    for (const r of rows) {
      const index = Math.round((r.t - first) / grid.step)
      const point = series[byCode.get(r.code) ?? -1]?.data[index]
      if (point) point[1] = metric === 'queries' ? r.value : round3(r.value)
    }
  }
  return { groupBy, metric, unit: IMPALA_USAGE_UNITS[metric], interval: grid.interval, values, series }
}
