import {
  BigQueryJobDetailsSchema,
  BigQueryJobMetadataQuerySchema,
  BigQueryJobMetadataSchema,
  BigQueryJobParamsSchema,
  BigQueryJobSearchBodySchema,
  BigQueryJobSearchResponseSchema,
  BigQueryProjectListQuerySchema,
  BigQueryProjectListSchema,
  BigQueryProjectMetadataSchema,
} from '../contracts/bigquery.ts'
import {
  BigQueryCostOverviewSchema,
  BigQueryCostQuerySchema,
  BigQueryCostTagsQuerySchema,
  BigQueryCostTagsSchema,
  BigQueryTopKQuerySchema,
  BigQueryTopKSchema,
} from '../contracts/bigquery-cost.ts'
import {
  BigQueryDatasetListSchema,
  BigQueryDatasetQuerySchema,
  BigQueryDataTableRowSchema,
  BigQueryTableJobListSchema,
  BigQueryTableJobsQuerySchema,
  BigQueryTableListQuerySchema,
  BigQueryTableListSchema,
  BigQueryTableParamsSchema,
  BigQueryTableWindowQuerySchema,
} from '../contracts/bigquery-data.ts'
import {
  BigQueryInsightsOverviewQuerySchema,
  BigQueryInsightsOverviewSchema,
} from '../contracts/bigquery-insights.ts'
import { defineEndpoints } from './endpoint.ts'

/*
 * The BigQuery v2 calls (03 §2, §3, §4; E163-E167). The spec shows neither their paths nor their
 * verbs, so costlens chose them under /api/v1/bigquery, in the style of the Snowflake calls (G01); the
 * job list takes a filters body, so it is a POST (G02). BigQuery data is for users of a BigQuery
 * install only (01 §1).
 */
const bigquery = { platforms: ['BIGQUERYV2'] } as const
const tags = ['bigquery'] as const
/** The cost and data pages are for admins (01 §6): the route enforces it from this declaration. */
const bigqueryAdmins = { platforms: ['BIGQUERYV2'], roles: ['admin'] } as const

const COST_WINDOW =
  'Jobs created in [startTime, endTime] (ISO; default the 7 days to now; at most 366 days, else 400), every ' +
  "job (costlens' own too), so totals equal the job list's with showUnravelJobs and bqcb's for the same " +
  'window, to the cent: whole seeded days from the day rollup, the edges from the jobs. Cost in cents (4 ' +
  'decimals), bytes billed, slot-ms.'

const DATA_WINDOW =
  'Reads are the jobs created in [startTime, endTime] (ISO; default the last 30 days: 29 whole UTC days and ' +
  'today; at most 366 days, else 400) whose statement reads the table; a job reading two tables counts for ' +
  'each, and once in a sum. Path chosen by costlens (the spec shows no call for /data). Admin only.'

const JOB_WINDOW =
  'Jobs created in [startTime, endTime] (ISO; default the last 12 hours, the first preset of 03 §9; at most ' +
  '366 days, else 400).'

export const bigqueryEndpoints = defineEndpoints({
  jobSearch: {
    method: 'POST',
    path: '/api/v1/bigquery/jobs/search',
    specIds: ['E163'],
    pathIsOurs: true,
    tags,
    access: bigquery,
    summary:
      'BigQuery jobs: a page of the jobs that match the filters (or the one with the id), and their totals',
    description:
      `${JOB_WINDOW} \`id\` alone overrides every other filter. filterType running ignores the window, users, ` +
      'statuses and ranges; inefficient keeps jobs with an insight. page (1-based) × pageSize (default 15) at most ' +
      '10,000; sort key-direction, default createTime-desc. Cost in cents; totals cover every matching job.',
    body: BigQueryJobSearchBodySchema,
    response: BigQueryJobSearchResponseSchema,
  },
  jobMetadata: {
    method: 'GET',
    path: '/api/v1/bigquery/jobs/metadata',
    specIds: ['E164'],
    pathIsOurs: true,
    tags,
    access: bigquery,
    summary:
      "BigQuery jobs' filter options with their counts in the window, and the duration, slot-ms and bytes ranges",
    description: JOB_WINDOW,
    querystring: BigQueryJobMetadataQuerySchema,
    response: BigQueryJobMetadataSchema,
  },
  jobDetails: {
    method: 'GET',
    path: '/api/v1/bigquery/jobs/{jobId}',
    specIds: ['E167'],
    pathIsOurs: true,
    tags,
    access: bigquery,
    summary: 'One BigQuery job with its cost basis, reservation, insights and the tables it read and wrote',
    params: BigQueryJobParamsSchema,
    response: BigQueryJobDetailsSchema,
    errors: [404],
  },
  projects: {
    method: 'GET',
    path: '/api/v1/bigquery/projects',
    specIds: ['E165'],
    pathIsOurs: true,
    tags,
    access: bigquery,
    summary:
      'BigQuery projects with their reservation and their last 30 days of jobs, cost, bytes and slot time',
    description:
      "Filtered by organization and reservation (a reservation id, or 'on-demand'); page (1-based) × pageSize " +
      '(default 15) at most 10,000; sort key-direction, default cost-desc. Cost in cents.',
    querystring: BigQueryProjectListQuerySchema,
    response: BigQueryProjectListSchema,
  },
  projectMetadata: {
    method: 'GET',
    path: '/api/v1/bigquery/projects/metadata',
    specIds: ['E166'],
    pathIsOurs: true,
    tags,
    access: bigquery,
    summary:
      "The BigQuery project list's filter options: organizations and reservations with their project counts",
    response: BigQueryProjectMetadataSchema,
  },
  // The cost pages' calls (03 §2 /cost/…, R152-R154): the catalogue has no endpoint for them, so each
  // cites the screen it serves.
  costOverview: {
    method: 'GET',
    path: '/api/v1/bigquery/cost/overview',
    specIds: ['R152'],
    pathIsOurs: true,
    tags,
    access: bigqueryAdmins,
    summary:
      "BigQuery Cost 360: the window's cost against the period before, by day (or hour) and job type, and by project, user, reservation and job type",
    description:
      `${COST_WINDOW} previous: the same length just before the window. Breakdown rows most cost first (ties by ` +
      "id), at most limit (default 100), each with its share of the window's cost and its cost before; on-demand " +
      'jobs are the reservation row on-demand.',
    querystring: BigQueryCostQuerySchema,
    response: BigQueryCostOverviewSchema,
  },
  costTopK: {
    method: 'GET',
    path: '/api/v1/bigquery/cost/topk',
    specIds: ['R153'],
    pathIsOurs: true,
    tags,
    access: bigqueryAdmins,
    summary: 'BigQuery Top K: the K costliest projects, users, statements and signatures of the window',
    description:
      `${COST_WINDOW} k from 5 to 50 (default 10); rows most cost first (ties by id), with runs (jobCount), ` +
      "bytes billed, slot-ms and share; a statement's sample is its latest job in the window.",
    querystring: BigQueryTopKQuerySchema,
    response: BigQueryTopKSchema,
  },
  costTags: {
    method: 'GET',
    path: '/api/v1/bigquery/cost/tags',
    specIds: ['R154'],
    pathIsOurs: true,
    tags,
    access: bigqueryAdmins,
    summary: 'BigQuery cost by label key, and by value of one key, the untagged jobs as their own row',
    description:
      `${COST_WINDOW} keys: every label key with the jobs carrying it (a job counts under each of its keys), ` +
      "and the jobs without labels as the row ''. values: the key's values (default key: the costliest), the " +
      "jobs without the key as the row '' (these shares add to 100).",
    querystring: BigQueryCostTagsQuerySchema,
    response: BigQueryCostTagsSchema,
  },
  // The insights overview (03 §2 /osd_insights, R163): every BigQuery user's (no role gate documented).
  insightsOverview: {
    method: 'GET',
    path: '/api/v1/bigquery/insights/overview',
    specIds: ['R163'],
    pathIsOurs: true,
    tags,
    access: bigquery,
    summary:
      "BigQuery insights overview: the window's jobs with insights, their cost and estimated saving, per insight",
    description:
      `${COST_WINDOW} Each insight with its jobs (a job counts under each of its insights), their cost and the ` +
      "sum of each job's saving for it (the job details' rule: a share of the job's cost, never above it); the " +
      "total saving fixes each job's insights together (1 − Π(1 − shareᵢ) of its cost), so it is less than the " +
      "insights' sum when they overlap. Insights most saving first; a link to the job list filtered by the insight " +
      '(tab inefficient, insights=KEY, showUnravelJobs) shows the same jobs.',
    querystring: BigQueryInsightsOverviewQuerySchema,
    response: BigQueryInsightsOverviewSchema,
  },
  dataDatasets: {
    method: 'GET',
    path: '/api/v1/bigquery/data/datasets',
    specIds: ['R159'],
    pathIsOurs: true,
    tags,
    access: bigqueryAdmins,
    summary:
      "BigQuery datasets: their tables' storage (logical and physical, active and long-term, cost a month) and reads",
    description: `${DATA_WINDOW} Every dataset (of a project when given), the most storage cost first; cost in cents.`,
    querystring: BigQueryDatasetQuerySchema,
    response: BigQueryDatasetListSchema,
  },
  dataTables: {
    method: 'GET',
    path: '/api/v1/bigquery/data/tables',
    specIds: ['R159'],
    pathIsOurs: true,
    tags,
    access: bigqueryAdmins,
    summary: 'BigQuery tables with their storage and the jobs of the window that read them, and the totals',
    description:
      `${DATA_WINDOW} Filtered by project, dataset and part of project.dataset.table (any case); page (1-based) × pageSize ` +
      '(default 15) at most 10,000; sort key-direction, default logicalBytes-desc.',
    querystring: BigQueryTableListQuerySchema,
    response: BigQueryTableListSchema,
  },
  dataTable: {
    method: 'GET',
    path: '/api/v1/bigquery/data/tables/{tableId}',
    specIds: ['R159'],
    pathIsOurs: true,
    tags,
    access: bigqueryAdmins,
    summary: 'One BigQuery table (project.dataset.table): its storage and the reads of the window',
    description: DATA_WINDOW,
    params: BigQueryTableParamsSchema,
    querystring: BigQueryTableWindowQuerySchema,
    response: BigQueryDataTableRowSchema,
    errors: [404],
  },
  dataTableJobs: {
    method: 'GET',
    path: '/api/v1/bigquery/data/tables/{tableId}/jobs',
    specIds: ['R159'],
    pathIsOurs: true,
    tags,
    access: bigqueryAdmins,
    summary: 'The jobs of the window that read one BigQuery table, the newest first',
    description: `${DATA_WINDOW} page (1-based) × pageSize (default 15) at most 10,000.`,
    params: BigQueryTableParamsSchema,
    querystring: BigQueryTableJobsQuerySchema,
    response: BigQueryTableJobListSchema,
    errors: [404],
  },
})
