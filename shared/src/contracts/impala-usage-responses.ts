import { Type, type Static } from 'typebox'
import { APP_STATUS_CODES } from '../rules/status-maps.ts'
import { IMPALA_GROUP_BYS, IMPALA_USAGE_INTERVALS, IMPALA_USAGE_METRICS } from './impala-usage.ts'

/* The answers of the Impala usage calls (decisions 1-6 in contracts/impala-usage.ts). */

const Point = Type.Tuple([Type.Integer({ description: 'epoch ms' }), Type.Number()], {
  description: '[timestamp, value]',
})
const Series = Type.Object({
  key: Type.String({ description: 'the group value, or the metric name' }),
  data: Type.Array(Point),
})

/** GET /api/v1/impala/queryop/new */
export const ImpalaQueryopResponseSchema = Type.Object(
  {
    groupBy: Type.Enum(IMPALA_GROUP_BYS),
    metric: Type.Enum(IMPALA_USAGE_METRICS),
    unit: Type.String({ description: 'of every point (decision 2)', examples: ['queries', 'CPU hours'] }),
    interval: Type.Enum(IMPALA_USAGE_INTERVALS),
    values: Type.Array(Type.String(), { description: 'the group values answered, in series order' }),
    series: Type.Array(Series, { description: 'one per value, a point per interval (zeros kept)' }),
  },
  { title: 'ImpalaQueryopResponse' },
)
export type ImpalaQueryopResponse = Static<typeof ImpalaQueryopResponseSchema>

const GroupRow = Type.Object({
  key: Type.String(),
  doc_count: Type.Integer({ description: 'queries started in the window' }),
  cpuHours: Type.Number({ description: 'CPU hours of those queries' }),
  memoryGbHours: Type.Number({ description: 'GB hours of those queries' }),
})
export type ImpalaGroupRow = Static<typeof GroupRow>

/** GET /api/v1/impala/queryop/stats */
export const ImpalaStatsResponseSchema = Type.Object(
  {
    total: Type.Integer({ description: 'queries started in the window' }),
    users: Type.Array(GroupRow, { description: 'most queries first' }),
    queues: Type.Array(GroupRow, { description: 'most queries first' }),
  },
  { title: 'ImpalaStatsResponse' },
)
export type ImpalaStatsResponse = Static<typeof ImpalaStatsResponseSchema>

export const ImpalaDaemonRowSchema = Type.Object(
  {
    host: Type.String({ examples: ['impala-bi-cdp-01-wn001.acme.internal'] }),
    clusterUid: Type.String(),
    mem_tracker_process_limit: Type.Integer({ description: 'Total: the process memory limit, bytes' }),
    tcmalloc_physical_bytes_reserved: Type.Integer({ description: 'Allocated, bytes (never above Total)' }),
    runningQueries: Type.Integer({ description: 'queries with a fragment on the host at the time' }),
  },
  { title: 'ImpalaDaemonRow' },
)
export type ImpalaDaemonRow = Static<typeof ImpalaDaemonRowSchema>

/** GET /api/v1/impala/metrics */
export const ImpalaMetricsResponseSchema = Type.Object(
  {
    time: Type.Integer({ description: 'epoch ms the host rows are read at (decision 5)' }),
    total: Type.Integer({ description: 'daemons in all' }),
    hosts: Type.Array(ImpalaDaemonRowSchema, { description: 'a page, busiest first' }),
    unit: Type.Literal('bytes'),
    interval: Type.Enum(IMPALA_USAGE_INTERVALS),
    series: Type.Array(Series, {
      description:
        'mem_tracker_process_limit and tcmalloc_physical_bytes_reserved summed over every daemon (Allocated averaged over each point)',
    }),
  },
  { title: 'ImpalaMetricsResponse' },
)
export type ImpalaMetricsResponse = Static<typeof ImpalaMetricsResponseSchema>

const Bytes = (description: string) => Type.Union([Type.Integer({ description }), Type.Null()])

export const ImpalaQueryRowSchema = Type.Object(
  {
    kind: Type.Literal('impala'),
    id: Type.String({ examples: ['000000000000002a:00b1c2d300000000'] }),
    status: Type.Enum(APP_STATUS_CODES, { description: 'B213' }),
    user: Type.String(),
    name: Type.String(),
    startTime: Type.Integer({ description: 'epoch ms' }),
    startTimeInDate: Type.String({ description: 'ISO-8601 UTC', examples: ['2026-11-22T10:15:00.000Z'] }),
    duration: Type.Integer({ description: 'ms (a running query: so far)' }),
    queue: Type.String({ description: 'resource pool' }),
    queryStringFull: Type.String(),
    queryMemLimit: Bytes('bytes: the admission pool limit per host'),
    perHostMemEst: Bytes('bytes: the planner estimate per host'),
    perHostPeakMemUsage: Bytes('bytes: the peak on the busiest host'),
    clusterUid: Type.String(),
  },
  { title: 'ImpalaQueryRow' },
)
export type ImpalaQueryRow = Static<typeof ImpalaQueryRowSchema>

/** GET /api/v1/impala/search */
export const ImpalaSearchResponseSchema = Type.Object(
  { total: Type.Integer(), hits: Type.Array(ImpalaQueryRowSchema) },
  { title: 'ImpalaSearchResponse' },
)
export type ImpalaSearchResponse = Static<typeof ImpalaSearchResponseSchema>
