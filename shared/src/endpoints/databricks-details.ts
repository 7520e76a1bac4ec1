import { Type } from 'typebox'
import {
  DatabricksAppSummarySchema,
  DatabricksResourceMetricsQuerySchema,
  DatabricksResourceMetricsSchema,
  DatabricksResourceUsageQuerySchema,
  DatabricksResourceUsageSchema,
  DatabricksRunErrorViewSchema,
  DatabricksRunParamsSchema,
  DatabricksTagSchema,
  DatabricksTaskConfSchema,
  DatabricksTaskErrorSchema,
  DatabricksTaskParamsSchema,
  DatabricksTaskProgramSchema,
  DatabricksTaskRunsSchema,
} from '../contracts/databricks-details.ts'
import { defineEndpoint, defineEndpoints } from './endpoint.ts'

/*
 * A Databricks run's details (02 §7 Application details: the calls under /ds/api/v1/databricks,
 * E127-E135; issue 20 "Run details"). The page at /app/application/db?execId=<run key> reads them.
 * Task runs are not stored: they are derived from the job's tasks and the run, the same on every
 * call, their figures adding up to the run's.
 */
const databricks = { platforms: ['DB'] } as const
const tags = ['databricks'] as const
const BASE = '/api/v1/ds/api/v1/databricks'
const REFUSALS =
  "A key that is no run key answers 400; 404 'Information for this application {id} is not available.' for a " +
  'run that does not exist. Figures are 0 until the run’s cost is final (billing lag).'
const TASK_REFUSALS =
  'ws, job and run are digits, task a task key (else 400); 404 when the workspace, job, run or task is unknown.'

const perTask = <R extends Parameters<typeof defineEndpoint>[0]['response']>(
  resource: string,
  specId: string,
  summary: string,
  response: R,
) =>
  defineEndpoint({
    method: 'GET',
    path: `${BASE}/workspaces/{ws}/jobs/{job}/runs/{run}/tasks/{task}/${resource}`,
    specIds: [specId],
    tags,
    access: databricks,
    summary,
    description: TASK_REFUSALS,
    params: DatabricksTaskParamsSchema,
    response,
    errors: [404],
  })

export const databricksDetailsEndpoints = defineEndpoints({
  taskRuns: {
    method: 'GET',
    path: `${BASE}/runs/{id}/tasks/summary`,
    specIds: ['E127'],
    tags,
    access: databricks,
    summary:
      "A run's task runs: key, type, source, dependencies, status, times and their share of DBUs and cost",
    description:
      'In job order. A failed run’s failing task carries the run’s error and the tasks downstream of it are ' +
      `UPSTREAM_FAILED (UPSTREAM_CANCELED for a cancelled run). dbus, cost, total_cost and cents add up to the run’s exactly. ${REFUSALS}`,
    params: DatabricksRunParamsSchema,
    response: DatabricksTaskRunsSchema,
    errors: [404],
  },
  appSummary: {
    method: 'GET',
    path: `${BASE}/runs/{id}/appsummary`,
    specIds: ['E128'],
    tags,
    access: databricks,
    summary:
      "A run's header: job, workspace, states, trigger, who ran it, times, compute, DBUs and cost, tags, insights",
    description:
      'annotation carries cents (VM cost, US cents), dbuCost (USD) and runInfo, the run’s compute as a JSON string ' +
      `(absent on serverless or for a run that never got compute: the console then says M060). ${REFUSALS}`,
    params: DatabricksRunParamsSchema,
    response: DatabricksAppSummarySchema,
    errors: [404],
  },
  errorView: {
    method: 'GET',
    path: `${BASE}/runs/{id}/error_view`,
    specIds: ['E129'],
    tags,
    access: databricks,
    summary: "A run's error and the tasks that failed or did not run because of it",
    description: REFUSALS,
    params: DatabricksRunParamsSchema,
    response: DatabricksRunErrorViewSchema,
    errors: [404],
  },
  taskTags: perTask(
    'tags',
    'E130',
    "A task's tags (its compute's custom tags)",
    Type.Array(DatabricksTagSchema),
  ),
  taskProgram: perTask(
    'program',
    'E131',
    'What a task runs: the notebook path, the wheel package and entry point, the SQL file or the DLT pipeline',
    DatabricksTaskProgramSchema,
  ),
  taskErrorView: perTask('error_view', 'E132', "A task's result and error", DatabricksTaskErrorSchema),
  taskConf: perTask(
    'conf',
    'E133',
    "A task's Spark configuration and cluster spec; available false when the run had no cluster to show",
    DatabricksTaskConfSchema,
  ),
  taskResourceMetrics: {
    ...perTask(
      'resource_metrics',
      'E134',
      "A task's CPU (%) and memory used (MB) over its life, cut to [start_time, end_time]",
      DatabricksResourceMetricsSchema,
    ),
    querystring: DatabricksResourceMetricsQuerySchema,
  },
  taskResourceUsage: {
    ...perTask(
      'resource_usage',
      'E135',
      "A task's workers or DBUs over its life (metric_id workers or dbus; the DBU buckets add up to the task's)",
      DatabricksResourceUsageSchema,
    ),
    querystring: DatabricksResourceUsageQuerySchema,
  },
})
