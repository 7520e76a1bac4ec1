import { createPrng } from '../simulator/src/db/seed/prng.ts'
import { dayWindows, queryOf } from './day-rows.ts'
import type { HandRow } from './hand-rows.ts'
import type { Vocabulary } from './vocabulary.ts'

const VARIANTS = 200
const HOUR = 3_600_000
/** The lists' window spans (hours): an hour to the longest window (31 days), the month most often. */
const LIST_SPANS = [1, 24, 7 * 24, 31 * 24, 31 * 24]
const SORTS = ['-startTime', '-startTime', 'startTime', '-duration', 'duration', 'user', 'queue', 'status']

/**
 * Issue 21's Impala usage figures (E074-E077), as the admin (CDH) sees them on the Impala mode of
 * /clusters/resources: the two lists (users and queues, the queries page) over an hour to 31 days,
 * the series (usage per user or queue, the daemons' memory) over a day at the page's intervals. The
 * generic rows drew any CDH cluster (mostly not an Impala one: 404) and 7 days at most. The Impala
 * clusters are known by the seed's names (`<platform>-impala-NN`): the vocabulary keeps no kinds.
 */
export function impalaRows(now: number, v: Vocabulary): HandRow[] {
  const prng = createPrng(2174)
  const clusters = (v.clusters.CDH ?? []).filter((uid) => uid.includes('-impala-'))
  if (!clusters.length) return []
  const dayWindow = dayWindows(prng, now)
  const listWindow = () => {
    const end = now - prng.int(0, 47) * HOUR - prng.int(0, 59) * 60_000
    return { start_time: String(end - prng.pick(LIST_SPANS) * HOUR), end_time: String(end) }
  }
  const cluster = () => (prng.chance(0.5) ? undefined : prng.pick(['*', ...clusters]))
  const interval = () => prng.pick(['1m', '1h', '1h', '1m', '5m', '10m', '30m'])
  const row = (name: string, key: string, path: () => string): HandRow => ({
    name,
    covers: [key],
    method: 'GET',
    path: '/api/v1/impala',
    auth: true,
    user: 'admin',
    variants: Array.from({ length: VARIANTS }, () => ({ path: path() })),
  })
  const optional = <T>(chance: number, value: () => T) => (prng.chance(chance) ? value() : undefined)
  return [
    row('impala: users and queues, 1 hour-31 days', 'impalaUsage.stats', () => {
      return `/api/v1/impala/queryop/stats?${queryOf({ ...listWindow(), clusterUid: cluster() })}`
    }),
    row('impala: queries, 1 hour-31 days, a page', 'impalaUsage.search', () => {
      const size = prng.pick([10, 25, 50])
      return `/api/v1/impala/search?${queryOf({
        ...listWindow(),
        clusterUid: cluster(),
        sort: prng.pick(SORTS),
        from: String(prng.chance(0.8) ? 0 : prng.int(1, 10) * size),
        size: String(size),
        user: optional(0.2, () => prng.pick(v.users)),
        queue: optional(0.2, () => prng.pick(v.queues)),
        status: optional(0.2, () => prng.pick(['S,F', 'killed', 'R', 'F'])),
        search: optional(0.15, () =>
          prng.pick(['report', 'adhoc', 'impala_job_7', 'snapshot', '00000000', 'a2c4']),
        ),
      })}`
    }),
    row('impala: usage per user or queue, a day at its interval', 'impalaUsage.queryop', () => {
      return `/api/v1/impala/queryop/new?${queryOf({
        ...dayWindow(),
        clusterUid: cluster(),
        interval: interval(),
        groupBy: prng.pick(['user', 'queue']),
        metric: prng.pick(['queries', 'cpu', 'memory', 'duration']),
      })}`
    }),
    row('impala: daemon memory, a day at its interval', 'impalaUsage.metrics', () => {
      return `/api/v1/impala/metrics?${queryOf({
        ...dayWindow(),
        clusterUid: cluster(),
        interval: interval(),
        from: prng.chance(0.8) ? undefined : '10',
      })}`
    }),
  ]
}
