import { Type, type Static } from 'typebox'
import { DateParamString } from './dates.ts'

/*
 * The Databricks cost explorer (issue 20; 02 §7 Chargeback, §9 Cost trend): the cost trends
 * (ds/api/v1/databricks/cost/trends, E051), the dcb chargeback (search/dcb/{group1}/{group2}, E047,
 * E048) and its resource stat (E050). Cost everywhere is the total cost a run, session, update or
 * warehouse costs: its DBUs at the list price of its SKU plus the cloud VMs (total_cost of the runs
 * list), USD; DBUs are Databricks Units. Billing lags: a job run counts from its cost_final_at on.
 */

/** 02 §9: the cost trend units, granularities and breakdowns; `userName` is how the console sends users. */
export const DATABRICKS_TREND_UNITS = ['USD', 'DBU'] as const
export type DatabricksTrendUnit = (typeof DATABRICKS_TREND_UNITS)[number]
export const DATABRICKS_TREND_GRANULARITIES = ['daily', 'weekly'] as const
export type DatabricksTrendGranularity = (typeof DATABRICKS_TREND_GRANULARITIES)[number]
export const DATABRICKS_TREND_TYPES = ['workspaces', 'userName', 'tags'] as const
export type DatabricksTrendType = (typeof DATABRICKS_TREND_TYPES)[number]

/** Issue 20: a custom trend range is 1–90 UTC days; 02 §9: at most 5 filter values. */
export const DATABRICKS_TREND_MAX_DAYS = 90
export const DATABRICKS_TREND_MAX_FILTERS = 5

const UtcDay = (description: string) =>
  DateParamString('iso', { pattern: String.raw`^\d{4}-\d{2}-\d{2}$`, maxLength: 10, description })

export const DatabricksCostTrendsQuerySchema = Type.Object(
  {
    gte: UtcDay('first UTC day, YYYY-MM-DD'),
    lte: UtcDay('last UTC day, YYYY-MM-DD (inclusive); at most 90 days from gte'),
    type: Type.Optional(Type.Enum(DATABRICKS_TREND_TYPES, { description: 'breakdown, default workspaces' })),
    unit: Type.Optional(Type.Enum(DATABRICKS_TREND_UNITS, { description: 'default USD' })),
    granularity: Type.Optional(Type.Enum(DATABRICKS_TREND_GRANULARITIES, { description: 'default daily' })),
    filters: Type.Optional(
      Type.String({
        maxLength: 1200,
        description:
          'comma-separated breakdown values to show (at most 5): workspace names, user names, or tag key:value pairs; none: every value',
      }),
    ),
  },
  { additionalProperties: false, title: 'DatabricksCostTrendsQuery' },
)
export type DatabricksCostTrendsQuery = Static<typeof DatabricksCostTrendsQuerySchema>

const Figure = (description: string) => Type.Number({ minimum: 0, description })

/** One breakdown value's line: its total and one point per bucket (every bucket, 0 when none). */
export const DatabricksTrendSeriesSchema = Type.Object(
  {
    key: Type.String({ description: 'workspace name, user name or tag key:value' }),
    label: Type.String(),
    total: Figure('over the range, in the unit'),
    points: Type.Array(Type.Tuple([Type.Integer({ description: 'bucket start, epoch ms' }), Type.Number()]), {
      maxItems: 90,
    }),
  },
  { additionalProperties: false, title: 'DatabricksTrendSeries' },
)
export type DatabricksTrendSeries = Static<typeof DatabricksTrendSeriesSchema>

export const DatabricksCostTrendsSchema = Type.Object(
  {
    unit: Type.Enum(DATABRICKS_TREND_UNITS),
    granularity: Type.Enum(DATABRICKS_TREND_GRANULARITIES),
    type: Type.Enum(DATABRICKS_TREND_TYPES),
    from: Type.Integer({ description: 'first day start, epoch ms (UTC)' }),
    to: Type.Integer({ description: 'end of the last day (exclusive), epoch ms; at most now' }),
    buckets: Type.Array(Type.Integer({ description: 'bucket start, epoch ms' }), { maxItems: 90 }),
    /**
     * The breakdown's values, largest total first. Tags: one series per tag key:value; usage whose
     * compute carries no tag is the '(untagged)' series, so the series of a breakdown add up to
     * the total (tags: usage with two tags counts in both; the total counts it once).
     */
    series: Type.Array(DatabricksTrendSeriesSchema, { maxItems: 500 }),
    total: Figure('every usage of the range (not only the series shown), in the unit'),
    /** The values the filters may name (the breakdown's values in the range), for the picker. */
    values: Type.Array(Type.String(), { maxItems: 500 }),
  },
  { additionalProperties: false, title: 'DatabricksCostTrends' },
)
export type DatabricksCostTrends = Static<typeof DatabricksCostTrendsSchema>

/**
 * E052 (reports/usage_trending/usage, 02 §7: called once per tag; 02 §9: the last 7 UTC days at a 1-day
 * interval by default): one tag's usage a day or a week, counted as the cost trends count it (the
 * tags breakdown's series of that tag). The spec shows no parameters: these are ours.
 */
export const DatabricksUsageTrendingQuerySchema = Type.Object(
  {
    gte: Type.Optional(UtcDay('first UTC day, YYYY-MM-DD; default 6 days before lte')),
    lte: Type.Optional(UtcDay('last UTC day, YYYY-MM-DD (inclusive); default today')),
    unit: Type.Optional(Type.Enum(DATABRICKS_TREND_UNITS, { description: 'default USD' })),
    granularity: Type.Optional(Type.Enum(DATABRICKS_TREND_GRANULARITIES, { description: 'default daily' })),
    tag: Type.String({
      pattern: '^[^:,]{1,100}:[^,]{1,200}$',
      maxLength: 301,
      examples: ['team:data-eng'],
      description: 'the tag, key:value',
    }),
  },
  { additionalProperties: false, title: 'DatabricksUsageTrendingQuery' },
)
export type DatabricksUsageTrendingQuery = Static<typeof DatabricksUsageTrendingQuerySchema>

export const DatabricksUsageTrendingSchema = Type.Object(
  {
    tag: Type.String(),
    unit: Type.Enum(DATABRICKS_TREND_UNITS),
    granularity: Type.Enum(DATABRICKS_TREND_GRANULARITIES),
    from: Type.Integer({ description: 'first day start, epoch ms (UTC)' }),
    to: Type.Integer({ description: 'end of the last day (exclusive), epoch ms; at most now' }),
    total: Figure("the tag's usage over the range, in the unit"),
    points: Type.Array(Type.Tuple([Type.Integer({ description: 'bucket start, epoch ms' }), Type.Number()]), {
      maxItems: 90,
    }),
  },
  { additionalProperties: false, title: 'DatabricksUsageTrending' },
)
export type DatabricksUsageTrending = Static<typeof DatabricksUsageTrendingSchema>

/*
 * dcb (E047, E048): the chargeback types of a DB install (B146) are Cluster and JobRun; the
 * console sends kind=spark for Cluster (the all-purpose clusters' sessions: interactive work and
 * idle time, the resource stat's DBX_CLUSTER) and kind=db for JobRun (the job runs, DBX_JOB_RUN).
 * A job run on an all-purpose cluster carries its own share (schema.sql), so the two kinds never
 * count a DBU twice. Group keys: the B153 fields (realuser, queue, clusterUid, clusterType) and
 * their plain names, and `tag:<key>` for the Tag Key group-by (as bqcb).
 */
export const DCB_KINDS = ['spark', 'db'] as const
export type DcbKind = (typeof DCB_KINDS)[number]
export const DCB_GROUP_KEYS = [
  'userName',
  'realuser',
  'user',
  'queue',
  'workspace',
  'clusterUid',
  'cluster',
  'clusterType',
] as const
export type DcbGroupKey = (typeof DCB_GROUP_KEYS)[number]

const DcbGroupSchema = Type.Union([
  Type.Enum(DCB_GROUP_KEYS),
  Type.String({ pattern: '^tag:[^/,]+$', maxLength: 104, description: 'tag:<key>' }),
])

export const DcbParamsSchema = Type.Object(
  { group1: DcbGroupSchema, group2: Type.Optional(DcbGroupSchema) },
  { additionalProperties: false, title: 'DcbParams' },
)
export type DcbParams = Static<typeof DcbParamsSchema>

const ListParam = (description: string) =>
  Type.String({ maxLength: 1000, description: `${description}, comma-separated (at most 5)` })

export const DcbQuerySchema = Type.Object(
  {
    kind: Type.Optional(
      Type.Enum(DCB_KINDS, { description: 'spark: all-purpose clusters; db: job runs (default)' }),
    ),
    from: Type.Optional(DateParamString('epoch-s-or-iso')),
    to: Type.Optional(DateParamString('epoch-s-or-iso')),
    queue: Type.Optional(ListParam('workspace names')),
    realuser: Type.Optional(ListParam('user or service principal names')),
    tags: Type.Optional(ListParam('tag key:value pairs')),
  },
  { additionalProperties: false, title: 'DcbQuery' },
)
export type DcbQuery = Static<typeof DcbQuerySchema>

/**
 * 02 §3 Chargeback row, Databricks: count (runs or sessions), ms = DBUs × 100 and vs = total cost
 * in USD × 100 (cents), so the console's dbus = ms/100 and cost = vs/100 hold.
 */
const dcbUsage = {
  count: Type.Integer({ minimum: 0 }),
  ms: Figure('DBUs × 100'),
  vs: Figure('total cost (DBUs at list price + cloud VMs), USD × 100'),
}

export const DcbInnerRowSchema = Type.Object(
  { v2: Type.String(), v2Label: Type.String(), ...dcbUsage },
  { additionalProperties: false, title: 'DcbInnerRow' },
)
export const DcbRowSchema = Type.Object(
  {
    v1: Type.String(),
    v1Label: Type.String(),
    ...dcbUsage,
    cb: Type.Optional(Type.Array(DcbInnerRowSchema)),
  },
  { additionalProperties: false, title: 'DcbRow' },
)
export type DcbRow = Static<typeof DcbRowSchema>

export const DcbResponseSchema = Type.Object(
  {
    cb: Type.Array(DcbRowSchema),
    cbInfo: Type.Object(
      {
        kind: Type.Enum(DCB_KINDS),
        cbType: Type.Enum(['DBX_CLUSTER', 'DBX_JOB_RUN']),
        from: Type.Integer({ description: 'epoch ms' }),
        to: Type.Integer({ description: 'epoch ms (exclusive)' }),
        groupBy: Type.Array(Type.String()),
        total: Type.Object(dcbUsage, { additionalProperties: false }),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false, title: 'DcbResponse' },
)
export type DcbResponse = Static<typeof DcbResponseSchema>

/** E050: DBX_CLUSTER for the Cluster chargeback type, DBX_JOB_RUN for JobRun. */
export const DCB_RESOURCE_TYPES = ['DBX_CLUSTER', 'DBX_JOB_RUN'] as const
export type DcbResourceType = (typeof DCB_RESOURCE_TYPES)[number]

export const DcbResourceStatQuerySchema = Type.Object(
  {
    from: Type.Optional(DateParamString('epoch-s-or-iso')),
    to: Type.Optional(DateParamString('epoch-s-or-iso')),
    cbType: Type.Enum(DCB_RESOURCE_TYPES),
  },
  { additionalProperties: false, title: 'DcbResourceStatQuery' },
)
export type DcbResourceStatQuery = Static<typeof DcbResourceStatQuerySchema>

export const DcbResourceStatSchema = Type.Object(
  {
    cbType: Type.Enum(DCB_RESOURCE_TYPES),
    from: Type.Integer({ description: 'epoch ms' }),
    to: Type.Integer({ description: 'epoch ms (exclusive)' }),
    count: Type.Integer({ minimum: 0, description: 'job runs or cluster sessions started in the window' }),
    resources: Type.Integer({ minimum: 0, description: 'distinct jobs or all-purpose clusters among them' }),
    durationMs: Type.Integer({ minimum: 0, description: 'their run or up time, ms' }),
    dbus: Figure('DBUs'),
    dbuCost: Figure('USD, DBUs at list price'),
    vmCost: Figure('USD, cloud VMs'),
    cost: Figure('USD, dbuCost + vmCost'),
  },
  { additionalProperties: false, title: 'DcbResourceStat' },
)
export type DcbResourceStat = Static<typeof DcbResourceStatSchema>
