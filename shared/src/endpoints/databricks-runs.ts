import {
  DatabricksJobListBodySchema,
  DatabricksJobListSchema,
  DatabricksJobParamsSchema,
  DatabricksJobSearchBodySchema,
  DatabricksJobSearchSchema,
  DatabricksRunFiltersQuerySchema,
  DatabricksRunFiltersSchema,
  DatabricksRunCostSchema,
  DatabricksRunCostParamsSchema,
  DatabricksRunSearchBodySchema,
  DatabricksRunSearchResponseSchema,
} from '../contracts/databricks-runs.ts'
import { defineEndpoints } from './endpoint.ts'

/*
 * The Databricks job runs, jobs and pipelines lists (02 §7 Application lists; E015-E018, E053;
 * issue 20). Databricks data is for users of a Databricks install only (cluster type DB).
 */
const databricks = { platforms: ['DB'] } as const
const tags = ['databricks'] as const

const RUNS =
  'Body of 02 §7 (unified search). Runs started in [start_time, end_time] (epoch ms or ISO; default the 7 ' +
  'days to now; queryOnFinishedTime: ended in it); a running-only search (appStatus ["R"]) ignores the window. ' +
  'size at most 100, from + size at most 10,000; sort [{"startTime": {"order": "desc"}}] on a listed field. ' +
  'dbus in DBUs, cost (DBUs) and total_cost (DBUs and VMs) in USD, cents the VM cost in cents: all 0 until ' +
  'billing closes the run (then fetch runs/{runId}/cost). metadata: totals over every matching run.'

export const databricksRunsEndpoints = defineEndpoints({
  runs: {
    method: 'POST',
    path: '/api/v1/dbworkflows/api/v1/databricks/runs',
    specIds: ['E015'],
    tags,
    access: databricks,
    summary: 'Databricks job runs: a page of the runs that match the filters, their count and ranges',
    description: RUNS,
    body: DatabricksRunSearchBodySchema,
    response: DatabricksRunSearchResponseSchema,
  },
  runsPublic: {
    method: 'POST',
    path: '/api/v1/ds/api/v1/databricks/runs',
    specIds: ['E015'],
    tags,
    access: databricks,
    summary: 'Databricks job runs (the path public scripts call, REAL-API-NOTES §9.5): as dbworkflows runs',
    description: RUNS,
    body: DatabricksRunSearchBodySchema,
    response: DatabricksRunSearchResponseSchema,
  },
  jobRuns: {
    method: 'POST',
    path: '/api/v1/dbworkflows/api/v1/databricks/jobs/{jobId}/runs',
    specIds: ['E016'],
    tags,
    access: databricks,
    summary: "One Databricks job's runs (B192: the runs list with exactly one job selected)",
    description: `${RUNS} The path's job id replaces the body's jobIds.`,
    params: DatabricksJobParamsSchema,
    body: DatabricksRunSearchBodySchema,
    response: DatabricksRunSearchResponseSchema,
  },
  runCost: {
    method: 'GET',
    path: '/api/v1/ds/api/v1/databricks/runs/{runId}/cost',
    specIds: ['E053'],
    tags,
    access: databricks,
    summary:
      "A Databricks run's actual cost, final or not (02 §4: the runs list shows 0 until billing closes)",
    description: 'runId is the run key <workspaceId>_<jobId>_<runId> (400 when malformed, 404 when unknown).',
    params: DatabricksRunCostParamsSchema,
    response: DatabricksRunCostSchema,
    errors: [404],
  },
  jobs: {
    method: 'POST',
    path: '/api/v1/dbworkflows/api/v1/databricks/jobs',
    specIds: ['E017'],
    tags,
    access: databricks,
    summary: 'Databricks jobs with runs in the window: latest run, run count, total duration and cost',
    description:
      'start_time, end_time epoch ms or ISO (default the 7 days to now); search: part of a job name or a job ' +
      "id; status: the latest run's; workspace: names; taskType PIPELINE: the jobs with a DLT pipeline task " +
      '(the pipelines list). duration is the total of the runs in the window (ms); dbuCost and totalCost USD, ' +
      'cents the VM cost, all from final costs only. Paged (from, size ≤ 1000) and sorted in SQL, default ' +
      'startTime desc.',
    body: DatabricksJobListBodySchema,
    response: DatabricksJobListSchema,
  },
  runFilters: {
    method: 'GET',
    path: '/api/v1/ds/api/v1/databricks/runs/filters',
    specIds: ['E038'],
    pathIsOurs: true,
    tags,
    access: databricks,
    summary:
      "The job runs list's filter values: users, workspaces and tags per key, with their runs in the window",
    description:
      'The spec names a tags call for the Databricks lists without its path (E038): costlens answers the tags ' +
      'per key and, in the same read, the users and workspaces of the runs started in [start_time, end_time] ' +
      '(epoch ms or ISO; default the 7 days to now), the most runs first. No tags on the free plan. The app ' +
      'events of the list come with the runs call (metadata.appEvents).',
    querystring: DatabricksRunFiltersQuerySchema,
    response: DatabricksRunFiltersSchema,
  },
  jobSearch: {
    method: 'POST',
    path: '/api/v1/ds/api/v1/databricks/jobs/search',
    specIds: ['E018'],
    tags,
    access: databricks,
    summary: "Databricks jobs by part of the name or the id: the runs list's job selector",
    description:
      'The spec shows no body: costlens reads {query, size} (size ≤ 100, default 20); matches by name, ' +
      'the jobs with the most recent runs first.',
    body: DatabricksJobSearchBodySchema,
    response: DatabricksJobSearchSchema,
  },
})
