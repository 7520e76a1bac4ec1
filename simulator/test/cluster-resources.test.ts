import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type {
  FinishedAppsResponse,
  NodesResponse,
  ResourceSeriesResponse,
  TaggedAppsResponse,
  TaggedResourceResponse,
  TaggedStatsResponse,
} from '@costlens/shared'
import { shiftToClock } from '../src/db/open-database.ts'
import { auth, signIn, testApp, TEST_NOW_MS } from './helper.ts'
import { jobIdSql } from '../src/db/repositories/bigquery-codes.ts'

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR
let app: FastifyInstance
let headers: Record<string, string>

let cdhYarn: string[]

beforeAll(async () => {
  app = await testApp()
  headers = auth(await signIn(app, 'admin'))
  cdhYarn = app.db
    .prepare("SELECT unravel_id FROM clusters WHERE platform = 'CDH' AND kind = 'Yarn' ORDER BY unravel_id")
    .pluck()
    .all() as string[]
})
afterAll(() => app.close())

async function get<T>(url: string, as = headers) {
  const res = await app.inject({ url, headers: as })
  return { status: res.statusCode, body: res.json<T & { message?: string }>() }
}

const sql = <T>(query: string, params: object = {}) => app.db.prepare(query).all(params) as T[]
const one = (query: string, params: object = {}) => app.db.prepare(query).pluck().get(params) as number

/**
 * The average vcores (or MB) the applications of a cluster held during [ps, pe), straight from the
 * applications table: each app's vcore_seconds / duration for the part of the interval it ran.
 */
const appsAverage = (cluster: string, ps: number, pe: number, column = 'vcore_seconds') =>
  one(
    `SELECT coalesce(sum(${column} * 1000.0 / max(duration, 1) *
              (min(CASE WHEN finished_time IS NULL THEN @pe ELSE start_time + max(duration, 1) END, @pe)
               - max(start_time, @ps))), 0) / (@pe - @ps)
       FROM applications WHERE cluster_uid = @cluster AND start_time < @pe
        AND (finished_time IS NULL OR start_time + max(duration, 1) > @ps)`,
    { cluster, ps, pe },
  )

// A week on whole days that ends a day before now: the busiest seeded hours, nothing cut by now.
const weekEnd = Math.floor(TEST_NOW_MS / DAY) * DAY - DAY
const weekStart = weekEnd - 7 * DAY
const week = `start_time=${weekStart}&end_time=${weekEnd}`

describe('GET /api/v1/clusters/{cluster}/resources/{cpu|memory}/{allocated|total} (E055-E058)', () => {
  it('E055 E057 the allocation of each point is what the seeded applications held, as SQL sums them', async () => {
    for (const [metric, column] of [
      ['cpu', 'vcore_seconds'],
      ['memory', 'memory_seconds'],
    ] as const) {
      const { status, body } = await get<ResourceSeriesResponse>(
        `/api/v1/clusters/cdh-prod-01/resources/${metric}/allocated?${week}&interval=3h`,
      )
      expect(status).toBe(200)
      expect(body.interval).toBe('3h')
      expect(body.avg).toHaveLength(56)
      for (const [ts, value] of body.avg) {
        const expected = appsAverage('cdh-prod-01', ts, ts + 3 * HOUR, column)
        expect(Math.abs(value - expected)).toBeLessThan(metric === 'cpu' ? 0.01 : 1)
      }
      expect(body.avg.some(([, v]) => v > 0)).toBe(true)
    }
  })

  it('E055 E056 allocation never exceeds the capacity, in any stored bucket or any point', async () => {
    expect(
      one(
        `SELECT count(*) FROM cluster_resources r JOIN yarn_capacity k USING (cluster_uid)
          WHERE r.vcores_allocated > (k.nodes - r.nodes_unhealthy - r.nodes_lost - r.nodes_decommissioned) * k.node_vcores
             OR r.memory_allocated_mb > (k.nodes - r.nodes_unhealthy - r.nodes_lost - r.nodes_decommissioned) * k.node_memory_mb`,
      ),
    ).toBe(0)
    const month = `start_time=${TEST_NOW_MS - 30 * DAY}&end_time=${TEST_NOW_MS}`
    for (const cluster of cdhYarn)
      for (const metric of ['cpu', 'memory']) {
        const allocated = (
          await get<ResourceSeriesResponse>(
            `/api/v1/clusters/${cluster}/resources/${metric}/allocated?${month}`,
          )
        ).body
        const total = (
          await get<ResourceSeriesResponse>(`/api/v1/clusters/${cluster}/resources/${metric}/total?${month}`)
        ).body
        expect(allocated.avg.length).toBeGreaterThan(0)
        expect(allocated.total).toEqual(total.avg)
        allocated.avg.forEach(([ts, v], i) => {
          expect(total.avg[i]![0]).toBe(ts)
          expect(v).toBeLessThanOrEqual(total.avg[i]![1])
          expect(allocated.range[i]![2]).toBeLessThanOrEqual(total.range[i]![2])
          expect(allocated.range[i]![1]).toBeLessThanOrEqual(v)
        })
      }
  })

  it('E056 the total is the nodes up times the node size', async () => {
    const [spec] = sql<{ nodes: number; node_vcores: number; node_memory_mb: number }>(
      "SELECT * FROM yarn_capacity WHERE cluster_uid = 'cdh-prod-01'",
    )
    expect(spec!.node_vcores).toBeGreaterThan(0)
    const { body } = await get<ResourceSeriesResponse>(
      `/api/v1/clusters/cdh-prod-01/resources/memory/total?${week}&interval=1d`,
    )
    for (const [ts, value] of body.avg) {
      const nodesUp = one(
        `SELECT avg(@nodes - nodes_unhealthy - nodes_lost - nodes_decommissioned) FROM cluster_resources
          WHERE cluster_uid = 'cdh-prod-01' AND ts >= @ts AND ts < @ts + ${DAY}`,
        { nodes: spec!.nodes, ts },
      )
      expect(value).toBeCloseTo(nodesUp * spec!.node_memory_mb, 1)
    }
  })

  it("E055 '*' sums the Yarn clusters of the user's platform", async () => {
    const all = (
      await get<ResourceSeriesResponse>(`/api/v1/clusters/*/resources/cpu/allocated?${week}&interval=1d`)
    ).body
    const each = await Promise.all(
      cdhYarn.map(
        async (c) =>
          (
            await get<ResourceSeriesResponse>(
              `/api/v1/clusters/${c}/resources/cpu/allocated?${week}&interval=1d`,
            )
          ).body,
      ),
    )
    all.avg.forEach(([ts, v], i) => {
      expect(v).toBeCloseTo(
        each.reduce((n, s) => n + s.avg[i]![1], 0),
        1,
      )
      expect(ts).toBe(each[0]!.avg[i]![0])
    })
  })

  it('E055 a cluster is found by its id, name or display name; clusterName must agree', async () => {
    const byId = (
      await get<ResourceSeriesResponse>(`/api/v1/clusters/cdh-prod-01/resources/cpu/allocated?${week}`)
    ).body
    const byName = (
      await get<ResourceSeriesResponse>(`/api/v1/clusters/prod-cdh-01/resources/cpu/allocated?${week}`)
    ).body
    const byDisplay = (
      await get<ResourceSeriesResponse>(
        `/api/v1/clusters/Production%20CDH/resources/cpu/allocated?${week}&clusterName=prod-cdh-01`,
      )
    ).body
    expect(byName).toEqual(byId)
    expect(byDisplay).toEqual(byId)
    const chosen = (
      await get<ResourceSeriesResponse>(
        `/api/v1/clusters/*/resources/cpu/allocated?${week}&clusterName=cdh-prod-01`,
      )
    ).body
    expect(chosen).toEqual(byId)
  })

  it('E055 takes the documented from/to (YYYY-MM-DD or epoch seconds) as well', async () => {
    const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10)
    const spec = (
      await get<ResourceSeriesResponse>(`/api/v1/clusters/cdh-prod-01/resources/cpu/total?${week}`)
    ).body
    const dates = (
      await get<ResourceSeriesResponse>(
        `/api/v1/clusters/cdh-prod-01/resources/cpu/total?from=${iso(weekStart)}&to=${iso(weekEnd)}`,
      )
    ).body
    const seconds = (
      await get<ResourceSeriesResponse>(
        `/api/v1/clusters/cdh-prod-01/resources/cpu/total?from=${weekStart / 1000}&to=${weekEnd / 1000}`,
      )
    ).body
    expect(dates).toEqual(spec)
    expect(seconds).toEqual(spec)
  })
})

describe('B091 series point interval by span', () => {
  it.each([
    [30 * MINUTE, '2m'],
    [HOUR, '2m'],
    [90 * MINUTE, '5m'],
    [4 * HOUR, '15m'],
    [10 * HOUR, '30m'],
    [DAY, 'hourly'],
    [2 * DAY, 'hourly'],
    [3 * DAY, '3h'],
    [10 * DAY, 'daily'],
    [30 * DAY, 'daily'],
    [45 * DAY, '3d'],
    [90 * DAY, 'weekly'],
  ])('B091 a span of %i ms gives %s points', async (span, interval) => {
    const end = weekEnd
    const { status, body } = await get<ResourceSeriesResponse>(
      `/api/v1/clusters/cdh-prod-01/resources/cpu/total?start_time=${end - span}&end_time=${end}`,
    )
    expect(status).toBe(200)
    expect(body.interval).toBe(interval)
    const steps = body.avg.slice(1).map(([ts], i) => ts - body.avg[i]![0])
    expect(new Set(steps)).toEqual(new Set(steps.length ? [body.pointInterval] : []))
    expect(body.avg[0]![0] % body.pointInterval).toBe(0)
  })

  it('B087 B091 the default window is the last hour in 2-minute points', async () => {
    const { body } = await get<ResourceSeriesResponse>('/api/v1/clusters/cdh-prod-01/resources/cpu/allocated')
    expect(body.interval).toBe('2m')
    expect(body.pointInterval).toBe(2 * MINUTE)
    expect(body.avg.length).toBeGreaterThanOrEqual(30)
    expect(body.avg.length).toBeLessThanOrEqual(31)
  })

  it('B091 an asked interval wins, but never finer than the stored 2 minutes', async () => {
    const window = `start_time=${weekEnd - HOUR}&end_time=${weekEnd}`
    const tens = (await get<NodesResponse>(`/api/v1/clusters/cdh-prod-01/nodes?${window}&interval=10m`)).body
    expect(tens.interval).toBe('10m')
    expect(tens.active).toHaveLength(6)
    const minute = (
      await get<ResourceSeriesResponse>(
        `/api/v1/clusters/cdh-prod-01/resources/cpu/allocated?${window}&interval=1m`,
      )
    ).body
    expect(minute.interval).toBe('2m')
    expect(minute.avg).toHaveLength(30)
  })
})

describe('GET /api/v1/clusters/{cluster}/nodes (E059)', () => {
  it('E059 a node goes down now and then: active plus the down states make the cluster', async () => {
    const [event] = sql<{ cluster_uid: string; state: string; start_time: number; end_time: number }>(
      `SELECT e.* FROM yarn_node_events e JOIN clusters c ON c.unravel_id = e.cluster_uid
        WHERE c.platform = 'CDH' AND e.state != 'DECOMMISSIONED' ORDER BY e.start_time DESC LIMIT 1`,
    )
    expect(event).toBeDefined()
    const nodes = one('SELECT nodes FROM yarn_capacity WHERE cluster_uid = ?', [event!.cluster_uid])
    const start = event!.start_time - HOUR
    const { status, body } = await get<NodesResponse>(
      `/api/v1/clusters/${event!.cluster_uid}/nodes?start_time=${start}&end_time=${start + 2 * HOUR}&interval=2m`,
    )
    expect(status).toBe(200)
    expect(body.nodes).toBe(nodes)
    expect(body.nodeVcores).toBeGreaterThan(0)
    expect(body.series.map((s) => s.name)).toEqual(['UNHEALTHY', 'LOST', 'DECOMMISSIONED'])
    body.active.forEach(([ts, active], i) => {
      const down = body.series.reduce((n, s) => n + s.data[i]![1], 0)
      expect(active + down).toBe(nodes)
      const expected = one(
        'SELECT count(*) FROM yarn_node_events WHERE cluster_uid = @c AND start_time <= @ts AND end_time > @ts',
        { c: event!.cluster_uid, ts },
      )
      expect(down).toBe(expected)
    })
    const during = body.active.find(([ts]) => ts === event!.start_time)!
    expect(during[1]).toBeLessThan(nodes)
    const state = body.series.find((s) => s.name === event!.state)!
    expect(state.data.find(([ts]) => ts === event!.start_time)![1]).toBeGreaterThanOrEqual(1)
  })
})

describe('GET /api/v1/clusters/{cluster}/resources/tagged/{cpu|memory} (E060, E061)', () => {
  it('E060 with every queue selected, the queue series add up to the allocation', async () => {
    const queues = sql<{ queue: string }>(
      "SELECT DISTINCT queue FROM applications WHERE cluster_uid = 'cdh-prod-01' ORDER BY queue",
    ).map((q) => q.queue)
    expect(queues.length).toBeGreaterThan(1)
    expect(queues.length).toBeLessThanOrEqual(10)
    const tagged = (
      await get<TaggedResourceResponse>(
        `/api/v1/clusters/cdh-prod-01/resources/tagged/cpu?${week}&interval=3h&groupBy=queue&values=${queues.join(',')}`,
      )
    ).body
    const allocated = (
      await get<ResourceSeriesResponse>(
        `/api/v1/clusters/cdh-prod-01/resources/cpu/allocated?${week}&interval=3h`,
      )
    ).body
    expect(tagged.groupBy).toBe('queue')
    expect(tagged.series.map((s) => s.name).sort()).toEqual(queues)
    allocated.avg.forEach(([ts, v], i) => {
      const sum = tagged.series.reduce((n, s) => n + s.data[i]![1], 0)
      expect(tagged.series[0]!.data[i]![0]).toBe(ts)
      expect(Math.abs(sum - v)).toBeLessThan(0.05)
    })
  })

  it('E061 one value is that value alone, as SQL sums its apps', async () => {
    const { body } = await get<TaggedResourceResponse>(
      `/api/v1/clusters/cdh-prod-01/resources/tagged/memory?${week}&interval=1d&groupBy=user&values=etl_svc`,
    )
    expect(body.series.map((s) => s.name)).toEqual(['etl_svc'])
    for (const [ts, v] of body.series[0]!.data) {
      const expected = one(
        `SELECT coalesce(sum(memory_seconds * 1000.0 / max(duration, 1) *
                  (min(coalesce(finished_time, @pe), @pe) - max(start_time, @ps))), 0) / (@pe - @ps)
           FROM applications WHERE cluster_uid = 'cdh-prod-01' AND user = 'etl_svc' AND start_time < @pe
            AND coalesce(finished_time, @pe) > @ps`,
        { ps: ts, pe: ts + DAY },
      )
      expect(Math.abs(v - expected)).toBeLessThan(1)
    }
  })

  it('E060 without values: the 4 values that used most, the largest first', async () => {
    const { body } = await get<TaggedResourceResponse>(
      `/api/v1/clusters/cdh-prod-01/resources/tagged/cpu?${week}&interval=1d&groupBy=applicationType`,
    )
    expect(body.series).toHaveLength(4)
    const areas = body.series.map((s) => s.data.reduce((n, [, v]) => n + v, 0))
    expect([...areas].sort((a, b) => b - a)).toEqual(areas)
    for (const s of body.series) expect(['MAPREDUCE', 'SPARK', 'HIVE', 'TEZ']).toContain(s.name)
  })
})

describe('GET /api/v1/clusters/{cluster}/resources/tagged/stats (E062)', () => {
  it('E062 counts the apps running now per type, user and queue, with every queue and its capacity', async () => {
    const { status, body } = await get<TaggedStatsResponse>(
      '/api/v1/clusters/cdh-prod-01/resources/tagged/stats',
    )
    expect(status).toBe(200)
    const running = "cluster_uid = 'cdh-prod-01' AND finished_time IS NULL"
    for (const [field, column] of [
      ['user', 'user'],
      ['queue', 'queue'],
    ] as const)
      for (const entry of body[field])
        expect(entry.doc_count).toBe(
          one(`SELECT count(*) FROM applications WHERE ${running} AND ${column} = ?`, [entry.key]),
        )
    expect(body.applicationType.reduce((n, e) => n + e.doc_count, 0)).toBe(
      one(`SELECT count(*) FROM applications WHERE ${running}`),
    )
    const configured = sql<{ queue: string; capacity: number }>(
      "SELECT queue, capacity FROM yarn_queues WHERE cluster_uid = 'cdh-prod-01'",
    )
    expect(configured.reduce((n, q) => n + q.capacity, 0)).toBe(100)
    for (const q of configured)
      expect(body.queue.find((e) => e.key === q.queue)).toMatchObject({ capacity: q.capacity })
  })

  it('E062 final_status=true counts the apps finished in the window', async () => {
    const { body } = await get<TaggedStatsResponse>(
      `/api/v1/clusters/cdh-prod-01/resources/tagged/stats?final_status=true&${week}`,
    )
    const finished = `cluster_uid = 'cdh-prod-01' AND finished_time BETWEEN ${weekStart} AND ${weekEnd} AND status IN ('S','F','K')`
    expect(body.user.reduce((n, e) => n + e.doc_count, 0)).toBe(
      one(`SELECT count(*) FROM applications WHERE ${finished}`),
    )
    expect(body.applicationType.find((e) => e.key === 'MAPREDUCE')?.doc_count ?? 0).toBe(
      one(`SELECT count(*) FROM applications WHERE ${finished} AND kind = 'mr'`),
    )
  })
})

describe('GET /api/v1/clusters/{cluster}/resources/tagged/apps (E063)', () => {
  it('E063 the apps of the window, latest first, with the total', async () => {
    const { status, body } = await get<TaggedAppsResponse>(
      `/api/v1/clusters/cdh-prod-01/resources/tagged/apps?${week}&size=20`,
    )
    expect(status).toBe(200)
    const overlap = `cluster_uid = 'cdh-prod-01' AND start_time <= ${weekEnd} AND (finished_time IS NULL OR finished_time >= ${weekStart})`
    expect(body.total).toBe(one(`SELECT count(*) FROM applications WHERE ${overlap}`))
    expect(body.apps).toHaveLength(Math.min(20, body.total))
    const starts = body.apps.map((a) => a.startedTime)
    expect([...starts].sort((a, b) => b - a)).toEqual(starts)
    const finished = body.apps.find((a) => a.state !== 'RUNNING')!
    expect(finished).toMatchObject({ allocatedVCores: 0, progress: 100, runningContainers: 0 })
  })

  it.each([
    ['applicationType', 'SPARK', "kind = 'spark'"],
    ['applicationType', 'MAPREDUCE', "kind = 'mr'"],
    ['applicationType', 'spark', '0'],
    ['user', 'etl_svc', "user = 'etl_svc'"],
    ['queue', 'root.etl', "queue = 'root.etl'"],
    ['user', 'nobody_at_all', '0'],
  ])('E063 groupBy=%s&value=%s keeps the apps of that value only', async (groupBy, value, where) => {
    const { body } = await get<TaggedAppsResponse>(
      `/api/v1/clusters/cdh-prod-01/resources/tagged/apps?${week}&size=100&groupBy=${groupBy}&value=${value}`,
    )
    const overlap = `cluster_uid = 'cdh-prod-01' AND start_time <= ${weekEnd} AND (finished_time IS NULL OR finished_time >= ${weekStart})`
    expect(body.total).toBe(one(`SELECT count(*) FROM applications WHERE ${overlap} AND ${where}`))
    if (where !== '0') expect(body.total).toBeGreaterThan(0)
  })

  it('E063 running=true: the apps running now, each holding its average rate', async () => {
    const { body } = await get<TaggedAppsResponse>(
      '/api/v1/clusters/cdh-prod-01/resources/tagged/apps?running=true',
    )
    const rows = sql<{ id: string; v: number; m: number }>(
      `SELECT id, vcore_seconds * 1000.0 / max(duration, 1) AS v, memory_seconds * 1000.0 / max(duration, 1) AS m
         FROM applications WHERE cluster_uid = 'cdh-prod-01' AND finished_time IS NULL`,
    )
    expect(body.total).toBe(rows.length)
    expect(rows.length).toBeGreaterThan(0)
    for (const app of body.apps) {
      const row = rows.find((r) => r.id === app.appid)!
      expect(app).toMatchObject({ state: 'RUNNING', finalStatus: 'UNDEFINED', finishedTime: null })
      expect(app.allocatedVCores).toBe(Math.round(row.v))
      expect(app.allocatedMB).toBe(Math.round(row.m))
      expect(app.runningContainers).toBeGreaterThanOrEqual(2)
      expect(app.progress).toBeGreaterThan(0)
      expect(app.progress).toBeLessThan(100)
    }
  })
})

describe('GET /api/v1/search/ops/{fapps|fiapps|fpapps|fbqapps} (E019-E022)', () => {
  const finishedIn = `finished_time BETWEEN ${weekStart} AND ${weekEnd} AND status IN ('S','F','K')`
  const cdh = "cluster_uid IN (SELECT unravel_id FROM clusters WHERE platform = 'CDH')"

  it('E019 the finished Yarn jobs of the window on the user platform, one page and the total', async () => {
    const { status, body } = await get<FinishedAppsResponse<'fapps'>>(
      `/api/v1/search/ops/fapps?${week}&size=15`,
    )
    expect(status).toBe(200)
    expect(body.total).toBe(
      one(
        `SELECT count(*) FROM applications WHERE ${finishedIn} AND ${cdh} AND kind IN ('mr','spark','tez','hive')`,
      ),
    )
    expect(body.hits).toHaveLength(15)
    const ends = body.hits.map((h) => h.finishedTime)
    expect([...ends].sort((a, b) => b - a)).toEqual(ends)
    expect(body.hits[0]).toHaveProperty('memorySeconds')
    expect(body.hits[0]).toHaveProperty('vcoreSeconds')
  })

  it('E019 B100 sort with a leading minus, from, and page as from = (page - 1) x size', async () => {
    const asc = (
      await get<FinishedAppsResponse<'fapps'>>(`/api/v1/search/ops/fapps?${week}&sort=memorySeconds&size=10`)
    ).body.hits
    const memory = asc.map((h) => h.memorySeconds)
    expect([...memory].sort((a, b) => a - b)).toEqual(memory)
    const byFrom = (
      await get<FinishedAppsResponse<'fapps'>>(
        `/api/v1/search/ops/fapps?${week}&sort=-vcoreSeconds&from=10&size=5`,
      )
    ).body.hits
    const byPage = (
      await get<FinishedAppsResponse<'fapps'>>(
        `/api/v1/search/ops/fapps?${week}&sort=-vcoreSeconds&page=3&size=5`,
      )
    ).body.hits
    expect(byPage).toEqual(byFrom)
    const narrowed = (
      await get<FinishedAppsResponse<'fapps'>>(
        `/api/v1/search/ops/fapps?${week}&clusterUid=prod-cdh-01&user=etl_svc`,
      )
    ).body
    expect(narrowed.total).toBeGreaterThan(0)
    for (const hit of narrowed.hits) expect(hit).toMatchObject({ clusterUid: 'cdh-prod-01', user: 'etl_svc' })
  })

  it('E020 E021 E022 Impala, Presto and BigQuery lists for their platforms', async () => {
    const cdp = auth(await signIn(app, 'cdp'))
    const impala = (await get<FinishedAppsResponse<'fiapps'>>(`/api/v1/search/ops/fiapps?${week}`, cdp)).body
    const platform = (p: string) => `cluster_uid IN (SELECT unravel_id FROM clusters WHERE platform = '${p}')`
    expect(impala.total).toBe(
      one(`SELECT count(*) FROM applications WHERE ${finishedIn} AND ${platform('CDP')} AND kind = 'impala'`),
    )
    expect(impala.total).toBeGreaterThan(0)
    const bigquery = auth(await signIn(app, 'bigquery'))
    const jobs = (await get<FinishedAppsResponse<'fbqapps'>>(`/api/v1/search/ops/fbqapps?${week}`, bigquery))
      .body
    // BigQuery jobs are bq_jobs (issue 19), every project of the install: done (S or F) in the window.
    expect(jobs.total).toBe(
      one(
        `SELECT count(*) FROM bq_jobs WHERE end_time BETWEEN ${weekStart} AND ${weekEnd} AND status IN ('S','F')`,
      ),
    )
    expect(jobs.total).toBeGreaterThan(100)
    const starts = jobs.hits.map((h) => h.startTime)
    expect([...starts].sort((a, b) => b - a)).toEqual(starts)
    // Each hit's slot time, bytes billed and cost (cents) are its job's, as the chargeback sums them.
    for (const hit of jobs.hits)
      expect({ cpuTime: hit.cpuTime, totBytesBilled: hit.totBytesBilled, cents: hit.cents }).toEqual(
        sql<{ cpuTime: number; totBytesBilled: number; cents: number }>(
          `SELECT slot_ms AS cpuTime, bytes_billed AS totBytesBilled, round(cost_e4 / 10000.0) AS cents FROM bq_jobs WHERE ${jobIdSql('bq_jobs')} = @id`,
          { id: hit.id },
        )[0],
      )
    const costly = (
      await get<FinishedAppsResponse<'fbqapps'>>(
        `/api/v1/search/ops/fbqapps?${week}&sort=-cents&size=5&clusterUid=acme-marketing-analytics`,
        bigquery,
      )
    ).body
    expect(costly.hits.map((h) => h.cents)).toEqual(
      sql<{ c: number }>(
        `SELECT round(cost_e4 / 10000.0) AS c FROM bq_jobs WHERE end_time BETWEEN ${weekStart} AND ${weekEnd}
            AND status IN ('S','F') AND project = (SELECT code FROM bq_projects WHERE project_id = 'acme-marketing-analytics')
          ORDER BY cost_e4 DESC, rowid DESC LIMIT 5`,
      ).map((r) => r.c),
    )
    for (const hit of costly.hits)
      expect(hit).toMatchObject({ kind: 'bigquery', queue: 'acme-marketing-analytics' })
    // Presto: CPU time in ms and cumulative user memory in byte-seconds, newest start first (B100).
    const presto = (
      await get<FinishedAppsResponse<'fpapps'>>(`/api/v1/search/ops/fpapps?${week}&sort=-cpuTime&size=5`)
    ).body
    expect(presto.total).toBe(
      one(`SELECT count(*) FROM applications WHERE ${finishedIn} AND ${platform('CDH')} AND kind = 'presto'`),
    )
    expect(presto.total).toBeGreaterThan(0)
    const top = one(
      `SELECT max(vcore_seconds) FROM applications WHERE ${finishedIn} AND ${platform('CDH')} AND kind = 'presto'`,
    )
    expect(presto.hits[0]!.cpuTime).toBe(top * 1000)
    expect(presto.hits[0]!.id_name).toMatch(/^\d{8}_\d{6}_\d{5}_[a-z0-9]{5} /)
    const cpu = presto.hits.map((h) => h.cpuTime)
    expect([...cpu].sort((a, b) => b - a)).toEqual(cpu)
    const byStart = (await get<FinishedAppsResponse<'fpapps'>>(`/api/v1/search/ops/fpapps?${week}`)).body
    const starts2 = byStart.hits.map((h) => h.startTime)
    expect([...starts2].sort((a, b) => b - a)).toEqual(starts2)
  })
})

describe('the read-time shift and the clock moving on', () => {
  it('the series move with the applications when the data is shifted to a later day', async () => {
    const url = (start: number) =>
      `/api/v1/clusters/cdh-prod-01/resources/cpu/allocated?start_time=${start}&end_time=${start + DAY}&interval=1h`
    const before = (await get<ResourceSeriesResponse>(url(weekStart))).body
    const tagged = (
      await get<TaggedResourceResponse>(
        `/api/v1/clusters/cdh-prod-01/resources/tagged/cpu?start_time=${weekStart}&end_time=${weekStart + DAY}&interval=1h`,
      )
    ).body
    const jobs = (await get<FinishedAppsResponse<'fapps'>>(`/api/v1/search/ops/fapps?${week}&size=3`)).body
    shiftToClock(app.db, TEST_NOW_MS + DAY)
    try {
      const moved = (
        await get<FinishedAppsResponse<'fapps'>>(
          `/api/v1/search/ops/fapps?start_time=${weekStart + DAY}&end_time=${weekEnd + DAY}&size=3`,
        )
      ).body
      expect(moved.hits).toEqual(
        jobs.hits.map((h) => ({ ...h, startTime: h.startTime + DAY, finishedTime: h.finishedTime + DAY })),
      )
      const after = (await get<ResourceSeriesResponse>(url(weekStart + DAY))).body
      expect(after.avg).toEqual(before.avg.map(([ts, v]) => [ts + DAY, v]))
      const taggedAfter = (
        await get<TaggedResourceResponse>(
          `/api/v1/clusters/cdh-prod-01/resources/tagged/cpu?start_time=${weekStart + DAY}&end_time=${weekStart + 2 * DAY}&interval=1h`,
        )
      ).body
      expect(taggedAfter.series).toEqual(
        tagged.series.map((s) => ({ ...s, data: s.data.map(([ts, v]) => [ts + DAY, v]) })),
      )
    } finally {
      shiftToClock(app.db, TEST_NOW_MS)
    }
  })

  it('past the seeded data, the apps running keep their allocation and every node is up', async () => {
    app.clock.set(TEST_NOW_MS + 5 * HOUR)
    try {
      // Signed in at the later time: a token lasts 2 hours.
      const later = auth(await signIn(app, 'admin'))
      const window = `start_time=${TEST_NOW_MS + 3 * HOUR}&end_time=${TEST_NOW_MS + 4 * HOUR}`
      const { body } = await get<ResourceSeriesResponse>(
        `/api/v1/clusters/cdh-prod-01/resources/cpu/allocated?${window}`,
        later,
      )
      const running = one(
        "SELECT sum(vcore_seconds * 1000.0 / max(duration, 1)) FROM applications WHERE cluster_uid = 'cdh-prod-01' AND finished_time IS NULL",
      )
      const [spec] = sql<{ nodes: number; node_vcores: number }>(
        "SELECT nodes, node_vcores FROM yarn_capacity WHERE cluster_uid = 'cdh-prod-01'",
      )
      expect(body.avg).toHaveLength(30)
      for (const [, v] of body.avg) expect(v).toBeCloseTo(running, 1)
      for (const [, v] of body.total) expect(v).toBe(spec!.nodes * spec!.node_vcores)
      const nodes = (await get<NodesResponse>(`/api/v1/clusters/cdh-prod-01/nodes?${window}`, later)).body
      for (const [, n] of nodes.active) expect(n).toBe(spec!.nodes)
    } finally {
      app.clock.set(TEST_NOW_MS)
    }
  })
})

describe('access and bad input', () => {
  it.each([
    '/api/v1/clusters/cdh-prod-01/resources/cpu/allocated',
    '/api/v1/clusters/cdh-prod-01/resources/memory/total',
    '/api/v1/clusters/cdh-prod-01/nodes',
    '/api/v1/clusters/cdh-prod-01/resources/tagged/cpu',
    '/api/v1/clusters/cdh-prod-01/resources/tagged/stats',
    '/api/v1/clusters/cdh-prod-01/resources/tagged/apps',
    '/api/v1/search/ops/fapps',
    '/api/v1/search/ops/fbqapps',
  ])('%s without a token is a 401', async (url) => {
    const res = await app.inject({ url })
    expect(res.statusCode).toBe(401)
    expect(res.json()).toMatchObject({ message: 'Session expired' })
  })

  it("another platform's cluster is not readable (403), its own users read it", async () => {
    const emrCluster = 'j-2AXXXXXXGAPLF'
    const denied = await get(`/api/v1/clusters/${emrCluster}/resources/cpu/allocated`)
    expect(denied.status).toBe(403)
    expect(denied.body).toMatchObject({
      error: 'Forbidden',
      message: `You do not have access to the cluster "${emrCluster}".`,
    })
    const emr = auth(await signIn(app, 'emr'))
    expect((await get(`/api/v1/clusters/${emrCluster}/resources/cpu/allocated`, emr)).status).toBe(200)
    const fapps = (
      await get<FinishedAppsResponse<'fapps'>>(`/api/v1/search/ops/fapps?clusterUid=${emrCluster}`)
    ).body
    expect(fapps.message).toContain('You do not have access to the cluster "j-2AXXXXXXGAPLF"')
  })

  it.each([
    ['/api/v1/clusters/nope/nodes', 403, 'You do not have access to the cluster "nope".'],
    [
      `/api/v1/clusters/cdh-prod-01/nodes?start_time=${weekEnd}&end_time=${weekStart}`,
      400,
      'querystring/start_time must not be after querystring/end_time',
    ],
    [
      '/api/v1/clusters/cdh-prod-01/nodes?start_time=yesterday',
      400,
      'querystring/start_time must be epoch milliseconds or an ISO-8601 date',
    ],
    [
      '/api/v1/clusters/cdh-prod-01/nodes?from=soon',
      400,
      'querystring/from must be YYYY-MM-DD or epoch seconds',
    ],
    [
      '/api/v1/clusters/cdh-prod-01/nodes?interval=2h',
      400,
      'querystring/interval must be equal to one of the allowed values',
    ],
    [
      `/api/v1/clusters/cdh-prod-01/resources/cpu/allocated?${week}&interval=2m`,
      400,
      'querystring/interval: 5040 points of 2m in the window; at most 2000',
    ],
    [
      '/api/v1/clusters/cdh-prod-01/resources/cpu/allocated?clusterName=cdh-etl-02',
      400,
      'querystring/clusterName "cdh-etl-02" is not the cluster of the path',
    ],
    [
      '/api/v1/clusters/cdh-prod-01/resources/tagged/cpu?groupBy=colour',
      400,
      'querystring/groupBy must be equal to one of the allowed values',
    ],
    [
      '/api/v1/clusters/cdh-prod-01/resources/tagged/cpu?values=a,b,c,d,e,f,g,h,i,j,k',
      400,
      'querystring/values: at most 10 group values, got 11',
    ],
    [
      '/api/v1/clusters/cdh-prod-01/resources/tagged/stats?final_status=maybe',
      400,
      'querystring/final_status must be boolean',
    ],
    [
      '/api/v1/clusters/cdh-prod-01/resources/tagged/apps?groupBy=user',
      400,
      'querystring/groupBy and querystring/value must be sent together',
    ],
    ['/api/v1/clusters/cdh-prod-01/resources/tagged/apps?size=101', 400, 'querystring/size must be <= 100'],
    [
      '/api/v1/search/ops/fapps?sort=-colour',
      400,
      'querystring/sort: "colour" is not a column of this table',
    ],
    [
      '/api/v1/search/ops/fbqapps?sort=vcoreSeconds',
      400,
      'querystring/sort: "vcoreSeconds" is not a column of this table',
    ],
    ['/api/v1/search/ops/fapps?from=9995&size=10', 400, 'Results are limited to 10000 records'],
    ['/api/v1/search/ops/fpapps?page=1001&size=10', 400, 'Results are limited to 10000 records'],
    ['/api/v1/search/ops/fiapps?clusterUid=nope', 403, 'You do not have access to the cluster "nope".'],
  ])('%s is a %i saying why', async (url, status, message) => {
    const res = await get(url)
    expect(res.status).toBe(status)
    expect(res.body).toMatchObject({ statusCode: status, error: expect.any(String) })
    expect(res.body.message).toContain(message)
  })

  it('a cluster of the platform that is not a Yarn cluster is a 400', async () => {
    const cdp = auth(await signIn(app, 'cdp'))
    const res = await get('/api/v1/clusters/cdp-impala-01/resources/cpu/allocated', cdp)
    expect(res.status).toBe(400)
    expect(res.body.message).toBe(
      'Cluster "cdp-impala-01" is of kind Impala: resources are kept for Yarn clusters only',
    )
  })
})
