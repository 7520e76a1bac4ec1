import {
  DatabricksInsightActionsParamsSchema,
  DatabricksInsightActionsQuerySchema,
  DatabricksInsightActionsSchema,
  DatabricksInsightActionUpdatedSchema,
  DatabricksInsightActionUpdateSchema,
  DatabricksInsightJobsQuerySchema,
  DatabricksInsightJobsSchema,
  DatabricksInsightsConfigurationSchema,
  DatabricksInsightsMetadataSchema,
} from '../contracts/databricks-insights.ts'
import {
  RealizedSavingsSummaryQuerySchema,
  RealizedSavingsSummarySchema,
} from '../contracts/databricks-savings.ts'
import { defineEndpoints } from './endpoint.ts'

/*
 * The Databricks insights and savings calls (issue 20; 03 §2 Insights, 02 §2 the insights-actions
 * page, 02 §3 Insights metadata, 03 §7 realized-savings-summary). E054's path is the spec's; the
 * spec shows no call for E180-E182 nor for the list and the write, so those paths are ours.
 */
const databricks = { platforms: ['DB'] } as const
const tags = ['databricks'] as const
const SAVINGS =
  'Savings are those of finished runs started in the range: untapped when the job × insight action was not ' +
  'done before the run started, realised when the run started after it was marked done; each run’s ' +
  'estimate (the run details’ own) counts from its cost_final_at on, and never exceeds its cost. USD.'
const WINDOW =
  'dateLabel (7_d, 14_d, 30_d, 90_d: the last N days up to now; default 30_d, the free plan 7_d) or ' +
  'startTime and endTime (at most 90 days; the free plan 7).'

export const databricksInsightsEndpoints = defineEndpoints({
  realizedSavingsSummary: {
    method: 'GET',
    path: '/api/v1/app_store/api/v1/realized-savings-summary',
    specIds: ['E054'],
    access: databricks,
    tags,
    summary: 'Untapped and realised savings of the Databricks insights in a range, and the runs’ cost',
    description: `startTime / endTime (default the 30 days up to now; the free plan 7). ${SAVINGS}`,
    querystring: RealizedSavingsSummaryQuerySchema,
    response: RealizedSavingsSummarySchema,
  },
  configuration: {
    method: 'GET',
    path: '/api/v1/ds/api/v1/databricks/insights/configuration',
    specIds: ['E180'],
    pathIsOurs: true,
    access: databricks,
    tags,
    summary: 'The insights pages’ date presets (insightsAvailableDates) as of now',
    response: DatabricksInsightsConfigurationSchema,
  },
  metadata: {
    method: 'GET',
    path: '/api/v1/ds/api/v1/databricks/insights/metadata',
    specIds: ['E181'],
    pathIsOurs: true,
    access: databricks,
    tags,
    summary: 'The insights a Databricks job can carry (signature metadata) and their remediation',
    response: DatabricksInsightsMetadataSchema,
  },
  jobs: {
    method: 'GET',
    path: '/api/v1/ds/api/v1/databricks/insights/jobs',
    specIds: ['R189'],
    pathIsOurs: true,
    access: databricks,
    tags,
    summary: 'The insights list: jobs whose finished runs carry insights, with their savings',
    description:
      `${WINDOW} insights narrows to those keys, workspace to a workspace id, name to job names containing ` +
      `it; sort key-direction (default untappedSavings-desc; cost sorts are not in the free plan); 10 a page. ${SAVINGS}`,
    querystring: DatabricksInsightJobsQuerySchema,
    response: DatabricksInsightJobsSchema,
  },
  actions: {
    method: 'GET',
    path: '/api/v1/ds/api/v1/databricks/insights/{jobName}/actions',
    specIds: ['E182', 'R190'],
    pathIsOurs: true,
    access: databricks,
    tags,
    summary: 'One job’s job × insight actions: what was found, what to do, the savings, open or done',
    description:
      `The jobs named jobName (workspace narrows to one workspace id). ${WINDOW} tab remediation (open ` +
      'actions with runs in the range, the default), done or all; insights narrows to keys, query to actions ' +
      'whose insight name or recommendation contains it; sort key-direction (default untappedSavings-desc); ' +
      `10 a page. 404 when no job has the name. ${SAVINGS}`,
    params: DatabricksInsightActionsParamsSchema,
    querystring: DatabricksInsightActionsQuerySchema,
    response: DatabricksInsightActionsSchema,
    errors: [404],
  },
  updateAction: {
    method: 'PUT',
    path: '/api/v1/ds/api/v1/databricks/insights/actions',
    specIds: ['E182'],
    pathIsOurs: true,
    access: { platforms: ['DB'], roles: ['admin', 'user'] },
    tags,
    summary: 'Mark a job × insight action done (now, by the signed-in user) or reopen it',
    description:
      'Stored: the runs started after it was done count as realised savings. Admins and users; a read-only ' +
      'admin is refused (403). 404 when the workspace has no such job.',
    body: DatabricksInsightActionUpdateSchema,
    response: DatabricksInsightActionUpdatedSchema,
    errors: [404],
    changesState: true,
  },
})
