import type { PipelineRow } from '@costlens/shared'
import type { Db } from '../open-database.ts'
import { appsDerived, type RewrittenApp } from './app-read-cache.ts'
import { PIPELINE_APPS_SQL } from './pipeline-apps.ts'

/*
 * E026 the pipelines list (and the scheduled-jobs calendar) over an in-process index of the runs:
 * every top-level app of a recurring pipeline name (a third of the apps), grouped by name, cluster
 * and pipeline type, each group in start order, with what a row of the list shows of a run in typed
 * arrays. Built once per database (about 340,000 runs at the large scale), right after the server
 * listens (app-read-cache.ts warmAppIndexes), patched in place by a kill or a move. A list
 * finds each group's window by two binary searches: its count, its latest run and its last 30 runs
 * are positions, so a list over any window reads a few thousand values instead of grouping the
 * window's runs in SQL (0.4 s over 1–7 days at a million apps).
 */

/**
 * B187: a run's pipeline type. A Hive query with Tez children ran on Tez (hivetz), one without on
 * MapReduce (hivemr); MR and Tez jobs are their own Hive engines; BigQuery jobs are no on-premises
 * pipeline (NULL).
 */
export const PIPELINE_TYPE_SQL = `CASE a.kind
  WHEN 'hive' THEN CASE WHEN EXISTS (SELECT 1 FROM applications ch WHERE ch.parent_id = a.id AND ch.kind = 'tez')
                        THEN 'hivetz' ELSE 'hivemr' END
  WHEN 'mr' THEN 'hivemr' WHEN 'tez' THEN 'hivetz' WHEN 'impala' THEN 'impala' WHEN 'spark' THEN 'spark' END`

export interface PipelineGroup<Type = PipelineRow['pipelineType']> {
  name: string
  clusterUid: string
  type: Type
  /** The group's runs: positions [from, to) of the arrays, in (start_time, id) order. */
  from: number
  to: number
}

export interface PipelineIndex {
  /** The pipelines list's groups (a run with a pipeline type). */
  groups: PipelineGroup[]
  /**
   * The top-level runs of a recurring name with no pipeline type (BigQuery, Presto): no pipeline of
   * the list, but scheduled jobs of the calendar (jobs.ts jobSchedules) all the same.
   */
  untypedGroups: PipelineGroup<null>[]
  /** Per run, as seeded (the reader adds appsTimeShift). */
  start: Float64Array
  duration: Float64Array
  cents: Float64Array
  read: Float64Array
  written: Float64Array
  running: Uint8Array
  id: string[]
  kind: string[]
  status: string[]
  user: string[]
  queue: string[]
}

type RunRow = [
  string, // name
  string, // cluster_uid
  PipelineRow['pipelineType'] | null,
  number, // start_time
  number, // duration
  number, // cents
  number, // dfs_read
  number, // dfs_written
  string, // id
  string, // kind
  string, // status
  string, // user
  string, // queue
]

function buildIndex(db: Db): PipelineIndex {
  // By the cluster's code, which the index holds: codes order as the cluster ids do and no write
  // adds a cluster (app-rollup-names.ts), so the groups come in the order of the ids.
  const rows = db
    .prepare(
      `SELECT a.name, a.cluster_uid, ${PIPELINE_TYPE_SQL} AS ptype, a.start_time, a.duration, a.cents,
              a.dfs_read, a.dfs_written, a.id, a.kind, a.status, a.user, a.queue
         FROM applications a INDEXED BY applications_pipeline_runs
        WHERE ${PIPELINE_APPS_SQL}
        ORDER BY a.name, a.cluster_code, ptype, a.start_time, a.id`,
    )
    .raw()
    .all() as RunRow[]
  const n = rows.length
  const index: PipelineIndex = {
    groups: [],
    untypedGroups: [],
    start: new Float64Array(n),
    duration: new Float64Array(n),
    cents: new Float64Array(n),
    read: new Float64Array(n),
    written: new Float64Array(n),
    running: new Uint8Array(n),
    id: new Array<string>(n),
    kind: new Array<string>(n),
    status: new Array<string>(n),
    user: new Array<string>(n),
    queue: new Array<string>(n),
  }
  let group: PipelineGroup<PipelineRow['pipelineType'] | null> | undefined
  rows.forEach((r, i) => {
    if (!group || group.name !== r[0] || group.clusterUid !== r[1] || group.type !== r[2]) {
      const type = r[2]
      if (type === null)
        index.untypedGroups.push((group = { name: r[0], clusterUid: r[1], type, from: i, to: i }))
      else index.groups.push((group = { name: r[0], clusterUid: r[1], type, from: i, to: i }))
    }
    group.to = i + 1
    index.start[i] = r[3]
    index.duration[i] = r[4]
    index.cents[i] = r[5]
    index.read[i] = r[6]
    index.written[i] = r[7]
    index.id[i] = r[8]
    index.kind[i] = r[9]
    index.status[i] = r[10]
    index.running[i] = r[10] === 'R' ? 1 : 0
    index.user[i] = r[11]
    index.queue[i] = r[12]
  })
  return index
}

/**
 * A kill or a move rewrites a run's status, duration and queue, never its name, cluster, start or
 * type: the run keeps its place, and its values are written there (no rebuild).
 */
function patchIndex(index: PipelineIndex, rows: readonly RewrittenApp[]): void {
  for (const row of rows)
    for (const g of [...index.groups, ...index.untypedGroups]) {
      if (g.name !== row.name || g.clusterUid !== row.cluster_uid) continue
      for (
        let i = startBound(index, row.start_time, g.from, g.to);
        i < g.to && index.start[i] === row.start_time;
        i++
      )
        if (index.id[i] === row.id) {
          index.status[i] = row.status
          index.running[i] = row.status === 'R' ? 1 : 0
          index.duration[i] = row.duration
          index.queue[i] = row.queue
        }
    }
}

/** This database's pipeline index, built on first use and after a reset; patched by a kill or move. */
export function pipelineIndex(db: Db): PipelineIndex {
  return appsDerived(db, 'pipeline-index', () => buildIndex(db), patchIndex)
}

/** First position in [lo, hi) whose start is >= x (or > x when `after`). */
export function startBound(index: PipelineIndex, x: number, lo: number, hi: number, after = false): number {
  const { start } = index
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    if (start[mid]! < x || (after && start[mid] === x)) lo = mid + 1
    else hi = mid
  }
  return lo
}
