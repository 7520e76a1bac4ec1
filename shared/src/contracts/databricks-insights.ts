import { Type, type Static } from 'typebox'
import { DateParamInteger } from './dates.ts'
import { DATABRICKS_INSIGHT_KEYS } from '../rules/databricks-catalogue.ts'

/*
 * The Databricks insights pages (issue 20; 03 §2 "Insights", 02 §2 the insights-actions page, 02 §3
 * "Insights metadata"): /jobs/insights lists the jobs whose finished runs carry insights (waste
 * patterns) with their savings, /jobs/insights/:jobName/actions one job's job × insight actions, each
 * open (remediation) or marked done. The savings are those of databricks-savings.ts: untapped (runs
 * before the action was done, or it is open) and realised (runs after it was done), each run's capped
 * so they never exceed its cost. Money in USD, times epoch ms.
 */

/** The date presets of the insights pages (E180 insightsAvailableDates): the last N days up to now. */
export const DATABRICKS_INSIGHT_DATE_LABELS = ['7_d', '14_d', '30_d', '90_d'] as const
export type DatabricksInsightDateLabel = (typeof DATABRICKS_INSIGHT_DATE_LABELS)[number]
export const DATABRICKS_INSIGHT_DEFAULT_DATE_LABEL: DatabricksInsightDateLabel = '30_d'

/** The insights list's sort keys (`s=key-direction`). */
export const DATABRICKS_INSIGHT_JOB_SORTS = [
  'untappedSavings',
  'realizedCostSavings',
  'cost',
  'runs',
  'jobName',
  'workspaceName',
] as const
export type DatabricksInsightJobSort = (typeof DATABRICKS_INSIGHT_JOB_SORTS)[number]

/** The actions page's tabs: remediation (open, the default), done, all. */
export const DATABRICKS_INSIGHT_ACTION_TABS = ['remediation', 'done', 'all'] as const
export type DatabricksInsightActionTab = (typeof DATABRICKS_INSIGHT_ACTION_TABS)[number]
export const DATABRICKS_INSIGHT_ACTION_SORTS = [
  'untappedSavings',
  'realizedCostSavings',
  'cost',
  'runs',
  'name',
  'doneAt',
] as const
export type DatabricksInsightActionSort = (typeof DATABRICKS_INSIGHT_ACTION_SORTS)[number]

/** Page size of both tables (03 §2: 10 rows) and the default sort. */
export const DATABRICKS_INSIGHTS_PAGE_SIZE = 10
export const DATABRICKS_INSIGHTS_DEFAULT_SORT = 'untappedSavings-desc'

const keys = DATABRICKS_INSIGHT_KEYS.join('|')
// A window bound: epoch ms within the dates a picker can give (checked against the simulated now).
const Epoch = (description: string) => DateParamInteger('ms', { description: `${description}, epoch ms` })
const sortOf = (fields: readonly string[]) =>
  Type.String({
    pattern: `^(${fields.join('|')})-(asc|desc)$`,
    maxLength: 40,
    description: `key-direction, e.g. ${DATABRICKS_INSIGHTS_DEFAULT_SORT} (the default)`,
  })

/** The range and filters both pages share (their address state, 03 §2). */
const windowFields = {
  dateLabel: Type.Optional(
    Type.Enum(DATABRICKS_INSIGHT_DATE_LABELS, {
      description: 'a preset of the configuration (default 30_d; the free plan 7_d)',
    }),
  ),
  startTime: Type.Optional(Epoch('custom range start (with endTime; overrides dateLabel)')),
  endTime: Type.Optional(Epoch('custom range end')),
  insights: Type.Optional(
    Type.String({
      pattern: `^(${keys})(,(${keys}))*$`,
      maxLength: 200,
      description: 'insight keys, comma-separated (default: all)',
    }),
  ),
  workspace: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'a workspace id' })),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 1 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: DATABRICKS_INSIGHTS_PAGE_SIZE })),
}

export const DatabricksInsightJobsQuerySchema = Type.Object(
  {
    ...windowFields,
    name: Type.Optional(Type.String({ maxLength: 200, description: 'job name contains (case-insensitive)' })),
    sort: Type.Optional(sortOf(DATABRICKS_INSIGHT_JOB_SORTS)),
  },
  { additionalProperties: false, title: 'DatabricksInsightJobsQuery' },
)
export type DatabricksInsightJobsQuery = Static<typeof DatabricksInsightJobsQuerySchema>

const Usd = (description: string) => Type.Number({ minimum: 0, description: `${description}, USD` })
const InsightKey = Type.Enum(DATABRICKS_INSIGHT_KEYS)

/** The savings of a set of runs (a job, an action, the whole range). */
const savingsFields = {
  runs: Type.Integer({ minimum: 0, description: 'finished runs with the insight(s)' }),
  cost: Usd('the cost of those runs (DBUs + VMs; 0 until final)'),
  untappedSavings: Usd('estimated saving of the runs whose action was open when they started'),
  realizedCostSavings: Usd('estimated saving of the runs started after the action was marked done'),
}

export const DatabricksInsightJobSchema = Type.Object(
  {
    workspaceId: Type.String(),
    workspaceName: Type.String(),
    jobId: Type.Integer(),
    jobName: Type.String(),
    ...savingsFields,
    insights: Type.Array(
      Type.Object({ key: InsightKey, name: Type.String(), runs: Type.Integer({ minimum: 0 }) }),
      { maxItems: DATABRICKS_INSIGHT_KEYS.length },
    ),
    actionsDone: Type.Integer({ minimum: 0 }),
  },
  { additionalProperties: false, title: 'DatabricksInsightJob' },
)
export type DatabricksInsightJob = Static<typeof DatabricksInsightJobSchema>

const windowAnswer = {
  dateLabel: Type.Union([Type.String(), Type.Null()], { description: 'null for a custom range' }),
  startTime: Type.Integer(),
  endTime: Type.Integer(),
}

export const DatabricksInsightJobsSchema = Type.Object(
  {
    ...windowAnswer,
    totals: Type.Object({ ...savingsFields, jobs: Type.Integer({ minimum: 0 }) }),
    total: Type.Integer({ minimum: 0, description: 'jobs matching' }),
    page: Type.Integer(),
    pageSize: Type.Integer(),
    sort: Type.String(),
    rows: Type.Array(DatabricksInsightJobSchema, { maxItems: 100 }),
  },
  { additionalProperties: false, title: 'DatabricksInsightJobs' },
)
export type DatabricksInsightJobs = Static<typeof DatabricksInsightJobsSchema>

export const DatabricksInsightActionsParamsSchema = Type.Object(
  { jobName: Type.String({ minLength: 1, maxLength: 300 }) },
  { additionalProperties: false },
)

export const DatabricksInsightActionsQuerySchema = Type.Object(
  {
    ...windowFields,
    tab: Type.Optional(
      Type.Enum(DATABRICKS_INSIGHT_ACTION_TABS, {
        description: 'remediation (open actions, default), done, all',
      }),
    ),
    name: Type.Optional(
      Type.String({ maxLength: 200, description: 'the insights list’s job search, kept for the way back' }),
    ),
    query: Type.Optional(
      Type.String({ maxLength: 200, description: 'insight name or recommendation contains' }),
    ),
    sort: Type.Optional(sortOf(DATABRICKS_INSIGHT_ACTION_SORTS)),
  },
  { additionalProperties: false, title: 'DatabricksInsightActionsQuery' },
)
export type DatabricksInsightActionsQuery = Static<typeof DatabricksInsightActionsQuerySchema>

export const DatabricksInsightActionStateSchema = Type.Object(
  {
    state: Type.Union([Type.Literal('open'), Type.Literal('done')]),
    doneAt: Type.Union([Type.Integer(), Type.Null()], { description: 'epoch ms' }),
    doneBy: Type.Union([Type.String(), Type.Null()]),
    note: Type.Union([Type.String(), Type.Null()]),
  },
  { additionalProperties: false },
)

export const DatabricksInsightActionSchema = Type.Object(
  {
    workspaceId: Type.String(),
    workspaceName: Type.String(),
    jobId: Type.Integer(),
    jobName: Type.String(),
    insight: InsightKey,
    name: Type.String(),
    category: Type.String(),
    finding: Type.String({ description: 'what was found' }),
    recommendation: Type.String({ description: 'what to do' }),
    ...savingsFields,
    ...DatabricksInsightActionStateSchema.properties,
  },
  { additionalProperties: false, title: 'DatabricksInsightAction' },
)
export type DatabricksInsightAction = Static<typeof DatabricksInsightActionSchema>

export const DatabricksInsightActionsSchema = Type.Object(
  {
    jobName: Type.String(),
    ...windowAnswer,
    tab: Type.String(),
    counts: Type.Object({
      remediation: Type.Integer({ minimum: 0 }),
      done: Type.Integer({ minimum: 0 }),
      all: Type.Integer({ minimum: 0 }),
    }),
    totals: Type.Object(savingsFields),
    total: Type.Integer({ minimum: 0 }),
    page: Type.Integer(),
    pageSize: Type.Integer(),
    sort: Type.String(),
    rows: Type.Array(DatabricksInsightActionSchema, { maxItems: 100 }),
  },
  { additionalProperties: false, title: 'DatabricksInsightActions' },
)
export type DatabricksInsightActions = Static<typeof DatabricksInsightActionsSchema>

/** Mark a job × insight action done, or reopen it. */
export const DatabricksInsightActionUpdateSchema = Type.Object(
  {
    workspaceId: Type.String({ minLength: 1, maxLength: 100 }),
    jobId: Type.Integer({ minimum: 0, maximum: 9_007_199_254_740_991 }),
    insight: InsightKey,
    state: Type.Union([Type.Literal('open'), Type.Literal('done')]),
    note: Type.Optional(Type.String({ maxLength: 500 })),
  },
  { additionalProperties: false, title: 'DatabricksInsightActionUpdate' },
)
export type DatabricksInsightActionUpdate = Static<typeof DatabricksInsightActionUpdateSchema>

export const DatabricksInsightActionUpdatedSchema = Type.Object(
  {
    workspaceId: Type.String(),
    jobId: Type.Integer(),
    insight: InsightKey,
    ...DatabricksInsightActionStateSchema.properties,
  },
  { additionalProperties: false, title: 'DatabricksInsightActionUpdated' },
)
export type DatabricksInsightActionUpdated = Static<typeof DatabricksInsightActionUpdatedSchema>

/** E180: the insights configuration. */
export const DatabricksInsightsConfigurationSchema = Type.Object(
  {
    insightsAvailableDates: Type.Array(
      Type.Object({
        key: Type.String(),
        label: Type.String(),
        display: Type.String(),
        startTime: Type.Integer(),
        endTime: Type.Integer(),
      }),
      { maxItems: 10 },
    ),
    defaultDateLabel: Type.String(),
  },
  { additionalProperties: false, title: 'DatabricksInsightsConfiguration' },
)
export type DatabricksInsightsConfiguration = Static<typeof DatabricksInsightsConfigurationSchema>

/** E181: the insights metadata. */
export const DatabricksInsightsMetadataSchema = Type.Object(
  {
    signatures: Type.Array(
      Type.Object({
        type: Type.String(),
        displayName: Type.String(),
        insights: Type.Array(
          Type.Object({ name: Type.String(), key: InsightKey, isActionabilitySupported: Type.Boolean() }),
          { maxItems: 20 },
        ),
      }),
      { maxItems: 10 },
    ),
    summary: Type.Object({
      remediation: Type.String(),
      insights: Type.Array(
        Type.Object({
          key: InsightKey,
          name: Type.String(),
          category: Type.String(),
          finding: Type.String(),
          remediation: Type.String(),
        }),
        { maxItems: 20 },
      ),
    }),
  },
  { additionalProperties: false, title: 'DatabricksInsightsMetadata' },
)
export type DatabricksInsightsMetadata = Static<typeof DatabricksInsightsMetadataSchema>
