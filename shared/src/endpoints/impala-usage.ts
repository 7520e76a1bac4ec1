import {
  ImpalaMetricsQuerySchema,
  ImpalaQueryopQuerySchema,
  ImpalaSearchQuerySchema,
  ImpalaStatsQuerySchema,
} from '../contracts/impala-usage.ts'
import {
  ImpalaMetricsResponseSchema,
  ImpalaQueryopResponseSchema,
  ImpalaSearchResponseSchema,
  ImpalaStatsResponseSchema,
} from '../contracts/impala-usage-responses.ts'
import { defineEndpoints } from './endpoint.ts'

/*
 * The Impala usage calls behind the Impala mode of /clusters/resources (02 §2 Impala, §7 Impala;
 * E074-E077). The decisions on what the spec leaves open are in contracts/impala-usage.ts. Impala
 * is a resource type of CDH and CDP only (B296).
 */
const access = { platforms: ['CDH', 'CDP'] } as const
const tags = ['impala'] as const
const WINDOW =
  'start_time/end_time (epoch ms, ISO-8601 or YYYY-MM-DD), default today 00:00 UTC to now, at most 31 days; ' +
  "clusterUid one of the user's Impala clusters ('*' or absent: all; another is 404)."
const SERIES = 'interval 1m, 5m, 10m, 30m, 1h, 1d or 1w (default 1h); at most 2,000 points (400: coarser).'

export const impalaUsageEndpoints = defineEndpoints({
  queryop: {
    method: 'GET',
    path: '/api/v1/impala/queryop/new',
    specIds: ['E074'],
    tags,
    access,
    summary: 'Impala usage over time per user or queue: queries, CPU hours, GB hours or duration',
    description:
      `${WINDOW} ${SERIES} groupBy user or queue; values a comma list (absent: the first 4 by queries, ` +
      'B216); metric queries (count), cpu (CPU hours), memory (GB hours) or duration (average ms), each ' +
      'query counted in the point of its start.',
    querystring: ImpalaQueryopQuerySchema,
    response: ImpalaQueryopResponseSchema,
    errors: [404],
  },
  stats: {
    method: 'GET',
    path: '/api/v1/impala/queryop/stats',
    specIds: ['E075'],
    tags,
    access,
    summary: 'The users and queues (resource pools) of the Impala queries of a window, most queries first',
    description: `${WINDOW} Each with key, doc_count (queries), CPU hours and GB hours.`,
    querystring: ImpalaStatsQuerySchema,
    response: ImpalaStatsResponseSchema,
    errors: [404],
  },
  metrics: {
    method: 'GET',
    path: '/api/v1/impala/metrics',
    specIds: ['E076'],
    tags,
    access,
    summary: 'Impala daemon memory: Total (process limit) and Allocated (tcmalloc reserved) per host',
    description:
      `${WINDOW} ${SERIES} Host rows at the window's end (or now), busiest first, metricsSize a page ` +
      '(default 10, at most 100) from `from`; series summed over every daemon, bytes.',
    querystring: ImpalaMetricsQuerySchema,
    response: ImpalaMetricsResponseSchema,
    errors: [404],
  },
  search: {
    method: 'GET',
    path: '/api/v1/impala/search',
    specIds: ['E077'],
    tags,
    access,
    summary: 'The Impala queries of a window, paged, sorted and filtered',
    description:
      `${WINDOW} from/size page (size at most 100, default 10); sort a column with a leading minus for ` +
      'descending (startTime, duration, user, queue, status, name, id; default -startTime); user, queue, ' +
      'status (codes or words, comma list) and search (part of an id or a name) filter. Times ms, memory bytes.',
    querystring: ImpalaSearchQuerySchema,
    response: ImpalaSearchResponseSchema,
    errors: [404],
  },
})
