import { Type, type Static } from 'typebox'
import { QueryInstantSchema } from './dates.ts'
import { KUBERNETES_WORKLOAD_KINDS } from './kubernetes.ts'

/*
 * Kubernetes container logs (issue 23, /kubernetes/osd_logs, R219; the path and shape are ours,
 * G01, after what OpenSearch Dashboards' Discover and `kubectl logs` show). Decisions:
 * - A search is bounded as Discover's is: a window of at most KUBERNETES_LOGS_MAX_WINDOW_DAYS (default
 *   the last 24 hours), pages of at most KUBERNETES_LOGS_MAX_PAGE_SIZE lines, and no further than
 *   the first KUBERNETES_LOGS_MAX_RESULTS matches (Elasticsearch's max_result_window): `total` counts
 *   up to that and says when there are more.
 * - Newest first; lines of the same millisecond by pod and their order in the pod, so pages are stable.
 * - text: a case-insensitive part of the message (ASCII letters), at most KUBERNETES_LOGS_MAX_TEXT.
 * - A search reads at most the window's newest KUBERNETES_LOGS_MAX_SCAN lines (`searchedFrom` then says
 *   from when): no text index is kept, so this bounds the cost of a text found nowhere.
 */

export const KUBERNETES_LOG_LEVELS = ['DEBUG', 'INFO', 'WARN', 'ERROR'] as const
export type KubernetesLogLevel = (typeof KUBERNETES_LOG_LEVELS)[number]
export const KUBERNETES_LOGS_DEFAULT_WINDOW_HOURS = 24
/** The seeded history (and a common log retention): the console's hour-and-day picker reaches it. */
export const KUBERNETES_LOGS_MAX_WINDOW_DAYS = 30
export const KUBERNETES_LOGS_MAX_PAGE_SIZE = 200
export const KUBERNETES_LOGS_MAX_RESULTS = 10_000
export const KUBERNETES_LOGS_MAX_TEXT = 200
/**
 * The most lines one search reads, newest first (Loki's and Discover's kind of query limit): a window
 * holding more is searched back to its newest KUBERNETES_LOGS_MAX_SCAN lines, and the answer says how far
 * (`searchedFrom`). About 5 days of the large scale's clusters; the demo's whole 30 days.
 */
export const KUBERNETES_LOGS_MAX_SCAN = 200_000

const LEVELS_PATTERN = `^(${KUBERNETES_LOG_LEVELS.join('|')})(,(${KUBERNETES_LOG_LEVELS.join('|')}))*$`
/** Kubernetes object names: DNS labels and subdomains (RFC 1123), at most 253 characters. */
const NAME_PATTERN = '^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$'

/** GET /api/v1/kubernetes/logs. */
export const KubernetesLogsQuerySchema = Type.Object(
  {
    startTime: Type.Optional(QueryInstantSchema),
    endTime: Type.Optional(QueryInstantSchema),
    clusters: Type.Optional(
      Type.String({
        maxLength: 2000,
        description: "comma-separated cluster uids (default: every one of the user's)",
      }),
    ),
    namespace: Type.Optional(Type.String({ maxLength: 63, pattern: NAME_PATTERN })),
    pod: Type.Optional(Type.String({ maxLength: 253, pattern: NAME_PATTERN, description: "the pod's name" })),
    container: Type.Optional(Type.String({ maxLength: 63, pattern: NAME_PATTERN })),
    levels: Type.Optional(
      Type.String({
        maxLength: 40,
        pattern: LEVELS_PATTERN,
        description: `comma-separated levels: ${KUBERNETES_LOG_LEVELS.join(', ')} (default all)`,
      }),
    ),
    text: Type.Optional(
      Type.String({
        maxLength: KUBERNETES_LOGS_MAX_TEXT,
        description: 'a part of the message, case-insensitive',
      }),
    ),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: KUBERNETES_LOGS_MAX_RESULTS, default: 1 })),
    pageSize: Type.Optional(
      Type.Integer({ minimum: 1, maximum: KUBERNETES_LOGS_MAX_PAGE_SIZE, default: 50 }),
    ),
  },
  { additionalProperties: false, title: 'KubernetesLogsQuery' },
)
export type KubernetesLogsQuery = Static<typeof KubernetesLogsQuerySchema>

export const KubernetesLogLineSchema = Type.Object(
  {
    id: Type.String({ description: 'unique: the stored time, pod id and sequence' }),
    time: Type.String({ format: 'date-time' }),
    level: Type.Enum(KUBERNETES_LOG_LEVELS),
    cluster: Type.String(),
    namespace: Type.String(),
    pod: Type.String(),
    container: Type.String(),
    workload: Type.String(),
    kind: Type.Enum(KUBERNETES_WORKLOAD_KINDS),
    message: Type.String(),
  },
  { additionalProperties: false, title: 'KubernetesLogLine' },
)
export type KubernetesLogLine = Static<typeof KubernetesLogLineSchema>

export const KubernetesLogsSchema = Type.Object(
  {
    lines: Type.Array(KubernetesLogLineSchema),
    total: Type.Integer({
      minimum: 0,
      maximum: KUBERNETES_LOGS_MAX_RESULTS,
      description: `matching lines, counted up to ${KUBERNETES_LOGS_MAX_RESULTS}`,
    }),
    more: Type.Boolean({ description: 'more lines match than total counts' }),
    searchedFrom: Type.Optional(
      Type.String({
        format: 'date-time',
        description: `the window held more than ${KUBERNETES_LOGS_MAX_SCAN} lines: the search read those from this time on`,
      }),
    ),
    metadata: Type.Object(
      {
        namespaces: Type.Array(Type.String()),
        containers: Type.Array(Type.String()),
      },
      { additionalProperties: false },
    ),
    window: Type.Object(
      { startTime: Type.String({ format: 'date-time' }), endTime: Type.String({ format: 'date-time' }) },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false, title: 'KubernetesLogs' },
)
export type KubernetesLogs = Static<typeof KubernetesLogsSchema>
