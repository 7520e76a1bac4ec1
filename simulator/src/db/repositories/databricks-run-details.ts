import {
  DATABRICKS_AVAILABILITY,
  DATABRICKS_COMPUTE_KINDS,
  DATABRICKS_INSIGHT_KEYS,
  DATABRICKS_LIFE_CYCLE_STATES,
  DATABRICKS_RESULT_STATES,
  DATABRICKS_SKUS,
  DATABRICKS_TASK_TYPES,
  DATABRICKS_TRIGGERS,
  FREEMIUM_MAX_SPAN_DAYS,
  databricksJobClusterId,
  databricksUsdPerDbu,
  formatMessage,
  parseDatabricksRunKey,
  type AppStatusCode,
  type DatabricksAppSummary,
  type DatabricksClusterSpec,
  type DatabricksCloud,
  type DatabricksResourceMetrics,
  type DatabricksResourceMetricsQuery,
  type DatabricksResourceUsage,
  type DatabricksResourceUsageQuery,
  type DatabricksRunErrorView,
  type DatabricksTag,
  type DatabricksTaskConf,
  type DatabricksTaskError,
  type DatabricksTaskParams,
  type DatabricksTaskProgram,
  type DatabricksTaskRun,
  type DatabricksWorkspaceTier,
  type Plan,
} from '@costlens/shared'
import { deriveDatabricksInsights } from '../../details/databricks-insights.ts'
import { deriveTaskSeries } from '../../details/databricks-resources.ts'
import {
  deriveDatabricksTaskRuns,
  runPrng,
  sparkAppIdOf,
  type DerivedTaskRun,
} from '../../details/databricks-tasks.ts'
import { HttpError } from '../../errors.ts'
import type { Db } from '../open-database.ts'
import { cachedStatement } from '../statement-cache.ts'
import { instant } from './applications.ts'
import { centsOf, databricksReadClock, dbusOf, finalRunFigures, usdOf } from './databricks-figures.ts'

/*
 * A Databricks run's details (E127-E135; issue 20 "Run details"). One query reads the run by its
 * primary key with its job, workspace, principal, cluster and node type; the task runs, resources
 * and insights are derived from it (src/details/databricks-*.ts). Figures go through
 * databricks-figures: 0 until the run's cost is final, as everywhere else.
 */

interface RunRow {
  id: number
  job: number
  job_id: number
  job_name: string
  workspace_id: string
  workspace_name: string
  cloud: DatabricksCloud
  tier: DatabricksWorkspaceTier
  region: string
  principal_name: string
  is_service_principal: number
  trigger_type: number
  attempt: number
  life_cycle_state: number
  result_state: number | null
  status: AppStatusCode
  start_time: number
  setup_ms: number
  end_time: number | null
  duration: number
  compute_kind: number
  workers: number
  availability: number
  sku: number
  dbus_e4: number
  dbu_cost_e4: number
  vm_cost_e4: number
  cost_final: number
  tag_set: number | null
  insight_mask: number
  error_message: string | null
  cluster_id: string | null
  cluster_name: string | null
  runtime_version: string | null
  auto_termination_minutes: number | null
  cluster_min: number | null
  cluster_max: number | null
  job_min: number | null
  job_max: number | null
  node_type_id: string | null
  driver_node_type_id: string | null
  memory_mb: number | null
  spot_discount: number | null
}

const final = finalRunFigures('r')
// By db_runs' primary key (id = the run id), checked against the job id and workspace id of the key.
const RUN_SQL = `
  SELECT r.id, r.job, j.job_id, j.job_name, w.workspace_id, w.workspace_name, w.cloud, w.tier, w.region,
    p.name AS principal_name, p.is_service_principal, r.trigger_type, r.attempt, r.life_cycle_state,
    r.result_state, r.status, r.start_time + @shift AS start_time, r.setup_ms,
    r.end_time + @shift AS end_time, r.duration, r.compute_kind, r.workers, r.availability, r.sku,
    ${final.dbusE4} AS dbus_e4, ${final.dbuCostE4} AS dbu_cost_e4, ${final.vmCostE4} AS vm_cost_e4,
    r.cost_final_at <= @storedNow AS cost_final, r.tag_set, r.insight_mask, r.error_message,
    c.cluster_id, c.cluster_name, c.runtime_version, c.auto_termination_minutes,
    c.min_workers AS cluster_min, c.max_workers AS cluster_max, j.min_workers AS job_min, j.max_workers AS job_max,
    n.node_type_id, dn.node_type_id AS driver_node_type_id, n.memory_mb, n.spot_discount
  FROM db_runs r
  JOIN db_jobs j ON j.code = r.job
  JOIN db_workspaces w ON w.code = r.workspace
  JOIN db_principals p ON p.code = r.principal
  LEFT JOIN db_clusters c ON c.code = r.cluster
  LEFT JOIN db_node_types n ON n.code = r.node_type
  LEFT JOIN db_node_types dn ON dn.code = coalesce(c.driver_node_type, r.node_type)
  WHERE r.id = @runId AND j.job_id = @jobId AND w.workspace_id = @workspaceId`

const notAvailable = (id: string) => new HttpError(404, formatMessage('M026', { id }))

/** Who reads and when: the free plan keeps 7 days of data (B090), so an older run is not available to it. */
export interface DatabricksDetailsRead {
  now: number
  plan: Plan
}
const DAY = 86_400_000

/** The run a key names, in the read frame; 400 for a key that is none, 404 when no run has it. */
function readRun(db: Db, key: string, { now, plan }: DatabricksDetailsRead): RunRow {
  const parts = parseDatabricksRunKey(key)
  if (!parts)
    throw new HttpError(400, `params/id must be a run key <workspaceId>_<jobId>_<runId>, got "${key}"`)
  const clock = databricksReadClock(db, now)
  const row = cachedStatement(db, RUN_SQL).get({ ...parts, ...clock }) as RunRow | undefined
  if (!row || (plan === 'freemium' && row.start_time < now - FREEMIUM_MAX_SPAN_DAYS * DAY))
    throw notAvailable(key)
  return row
}

/** The run of a task path (ws / job / run): the same lookup as a run key. */
function readTaskRun(db: Db, params: DatabricksTaskParams, read: DatabricksDetailsRead) {
  const key = `${params.ws}_${params.job}_${params.run}`
  const run = readRun(db, key, read)
  const tasks = taskRuns(db, run, read.now)
  const index = tasks.findIndex((t) => t.task.taskKey === params.task)
  if (index < 0) throw new HttpError(404, `Task ${params.task} of run ${key} is not available.`)
  return { key, run, tasks, index, taskRun: tasks[index]! }
}

const lifeCycleOf = (run: RunRow) => DATABRICKS_LIFE_CYCLE_STATES[run.life_cycle_state]!
const resultOf = (run: RunRow) =>
  run.result_state === null ? null : DATABRICKS_RESULT_STATES[run.result_state]!
const computeKindOf = (run: RunRow) => DATABRICKS_COMPUTE_KINDS[run.compute_kind]!
const isRunning = (run: RunRow) => ['RUNNING', 'TERMINATING'].includes(lifeCycleOf(run))
/** A run that never got compute of its own (queued, skipped …) has no cluster to show. */
const hadCompute = (run: RunRow) =>
  computeKindOf(run) !== 'SERVERLESS' &&
  !['QUEUED', 'PENDING', 'BLOCKED', 'SKIPPED'].includes(lifeCycleOf(run))

/** The compute's id: the all-purpose cluster's, the run's job cluster (derived), none on serverless. */
function clusterUidOf(run: RunRow): string | null {
  const kind = computeKindOf(run)
  if (kind === 'ALL_PURPOSE') return run.cluster_id
  if (kind === 'JOB') return databricksJobClusterId(run.id, run.start_time)
  return null
}

/** A job cluster's runtime is not stored: derived from the run, one of the LTS releases. */
const JOB_CLUSTER_RUNTIMES = ['13.3.x-scala2.12', '14.3.x-scala2.12', '15.4.x-scala2.12'] as const
function runtimeOf(run: RunRow): string | null {
  if (computeKindOf(run) === 'SERVERLESS') return null
  return run.runtime_version ?? runPrng(run.id, 'runtime').pick(JOB_CLUSTER_RUNTIMES)
}

function taskDefs(db: Db, job: number) {
  // By db_job_tasks' primary key (job, task_key).
  const rows = cachedStatement(
    db,
    'SELECT task_key, position, task_type, source, depends_on FROM db_job_tasks WHERE job = ? ORDER BY position',
  ).all(job) as {
    task_key: string
    position: number
    task_type: number
    source: string
    depends_on: string
  }[]
  return rows.map((t) => ({
    taskKey: t.task_key,
    position: t.position,
    taskType: t.task_type,
    source: t.source,
    dependsOn: t.depends_on ? t.depends_on.split(',').map((d) => d.trim()) : [],
  }))
}

function taskRuns(db: Db, run: RunRow, now: number): DerivedTaskRun[] {
  return deriveDatabricksTaskRuns(
    {
      id: run.id,
      lifeCycle: lifeCycleOf(run),
      result: resultOf(run),
      startTime: run.start_time,
      setupMs: run.setup_ms,
      duration: run.duration,
      error: run.error_message,
      dbusE4: run.dbus_e4,
      dbuCostE4: run.dbu_cost_e4,
      vmCostE4: run.vm_cost_e4,
    },
    taskDefs(db, run.job),
    now,
  )
}

const figuresOf = (f: { dbusE4: number; dbuCostE4: number; vmCostE4: number }) => ({
  dbus: dbusOf(f.dbusE4),
  cost: usdOf(f.dbuCostE4),
  total_cost: usdOf(f.dbuCostE4 + f.vmCostE4),
  cents: centsOf(f.vmCostE4),
})

function tagsOf(db: Db, tagSet: number | null): DatabricksTag[] {
  if (tagSet === null) return []
  // By db_tag_sets' primary key (code, tag).
  return cachedStatement(
    db,
    'SELECT t.key, t.value FROM db_tag_sets s JOIN db_tags t ON t.code = s.tag WHERE s.code = ? ORDER BY t.key, t.value',
  ).all(tagSet) as DatabricksTag[]
}

/** GET runs/{id}/tasks/summary (E127). */
export function databricksTaskRuns(db: Db, key: string, read: DatabricksDetailsRead): DatabricksTaskRun[] {
  const run = readRun(db, key, read)
  const clusterUid = clusterUidOf(run)
  return taskRuns(db, run, read.now).map((t, i) => ({
    taskKey: t.task.taskKey,
    taskType: DATABRICKS_TASK_TYPES[t.task.taskType]!,
    source: t.task.source,
    dependsOn: [...t.task.dependsOn],
    clusterUid: t.startTime === null ? null : clusterUid,
    sparkAppId: t.task.taskType === DATABRICKS_TASK_TYPES.indexOf('PIPELINE') ? null : sparkAppIdOf(t, i),
    status: t.status,
    lifeCycleState: t.lifeCycle,
    resultState: t.result,
    startTime: t.startTime,
    endTime: t.endTime,
    duration: t.duration,
    errorMessage: t.errorMessage,
    ...figuresOf(t),
  }))
}

/** The run's compute as the Clusters API describes it, or null when it had none of its own. */
function clusterSpecOf(db: Db, run: RunRow): DatabricksClusterSpec | null {
  const clusterUid = clusterUidOf(run)
  if (!hadCompute(run) || clusterUid === null || run.node_type_id === null) return null
  const min = run.cluster_min ?? run.job_min ?? Math.round(run.workers)
  const max = run.cluster_max ?? run.job_max ?? Math.round(run.workers)
  return {
    cluster_id: clusterUid,
    spark_version: runtimeOf(run)!,
    node_type_id: run.node_type_id,
    driver_node_type_id: run.driver_node_type_id ?? run.node_type_id,
    ...(min === max ? { num_workers: min } : { autoscale: { min_workers: min, max_workers: max } }),
    availability: DATABRICKS_AVAILABILITY[run.availability]!,
    ...(run.auto_termination_minutes !== null && { autotermination_minutes: run.auto_termination_minutes }),
    custom_tags: Object.fromEntries(tagsOf(db, run.tag_set).map((t) => [t.key, t.value])),
  }
}

/** GET runs/{id}/appsummary (E128): the header, with REAL-API-NOTES §4's annotation. */
export function databricksAppSummary(db: Db, key: string, read: DatabricksDetailsRead): DatabricksAppSummary {
  const { now } = read
  const run = readRun(db, key, read)
  const spec = clusterSpecOf(db, run)
  const figures = figuresOf({ dbusE4: run.dbus_e4, dbuCostE4: run.dbu_cost_e4, vmCostE4: run.vm_cost_e4 })
  const sku = DATABRICKS_SKUS[run.sku]!
  const insights = deriveDatabricksInsights({
    insightMask: run.insight_mask,
    workers: run.workers,
    dbuCostE4: run.dbu_cost_e4,
    vmCostE4: run.vm_cost_e4,
    usdPerDbu: databricksUsdPerDbu(sku, run.cloud, run.tier) ?? 0,
    jobsUsdPerDbu: databricksUsdPerDbu('JOBS_COMPUTE', run.cloud, run.tier) ?? 0,
    spotDiscount: run.spot_discount ?? 0,
    clusterName: run.cluster_name,
  })
  return {
    annotation: {
      cents: figures.cents,
      dbuCost: figures.cost,
      ...(spec && { runInfo: JSON.stringify(spec) }),
    },
    run: {
      id: key,
      runId: run.id,
      jobId: run.job_id,
      jobName: run.job_name,
      workspaceId: run.workspace_id,
      workspaceName: run.workspace_name,
      cloud: run.cloud,
      region: run.region,
      status: run.status,
      lifeCycleState: lifeCycleOf(run),
      resultState: resultOf(run),
      trigger: DATABRICKS_TRIGGERS[run.trigger_type]!,
      attempt: run.attempt,
      user: run.principal_name,
      isServicePrincipal: run.is_service_principal === 1,
      startTime: run.start_time,
      endTime: run.end_time,
      setupDuration: run.setup_ms,
      duration: isRunning(run) ? Math.max(0, now - run.start_time) : run.duration,
      computeKind: computeKindOf(run),
      clusterUid: clusterUidOf(run),
      clusterName: run.cluster_name,
      nodeType: run.node_type_id,
      workers: run.workers,
      availability: DATABRICKS_AVAILABILITY[run.availability]!,
      runtimeVersion: runtimeOf(run),
      sku,
      ...figures,
      costFinal: run.cost_final === 1,
      tags: tagsOf(db, run.tag_set),
      insights: insights.map(({ savingE4, ...insight }) => ({ ...insight, saving: usdOf(savingE4) })),
    },
  }
}

const taskError = (t: DerivedTaskRun): DatabricksTaskError => ({
  taskKey: t.task.taskKey,
  status: t.status,
  resultState: t.result,
  errorMessage: t.errorMessage,
})

/** GET runs/{id}/error_view (E129): the run's error and the tasks that failed or did not run. */
export function databricksRunErrorView(
  db: Db,
  key: string,
  read: DatabricksDetailsRead,
): DatabricksRunErrorView {
  const run = readRun(db, key, read)
  const failed = taskRuns(db, run, read.now).filter((t) => t.status === 'F' || t.status === 'K')
  return {
    status: run.status,
    resultState: resultOf(run),
    errorMessage: run.error_message,
    tasks: failed.map(taskError),
  }
}

/** GET …/tasks/{task}/tags (E130): a task runs on the run's compute, so it carries its tags. */
export function databricksTaskTags(
  db: Db,
  params: DatabricksTaskParams,
  read: DatabricksDetailsRead,
): DatabricksTag[] {
  const { run } = readTaskRun(db, params, read)
  return tagsOf(db, run.tag_set)
}

/** GET …/tasks/{task}/program (E131): what the task runs, by its type. */
export function databricksTaskProgram(
  db: Db,
  params: DatabricksTaskParams,
  read: DatabricksDetailsRead,
): DatabricksTaskProgram {
  const { taskRun } = readTaskRun(db, params, read)
  const { taskKey, source } = taskRun.task
  const taskType = DATABRICKS_TASK_TYPES[taskRun.task.taskType]!
  const [packageName, entryPoint] = source.split(':')
  return {
    taskKey,
    taskType,
    source,
    notebookPath: taskType === 'NOTEBOOK' ? source : null,
    packageName: taskType === 'PYTHON_WHEEL' ? (packageName ?? source) : null,
    entryPoint: taskType === 'PYTHON_WHEEL' ? (entryPoint ?? null) : null,
    // A SQL task names a file (…/x.sql) or holds its query (db_job_tasks.source).
    sqlFile: taskType === 'SQL' && /\.sql$/i.test(source) ? source : null,
    sqlText: taskType === 'SQL' && !/\.sql$/i.test(source) ? source : null,
    pipelineId: taskType === 'PIPELINE' ? source : null,
  }
}

/** GET …/tasks/{task}/error_view (E132). */
export function databricksTaskErrorView(
  db: Db,
  params: DatabricksTaskParams,
  read: DatabricksDetailsRead,
): DatabricksTaskError {
  return taskError(readTaskRun(db, params, read).taskRun)
}

/** The Spark conf a run's cluster gets (the defaults Databricks sets, and the cluster's own tags). */
function sparkConfOf(run: RunRow, taskKey: string): Record<string, string> {
  return {
    'spark.databricks.clusterUsageTags.clusterId': clusterUidOf(run) ?? '',
    'spark.databricks.job.id': String(run.job_id),
    'spark.databricks.job.runId': String(run.id),
    'spark.databricks.task.key': taskKey,
    'spark.databricks.delta.preview.enabled': 'true',
    'spark.sql.shuffle.partitions': String(Math.max(8, Math.round(run.workers) * 16)),
    'spark.executor.memory': run.memory_mb === null ? '' : `${Math.floor((run.memory_mb * 0.7) / 1024)}g`,
  }
}

/** GET …/tasks/{task}/conf (E133): not available (M060 in the console) when the run had no cluster. */
export function databricksTaskConf(
  db: Db,
  params: DatabricksTaskParams,
  read: DatabricksDetailsRead,
): DatabricksTaskConf {
  const { run, taskRun } = readTaskRun(db, params, read)
  const spec = clusterSpecOf(db, run)
  return {
    taskKey: taskRun.task.taskKey,
    available: spec !== null,
    sparkConf: spec ? sparkConfOf(run, taskRun.task.taskKey) : {},
    clusterSpec: spec,
  }
}

/** The task's series over its life (a task that did not run has an empty life at the run's start). */
function seriesOf(db: Db, params: DatabricksTaskParams, read: DatabricksDetailsRead) {
  const { now } = read
  const { run, taskRun } = readTaskRun(db, params, read)
  const start = taskRun.startTime ?? run.start_time
  const end = taskRun.endTime ?? (taskRun.startTime === null ? start : Math.max(start, now))
  const workers = Math.round(run.workers)
  const memoryTotalMB = (run.memory_mb ?? 0) * (1 + workers)
  const series = deriveTaskSeries({
    runId: run.id,
    taskKey: taskRun.task.taskKey,
    start,
    end,
    workers,
    memoryTotalMB,
    dbusE4: taskRun.dbusE4,
    outOfMemory: /OutOfMemory/i.test(taskRun.errorMessage ?? ''),
    underused: (run.insight_mask & (1 << DATABRICKS_INSIGHT_KEYS.indexOf('oversizedCluster'))) !== 0,
  })
  return { ...series, memoryTotalMB }
}

/** The buckets of a series overlapping [start_time, end_time]; 400 when the window is upside down. */
function windowOf(query: DatabricksResourceMetricsQuery) {
  const from = instant(query.start_time, 'start_time', 'querystring') ?? -Infinity
  const to = instant(query.end_time, 'end_time', 'querystring') ?? Infinity
  if (from > to)
    throw new HttpError(
      400,
      `querystring/start_time (${query.start_time}) must not be after end_time (${query.end_time})`,
    )
  return (stepMs: number) =>
    ([t]: [number, number]) =>
      t + stepMs > from && t <= to
}

/** GET …/tasks/{task}/resource_metrics (E134). */
export function databricksTaskResourceMetrics(
  db: Db,
  params: DatabricksTaskParams,
  query: DatabricksResourceMetricsQuery,
  read: DatabricksDetailsRead,
): DatabricksResourceMetrics {
  const keep = windowOf(query)
  const s = seriesOf(db, params, read)
  const inWindow = keep(s.stepMs)
  return {
    taskKey: params.task,
    startTime: s.startTime,
    endTime: s.endTime,
    stepMs: s.stepMs,
    memoryTotalMB: s.memoryTotalMB,
    cpuPercent: s.cpuPercent.filter(inWindow),
    memoryUsedMB: s.memoryUsedMB.filter(inWindow),
  }
}

/** GET …/tasks/{task}/resource_usage (E135): workers, or the DBUs of each bucket. */
export function databricksTaskResourceUsage(
  db: Db,
  params: DatabricksTaskParams,
  query: DatabricksResourceUsageQuery,
  read: DatabricksDetailsRead,
): DatabricksResourceUsage {
  const s = seriesOf(db, params, read)
  return {
    taskKey: params.task,
    metricId: query.metric_id,
    unit: query.metric_id === 'dbus' ? 'DBU' : 'workers',
    startTime: s.startTime,
    endTime: s.endTime,
    stepMs: s.stepMs,
    data: query.metric_id === 'dbus' ? s.dbus : s.workers,
  }
}
