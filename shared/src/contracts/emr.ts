import { Type, type Static } from 'typebox'
import { DateParamString } from './dates.ts'

/*
 * EMR clusters, their cost and their sizing (02 §2 EMR cluster list, EMR detail page, chargeback EMR
 * flavour; §3 Cluster store item, Cost day row; §4 EMR cluster states; §7 EMR cluster list,
 * search/awsinfo, search/awscb, listAnalysis). The spec shows no path for the cluster list (E040),
 * the details, the insights or the cost trends: costlens defines them under /api/v1/emr (G01); the
 * list takes a filters body, so it is a POST (G02).
 *
 * Figures, each defined once (the simulator's tests compare them across endpoints):
 * - a cluster's cost (`totalCost`, `total`) is what it has cost over its whole life so far: its
 *   instance groups' hourly EC2, EMR and EBS prices times the hours from creation to its end (or
 *   now, while it runs), billed per second with a one-minute minimum (DOMAIN.md §4). The same number
 *   in the list, search/awsinfo, the chargeback row and the sum of the details' daily split;
 * - a cluster is in a window when it was alive at some moment of it (created before its end, not
 *   ended before its start; a running cluster is alive up to now);
 * - the chargeback sums the clusters created in [from, to), each with its whole cost;
 * - the cost trends sum, per UTC day, what every cluster cost during that day.
 * Money is USD: 4 decimals in the list, details, awsinfo, insights and trends, 2 in the chargeback
 * (B157). Durations are ms. Times are epoch ms.
 */

/** AWS's cluster states (DOMAIN.md §4, 02 §4), as the EMR API reports them. */
export const EMR_AWS_STATES = [
  'STARTING',
  'BOOTSTRAPPING',
  'RUNNING',
  'WAITING',
  'TERMINATING',
  'TERMINATED',
  'TERMINATED_WITH_ERRORS',
] as const
export type EmrAwsState = (typeof EMR_AWS_STATES)[number]

/** The list's status filter groups (02 §4, B205): which AWS states each holds. */
export const EMR_STATE_GROUPS = {
  active: ['STARTING', 'BOOTSTRAPPING', 'RUNNING', 'WAITING', 'TERMINATING'],
  terminated: ['TERMINATED'],
  failed: ['TERMINATED_WITH_ERRORS'],
} as const satisfies Record<string, readonly EmrAwsState[]>
export type EmrStateGroup = keyof typeof EMR_STATE_GROUPS
export const EMR_STATE_GROUP_NAMES = Object.keys(EMR_STATE_GROUPS) as EmrStateGroup[]

export const EMR_MARKET_TYPES = ['ON_DEMAND', 'SPOT'] as const
export type EmrMarketType = (typeof EMR_MARKET_TYPES)[number]

export const EMR_INSTANCE_ROLES = ['MASTER', 'CORE', 'TASK'] as const
export type EmrInstanceRole = (typeof EMR_INSTANCE_ROLES)[number]

/**
 * The events the inefficient tab lists (02 §2: node down-sizing events): a group of a cluster whose
 * nodes stayed mostly idle, with how many it could do without.
 */
export const EMR_CLUSTER_EVENT_TYPES = {
  NODE_DOWNSIZING: 'Node down-sizing',
} as const
export type EmrClusterEventType = keyof typeof EMR_CLUSTER_EVENT_TYPES
export const EMR_CLUSTER_EVENT_TYPE_KEYS = Object.keys(EMR_CLUSTER_EVENT_TYPES) as EmrClusterEventType[]

/** Sortable columns of the cluster list; the list's `s` is `key-direction` (02 §2), default startTime-desc. */
export const EMR_CLUSTER_SORT_KEYS = [
  'clusterId',
  'clusterName',
  'status',
  'withUnravel',
  'totalCost',
  'startTime',
  'endTime',
  'duration',
  'ec2',
  'emr',
  'ebs',
  'nodeCount',
  'downsizingEvents',
] as const
export type EmrClusterSortKey = (typeof EMR_CLUSTER_SORT_KEYS)[number]
export const EMR_CLUSTER_SORT_PATTERN = `^(${EMR_CLUSTER_SORT_KEYS.join('|')})-(asc|desc)$`

/** The list's paging cap: page × pageSize may not pass 10,000 rows (B097). */
export const EMR_MAX_WINDOW = 10_000

const Id = Type.String({ minLength: 1, maxLength: 200 })
const Usd = (description: string) => Type.Number({ minimum: 0, description })
const Count = Type.Integer({ minimum: 0 })
const Bounds = Type.Object(
  { min: Type.Number({ minimum: 0 }), max: Type.Number({ minimum: 0 }) },
  { additionalProperties: false },
)
const TagValues = Type.Array(Type.String({ minLength: 1, maxLength: 256 }), { maxItems: 50 })

/** A window end of the EMR calls: epoch ms or an ISO-8601 date. */
const Instant = (description: string) => DateParamString('epoch-ms-or-iso', { description })

/**
 * E040 body (02 §7, ours: POST /api/v1/emr/clusters/search). `from`/`to` default to the start of
 * today (UTC) and now (02 §9). `statuses` are the filter groups; `eventTypes` keeps the clusters with
 * such an event (the inefficient tab). The installation pair keeps clusters with and/or without the
 * product; both absent (or both true) keeps all. Durations ms, costs USD. `sort` is `key-direction`.
 */
export const EmrClusterSearchBodySchema = Type.Object(
  {
    platform: Type.Optional(Type.Literal('EMR')),
    cluster_ids: Type.Optional(Type.Array(Id, { maxItems: 200 })),
    cluster_name_term: Type.Optional(Type.String({ maxLength: 200 })),
    tags: Type.Optional(
      Type.Record(Type.String({ pattern: '^.{1,128}$' }), TagValues, {
        additionalProperties: false,
        maxProperties: 20,
        description: 'tag key → values; a cluster matches a key when it carries one of its values',
      }),
    ),
    statuses: Type.Optional(Type.Array(Type.Enum(EMR_STATE_GROUP_NAMES), { maxItems: 3, uniqueItems: true })),
    from: Type.Optional(Instant('epoch ms or ISO; default the start of today (UTC)')),
    to: Type.Optional(Instant('epoch ms or ISO; default now')),
    eventTypes: Type.Optional(Type.Array(Type.Enum(EMR_CLUSTER_EVENT_TYPE_KEYS), { maxItems: 10 })),
    includeClustersWithUnravel: Type.Optional(Type.Boolean()),
    includeClustersWithoutUnravel: Type.Optional(Type.Boolean()),
    minDuration: Type.Optional(Type.Integer({ minimum: 0, maximum: 10 * 366 * 86_400_000 })),
    maxDuration: Type.Optional(Type.Integer({ minimum: 0, maximum: 10 * 366 * 86_400_000 })),
    minCost: Type.Optional(Type.Number({ minimum: 0, maximum: 1e9 })),
    maxCost: Type.Optional(Type.Number({ minimum: 0, maximum: 1e9 })),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: EMR_MAX_WINDOW })),
    pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
    sort: Type.Optional(
      Type.String({
        maxLength: 40,
        pattern: EMR_CLUSTER_SORT_PATTERN,
        description: 'key-direction, e.g. totalCost-desc',
      }),
    ),
  },
  { additionalProperties: false, title: 'EmrClusterSearchBody' },
)
export type EmrClusterSearchBody = Static<typeof EmrClusterSearchBodySchema>

/** 02 §2 EMR cluster row. */
export const EmrClusterRowSchema = Type.Object(
  {
    clusterId: Type.String({ description: 'the EMR cluster id, j-…' }),
    clusterName: Type.String(),
    status: Type.Enum(EMR_AWS_STATES),
    withUnravel: Type.Boolean({
      description: 'the product is installed on it (its Yarn apps are monitored)',
    }),
    totalCost: Usd('USD over its life so far: ec2 + emr + ebs'),
    startTime: Type.Integer({ description: 'creation, epoch ms' }),
    endTime: Type.Union([Type.Integer(), Type.Null()], { description: 'epoch ms; null while it runs' }),
    duration: Type.Integer({ minimum: 0, description: 'ms, up to now while it runs' }),
    tags: Type.Record(Type.String(), Type.String()),
    marketTypes: Type.Array(Type.Enum(EMR_MARKET_TYPES)),
    ec2: Usd('USD, the EC2 instances'),
    emr: Usd('USD, the EMR uplift'),
    ebs: Usd('USD, the EBS volumes'),
    nodeCount: Type.Integer({ minimum: 1, description: 'instances running (all groups)' }),
    downsizingEvents: Count,
  },
  { additionalProperties: false, title: 'EmrClusterRow' },
)
export type EmrClusterRow = Static<typeof EmrClusterRowSchema>

/**
 * The list metadata (02 §2): each facet over the window and every filter but its own (the counts a
 * filter panel shows beside its options), like the application list's.
 */
export const EmrClusterMetadataSchema = Type.Object(
  {
    withUnravel: Count,
    withoutUnravel: Count,
    duration: Bounds,
    cost: Bounds,
    statuses: Type.Object(
      { active: Count, terminated: Count, failed: Count },
      { additionalProperties: false, description: 'clusters per status group' },
    ),
    tags: Type.Array(
      Type.Object({ key: Type.String(), values: Type.Array(Type.String()) }, { additionalProperties: false }),
    ),
  },
  { additionalProperties: false, title: 'EmrClusterMetadata' },
)
export type EmrClusterMetadata = Static<typeof EmrClusterMetadataSchema>

export const EmrClusterPageSchema = Type.Object(
  {
    clusters: Type.Array(EmrClusterRowSchema),
    total: Count,
    page: Type.Integer({ minimum: 1 }),
    pageSize: Type.Integer({ minimum: 1 }),
    metadata: EmrClusterMetadataSchema,
  },
  { additionalProperties: false, title: 'EmrClusterPage' },
)
export type EmrClusterPage = Static<typeof EmrClusterPageSchema>

export const EmrClusterParamsSchema = Type.Object(
  { clusterId: Id },
  { additionalProperties: false, title: 'EmrClusterParams' },
)
export type EmrClusterParams = Static<typeof EmrClusterParamsSchema>

/** One instance group: its role, type, market, counts and the hourly price of one instance. */
export const EmrInstanceGroupSchema = Type.Object(
  {
    role: Type.Enum(EMR_INSTANCE_ROLES),
    instanceType: Type.String({ description: 'e.g. m5.xlarge' }),
    market: Type.Enum(EMR_MARKET_TYPES),
    requested: Type.Integer({ minimum: 0 }),
    running: Type.Integer({ minimum: 0 }),
    ebsGb: Type.Integer({ minimum: 0, description: 'EBS GB per instance' }),
    ec2Hourly: Usd('USD an hour per instance (spot: the price paid)'),
    emrHourly: Usd('USD an hour per instance'),
    ebsHourly: Usd('USD an hour per instance'),
  },
  { additionalProperties: false, title: 'EmrInstanceGroup' },
)
export type EmrInstanceGroup = Static<typeof EmrInstanceGroupSchema>

/** A node down-sizing event (the inefficient tab): a group that could run with fewer nodes. */
export const EmrDownsizingEventSchema = Type.Object(
  {
    eventType: Type.Enum(EMR_CLUSTER_EVENT_TYPE_KEYS),
    eventTime: Type.Integer({ description: 'epoch ms' }),
    role: Type.Enum(EMR_INSTANCE_ROLES),
    instanceType: Type.String(),
    currentNodes: Type.Integer({ minimum: 1 }),
    recommendedNodes: Type.Integer({ minimum: 0 }),
    peakUtilisation: Type.Number({ minimum: 0, maximum: 1, description: 'peak share of the group used' }),
    message: Type.String(),
  },
  { additionalProperties: false, title: 'EmrDownsizingEvent' },
)

/** One UTC day of a cluster's (or all clusters') cost, split. */
export const EmrCostSplitDaySchema = Type.Object(
  {
    date: Type.String({ description: 'YYYY-MM-DD (UTC)' }),
    ec2: Usd('USD'),
    emr: Usd('USD'),
    ebs: Usd('USD'),
    total: Usd('USD'),
  },
  { additionalProperties: false, title: 'EmrCostSplitDay' },
)

/** The cluster details (ours: GET /api/v1/emr/clusters/{clusterId}). */
export const EmrClusterDetailsSchema = Type.Object(
  {
    cluster: EmrClusterRowSchema,
    region: Type.String(),
    releaseLabel: Type.String({ description: 'e.g. emr-7.1.0' }),
    applications: Type.Array(Type.String(), { description: 'installed: Spark, Hive, …' }),
    timeline: Type.Object(
      {
        creationDateTime: Type.Integer({ description: 'epoch ms' }),
        readyDateTime: Type.Union([Type.Integer(), Type.Null()], {
          description: 'null when it never got ready',
        }),
        endDateTime: Type.Union([Type.Integer(), Type.Null()]),
        stateChangeReason: Type.Object(
          { code: Type.String(), message: Type.String() },
          { additionalProperties: false, description: "AWS's last state change reason; empty while it runs" },
        ),
      },
      { additionalProperties: false },
    ),
    instanceGroups: Type.Array(EmrInstanceGroupSchema),
    hourlyCost: Type.Object(
      {
        ec2: Usd('USD an hour'),
        emr: Usd('USD an hour'),
        ebs: Usd('USD an hour'),
        total: Usd('USD an hour'),
      },
      { additionalProperties: false },
    ),
    costByDay: Type.Array(EmrCostSplitDaySchema),
    downsizingEvents: Type.Array(EmrDownsizingEventSchema),
    yarnApps: Type.Object(
      {
        clusterUid: Type.String({
          description: 'list them with POST /api/v1/apps/unifiedsearch {clusters:[clusterUid]}',
        }),
        count: Count,
      },
      { additionalProperties: false, description: 'the Yarn apps the product saw on it (none without it)' },
    ),
  },
  { additionalProperties: false, title: 'EmrClusterDetails' },
)
export type EmrClusterDetails = Static<typeof EmrClusterDetailsSchema>

/** E041 / E044 / insights / trends window: epoch ms or ISO, default the last 90 days (trends) or 7 (awsinfo). */
export const EmrWindowQuerySchema = Type.Object(
  {
    from: Type.Optional(Instant('epoch ms or ISO')),
    to: Type.Optional(Instant('epoch ms or ISO; default now')),
  },
  { additionalProperties: false, title: 'EmrWindowQuery' },
)
export type EmrWindowQuery = Static<typeof EmrWindowQuerySchema>

/** 02 §2 Cluster store item (E041): the clusters alive in the window, with their costs. */
export const EmrAwsInfoItemSchema = Type.Object(
  {
    cluster_id: Type.String(),
    cluster_name: Type.String(),
    costs: Type.Object(
      { ec2: Usd('USD'), emr: Usd('USD'), ebs: Usd('USD'), total: Usd('USD') },
      { additionalProperties: false },
    ),
    market_types: Type.Array(Type.Enum(EMR_MARKET_TYPES)),
    status_state: Type.Enum(EMR_AWS_STATES),
    status_timeline_creationDateTime: Type.Integer({ description: 'epoch ms' }),
  },
  { additionalProperties: false, title: 'EmrAwsInfoItem' },
)
export const EmrAwsInfoResponseSchema = Type.Object(
  { clusters: Type.Array(EmrAwsInfoItemSchema), total: Count },
  { additionalProperties: false, title: 'EmrAwsInfoResponse' },
)
export type EmrAwsInfoResponse = Static<typeof EmrAwsInfoResponseSchema>

/** E044 group-bys: the cluster (at most one, B151); `clusterUid` as the chargeback kit names it. */
export const EMR_CHARGEBACK_GROUP_KEYS = ['cluster', 'clusterUid'] as const
export const EmrChargebackParamsSchema = Type.Object(
  {
    group1: Type.Enum(EMR_CHARGEBACK_GROUP_KEYS),
    group2: Type.Optional(
      Type.String({ maxLength: 100, description: 'refused: EMR groups by one key (B151)' }),
    ),
  },
  { additionalProperties: false, title: 'EmrChargebackParams' },
)
export type EmrChargebackParams = Static<typeof EmrChargebackParamsSchema>

/** E044 query: from/to as the other chargebacks (YYYY-MM-DD or epoch seconds, default 7 days); `appt` is accepted and ignored (no app types here). */
export const EmrChargebackQuerySchema = Type.Object(
  {
    from: Type.Optional(DateParamString('epoch-s-or-iso')),
    to: Type.Optional(DateParamString('epoch-s-or-iso')),
    appt: Type.Optional(Type.String({ maxLength: 200 })),
    clusterUid: Type.Optional(Type.String({ maxLength: 200, examples: ['*'] })),
  },
  { additionalProperties: false, title: 'EmrChargebackQuery' },
)
export type EmrChargebackQuery = Static<typeof EmrChargebackQuerySchema>

/** 02 §2 EMR chargeback row: USD to 2 decimals; total_perc the share of the window's total, 2 decimals. */
export const EmrChargebackRowSchema = Type.Object(
  {
    cluster_id: Type.String(),
    cluster_name: Type.String(),
    created: Type.Integer({ description: 'epoch ms' }),
    status_state: Type.Enum(EMR_AWS_STATES),
    market_types: Type.Array(Type.Enum(EMR_MARKET_TYPES)),
    ec2: Usd('USD'),
    emr: Usd('USD'),
    ebs: Usd('USD'),
    total: Usd('USD'),
    avg_total: Usd('USD an hour of its life'),
    total_perc: Type.Number({ minimum: 0, maximum: 100 }),
  },
  { additionalProperties: false, title: 'EmrChargebackRow' },
)
export const EmrChargebackResponseSchema = Type.Object(
  {
    cb: Type.Array(EmrChargebackRowSchema),
    cbInfo: Type.Object(
      {
        from: Type.Integer({ description: 'epoch ms' }),
        to: Type.Integer({ description: 'epoch ms' }),
        groupBy: Type.Array(Type.String()),
        clusters: Count,
        ec2: Usd('USD'),
        emr: Usd('USD'),
        ebs: Usd('USD'),
        total: Usd('USD'),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false, title: 'EmrChargebackResponse' },
)
export type EmrChargebackResponse = Static<typeof EmrChargebackResponseSchema>

/** E142 body (02 §7). */
export const ListAnalysisBodySchema = Type.Object(
  {
    entities: Type.Array(
      Type.Object(
        { entityType: Type.Union([Type.Literal('CLUSTER'), Type.Literal('APPLICATION')]), entityId: Id },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: 50 },
    ),
    eventType: Type.Literal('CLUSTER_SIZING'),
    metadata: Type.Optional(
      Type.Object(
        {
          platform: Type.Optional(Type.String({ maxLength: 40 })),
          provider: Type.Optional(Type.String({ maxLength: 40 })),
          sync: Type.Optional(Type.Boolean()),
          detailInsights: Type.Optional(Type.Boolean()),
          clusterType: Type.Optional(Type.String({ maxLength: 40 })),
          storeEvent: Type.Optional(Type.Boolean()),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false, title: 'ListAnalysisBody' },
)
export type ListAnalysisBody = Static<typeof ListAnalysisBodySchema>

const SizedGroup = Type.Object(
  {
    role: Type.Enum(EMR_INSTANCE_ROLES),
    instanceType: Type.String(),
    market: Type.Enum(EMR_MARKET_TYPES),
    count: Type.Integer({ minimum: 0 }),
  },
  { additionalProperties: false },
)

export const EMR_SIZING_KINDS = ['RESOURCE_OPTIMIZED', 'COST_OPTIMIZED'] as const

/** One sizing recommendation: the groups it would run, its hourly cost and the saving over the cluster's life. */
export const EmrSizingRecommendationSchema = Type.Object(
  {
    kind: Type.Enum(EMR_SIZING_KINDS),
    groups: Type.Array(SizedGroup),
    hourlyCost: Usd('USD an hour'),
    saving: Usd('USD over the cluster life so far; never above its cost'),
    savingPercent: Type.Number({ minimum: 0, maximum: 100 }),
  },
  { additionalProperties: false, title: 'EmrSizingRecommendation' },
)
export type EmrSizingRecommendation = Static<typeof EmrSizingRecommendationSchema>

/**
 * E142 answer, per entity (the spec does not show it): the cluster's observed peak use (of its Yarn
 * apps when the product watched it, else AWS's utilisation), the current groups and hourly cost, and
 * the two recommendations: resource-optimised (keep the instance types, drop idle nodes) and
 * cost-optimised (fewer, right-sized nodes, task nodes on Spot).
 */
export const EmrSizingAnalysisSchema = Type.Object(
  {
    entityType: Type.Union([Type.Literal('CLUSTER'), Type.Literal('APPLICATION')]),
    entityId: Type.String(),
    eventType: Type.Literal('CLUSTER_SIZING'),
    clusterId: Type.String(),
    clusterName: Type.String(),
    basis: Type.Union([Type.Literal('yarn-apps'), Type.Literal('cluster-utilisation')]),
    peakUtilisation: Type.Number({ minimum: 0, maximum: 1 }),
    clusterCost: Usd('USD over its life so far: what the savings are shares of'),
    current: Type.Object(
      { groups: Type.Array(SizedGroup), hourlyCost: Usd('USD an hour') },
      { additionalProperties: false },
    ),
    recommendations: Type.Array(EmrSizingRecommendationSchema),
    nodeDownsizing: Type.Array(EmrDownsizingEventSchema),
  },
  { additionalProperties: false, title: 'EmrSizingAnalysis' },
)
export type EmrSizingAnalysis = Static<typeof EmrSizingAnalysisSchema>
export const ListAnalysisResponseSchema = Type.Object(
  { results: Type.Array(EmrSizingAnalysisSchema) },
  { additionalProperties: false, title: 'ListAnalysisResponse' },
)
export type ListAnalysisResponse = Static<typeof ListAnalysisResponseSchema>

const InstallShare = Type.Object(
  { clusters: Count, cost: Usd('USD, their cost over their lives so far') },
  { additionalProperties: false },
)

/** EMR cluster insights (ours: GET /api/v1/emr/insights): over the clusters alive in the window. */
export const EmrInsightsSchema = Type.Object(
  {
    from: Type.Integer({ description: 'epoch ms' }),
    to: Type.Integer({ description: 'epoch ms' }),
    withUnravel: InstallShare,
    withoutUnravel: InstallShare,
    savings: Type.Object(
      {
        total: Usd('USD: the cost-optimised saving summed over the clusters, each bounded by its cost'),
        clusters: Type.Integer({ minimum: 0, description: 'clusters with a saving' }),
        cost: Usd('USD: the cost of all clusters of the window (the savings are a share of it)'),
      },
      { additionalProperties: false },
    ),
    topClusters: Type.Array(
      Type.Object(
        {
          clusterId: Type.String(),
          clusterName: Type.String(),
          withUnravel: Type.Boolean(),
          cost: Usd('USD'),
          saving: Usd('USD'),
          downsizingEvents: Count,
        },
        { additionalProperties: false },
      ),
      { description: 'the 10 clusters with the largest saving' },
    ),
  },
  { additionalProperties: false, title: 'EmrInsights' },
)
export type EmrInsights = Static<typeof EmrInsightsSchema>

/** Cost trends query (ours): the window (default the last 90 days), one cluster, one `key:value` tag. */
export const EmrCostTrendsQuerySchema = Type.Object(
  {
    from: Type.Optional(Instant('epoch ms or ISO; default 89 whole UTC days before today')),
    to: Type.Optional(Instant('epoch ms or ISO; default now')),
    clusterId: Type.Optional(Id),
    tag: Type.Optional(Type.String({ maxLength: 300, pattern: '^[^:]+:.+$', description: 'key:value' })),
  },
  { additionalProperties: false, title: 'EmrCostTrendsQuery' },
)
export type EmrCostTrendsQuery = Static<typeof EmrCostTrendsQuerySchema>

/**
 * 02 §3 Cost day row, with the day's split. costChange: USD against the day before (the first
 * row's against the day before the window); neglectedCost: the part spent on clusters the product
 * does not watch; budgetOverrunCost: 0 here (budgets fill it).
 */
export const EmrCostDayRowSchema = Type.Object(
  {
    date: Type.String({ description: 'YYYY-MM-DD (UTC)' }),
    ts: Type.Integer({ description: 'the day start, epoch ms' }),
    cost: Usd('USD'),
    costChange: Type.Number({ description: 'USD against the day before' }),
    neglectedCost: Usd('USD spent on clusters without the product'),
    budgetOverrunCost: Usd('USD above the budget line (0 without a budget)'),
    ec2: Usd('USD'),
    emr: Usd('USD'),
    ebs: Usd('USD'),
  },
  { additionalProperties: false, title: 'EmrCostDayRow' },
)
export type EmrCostDayRow = Static<typeof EmrCostDayRowSchema>

export const EmrCostTrendsSchema = Type.Object(
  {
    from: Type.Integer({ description: 'epoch ms' }),
    to: Type.Integer({ description: 'epoch ms' }),
    total: Usd('USD over the window'),
    days: Type.Array(EmrCostDayRowSchema, { maxItems: 2000 }),
  },
  { additionalProperties: false, title: 'EmrCostTrends' },
)
export type EmrCostTrends = Static<typeof EmrCostTrendsSchema>
