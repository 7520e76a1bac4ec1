import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { JobBucket, PipelineRuns, YarnActionResult } from '@costlens/shared'
import type { AppRow } from '../src/db/seed/applications.ts'
import { eventMask } from '../src/db/seed/applications.ts'
import { frozenTestApp, TEST_NOW_MS } from './helper.ts'

/**
 * Issue 21: the real product's documented operations of the clusters, apps, auto-actions, Yarn and
 * workflows areas (REST reference 4.6), sent as a script written against it sends them: the
 * documented fields, and the same numbers as the console's calls.
 */
let app: FastifyInstance
let as: (user: string) => { authorization: string }
/** The still clock's instant (frozenTestApp stands at TEST_NOW): windows are written before the app is built. */
const now = TEST_NOW_MS
beforeAll(async () => ({ app, as } = await frozenTestApp({ users: ['admin', 'emr'] })))
afterAll(() => app.close())

const DAY = 86_400_000
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10)
const get = (url: string, headers: object = as('admin')) =>
  app.inject({ url, headers: headers as Record<string, string> })
const ok = async <T>(url: string, headers?: object) => {
  const res = await get(url, headers)
  expect(res.statusCode, res.body).toBe(200)
  expect(res.headers['x-costlens-ignored-params'], url).toBeUndefined()
  return res.json<T>()
}

describe('GET /api/v1/autoactions/recent_violations?eventType=AAVA (the reference’s event type)', () => {
  it('AAVA answers the violations AUTO_ACTION_VIOLATION (or none) answers', async () => {
    const window = `start_time=${day(now - 6 * DAY)}&end_time=${day(now)}&limit=100`
    const all = await ok<unknown[]>(`/api/v1/autoactions/recent_violations?${window}`)
    expect(all.length).toBeGreaterThan(0)
    expect(await ok(`/api/v1/autoactions/recent_violations?${window}&eventType=AAVA`)).toEqual(all)
    expect(await ok(`/api/v1/autoactions/recent_violations?${window}&eventType=aava`)).toEqual(all)
  })
})

describe('GET /api/v1/clusters (documented: start_time/end_time, ["<cluster name>"])', () => {
  it("names the user's clusters, cluster_search's; a window leaves out those not alive in it", async () => {
    const names = await ok<string[]>('/api/v1/clusters')
    const search = await ok<{ clusterName: string }[]>('/api/v1/cluster_search?size=10000')
    expect(names).toEqual(search.map((c) => c.clusterName))
    expect(names).toContain('prod-cdh-01')
    expect(names.every((n) => typeof n === 'string')).toBe(true)
    const newest = app.db
      .prepare(
        "SELECT cluster_name, created_at FROM clusters WHERE platform = 'CDH' ORDER BY created_at DESC",
      )
      .get() as { cluster_name: string; created_at: number }
    const before = await ok<string[]>(`/api/v1/clusters?end_time=${day(newest.created_at - 2 * DAY)}`)
    expect(before).not.toContain(newest.cluster_name)
    expect(before.length).toBeLessThan(names.length)
    const emr = await ok<string[]>('/api/v1/clusters', as('emr'))
    expect(emr.some((n) => names.includes(n))).toBe(false)
    const reversed = await get(`/api/v1/clusters?start_time=${day(now)}&end_time=${day(now - 3 * DAY)}`)
    expect(reversed.statusCode).toBe(400)
    expect(reversed.json().message).toMatch(/start_time/)
  })
})

describe('GET /api/v1/apps/status/running/ and /finished/ (documented: trailing slash)', () => {
  const count = (buckets: JobBucket[], key: string) => buckets.find((b) => b.key === key)!.count

  it('running/: {date, appsRunning, appsPending}, the running and pending buckets of /jobs/bystatus', async () => {
    const status = await ok<{ date: number; appsRunning: number; appsPending: number }>(
      '/api/v1/apps/status/running/',
    )
    expect(Object.keys(status).sort()).toEqual(['appsPending', 'appsRunning', 'date'])
    const buckets = await ok<JobBucket[]>('/api/v1/jobs/bystatus')
    expect(status).toEqual({
      date: now,
      appsRunning: count(buckets, 'running'),
      appsPending: count(buckets, 'pending'),
    })
    expect(status.appsRunning).toBeGreaterThan(0)
  })

  it('finished/: a point a day, zero keys left out, adding up to /jobs/finished/bystatus', async () => {
    const window = `from=${day(now - 3 * DAY)}&to=${day(now - DAY)}`
    const points = await ok<Record<string, number>[]>(`/api/v1/apps/status/finished/?${window}`)
    expect(points).toHaveLength(3)
    const total = (key: string) => points.reduce((n, p) => n + (p[key] ?? 0), 0)
    const buckets = await ok<JobBucket[]>(`/api/v1/jobs/finished/bystatus?${window}`)
    expect(total('SUCCEEDED')).toBeGreaterThan(0)
    expect({ S: total('SUCCEEDED'), F: total('FAILED'), K: total('KILLED') }).toEqual({
      S: count(buckets, 'success'),
      F: count(buckets, 'failed'),
      K: count(buckets, 'killed'),
    })
    for (const { date: _, ...counts } of points)
      for (const [key, value] of Object.entries(counts)) {
        expect(['SUCCEEDED', 'FAILED', 'KILLED']).toContain(key)
        expect(value).toBeGreaterThan(0)
      }
    expect(points.map((p) => p.date)).toEqual([1, 2, 3].map((k) => Date.parse(day(now - 3 * DAY)) + k * DAY))
    // No parameters, as documented: the last day, as /jobs/finished/bystatus's default.
    const byDefault = await ok<Record<string, number>[]>('/api/v1/apps/status/finished/')
    expect(byDefault).toHaveLength(1)
    expect(byDefault[0]!.SUCCEEDED).toBe(
      count(await ok<JobBucket[]>('/api/v1/jobs/finished/bystatus'), 'success'),
    )
    const tooLong = await get(`/api/v1/apps/status/finished/?from=${day(now - 40 * DAY)}&to=${day(now)}`)
    expect(tooLong.statusCode).toBe(400)
  })
})

describe('GET /api/v1/apps/resources/{cpu|memory}/allocated (documented: from/to)', () => {
  it.each(['cpu', 'memory'])(
    '%s: the numbers of /clusters/resources/{metric}/allocated, as that flat map',
    async (metric) => {
      const window = `from=${Math.floor((now - DAY) / 1000)}&to=${Math.floor(now / 1000)}&interval=hourly`
      const apps = await ok<Record<string, string | number>>(
        `/api/v1/apps/resources/${metric}/allocated?${window}`,
      )
      const clusters = await ok(`/api/v1/clusters/resources/${metric}/allocated?${window}`)
      expect(apps).toEqual(clusters)
      const values = Object.values(apps)
      expect(values.length).toBeGreaterThan(20)
      expect(values.every((v) => typeof v === (metric === 'cpu' ? 'string' : 'number'))).toBe(true)
    },
  )
})

describe('GET /api/v1/yarn_rm/kill_app and move_app (documented: clusterid, appid[, queue])', () => {
  const runningApps = () =>
    app.db
      .prepare(
        `SELECT * FROM applications WHERE status = 'R' AND kind = 'spark'
           AND cluster_uid IN (SELECT unravel_id FROM clusters WHERE platform = 'CDH') ORDER BY id LIMIT 3`,
      )
      .all() as AppRow[]
  const stored = (id: string) => app.db.prepare('SELECT * FROM applications WHERE id = ?').get(id) as AppRow

  it("kill_app kills as /yarn_rm/kill_app/{id} does; a clusterid not the app's is a 404 and kills nothing", async () => {
    const [a] = runningApps()
    const wrong = await get(`/api/v1/yarn_rm/kill_app?clusterid=cdh-dev-03x&appid=${a!.id}`)
    expect(wrong.statusCode).toBe(404)
    expect(wrong.json().message).toBe(`Application ${a!.id} is not on cluster cdh-dev-03x.`)
    expect(stored(a!.id).status).toBe('R')
    const killed = await ok<YarnActionResult>(
      `/api/v1/yarn_rm/kill_app?clusterid=${a!.cluster_uid}&appid=${a!.id}`,
    )
    expect(killed).toMatchObject({ id: a!.id, status: 'K', success: true, finishedTime: now })
    expect(stored(a!.id).status).toBe('K')
    const again = await get(`/api/v1/yarn_rm/kill_app?clusterid=${a!.cluster_uid}&appid=${a!.id}`)
    expect(again.statusCode).toBe(409)
  })

  it("move_app moves to the queue; the cluster's name does as its id; bad input and others' apps refused", async () => {
    const [, b] = runningApps()
    const cluster = app.db
      .prepare('SELECT cluster_name FROM clusters WHERE unravel_id = ?')
      .pluck()
      .get(b!.cluster_uid) as string
    const queue = app.db
      .prepare('SELECT queue FROM yarn_queues WHERE cluster_uid = ? AND queue <> ? ORDER BY queue LIMIT 1')
      .pluck()
      .get(b!.cluster_uid, b!.queue) as string
    const moved = await ok<YarnActionResult>(
      `/api/v1/yarn_rm/move_app?clusterid=${cluster}&appid=${b!.id}&queue=${encodeURIComponent(queue)}`,
    )
    expect(moved).toMatchObject({ id: b!.id, queue, status: 'R' })
    expect(stored(b!.id).queue).toBe(queue)
    const blank = await get(`/api/v1/yarn_rm/move_app?clusterid=${b!.cluster_uid}&appid=${b!.id}&queue=%20`)
    expect(blank.json().message).toBe("Queue can't be empty")
    expect((await get(`/api/v1/yarn_rm/move_app?appid=${b!.id}&queue=etl`)).statusCode).toBe(400)
    expect(
      (await get(`/api/v1/yarn_rm/kill_app?clusterid=${b!.cluster_uid}&appid=application_0_0`)).statusCode,
    ).toBe(404)
    // The EMR admin may not touch a CDH app: 403, as the path form answers.
    const other = await get(`/api/v1/yarn_rm/kill_app?clusterid=${b!.cluster_uid}&appid=${b!.id}`, as('emr'))
    expect(other.statusCode).toBe(403)
    expect(
      (await get(`/api/v1/yarn_rm/kill_app?clusterid=${b!.cluster_uid}&appid=${b!.id}`, {})).statusCode,
    ).toBe(401)
    expect(stored(b!.id).status).toBe('R')
  })
})

describe('GET /api/v1/workflows and /workflows/missing_sla (documented: from/to)', () => {
  const window = `from=${day(now - 6 * DAY)}&to=${day(now)}`
  const runsOf = (name: string) =>
    ok<PipelineRuns>(
      `/api/v1/workflows/pipelines/${name}/runs?start_time=${Date.parse(day(now - 6 * DAY))}&end_time=${Date.parse(day(now)) + DAY - 1}`,
    )

  it('workflows: {"<name>": {key, doc_count, duration_stats}}, the runs the pipeline runs list shows', async () => {
    type Stats = { count: number; min: number; max: number; avg: number; sum: number }
    const workflows = await ok<Record<string, { key: string; doc_count: number; duration_stats: Stats }>>(
      `/api/v1/workflows?${window}`,
    )
    expect(Object.keys(workflows).length).toBeGreaterThan(3)
    for (const [name, w] of Object.entries(workflows)) {
      const { runs } = await runsOf(name)
      const durations = runs.map((r) => r.duration)
      const sum = durations.reduce((n, d) => n + d, 0)
      expect(w).toEqual({
        key: name,
        doc_count: runs.length,
        duration_stats: {
          count: runs.length,
          min: Math.min(...durations),
          max: Math.max(...durations),
          avg: sum / runs.length,
          sum,
        },
      })
    }
    expect(Object.keys(await ok('/api/v1/workflows'))).not.toHaveLength(0)
  })

  it("missing_sla: the runs with an app carrying 'SLA Missed', with the workflow's average", async () => {
    const rows = await ok<
      { duration: number; avgDuration: number; user: string; name: string; id: string }[]
    >(`/api/v1/workflows/missing_sla?${window}`)
    expect(rows.length).toBeGreaterThan(0)
    const bit = eventMask(['SLA Missed'])
    for (const row of rows) {
      const { runs } = await runsOf(row.name)
      const run = runs.find((r) => r.id === row.id)!
      expect(row).toMatchObject({ duration: run.duration, user: run.user })
      const avg = runs.reduce((n, r) => n + r.duration, 0) / runs.length
      expect(row.avgDuration).toBe(Math.round(avg))
      const annotation = await ok<{ children: { id: string }[] }>(
        `/api/v1/workflows/${row.id}/annotation_by_wfid`,
      )
      const flagged = annotation.children.filter(
        (c) =>
          (app.db.prepare('SELECT event_mask FROM applications WHERE id = ?').pluck().get(c.id) as number) &
          bit,
      )
      expect(flagged.length, row.id).toBeGreaterThan(0)
    }
    const bad = await get(`/api/v1/workflows/missing_sla?from=${day(now)}&to=${day(now - 2 * DAY)}`)
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toMatch(/from/)
  })
})
