import { Type, type Static } from 'typebox'
import { RIGHT_SIZING_ACTIONS } from '../rules/kubernetes-right-sizing.ts'
import { QueryInstantSchema } from './dates.ts'
import { KUBERNETES_WORKLOAD_KINDS } from './kubernetes.ts'

/*
 * Kubernetes app metrics (issue 23, /kubernetes/osd_app_metrics, R218; E178 shows no call, so the
 * paths and shapes are ours, G01): per application — a workload by default, or a namespace or an
 * `app` label value — its requests against its usage over a window, cost by OpenCost's rules
 * (contracts/kubernetes.ts) and a right-sizing recommendation (rules/kubernetes-right-sizing.ts).
 * Decisions:
 * - Requests and usage are per pod (the average pod of the group over its pod-hours): what a request
 *   is set on. The peak is the 95th percentile of the pods' daily peaks (Kubecost's quantile).
 *   CPU in millicores, memory in MiB, money in USD; each field's name says which.
 * - The window is Top X's (the hours that overlap [startTime, endTime), default the last 7 days).
 * - Filters: clusters, namespace (exact name), kinds, search (part of the group's name). Sorts: cost,
 *   saving, efficiency or name, either way; pages of up to KUBERNETES_APPS_MAX_PAGE_SIZE.
 */

export const KUBERNETES_APP_GROUP_BYS = ['workload', 'namespace', 'label:app'] as const
export type KubernetesAppGroupBy = (typeof KUBERNETES_APP_GROUP_BYS)[number]
export const KUBERNETES_APP_SORTS = ['cost', 'saving', 'efficiency', 'name'] as const
export type KubernetesAppSort = (typeof KUBERNETES_APP_SORTS)[number]
export const KUBERNETES_APPS_MAX_PAGE_SIZE = 100
/** The longest part of a name the app metrics search for. */
export const KUBERNETES_APPS_MAX_SEARCH = 100

const KINDS_PATTERN = `^(${KUBERNETES_WORKLOAD_KINDS.join('|')})(,(${KUBERNETES_WORKLOAD_KINDS.join('|')}))*$`

const WindowQuery = {
  startTime: Type.Optional(QueryInstantSchema),
  endTime: Type.Optional(QueryInstantSchema),
  clusters: Type.Optional(
    Type.String({
      maxLength: 2000,
      description: "comma-separated cluster uids (default: every one of the user's)",
    }),
  ),
}

const GroupByQuery = Type.Optional(
  Type.Enum(KUBERNETES_APP_GROUP_BYS, { default: 'workload', description: 'what an application is' }),
)

/** GET /api/v1/kubernetes/app_metrics. */
export const KubernetesAppMetricsQuerySchema = Type.Object(
  {
    ...WindowQuery,
    groupBy: GroupByQuery,
    namespace: Type.Optional(
      Type.String({ minLength: 1, maxLength: 63, description: 'only this namespace (exact name)' }),
    ),
    kinds: Type.Optional(
      Type.String({
        maxLength: 200,
        pattern: KINDS_PATTERN,
        description: `comma-separated workload kinds: ${KUBERNETES_WORKLOAD_KINDS.join(', ')}`,
      }),
    ),
    search: Type.Optional(
      Type.String({ maxLength: KUBERNETES_APPS_MAX_SEARCH, description: "part of the group's name" }),
    ),
    sort: Type.Optional(Type.Enum(KUBERNETES_APP_SORTS, { default: 'cost' })),
    order: Type.Optional(Type.Enum(['asc', 'desc'] as const, { default: 'desc' })),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000, default: 1 })),
    pageSize: Type.Optional(
      Type.Integer({ minimum: 1, maximum: KUBERNETES_APPS_MAX_PAGE_SIZE, default: 25 }),
    ),
  },
  { additionalProperties: false, title: 'KubernetesAppMetricsQuery' },
)
export type KubernetesAppMetricsQuery = Static<typeof KubernetesAppMetricsQuerySchema>

export const KubernetesAppCpuSchema = Type.Object(
  {
    requestM: Type.Number({ description: 'average CPU request per pod, millicores' }),
    usageM: Type.Number({ description: 'average CPU used per pod, millicores' }),
    peakM: Type.Number({
      description:
        "the 95th percentile of the pods' daily peaks (a pod's busiest 5 minutes of a day), millicores",
    }),
    recommendedM: Type.Number({ description: 'peak × 1.2 rounded up to 10 m' }),
    action: Type.Enum(RIGHT_SIZING_ACTIONS),
    savingUsd: Type.Number({ minimum: 0 }),
  },
  { additionalProperties: false, title: 'KubernetesAppCpu' },
)
export const KubernetesAppMemorySchema = Type.Object(
  {
    requestMib: Type.Number({ description: 'average memory request per pod, MiB' }),
    usageMib: Type.Number({ description: 'average memory used per pod, MiB' }),
    peakMib: Type.Number({ description: "the 95th percentile of the pods' daily peaks, MiB" }),
    recommendedMib: Type.Number({ description: 'peak × 1.2 (never below usage) rounded up to 64 MiB' }),
    action: Type.Enum(RIGHT_SIZING_ACTIONS),
    savingUsd: Type.Number({ minimum: 0 }),
  },
  { additionalProperties: false, title: 'KubernetesAppMemory' },
)
export const KubernetesAppRowSchema = Type.Object(
  {
    key: Type.String({
      description: "the group's key, as Top X's (cluster/namespace/kind/name for a workload)",
    }),
    name: Type.String(),
    cluster: Type.Optional(Type.String()),
    namespace: Type.Optional(Type.String()),
    kind: Type.Optional(Type.Enum(KUBERNETES_WORKLOAD_KINDS)),
    pods: Type.Integer({ minimum: 0, description: 'pods with hours in the window' }),
    podHours: Type.Number({ minimum: 0 }),
    costUsd: Type.Number({ description: "OpenCost's allocation cost in the window, USD" }),
    efficiency: Type.Number({ minimum: 0, description: 'usage ÷ allocation, cost-weighted' }),
    cpu: KubernetesAppCpuSchema,
    memory: KubernetesAppMemorySchema,
    savingUsd: Type.Number({ minimum: 0, description: 'the two savings, never above costUsd' }),
  },
  { additionalProperties: false, title: 'KubernetesAppRow' },
)
export type KubernetesAppRow = Static<typeof KubernetesAppRowSchema>

const WindowSchema = Type.Object(
  { startTime: Type.String({ format: 'date-time' }), endTime: Type.String({ format: 'date-time' }) },
  { additionalProperties: false },
)

export const KubernetesAppMetricsSchema = Type.Object(
  {
    groupBy: Type.Enum(KUBERNETES_APP_GROUP_BYS),
    rows: Type.Array(KubernetesAppRowSchema),
    /** The groups that match the filters (rows is one page of them). */
    total: Type.Integer({ minimum: 0 }),
    totals: Type.Object(
      {
        costUsd: Type.Number({ description: 'of every matching group' }),
        savingUsd: Type.Number({ minimum: 0 }),
        overRequested: Type.Integer({ minimum: 0, description: 'groups with a request to lower' }),
        underRequested: Type.Integer({ minimum: 0, description: 'groups with a request to raise' }),
      },
      { additionalProperties: false },
    ),
    metadata: Type.Object(
      {
        namespaces: Type.Array(Type.String(), { description: "the clusters' namespace names" }),
      },
      { additionalProperties: false },
    ),
    window: WindowSchema,
  },
  { additionalProperties: false, title: 'KubernetesAppMetrics' },
)
export type KubernetesAppMetrics = Static<typeof KubernetesAppMetricsSchema>

/** GET /api/v1/kubernetes/app_metrics/daily: one group's days. */
export const KubernetesAppDailyQuerySchema = Type.Object(
  {
    ...WindowQuery,
    groupBy: GroupByQuery,
    key: Type.String({ minLength: 1, maxLength: 400, description: "the group's key (a row's key)" }),
  },
  { additionalProperties: false, title: 'KubernetesAppDailyQuery' },
)
export type KubernetesAppDailyQuery = Static<typeof KubernetesAppDailyQuerySchema>

export const KubernetesAppDaySchema = Type.Object(
  {
    day: Type.Number({ description: 'the UTC day start, epoch ms' }),
    cpuRequestCores: Type.Number({
      description: "the group's pods' requests together, average over the day's hours",
    }),
    cpuUsageCores: Type.Number(),
    memoryRequestGib: Type.Number(),
    memoryUsageGib: Type.Number(),
    costUsd: Type.Number(),
  },
  { additionalProperties: false, title: 'KubernetesAppDay' },
)
export type KubernetesAppDay = Static<typeof KubernetesAppDaySchema>

export const KubernetesAppDailySchema = Type.Object(
  {
    key: Type.String(),
    days: Type.Array(KubernetesAppDaySchema, { description: 'every UTC day of the window' }),
    window: WindowSchema,
  },
  { additionalProperties: false, title: 'KubernetesAppDaily' },
)
export type KubernetesAppDaily = Static<typeof KubernetesAppDailySchema>
