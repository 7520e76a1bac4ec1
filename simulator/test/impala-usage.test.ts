import {
  IMPALA_METRICS_SIZE,
  impalaUsageEndpoints as calls,
  type Endpoint,
  type ImpalaMetricsResponse,
  type ImpalaQueryopResponse,
  type ImpalaSearchResponse,
  type ImpalaStatsResponse,
} from '@costlens/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AppInstance } from '../src/app.ts'
import { TEST_NOW_MS, frozenTestApp, type FrozenTestApp } from './helper.ts'

const DAY = 24 * 3_600_000
/** Thirty days to now: the small seed runs a few Impala queries a day. */
const MONTH = { start_time: TEST_NOW_MS - 30 * DAY, end_time: TEST_NOW_MS }
const ROW_FIELDS = [
  'kind',
  'id',
  'status',
  'user',
  'name',
  'startTime',
  'startTimeInDate',
  'duration',
  'queue',
  'queryStringFull',
  'queryMemLimit',
  'perHostMemEst',
  'perHostPeakMemUsage',
  'clusterUid',
]

type Args = Record<string, string | number>

describe('Impala usage (E074-E077)', () => {
  let app: AppInstance
  let as: FrozenTestApp['as']
  beforeAll(async () => {
    ;({ app, as } = await frozenTestApp({ users: ['cdp', 'admin', 'hdp'] }))
  })
  afterAll(() => app.close())

  const call = (entry: Endpoint, args: Args = {}, user: string | null = 'cdp') => {
    const query = new URLSearchParams(
      Object.entries(args).map(([k, v]): [string, string] => [k, String(v)]),
    ).toString()
    return app.inject({
      method: 'GET',
      url: entry.path + (query ? `?${query}` : ''),
      headers: user === null ? {} : as(user),
    })
  }
  const ok = async <T>(entry: Endpoint, args: Args = {}, user = 'cdp') => {
    const res = await call(entry, args, user)
    expect(res.statusCode, res.body).toBe(200)
    return res.json<T>()
  }
  const status = async (entry: Endpoint, args: Args, user: string | null = 'cdp') =>
    (await call(entry, args, user)).statusCode

  it('search answers the documented row fields, times in ms and memory in bytes', async () => {
    const page = await ok<ImpalaSearchResponse>(calls.search, MONTH)
    expect(page.total).toBeGreaterThan(10)
    expect(page.hits).toHaveLength(10)
    const row = page.hits[0]!
    expect(Object.keys(row).sort()).toEqual([...ROW_FIELDS].sort())
    expect(row.kind).toBe('impala')
    expect(['cdp-impala-01', 'cdp-impala-02']).toContain(row.clusterUid)
    expect(new Date(row.startTimeInDate).getTime()).toBe(row.startTime)
    expect(row.queryStringFull).toMatch(/SELECT/)
    expect(row.perHostPeakMemUsage).toBeGreaterThan(1024 * 1024)
    // Default sort: the latest first.
    const starts = page.hits.map((h) => h.startTime)
    expect(starts).toEqual([...starts].sort((a, b) => b - a))
  })

  it('queryop/new charts the first 4 users by default, and its queries add up to the search total', async () => {
    const stats = await ok<ImpalaStatsResponse>(calls.stats, MONTH)
    expect(stats.users.length).toBeGreaterThan(4)
    const counts = stats.users.map((u) => u.doc_count)
    expect(counts).toEqual([...counts].sort((a, b) => b - a))
    expect(stats.queues.reduce((n, q) => n + q.doc_count, 0)).toBe(stats.total)
    const series = await ok<ImpalaQueryopResponse>(calls.queryop, { ...MONTH, interval: '1d' })
    expect(series).toMatchObject({ groupBy: 'user', metric: 'queries', unit: 'queries', interval: '1d' })
    expect(series.values).toEqual(stats.users.slice(0, 4).map((u) => u.key))
    for (const s of series.series) {
      const sum = s.data.reduce((n, [, v]) => n + v, 0)
      expect(sum).toBe(stats.users.find((u) => u.key === s.key)!.doc_count)
      const search = await ok<ImpalaSearchResponse>(calls.search, { ...MONTH, user: s.key, size: 1 })
      expect(search.total).toBe(sum)
    }
    const all = await ok<ImpalaSearchResponse>(calls.search, { ...MONTH, size: 1 })
    expect(all.total).toBe(stats.total)
  })

  it('stats agree with the queries list whether the window holds whole days, part days or both', async () => {
    const midnight = Math.floor(TEST_NOW_MS / DAY) * DAY
    const windows = [
      { start_time: midnight - 9 * DAY, end_time: midnight - 2 * DAY - 1 }, // whole days only
      { start_time: midnight - 3 * DAY + 5 * 3_600_000, end_time: midnight - 3 * DAY + 17 * 3_600_000 },
      { start_time: TEST_NOW_MS - 20 * DAY - 7 * 3_600_000, end_time: TEST_NOW_MS - 3_600_000 },
    ]
    for (const window of windows) {
      const stats = await ok<ImpalaStatsResponse>(calls.stats, window)
      const all = await ok<ImpalaSearchResponse>(calls.search, { ...window, size: 1 })
      expect(stats.total).toBe(all.total)
      for (const queue of stats.queues) {
        const one = await ok<ImpalaSearchResponse>(calls.search, { ...window, queue: queue.key, size: 1 })
        expect(one.total, `${queue.key} ${JSON.stringify(window)}`).toBe(queue.doc_count)
      }
    }
  })

  it('queryop/new takes chosen queue values and the other metrics with their units', async () => {
    const stats = await ok<ImpalaStatsResponse>(calls.stats, MONTH)
    const queue = stats.queues[0]!
    const cpu = await ok<ImpalaQueryopResponse>(calls.queryop, {
      ...MONTH,
      groupBy: 'queue',
      values: queue.key,
      metric: 'cpu',
      interval: '1w',
    })
    expect(cpu.unit).toBe('CPU hours')
    expect(cpu.series.map((s) => s.key)).toEqual([queue.key])
    const hours = cpu.series[0]!.data.reduce((n, [, v]) => n + v, 0)
    expect(Math.abs(hours - queue.cpuHours)).toBeLessThan(0.01)
    const memory = await ok<ImpalaQueryopResponse>(calls.queryop, {
      ...MONTH,
      metric: 'memory',
      interval: '1d',
    })
    expect(memory.unit).toBe('GB hours')
    const duration = await ok<ImpalaQueryopResponse>(calls.queryop, {
      ...MONTH,
      metric: 'duration',
      interval: '1d',
    })
    expect(duration.unit).toBe('ms')
    expect(duration.series.some((s) => s.data.some(([, v]) => v > 0))).toBe(true)
  })

  it('metrics: 10 daemons a page by default, pages with from, Total at least Allocated', async () => {
    const first = await ok<ImpalaMetricsResponse>(calls.metrics, { clusterUid: 'cdp-impala-01' })
    expect(first.hosts).toHaveLength(IMPALA_METRICS_SIZE)
    expect(first.total).toBeGreaterThan(IMPALA_METRICS_SIZE)
    expect(first.time).toBe(TEST_NOW_MS)
    for (const h of first.hosts) {
      expect(h.host).toMatch(/^impala-bi-cdp-01-wn\d{3}\.acme\.internal$/)
      expect(h.mem_tracker_process_limit).toBeGreaterThanOrEqual(h.tcmalloc_physical_bytes_reserved)
      expect(h.tcmalloc_physical_bytes_reserved).toBeGreaterThan(0)
    }
    const next = await ok<ImpalaMetricsResponse>(calls.metrics, {
      clusterUid: 'cdp-impala-01',
      from: 10,
      metricsSize: 5,
    })
    expect(next.hosts).toHaveLength(5)
    expect(next.hosts.map((h) => h.host)).not.toContain(first.hosts[0]!.host)
    const [total, allocated] = first.series
    expect(total!.key).toBe('mem_tracker_process_limit')
    expect(allocated!.key).toBe('tcmalloc_physical_bytes_reserved')
    allocated!.data.forEach(([, v], i) => expect(v).toBeLessThanOrEqual(total!.data[i]![1]))
    // Total is every daemon's limit summed.
    const sum = first.hosts[0]!.mem_tracker_process_limit * first.total
    expect(total!.data[0]![1]).toBe(sum)
  })

  it('metrics: Allocated follows the queries, the busiest days above the floor', async () => {
    const month = await ok<ImpalaMetricsResponse>(calls.metrics, { ...MONTH, interval: '1h' })
    const values = month.series[1]!.data.map(([, v]) => v)
    expect(Math.max(...values)).toBeGreaterThan(Math.min(...values))
  })

  it('metrics: the memory held over time is the same at every interval (queries spread over their life)', async () => {
    const start = Math.floor(TEST_NOW_MS / DAY) * DAY - 7 * DAY
    const held = async (interval: string, step: number) => {
      const r = await ok<ImpalaMetricsResponse>(calls.metrics, { start_time: start, interval })
      return r.series[1]!.data.reduce((n, [t, v]) => n + v * Math.min(step, TEST_NOW_MS - t), 0)
    }
    const hourly = await held('1h', 3_600_000)
    const daily = await held('1d', DAY)
    expect(Math.abs(hourly - daily) / daily).toBeLessThan(1e-6)
    const minutes = await held('10m', 600_000)
    expect(Math.abs(minutes - daily) / daily).toBeLessThan(1e-6)
  })

  it('search sorts and filters', async () => {
    const byDuration = await ok<ImpalaSearchResponse>(calls.search, { ...MONTH, sort: '-duration', size: 20 })
    const d = byDuration.hits.map((h) => h.duration)
    expect(d).toEqual([...d].sort((a, b) => b - a))
    const byUser = await ok<ImpalaSearchResponse>(calls.search, { ...MONTH, sort: 'user', size: 50 })
    const users = byUser.hits.map((h) => h.user)
    expect(users).toEqual([...users].sort())
    const failed = await ok<ImpalaSearchResponse>(calls.search, { ...MONTH, status: 'S', size: 100 })
    expect(failed.hits.every((h) => h.status === 'S')).toBe(true)
    const words = await ok<ImpalaSearchResponse>(calls.search, { ...MONTH, status: 'success', size: 1 })
    expect(words.total).toBe(failed.total)
    const one = byDuration.hits[0]!
    const found = await ok<ImpalaSearchResponse>(calls.search, { ...MONTH, search: one.id.slice(12, 24) })
    expect(found.hits.map((h) => h.id)).toContain(one.id)
    const second = await ok<ImpalaSearchResponse>(calls.search, { ...MONTH, from: 10 })
    const first = await ok<ImpalaSearchResponse>(calls.search, MONTH)
    expect(second.hits[0]!.id).not.toBe(first.hits[0]!.id)
  })

  it('refuses bad input with 400', async () => {
    expect(await status(calls.queryop, { interval: '2m' })).toBe(400)
    expect(await status(calls.queryop, { start_time: TEST_NOW_MS - 40 * DAY })).toBe(400)
    expect(await status(calls.queryop, { ...MONTH, interval: '1m' })).toBe(400) // 43,200 points
    expect(await status(calls.metrics, { metricsSize: 0 })).toBe(400)
    expect(await status(calls.metrics, { metricsSize: 1000 })).toBe(400)
    expect(await status(calls.search, { sort: 'cents' })).toBe(400)
    expect(await status(calls.search, { status: 'done' })).toBe(400)
    expect(await status(calls.queryop, { values: 'a,b,c,d,e,f,g,h,i,j,k' })).toBe(400)
  })

  it('answers 404 for a cluster that is not one of the user’s Impala clusters', async () => {
    expect(await status(calls.search, { clusterUid: 'cdh-impala-01' })).toBe(404)
    expect(await status(calls.metrics, { clusterUid: 'no-such-cluster' })).toBe(404)
    expect(await status(calls.metrics, { clusterUid: 'cdh-impala-01' }, 'admin')).toBe(200)
  })

  it('answers 403 off CDH and CDP, 401 without a token', async () => {
    expect(await status(calls.stats, {}, 'hdp')).toBe(403)
    expect(await status(calls.stats, {}, null)).toBe(401)
  })
})
