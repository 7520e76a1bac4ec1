import { Type, type Static } from 'typebox'
import { JOB_INTERVALS, type JobInterval } from './apps.ts'
import { QueryInstantSchema } from './dates.ts'
import { IMPALA_METRICS_SIZE } from '../rules/platform-pages.ts'
import { MULTI_SELECT_MAX } from '../rules/filters.ts'

/*
 * Impala usage (02 §2 Impala, §7 Impala; E074-E077): the Impala mode of /clusters/resources. The
 * spec names the four calls and little else; decisions where it is silent:
 * 1. Every call takes the window start_time/end_time (epoch ms, ISO-8601 or YYYY-MM-DD; default
 *    today 00:00 UTC to now; at most IMPALA_MAX_WINDOW_DAYS; start after end is 400) and clusterUid,
 *    one of the user's Impala clusters ('*' or absent: all of them; any other is 404). Access is the
 *    CDH and CDP platforms (B296: the only ones with the Impala resource type).
 * 2. A query belongs to the window by its start. queryop/new puts each query in the point holding
 *    its start (as the chargeback and job counts do): queries is the count started per point, cpu
 *    the CPU hours (vcore seconds / 3600) and memory the GB hours (MB seconds / 1024 / 3600) of the
 *    queries started in it, duration their average run time in ms (0 where none started). So the
 *    queries series of every value summed equals search's total for those values.
 * 3. queryop/new's `values` (comma list, at most MULTI_SELECT_MAX) names the group values; absent,
 *    the first 4 by query count in the window (B216), as queryop/stats orders them. Points follow
 *    `interval` (default 1h, weeks from Monday 00:00 UTC); more than 2,000 points is 400.
 * 4. queryop/stats answers every user and every queue with a query in the window, most queries
 *    first (then by name), with their CPU and memory hours.
 * 5. metrics: the daemons (impalad) are the cluster's worker hosts. Total is the daemon's process
 *    memory limit (mem_tracker_process_limit, B214), Allocated what tcmalloc holds
 *    (tcmalloc_physical_bytes_reserved): a resident floor plus, for every query running on the host,
 *    its per-host memory (its MB seconds over its life, split over its executors, as the query
 *    details derive it). Never above Total. Host rows are as of the window's end (or now), busiest
 *    first, metricsSize a page (default 10, B214) from `from`; the series sum every daemon of the
 *    chosen clusters, Allocated averaged over each point.
 * 6. search pages the window's queries with from/size (size at most 100, default 10; from + size at
 *    most 10,000), sort is a column with a leading minus for descending (default -startTime; ties
 *    by id, in the same direction), user and queue match exactly, status takes codes or the words
 *    B213 maps (comma list), search keeps ids or names holding it (case-insensitive). Times are
 *    epoch ms (the store keeps ms: B144's nanoseconds are the profiles'), memory in bytes.
 */

/** The longest window of an Impala usage call (decision 1). */
export const IMPALA_USAGE_MAX_WINDOW_DAYS = 31
export const IMPALA_USAGE_INTERVALS = JOB_INTERVALS
export type ImpalaUsageInterval = JobInterval
export const IMPALA_GROUP_BYS = ['user', 'queue'] as const
export type ImpalaGroupBy = (typeof IMPALA_GROUP_BYS)[number]
export const IMPALA_USAGE_METRICS = ['queries', 'cpu', 'memory', 'duration'] as const
export type ImpalaUsageMetric = (typeof IMPALA_USAGE_METRICS)[number]
/** Decision 2: the unit of each metric's points. */
export const IMPALA_USAGE_UNITS: Readonly<Record<ImpalaUsageMetric, string>> = {
  queries: 'queries',
  cpu: 'CPU hours',
  memory: 'GB hours',
  duration: 'ms',
}
/** The largest metrics page (decision 5). */
export const IMPALA_METRICS_MAX_SIZE = 100
/** The largest search page (decision 6). */
export const IMPALA_SEARCH_MAX_SIZE = 100
export const IMPALA_SEARCH_SORTS = ['startTime', 'duration', 'user', 'queue', 'status', 'name', 'id'] as const
export type ImpalaSearchSort = (typeof IMPALA_SEARCH_SORTS)[number]
/** The status words and codes search's status filter takes (B213). */
const STATUS_TOKEN = '(?:[SFKPRUWsfkprusw]|[Kk]/[Ff]|success|failed|killed|waiting|running)'

const ClusterUid = Type.String({
  minLength: 1,
  maxLength: 120,
  pattern: '^(\\*|[A-Za-z0-9._-]+)$',
  description: "one of the user's Impala clusters, or * for all (decision 1)",
  examples: ['cdp-impala-01'],
})
const Window = {
  start_time: Type.Optional(QueryInstantSchema),
  end_time: Type.Optional(QueryInstantSchema),
  clusterUid: Type.Optional(ClusterUid),
}
const IntervalParam = Type.Optional(
  Type.Enum(IMPALA_USAGE_INTERVALS, { default: '1h', description: 'point interval (default 1h)' }),
)
const Name = (description: string) => Type.String({ minLength: 1, maxLength: 200, description })

/** GET /api/v1/impala/queryop/new */
export const ImpalaQueryopQuerySchema = Type.Object(
  {
    ...Window,
    groupBy: Type.Optional(Type.Enum(IMPALA_GROUP_BYS, { default: 'user' })),
    values: Type.Optional(
      Type.String({
        maxLength: 2_000,
        description: `comma list of group values, at most ${MULTI_SELECT_MAX}; absent: the first 4 by queries (B216)`,
      }),
    ),
    metric: Type.Optional(Type.Enum(IMPALA_USAGE_METRICS, { default: 'queries' })),
    interval: IntervalParam,
  },
  { additionalProperties: false, title: 'ImpalaQueryopQuery' },
)
export type ImpalaQueryopQuery = Static<typeof ImpalaQueryopQuerySchema>

/** GET /api/v1/impala/queryop/stats */
export const ImpalaStatsQuerySchema = Type.Object(
  { ...Window },
  { additionalProperties: false, title: 'ImpalaStatsQuery' },
)
export type ImpalaStatsQuery = Static<typeof ImpalaStatsQuerySchema>

/** GET /api/v1/impala/metrics */
export const ImpalaMetricsQuerySchema = Type.Object(
  {
    ...Window,
    metricsSize: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: IMPALA_METRICS_MAX_SIZE,
        default: IMPALA_METRICS_SIZE,
        description: 'daemons a page (B214)',
      }),
    ),
    from: Type.Optional(
      Type.Integer({ minimum: 0, maximum: 10_000, default: 0, description: 'daemons to skip' }),
    ),
    interval: IntervalParam,
  },
  { additionalProperties: false, title: 'ImpalaMetricsQuery' },
)
export type ImpalaMetricsQuery = Static<typeof ImpalaMetricsQuerySchema>

/** GET /api/v1/impala/search */
export const ImpalaSearchQuerySchema = Type.Object(
  {
    ...Window,
    from: Type.Optional(
      Type.Integer({ minimum: 0, maximum: 9_999, default: 0, description: 'rows to skip' }),
    ),
    size: Type.Optional(Type.Integer({ minimum: 1, maximum: IMPALA_SEARCH_MAX_SIZE, default: 10 })),
    sort: Type.Optional(
      Type.String({
        pattern: `^-?(${IMPALA_SEARCH_SORTS.join('|')})$`,
        default: '-startTime',
        description: 'a column, a leading minus for descending',
        examples: ['-startTime', 'duration'],
      }),
    ),
    user: Type.Optional(Name('queries of this user')),
    queue: Type.Optional(Name('queries of this queue (resource pool)')),
    status: Type.Optional(
      Type.String({
        maxLength: 80,
        pattern: `^${STATUS_TOKEN}(,${STATUS_TOKEN})*$`,
        description: 'comma list of status codes or words (B213)',
        examples: ['S,F', 'killed'],
      }),
    ),
    search: Type.Optional(
      Type.String({ minLength: 1, maxLength: 100, description: 'part of an id or a name' }),
    ),
  },
  { additionalProperties: false, title: 'ImpalaSearchQuery' },
)
export type ImpalaSearchQuery = Static<typeof ImpalaSearchQuerySchema>
