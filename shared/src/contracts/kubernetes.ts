import { Type, type Static } from 'typebox'
import { QueryInstantSchema } from './dates.ts'

/*
 * Kubernetes (issue 23; 03 §2 Kubernetes; E178, which shows no call: "Kubernetes ... calls are not
 * shown", 03 §7). The paths and shapes are ours (G01), after what a platform engineer knows from
 * Kubecost and OpenCost's allocation API: a window, an aggregation (namespace, workload, pod, node,
 * cluster or a label) and, per group, cost by OpenCost's rules (DOMAIN.md §6) with its usage,
 * requests and efficiency. Decisions:
 * - Costs are USD and resource figures core-hours, GB-hours (GiB, OpenCost's "GB") and GPU-hours
 *   over the window; each field's name carries its unit.
 * - The window counts the hours that overlap [startTime, endTime): the store keeps hours, so a
 *   window is widened to whole hours, and ends with the hour now is in (the answer's `window`).
 *   Default: the 7 days to now; start after end, or longer than KUBERNETES_MAX_WINDOW_DAYS, is 400.
 * - Idle (a cluster's node assets less its pods' allocations, never negative) is its own row, not a
 *   group: the groups' shares and idle's add up to 1 over all groups (the `limit` shown or not).
 * - Efficiency is usage ÷ allocation, cost-weighted across CPU and memory (Kubecost's total
 *   efficiency): Σ usage at the node's rates ÷ Σ CPU and RAM allocation cost; 0 without cost.
 * - A label group spans the clusters (Kubecost's aggregation by label); pods without the label
 *   make the `__unallocated__` group. Namespace, workload and pod groups are per cluster.
 */

/** The longest window of a Kubernetes call. */
export const KUBERNETES_MAX_WINDOW_DAYS = 90
/** The default window: the last 7 days. */
export const KUBERNETES_DEFAULT_WINDOW_DAYS = 7
/** The most groups one Top X answer may list. */
export const KUBERNETES_MAX_TOPX_LIMIT = 100
/** The group of pods without the label grouped by (Kubecost's name for it). */
export const KUBERNETES_UNALLOCATED = '__unallocated__'

export const KUBERNETES_LABEL_GROUPS = ['label:team', 'label:env', 'label:cost_center', 'label:app'] as const
export const KUBERNETES_GROUP_BYS = [
  'namespace',
  'workload',
  'pod',
  'node',
  'cluster',
  ...KUBERNETES_LABEL_GROUPS,
] as const
export type KubernetesGroupBy = (typeof KUBERNETES_GROUP_BYS)[number]

/** What Top X sorts by, descending: cost, CPU or memory usage, or efficiency. */
export const KUBERNETES_TOPX_METRICS = ['cost', 'cpu', 'memory', 'efficiency'] as const
export type KubernetesTopxMetric = (typeof KUBERNETES_TOPX_METRICS)[number]

export const KUBERNETES_WORKLOAD_KINDS = [
  'Deployment',
  'StatefulSet',
  'DaemonSet',
  'Job',
  'CronJob',
  'SparkApplication',
] as const
export type KubernetesWorkloadKind = (typeof KUBERNETES_WORKLOAD_KINDS)[number]

/** GET /api/v1/kubernetes/topx: the /kubernetes/osd_topx landing. */
export const KubernetesTopxQuerySchema = Type.Object(
  {
    startTime: Type.Optional(QueryInstantSchema),
    endTime: Type.Optional(QueryInstantSchema),
    groupBy: Type.Optional(
      Type.Enum(KUBERNETES_GROUP_BYS, {
        default: 'namespace',
        description: 'what a row is (default namespace)',
      }),
    ),
    metric: Type.Optional(
      Type.Enum(KUBERNETES_TOPX_METRICS, {
        default: 'cost',
        description: 'the descending sort (default cost)',
      }),
    ),
    limit: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: KUBERNETES_MAX_TOPX_LIMIT,
        default: 10,
        description: 'rows to answer',
      }),
    ),
    clusters: Type.Optional(
      Type.String({
        maxLength: 2000,
        description: "comma-separated cluster uids (default: every one of the user's)",
      }),
    ),
  },
  { additionalProperties: false, title: 'KubernetesTopxQuery' },
)
export type KubernetesTopxQuery = Static<typeof KubernetesTopxQuerySchema>

/** The usage, request and cost figures of a group, of idle's clusters or of the whole window. */
const Figures = {
  costUsd: Type.Number({ description: "OpenCost's allocation cost, USD" }),
  cpuCoreHours: Type.Number({ description: 'CPU used' }),
  cpuRequestCoreHours: Type.Number(),
  cpuAllocationCoreHours: Type.Number({ description: 'Σ max(request, usage) per container' }),
  memoryGbHours: Type.Number({ description: 'memory used, GiB-hours' }),
  memoryRequestGbHours: Type.Number(),
  memoryAllocationGbHours: Type.Number(),
  gpuHours: Type.Number(),
  efficiency: Type.Number({
    minimum: 0,
    description: 'usage ÷ allocation, cost-weighted across CPU and memory',
  }),
}

export const KubernetesTopxRowSchema = Type.Object(
  {
    key: Type.String({
      description:
        "unique among the rows: the group as a path (cluster/namespace/…; a pod's ends #id, restarts share names)",
    }),
    name: Type.String(),
    cluster: Type.Optional(
      Type.String({ description: 'cluster uid; absent for a label group (it spans them)' }),
    ),
    namespace: Type.Optional(Type.String()),
    kind: Type.Optional(Type.Enum(KUBERNETES_WORKLOAD_KINDS)),
    ...Figures,
    share: Type.Number({ minimum: 0, maximum: 1, description: "of the window's total cost (idle included)" }),
  },
  { additionalProperties: false, title: 'KubernetesTopxRow' },
)
export type KubernetesTopxRow = Static<typeof KubernetesTopxRowSchema>

export const KubernetesTopxResponseSchema = Type.Object(
  {
    groupBy: Type.Enum(KUBERNETES_GROUP_BYS),
    metric: Type.Enum(KUBERNETES_TOPX_METRICS),
    rows: Type.Array(KubernetesTopxRowSchema),
    /** How many groups there are in all (rows lists the first `limit`). */
    groups: Type.Integer({ minimum: 0 }),
    idle: Type.Object(
      {
        costUsd: Type.Number({ description: 'node assets not allocated to any pod, USD' }),
        share: Type.Number({ minimum: 0, maximum: 1 }),
      },
      { additionalProperties: false },
    ),
    total: Type.Object(
      {
        ...Figures,
        costUsd: Type.Number({ description: "the node assets: every group's cost plus idle, USD" }),
        allocationCostUsd: Type.Number({ description: "every group's cost, USD" }),
      },
      { additionalProperties: false },
    ),
    window: Type.Object(
      {
        startTime: Type.String({ format: 'date-time', description: 'the first hour counted' }),
        endTime: Type.String({ format: 'date-time', description: 'the end of the last hour counted' }),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false, title: 'KubernetesTopxResponse' },
)
export type KubernetesTopxResponse = Static<typeof KubernetesTopxResponseSchema>

/** The usage trends' measures: cost (USD), CPU used (core-hours) or memory used (GiB-hours). */
export const KUBERNETES_TREND_METRICS = ['cost', 'cpu', 'memory'] as const
export type KubernetesTrendMetric = (typeof KUBERNETES_TREND_METRICS)[number]
/** The groups a trend draws when none are asked: the first four by the metric (03 §3). */
export const KUBERNETES_TREND_DEFAULT_SELECTED = 4
export const KUBERNETES_TREND_MAX_SELECTED = 20

export const KubernetesUsageTrendsQuerySchema = Type.Object(
  {
    startTime: Type.Optional(QueryInstantSchema),
    endTime: Type.Optional(QueryInstantSchema),
    groupBy: Type.Optional(Type.Enum(KUBERNETES_GROUP_BYS, { default: 'namespace' })),
    metric: Type.Optional(Type.Enum(KUBERNETES_TREND_METRICS, { default: 'cost' })),
    values: Type.Optional(
      Type.String({
        maxLength: 4000,
        description: `comma-separated group keys (a Top X row's key) to draw, at most ${KUBERNETES_TREND_MAX_SELECTED}; default the first ${KUBERNETES_TREND_DEFAULT_SELECTED} by the metric`,
      }),
    ),
    clusters: Type.Optional(
      Type.String({
        maxLength: 2000,
        description: "comma-separated cluster uids (default every one of the user's)",
      }),
    ),
  },
  { additionalProperties: false, title: 'KubernetesUsageTrendsQuery' },
)
export type KubernetesUsageTrendsQuery = Static<typeof KubernetesUsageTrendsQuerySchema>

const TrendGroup = Type.Object(
  {
    key: Type.String(),
    name: Type.String(),
    cluster: Type.Optional(Type.String()),
    total: Type.Number({ description: "the window's sum in the metric's unit" }),
  },
  { additionalProperties: false, title: 'KubernetesTrendGroup' },
)

export const KubernetesUsageTrendsSchema = Type.Object(
  {
    groupBy: Type.Enum(KUBERNETES_GROUP_BYS),
    metric: Type.Enum(KUBERNETES_TREND_METRICS),
    unit: Type.Enum(['USD', 'core-hours', 'GiB-hours'] as const),
    interval: Type.Literal('day', { description: 'a point per UTC day of shown time' }),
    available: Type.Array(TrendGroup, { description: 'every group of the window, the greatest first' }),
    selected: Type.Array(Type.String(), { description: 'the keys drawn' }),
    series: Type.Array(
      Type.Object(
        {
          key: Type.String(),
          name: Type.String(),
          data: Type.Array(Type.Tuple([Type.Number(), Type.Number()]), {
            description: '[UTC day start, value], every day of the window (0 where the group used nothing)',
          }),
        },
        { additionalProperties: false },
      ),
    ),
    window: Type.Object(
      { startTime: Type.String({ format: 'date-time' }), endTime: Type.String({ format: 'date-time' }) },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false, title: 'KubernetesUsageTrends' },
)
export type KubernetesUsageTrends = Static<typeof KubernetesUsageTrendsSchema>
