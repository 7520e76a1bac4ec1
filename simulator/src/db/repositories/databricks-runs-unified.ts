import {
  DATABRICKS_CLUSTER_TYPES,
  DATABRICKS_INSIGHT_KEYS,
  DATABRICKS_MAX_PAGE_SIZE,
  type AppRecord,
  type DatabricksClusterType,
  type DatabricksInsightKey,
  type DatabricksRunRow,
  type DatabricksRunSearchBody,
  type UnifiedSearchBody,
  type UnifiedSearchResponse,
} from '@costlens/shared'
import { HttpError } from '../../errors.ts'
import type { Db } from '../open-database.ts'
import { cachedStatement } from '../statement-cache.ts'
import { searchRuns } from './databricks-runs.ts'

/*
 * E014 unifiedsearch with appTypes ["db"] (02 §7, REAL-API-NOTES §4): the same search as the runs
 * calls (searchRuns), its rows in the application record's shape (kind 'db', the run key as id,
 * runId, jobId, runName, wsId, wsInstance, dbus and dbuCost; cents the VM cost in whole cents).
 */

/** A unified search for Databricks runs: appTypes names db and nothing else. */
export function isDatabricksSearch(body: UnifiedSearchBody): boolean {
  return body.appTypes?.length === 1 && body.appTypes[0]?.toLowerCase() === 'db'
}

const known = <T extends string>(
  field: string,
  values: readonly string[] | undefined,
  allowed: readonly T[],
) => {
  if (!values) return undefined
  const unknown = values.filter((v) => !(allowed as readonly string[]).includes(v))
  if (unknown.length)
    throw new HttpError(
      400,
      `body/${field}: ${unknown.join(', ')} not one of ${allowed.join(', ')} for appTypes db`,
    )
  return values as T[]
}

/** The unified body as the runs search reads it; the application-only filters have no runs to narrow. */
function runsBody(body: UnifiedSearchBody): DatabricksRunSearchBody {
  if ((body.size ?? 15) > DATABRICKS_MAX_PAGE_SIZE)
    throw new HttpError(400, `body/size must be at most ${DATABRICKS_MAX_PAGE_SIZE} for appTypes db`)
  const sort = body.sort?.[0]
  const [key, order] = sort ? (Object.entries(sort)[0] ?? []) : []
  return {
    appStatus: body.appStatus,
    start_time: body.start_time,
    end_time: body.end_time,
    clusters: body.clusters,
    wildcardCluster: body.wildcardCluster,
    jobIds: body.jobIds,
    globalsearchpattern: body.globalsearchpattern,
    from: body.from,
    size: body.size,
    // The application list's cost column (cents) is a run's whole cost.
    ...(key && order && { sort: [{ [key === 'cents' ? 'total_cost' : key]: order }] }),
    users: body.users,
    queues: body.queues,
    appTags: body.appTags,
    durations: body.durations,
    cost: body.cost,
    clusterTypes: known<DatabricksClusterType>('clusterTypes', body.clusterTypes, DATABRICKS_CLUSTER_TYPES),
    queryOnFinishedTime: body.queryOnFinishedTime,
    signature: body.signature,
    insights: known<DatabricksInsightKey>('insights', body.insights, DATABRICKS_INSIGHT_KEYS),
  }
}

function appRecord(run: DatabricksRunRow, instanceUrl: string): AppRecord {
  return {
    id: run.id,
    kind: 'db',
    status: run.status,
    user: run.user,
    realUser: run.raw_user,
    name: run.name,
    appName: run.runName,
    queue: run.queue,
    clusterId: run.clusterId,
    clusterUid: run.clusterUid,
    clusterType: run.clusterType,
    parentId: null,
    startTime: run.startTime,
    finishedTime: run.finishedTime,
    duration: run.duration,
    cents: Math.round(run.cents),
    totalDfsBytesRead: 0,
    totalDfsBytesWritten: 0,
    numEvents: run.insights.length,
    insights: run.insights,
    sm: 0,
    km: 0,
    fm: 0,
    sr: 0,
    kr: 0,
    fr: 0,
    numStages: 0,
    numCompletedStages: 0,
    numSkippedStages: 0,
    numJobs: 0,
    appAttempts: 1,
    taskCount: 0,
    setupDuration: run.setupDuration,
    cleanupDuration: 0,
    memorySeconds: 0,
    vcoreSeconds: 0,
    trackingUrl: `${instanceUrl}/#job/${run.jobId}/run/${run.runId}`,
    sensorEnabled: false,
    largeRDD: false,
    inputTables: null,
    outputTables: null,
    diagnostics: null,
    signature: `${run.workspaceId}_${run.jobId}`,
    dbuCost: run.cost,
    dbus: run.dbus,
    runId: run.runId,
    jobId: run.jobId,
    runName: run.runName,
    wsId: run.workspaceId,
    wsInstance: instanceUrl,
  }
}

/**
 * E014 for Databricks runs. `ownInstall`: the caller's install is Databricks; any other user's
 * clusters hold no run, so the answer is empty (the data is scoped, as every unified search is).
 */
export function databricksUnifiedSearch(
  db: Db,
  body: UnifiedSearchBody,
  now: number,
  ownInstall: boolean,
): UnifiedSearchResponse {
  const answer = searchRuns(db, runsBody(body), now)
  const runs = ownInstall ? answer.results : []
  const urls = new Map(
    cachedStatement(db, 'SELECT workspace_id, instance_url FROM db_workspaces').raw().all() as [
      string,
      string,
    ][],
  )
  const clusters = new Map<string, number>()
  for (const run of runs) clusters.set(run.clusterUid, (clusters.get(run.clusterUid) ?? 0) + 1)
  const m = answer.metadata
  return {
    results: runs.map((run) => appRecord(run, urls.get(run.workspaceId) ?? '')),
    metadata: ownInstall
      ? {
          totalRecords: m.totalRecords,
          duration: m.duration,
          cost: m.cost,
          events: { min: 0, max: DATABRICKS_INSIGHT_KEYS.length },
          appEvents: m.appEvents,
          clusters: Object.fromEntries(clusters),
        }
      : {
          totalRecords: 0,
          duration: { min: 0, max: 0 },
          cost: { min: 0, max: 0 },
          events: { min: 0, max: 0 },
          appEvents: [],
          clusters: {},
        },
  }
}
