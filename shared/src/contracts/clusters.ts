import { Type, type Static } from 'typebox'
import { MAX_SERIES_POINTS } from '../rules/series.ts'
import { DateParamInteger, DateParamString, QueryInstantSchema } from './dates.ts'

/** Cluster item (01 §3): the id is `unravelId`; the dropdown shows `displayName`. */
export const ClusterItemSchema = Type.Object(
  {
    unravelId: Type.String(),
    displayName: Type.String(),
    clusterName: Type.String(),
    clusterType: Type.String({ description: 'Kind of cluster, default "Yarn"' }),
  },
  { title: 'ClusterItem' },
)
export type ClusterItem = Static<typeof ClusterItemSchema>

/** GET /api/v1/cluster_search (E007). */
export const ClusterSearchQuerySchema = Type.Object(
  {
    customQ: Type.Optional(
      Type.String({ maxLength: 200, description: 'Substring of the cluster name or id' }),
    ),
    size: Type.Optional(Type.Integer({ minimum: 1, maximum: 10000, default: 100 })),
    dateFrom: Type.Optional(DateParamInteger('ms')),
    dateTo: Type.Optional(DateParamInteger('ms')),
    clusterType: Type.Optional(Type.String({ maxLength: 40 })),
    clusterUid: Type.Optional(Type.String({ maxLength: 200 })),
    includeDbJobClusters: Type.Optional(Type.Boolean()),
    useVendorData: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
)
export type ClusterSearchQuery = Static<typeof ClusterSearchQuerySchema>
export const ClusterSearchResponseSchema = Type.Array(ClusterItemSchema)
export type ClusterSearchResponse = Static<typeof ClusterSearchResponseSchema>

/*
 * Cluster resources (issue 6; 02 §2 Cluster summary and resources, 02 §7 Cluster resources,
 * E055-E063) and the finished-apps tables (E019-E022). Decisions on what the spec leaves open, in
 * the CHECKLIST's G style:
 * - G26 (cf. G01): {cluster} is a cluster's id, name or display name, or '*' for every Yarn cluster
 *   of the user's platform (02 §9: the cluster-wide wildcard id is '*'). A cluster that does not
 *   exist, or belongs to another platform than the user's, is 404 (its existence is not revealed);
 *   a cluster of the platform that is not a Yarn cluster (Impala, Databricks…) is 400.
 * - G27 (REAL-API-NOTES §9.2): the spec's start_time/end_time (epoch ms or ISO-8601) win; the
 *   documented from/to (YYYY-MM-DD or epoch seconds) are accepted too. Default: the last hour
 *   (B087, the cluster summary's default range). `interval` defaults to the provider rule for the
 *   span (B091, cluster charts: 2m up to an hour) and is never finer than the stored 2 minutes.
 * - G28: `total` in the allocated answers is the capacity of the same points, so a chart draws the
 *   allocation against it; in the total answers it repeats `avg`. Values are vcores (cpu) or MB
 *   (memory), each point the average of the 2-minute buckets it holds; `range` their low and high.
 * - G29: the nodes answer (E059: "an active series plus per-name series") is `active` plus one
 *   Highcharts-style series {name, data} per unavailable node state (UNHEALTHY, LOST, DECOMMISSIONED).
 * - G30: tagged/{cpu|memory} (E060, E061) names the dimension in `groupBy` (applicationType, user,
 *   queue: the YARN group-bys) and the selected values in `values`; without values, the 4 values
 *   that used most in the window (02 §2: the first 4 by default).
 * - G31: tagged/stats (E062) without final_status counts the apps running now; with
 *   final_status=true the apps that finished in the window. Queues carry their capacities.
 * - G32: tagged/apps (E063) is the resource table (B101: the last 100 applications) of YARN app
 *   records (02 §3 Running (Yarn) app); running=true lists only the apps running now.
 * - G33: search/ops/* take sort (leading minus for descending), from, size and, for the B100
 *   conflict, page (from = (page - 1) x size when from is absent); the window applies to the finish
 *   time, default the last day. fapps and fiapps sort by -finishedTime by default (02 §9: finished
 *   tabs by end time), fpapps and fbqapps by -startTime (B100). Presto queries run on the
 *   Presto clusters (kind Presto) of CDH, CDP and EMR.
 */

const Point = Type.Tuple([Type.Integer({ description: 'epoch ms' }), Type.Number()], {
  description: '[timestamp, value]',
})
const RangePoint = Type.Tuple([Type.Integer({ description: 'epoch ms' }), Type.Number(), Type.Number()], {
  description: '[timestamp, low, high]',
})
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()])

/** E055-E058: what a resource series measures. */
export const RESOURCE_METRICS = ['cpu', 'memory'] as const
export type ResourceMetric = (typeof RESOURCE_METRICS)[number]
export const RESOURCE_MEASURES = ['allocated', 'total'] as const
export type ResourceMeasure = (typeof RESOURCE_MEASURES)[number]

/** The YARN resource group-bys (02 §2 YARN flavour: application type, user, queue). */
export const RESOURCE_GROUP_BYS = ['applicationType', 'user', 'queue'] as const
export type ResourceGroupBy = (typeof RESOURCE_GROUP_BYS)[number]

/**
 * Point intervals a resource call may ask for: the provider rule's names (B091) and the documented
 * jobs/count names (REAL-API-NOTES §6), which mean the same lengths.
 */
export const RESOURCE_INTERVALS = [
  '1m',
  '2m',
  '5m',
  '10m',
  '15m',
  '30m',
  '1h',
  'hourly',
  '3h',
  '1d',
  'daily',
  '3d',
  '1w',
  'weekly',
] as const
export type ResourceInterval = (typeof RESOURCE_INTERVALS)[number]

/** The most points one series may have (the one cap of every series, rules/series.ts). */
export const MAX_RESOURCE_POINTS = MAX_SERIES_POINTS

/** E055-E063: the cluster of the path (G26). */
export const ClusterPathParamsSchema = Type.Object(
  {
    cluster: Type.String({
      minLength: 1,
      maxLength: 200,
      description: "a cluster's id, name or display name; '*' every Yarn cluster of the user's platform",
      examples: ['cdh-prod-01'],
    }),
  },
  { additionalProperties: false, title: 'ClusterPathParams' },
)
export type ClusterPathParams = Static<typeof ClusterPathParamsSchema>

const QueryInstant = QueryInstantSchema
const DocumentedInstant = (example: string) =>
  DateParamString('epoch-s-or-iso', {
    description: 'YYYY-MM-DD or epoch seconds (REAL-API-NOTES §7); start_time/end_time win',
    examples: [example],
  })
const Window = {
  start_time: Type.Optional(QueryInstant),
  end_time: Type.Optional(QueryInstant),
  from: Type.Optional(DocumentedInstant('2026-11-01')),
  to: Type.Optional(DocumentedInstant('2026-11-08')),
}
const IntervalParam = Type.Optional(
  Type.Enum(RESOURCE_INTERVALS, {
    description: 'default: by the span (B091, cluster charts)',
    examples: ['hourly'],
  }),
)

/**
 * GET /api/v1/clusters/{cluster}/resources/{cpu|memory}/{allocated|total} (E055-E058) and
 * /clusters/{cluster}/nodes (E059). clusterName, when sent, must name the path's cluster (or, with
 * '*' in the path, chooses the cluster).
 */
export const ResourceSeriesQuerySchema = Type.Object(
  {
    ...Window,
    interval: IntervalParam,
    clusterName: Type.Optional(Type.String({ maxLength: 200, examples: ['*'] })),
  },
  { additionalProperties: false, title: 'ResourceSeriesQuery' },
)
export type ResourceSeriesQuery = Static<typeof ResourceSeriesQuerySchema>

const PointIntervalFields = {
  interval: Type.String({ description: 'the point interval used, e.g. 2m, hourly' }),
  pointInterval: Type.Integer({ description: 'the point interval in ms' }),
}

/**
 * The real product's documented GET /clusters/resources/{cpu|memory}/{allocated|total} (REAL-API-NOTES
 * §7, public REST reference 4.6): every cluster's average per point as a flat map of epoch ms (as a
 * string key) to the value, a string for cpu (vcores) and a number for memory (MB), as documented.
 */
export const DocumentedResourceMapSchema = Type.Record(
  Type.String({ pattern: '^[0-9]{1,15}$' }),
  Type.Union([Type.String(), Type.Number()]),
  { title: 'DocumentedResourceMap', examples: [{ '1561539600000': '2.875' }] },
)
export type DocumentedResourceMap = Static<typeof DocumentedResourceMapSchema>

/** E055-E058 (G28): vcores for cpu, MB for memory. */
export const ResourceSeriesResponseSchema = Type.Object(
  {
    avg: Type.Array(Point, { description: 'average per point' }),
    range: Type.Array(RangePoint, { description: 'lowest and highest 2-minute average per point' }),
    total: Type.Array(Point, { description: 'the capacity per point (average)' }),
    ...PointIntervalFields,
  },
  { title: 'ResourceSeriesResponse' },
)
export type ResourceSeriesResponse = Static<typeof ResourceSeriesResponseSchema>

/** A named series, as Highcharts takes it. */
export const NamedSeriesSchema = Type.Object(
  { name: Type.String(), data: Type.Array(Point) },
  { title: 'NamedSeries' },
)
export type NamedSeries = Static<typeof NamedSeriesSchema>

/** E059 (G29): nodes per point (averages); node size null for '*'. */
export const NodesResponseSchema = Type.Object(
  {
    active: Type.Array(Point, { description: 'nodes in service (RUNNING)' }),
    series: Type.Array(NamedSeriesSchema, { description: 'UNHEALTHY, LOST and DECOMMISSIONED nodes' }),
    nodes: Type.Integer({ description: 'nodes of the cluster(s) when none is down' }),
    // The real product's documented fields (public REST reference 4.6, NodeStateResponse), for its scripts.
    total: Type.Array(Point, { description: 'every node, in service or not' }),
    unhealthy: Type.Array(Point),
    lost: Type.Array(Point),
    decommissioned: Type.Array(Point),
    rebooted: Type.Array(Point, { description: 'REBOOTED NodeManagers (none in the seeded data)' }),
    nodeType: Nullable(Type.String({ description: 'instance type or hardware profile' })),
    nodeVcores: Nullable(Type.Integer()),
    nodeMemoryMB: Nullable(Type.Integer()),
    ...PointIntervalFields,
  },
  { title: 'NodesResponse' },
)
export type NodesResponse = Static<typeof NodesResponseSchema>

/** GET /api/v1/clusters/{cluster}/resources/tagged/{cpu|memory} (E060, E061; G30). */
export const TaggedResourceQuerySchema = Type.Object(
  {
    ...Window,
    interval: IntervalParam,
    groupBy: Type.Optional(Type.Enum(RESOURCE_GROUP_BYS, { default: 'queue' })),
    values: Type.Optional(
      Type.String({ maxLength: 2000, description: 'comma-separated group values, at most 10' }),
    ),
  },
  { additionalProperties: false, title: 'TaggedResourceQuery' },
)
export type TaggedResourceQuery = Static<typeof TaggedResourceQuerySchema>

/** E060, E061: average vcores (cpu) or MB (memory) allocated per point, one series per group value. */
export const TaggedResourceResponseSchema = Type.Object(
  {
    groupBy: Type.Enum(RESOURCE_GROUP_BYS),
    series: Type.Array(NamedSeriesSchema),
    ...PointIntervalFields,
  },
  { title: 'TaggedResourceResponse' },
)
export type TaggedResourceResponse = Static<typeof TaggedResourceResponseSchema>

/** GET /api/v1/clusters/{cluster}/resources/tagged/stats (E062; G31). Window default the last hour. */
export const TaggedStatsQuerySchema = Type.Object(
  {
    ...Window,
    final_status: Type.Optional(Type.Boolean({ description: 'true: the apps finished in the window' })),
  },
  { additionalProperties: false, title: 'TaggedStatsQuery' },
)
export type TaggedStatsQuery = Static<typeof TaggedStatsQuerySchema>

const GroupCount = Type.Object({ key: Type.String(), doc_count: Type.Integer() }, { title: 'GroupCount' })
export const QueueStatSchema = Type.Object(
  {
    key: Type.String({ description: 'the queue' }),
    doc_count: Type.Integer(),
    capacity: Nullable(Type.Number({ description: "% of the cluster; null for '*'" })),
    maxCapacity: Nullable(Type.Number({ description: "% of the cluster; null for '*'" })),
  },
  { title: 'QueueStat' },
)
export const TaggedStatsResponseSchema = Type.Object(
  {
    applicationType: Type.Array(GroupCount),
    user: Type.Array(GroupCount),
    queue: Type.Array(QueueStatSchema, { description: 'every configured queue, idle ones with 0' }),
  },
  { title: 'TaggedStatsResponse', description: 'by doc_count descending, then key' },
)
export type TaggedStatsResponse = Static<typeof TaggedStatsResponseSchema>

/** GET /api/v1/clusters/{cluster}/resources/tagged/apps (E063; G32). Window default the last hour. */
export const TaggedAppsQuerySchema = Type.Object(
  {
    ...Window,
    running: Type.Optional(Type.Boolean({ description: 'true: only the apps running now' })),
    groupBy: Type.Optional(Type.Enum(RESOURCE_GROUP_BYS)),
    value: Type.Optional(Type.String({ maxLength: 200, description: 'the groupBy value to keep' })),
    size: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 100 })),
  },
  {
    additionalProperties: false,
    title: 'TaggedAppsQuery',
    // The value to keep is a value of the groupBy: one without the other is a 400 (errors.ts words it).
    dependencies: { groupBy: ['value'], value: ['groupBy'] },
  },
)
export type TaggedAppsQuery = Static<typeof TaggedAppsQuerySchema>

/** YARN ResourceManager words (DOMAIN.md §5). */
export const YARN_APP_STATES = ['ACCEPTED', 'RUNNING', 'FINISHED', 'FAILED', 'KILLED'] as const
export const YARN_FINAL_STATUSES = ['UNDEFINED', 'SUCCEEDED', 'FAILED', 'KILLED'] as const

/**
 * A YARN application (02 §3 Running (Yarn) app; DOMAIN.md §5 /ws/v1/cluster/apps). Allocated and
 * reserved resources are what it holds now: 0 once finished. duration is now minus startedTime
 * while running (B175), else its run time.
 */
export const YarnAppSchema = Type.Object(
  {
    appid: Type.String(),
    name: Type.String(),
    applicationType: Type.String({ description: 'MAPREDUCE, SPARK, TEZ, HIVE' }),
    kind: Type.String({ description: 'applicationType lowercased as the lists name it (mr, spark…)' }),
    state: Type.Enum(YARN_APP_STATES),
    finalStatus: Type.Enum(YARN_FINAL_STATUSES),
    user: Type.String(),
    queue: Type.String(),
    startedTime: Type.Integer({ description: 'epoch ms' }),
    finishedTime: Nullable(Type.Integer({ description: 'epoch ms; null while running' })),
    duration: Type.Integer({ description: 'ms' }),
    progress: Type.Number({ description: '%' }),
    allocatedMB: Type.Integer(),
    allocatedVCores: Type.Integer(),
    reservedMB: Type.Integer(),
    reservedVCores: Type.Integer(),
    runningContainers: Type.Integer(),
    memorySeconds: Type.Integer({ description: 'MB·s so far' }),
    vcoreSeconds: Type.Integer({ description: 'so far' }),
    clusterId: Type.String({ description: 'the cluster display name' }),
    clusterUid: Type.String(),
  },
  { title: 'YarnApp' },
)
export type YarnApp = Static<typeof YarnAppSchema>
export const TaggedAppsResponseSchema = Type.Object(
  {
    apps: Type.Array(YarnAppSchema, { description: 'the latest started first' }),
    total: Type.Integer({ description: 'apps matched, before the size cap' }),
  },
  { title: 'TaggedAppsResponse' },
)
export type TaggedAppsResponse = Static<typeof TaggedAppsResponseSchema>

/** E019-E022: the finished-apps tables and the engines they list. */
export const FINISHED_APP_LISTS = ['fapps', 'fiapps', 'fpapps', 'fbqapps'] as const
export type FinishedAppList = (typeof FINISHED_APP_LISTS)[number]

/** Sort fields of every finished-apps table, then each table's own (its columns, 02 §2). */
const COMMON_FINISHED_SORTS = [
  'startTime',
  'finishedTime',
  'duration',
  'user',
  'queue',
  'name',
  'status',
  'id',
]
export const FINISHED_APP_SORT_FIELDS: Readonly<Record<FinishedAppList, readonly string[]>> = {
  fapps: [...COMMON_FINISHED_SORTS, 'kind', 'memorySeconds', 'vcoreSeconds'],
  fiapps: [...COMMON_FINISHED_SORTS, 'memorySeconds', 'totalProcessingTime'],
  fpapps: [...COMMON_FINISHED_SORTS, 'cumUserMem', 'cpuTime'],
  fbqapps: [...COMMON_FINISHED_SORTS, 'cpuTime', 'totBytesBilled', 'cents'],
}
/** G33: the default sort of each table. */
export const FINISHED_APP_DEFAULT_SORT: Readonly<Record<FinishedAppList, string>> = {
  fapps: '-finishedTime',
  fiapps: '-finishedTime',
  fpapps: '-startTime',
  fbqapps: '-startTime',
}

/** GET /api/v1/search/ops/{fapps|fiapps|fpapps|fbqapps} (E019-E022; G33). */
export const FinishedAppsQuerySchema = Type.Object(
  {
    start_time: Type.Optional(QueryInstant),
    end_time: Type.Optional(QueryInstant),
    clusterUid: Type.Optional(
      Type.String({
        maxLength: 200,
        description: "a cluster's id, name or display name; '*' every cluster",
        examples: ['*'],
      }),
    ),
    user: Type.Optional(Type.String({ maxLength: 200 })),
    queue: Type.Optional(Type.String({ maxLength: 200 })),
    kind: Type.Optional(
      Type.String({ maxLength: 200, description: 'comma-separated kinds (fapps: mr, spark…)' }),
    ),
    sort: Type.Optional(
      Type.String({
        maxLength: 41,
        description: 'a column of the table, a leading minus for descending',
        examples: ['-startTime'],
      }),
    ),
    from: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000 })),
    size: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000, default: 10 })),
    page: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 10_000, description: 'from = (page - 1) x size' }),
    ),
  },
  { additionalProperties: false, title: 'FinishedAppsQuery' },
)
export type FinishedAppsQuery = Static<typeof FinishedAppsQuerySchema>

const HitCommon = {
  id: Type.String(),
  name: Type.String(),
  kind: Type.String(),
  status: Type.Enum(['S', 'F', 'K']),
  user: Type.String(),
  queue: Type.String(),
  startTime: Type.Integer({ description: 'epoch ms' }),
  finishedTime: Type.Integer({ description: 'epoch ms' }),
  duration: Type.Integer({ description: 'ms' }),
  clusterUid: Type.String(),
  clusterId: Type.String({ description: 'the cluster display name' }),
}

/** E019: a finished Yarn job (02 §2 'Yarn jobs' table). */
export const FinishedYarnAppSchema = Type.Object(
  {
    ...HitCommon,
    applicationType: Type.String({ description: 'MAPREDUCE, SPARK, TEZ, HIVE' }),
    state: Type.Enum(['FINISHED', 'FAILED', 'KILLED']),
    finalStatus: Type.Enum(['SUCCEEDED', 'FAILED', 'KILLED']),
    memorySeconds: Type.Integer({ description: 'MB·s' }),
    vcoreSeconds: Type.Integer(),
  },
  { title: 'FinishedYarnApp' },
)
/** E020: a finished Impala query (02 §2 Impala flavour). */
export const FinishedImpalaAppSchema = Type.Object(
  {
    ...HitCommon,
    memorySeconds: Type.Integer({ description: 'MB·s' }),
    totalProcessingTime: Type.Integer({ description: 'ms' }),
  },
  { title: 'FinishedImpalaApp' },
)
/** E021: a finished Presto query (02 §2 Presto flavour). */
export const FinishedPrestoAppSchema = Type.Object(
  {
    ...HitCommon,
    id_name: Type.String({ description: 'the id and name column' }),
    cumUserMem: Type.Integer({ description: 'bytes' }),
    cpuTime: Type.Integer({ description: 'ms' }),
  },
  { title: 'FinishedPrestoApp' },
)
/** E022: a finished BigQuery job (02 §2 BigQuery flavour). */
export const FinishedBigQueryAppSchema = Type.Object(
  {
    ...HitCommon,
    cpuTime: Type.Integer({ description: 'slot ms' }),
    totBytesBilled: Type.Integer({ description: 'bytes' }),
    cents: Type.Integer({ description: 'US cents' }),
  },
  { title: 'FinishedBigQueryApp' },
)
export type FinishedYarnApp = Static<typeof FinishedYarnAppSchema>
export type FinishedImpalaApp = Static<typeof FinishedImpalaAppSchema>
export type FinishedPrestoApp = Static<typeof FinishedPrestoAppSchema>
export type FinishedBigQueryApp = Static<typeof FinishedBigQueryAppSchema>

const hits = <T extends Parameters<typeof Type.Array>[0]>(hit: T, title: string) =>
  Type.Object({ hits: Type.Array(hit), total: Type.Integer({ description: 'every match' }) }, { title })
export const FinishedAppsResponseSchemas = {
  fapps: hits(FinishedYarnAppSchema, 'FinishedYarnAppsResponse'),
  fiapps: hits(FinishedImpalaAppSchema, 'FinishedImpalaAppsResponse'),
  fpapps: hits(FinishedPrestoAppSchema, 'FinishedPrestoAppsResponse'),
  fbqapps: hits(FinishedBigQueryAppSchema, 'FinishedBigQueryAppsResponse'),
} as const
export type FinishedAppsResponse<L extends FinishedAppList> = Static<(typeof FinishedAppsResponseSchemas)[L]>
