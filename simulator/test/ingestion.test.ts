import type { FastifyInstance } from 'fastify'
import {
  HOUR_MS,
  ingestionEndpoints,
  type IngestionMonitor,
  type IngestionRunPage,
  type KafkaConsumption,
} from '@costlens/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { shiftToClock } from '../src/db/open-database.ts'
import { appsTimeShift } from '../src/db/repositories/applications.ts'
import { INGESTION_SOURCES } from '../src/db/repositories/ingestion-sources.ts'
import { INGESTION_ERRORS } from '../src/db/seed/ingestion.ts'
import { auth, frozenTestApp, signIn, type FrozenTestApp } from './helper.ts'

/*
 * The console's own data collection (issue 23): /manage/data_ingestion_monitor (R130) and
 * /manage/kafka_consumption (R131, R165), over the seeded runs and the stored queries and jobs they count.
 */
describe('ingestion monitor and Kafka consumption (R130, R131, R165)', () => {
  let app: FastifyInstance
  let as: FrozenTestApp['as']
  let now: number
  beforeAll(async () => {
    ;({ app, as, now } = await frozenTestApp({
      users: ['snowflake', 'sfuser', 'bigquery', 'bqviewer', 'emr'],
      peers: { bqviewer: { of: 'bigquery', role: 'user' } },
    }))
  })
  afterAll(() => app.close())

  const get = (url: string, user: string | null) =>
    app.inject({ method: 'GET', url, headers: user ? as(user) : {} })
  const monitorPath = ingestionEndpoints.monitor.path
  const kafkaPath = ingestionEndpoints.kafka.path
  const runsPath = (source: string) => ingestionEndpoints.runs.path.replace('{source}', source)
  const range = (days: number) =>
    `startTime=${new Date(now - days * 24 * HOUR_MS).toISOString()}&endTime=${new Date(now).toISOString()}`

  it('the Snowflake pages answer a Snowflake admin only; Kafka consumption a BigQuery user too; 401 without a token', async () => {
    for (const path of [monitorPath, kafkaPath, runsPath('QUERY_HISTORY')]) {
      expect((await get(path, 'snowflake')).statusCode).toBe(200)
      const sfUser = await get(path, 'sfuser')
      expect(sfUser.statusCode).toBe(403)
      expect(sfUser.json()).toMatchObject({
        statusCode: 403,
        error: 'Forbidden',
        message: expect.any(String),
      })
      expect((await get(path, 'emr')).statusCode).toBe(403)
      expect((await get(path, null)).statusCode).toBe(401)
    }
    expect((await get(kafkaPath, 'bigquery')).statusCode).toBe(200)
    expect((await get(kafkaPath, 'bqviewer')).statusCode).toBe(200)
    // The monitor is Snowflake's page only (R130).
    expect((await get(monitorPath, 'bigquery')).statusCode).toBe(403)
  })

  it.each([
    [monitorPath, 'startTime=yesterday', /querystring\/startTime must be/],
    [monitorPath, 'endTime=2026-13-01', /querystring\/endTime must be/],
    [
      monitorPath,
      `startTime=2026-11-22T00:00:00Z&endTime=2026-11-21T00:00:00Z`,
      /startTime must not be after/,
    ],
    [monitorPath, `startTime=2026-10-01T00:00:00Z&endTime=2026-11-22T00:00:00Z`, /at most 31 days/],
    [kafkaPath, 'startTime=soon', /querystring\/startTime must be/],
    [
      runsPath('QUERY_HISTORY'),
      'status=running',
      /querystring\/status must be equal to one of the allowed values/,
    ],
    [runsPath('QUERY_HISTORY'), 'page=0', /querystring\/page must be >= 1/],
    [runsPath('QUERY_HISTORY'), 'pageSize=101', /querystring\/pageSize must be <= 100/],
  ])('400 in the error shape for %s?%s', async (path, query, message) => {
    const res = await get(`${path}?${query}`, 'snowflake')
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({
      statusCode: 400,
      error: 'Bad Request',
      message: expect.stringMatching(message),
    })
  })

  it('404 for a source the monitor does not list', async () => {
    const res = await get(runsPath('JOBS'), 'snowflake')
    expect(res.statusCode).toBe(404)
    expect(res.json().message).toMatch(/No ingestion source JOBS/)
  })

  it("QUERY_HISTORY's rows per hour are the stored queries started in each hour", async () => {
    const body = (await get(`${monitorPath}?${range(3)}`, 'snowflake')).json<IngestionMonitor>()
    const source = body.sources.find((s) => s.id === 'QUERY_HISTORY')!
    expect(source.rowsPerHour.length).toBeGreaterThan(24)
    const shift = appsTimeShift(app.db)
    const count = app.db
      .prepare('SELECT count(*) FROM snowflake_queries WHERE start_time >= ? AND start_time < ?')
      .pluck()
    for (const [time, rows] of source.rowsPerHour) {
      const hour = Date.parse(time) - shift
      expect([time, rows]).toEqual([time, count.get(hour, hour + HOUR_MS)])
    }
    // Not a single hour past what is ingested.
    const last = Date.parse(source.rowsPerHour.at(-1)![0])
    expect(last + HOUR_MS).toBeLessThanOrEqual(Date.parse(source.ingestedUntil!))
    expect(source.rowsPerHour.reduce((a, [, n]) => a + n, 0)).toBeGreaterThan(0)
  })

  it("the stored rows per hour are each event source's definition over all the stored data", () => {
    const stored = app.db.prepare('SELECT hour, n FROM ingestion_source_hours WHERE source = ? ORDER BY hour')
    const events = INGESTION_SOURCES.filter((s) => s.kind === 'events')
    expect(events.length).toBeGreaterThan(0)
    for (const s of events) {
      const defined = [...s.hourlyRows(app.db, 0, now)].sort(([a], [b]) => a - b)
      expect(defined.length, s.id).toBeGreaterThan(0)
      expect(stored.raw().all(s.id), s.id).toEqual(defined)
    }
  })

  it('a range ending inside an hour reads that hour as the source defines it', async () => {
    // Three days ending 30 h 17 min ago: inside what every source has ingested (the seeded outages
    // ended earlier), so the range's end cuts its last hour short (WAREHOUSE_LOAD_HISTORY then counts
    // only the intervals started before it).
    const end = now - 30 * HOUR_MS - 17 * 60_000
    const q = `startTime=${new Date(end - 3 * 24 * HOUR_MS).toISOString()}&endTime=${new Date(end).toISOString()}`
    const body = (await get(`${monitorPath}?${q}`, 'snowflake')).json<IngestionMonitor>()
    const shift = appsTimeShift(app.db)
    for (const source of body.sources.filter((s) => s.kind === 'events')) {
      const s = INGESTION_SOURCES.find((x) => x.id === source.id)!
      const from = Date.parse(source.rowsPerHour[0]![0]) - shift
      const defined = s.hourlyRows(app.db, from, end - shift + 1)
      expect(Date.parse(source.ingestedUntil!)).toBeGreaterThan(end)
      expect(source.rowsPerHour, s.id).toEqual(
        source.rowsPerHour.map(([time]) => [time, defined.get(Date.parse(time) - shift) ?? 0]),
      )
    }
  })

  it('shows each status the rule gives: the seeded outages leave one source delayed and one failing', async () => {
    const body = (await get(monitorPath, 'snowflake')).json<IngestionMonitor>()
    const byId = Object.fromEntries(body.sources.map((s) => [s.id, s]))
    expect(Object.keys(byId)).toEqual([
      'QUERY_HISTORY',
      'WAREHOUSE_METERING_HISTORY',
      'WAREHOUSE_LOAD_HISTORY',
      'ACCESS_HISTORY',
      'TABLE_STORAGE_METRICS',
    ])
    expect(byId.QUERY_HISTORY).toMatchObject({ status: 'healthy', latencyMinutes: 45, scheduleMinutes: 60 })
    // Caught up two hours a run since its timeouts ended seven hours ago: still behind.
    const load = byId.WAREHOUSE_LOAD_HISTORY!
    expect(load.status).toBe('delayed')
    expect(load.lagMinutes).toBeGreaterThan(load.expectedLagMinutes)
    const access = byId.ACCESS_HISTORY!
    expect(access).toMatchObject({ status: 'failing', consecutiveFailures: 3 })
    // The lag is now less the newest event ingested, in whole minutes.
    for (const s of body.sources)
      expect(s.lagMinutes).toBe(Math.floor((now - Date.parse(s.ingestedUntil!)) / 60_000))
  })

  it("lists a source's runs newest first, filtered by status and paged in SQL, with the platform's error", async () => {
    const page = async (n: number) =>
      (
        await get(`${runsPath('ACCESS_HISTORY')}?${range(7)}&pageSize=100&page=${n}`, 'snowflake')
      ).json<IngestionRunPage>()
    const [first, second] = [await page(1), await page(2)]
    const all = { total: first.total, runs: [...first.runs, ...second.runs] }
    expect(all.total).toBe(7 * 24)
    expect(all.runs).toHaveLength(all.total)
    const times = all.runs.map((r) => Date.parse(r.startedAt))
    expect(times).toEqual([...times].sort((a, b) => b - a))
    expect(all.runs[0]).toMatchObject({ status: 'failed', rows: 0, error: INGESTION_ERRORS.privileges })
    const failed = (
      await get(`${runsPath('ACCESS_HISTORY')}?${range(7)}&status=failed&pageSize=2`, 'snowflake')
    ).json<IngestionRunPage>()
    const failedAll = all.runs.filter((r) => r.status === 'failed')
    expect(failed.total).toBe(failedAll.length)
    expect(failed.runs.map((r) => r.id)).toEqual(failedAll.slice(0, 2).map((r) => r.id))
    const page2 = (
      await get(`${runsPath('ACCESS_HISTORY')}?${range(7)}&status=failed&pageSize=2&page=2`, 'snowflake')
    ).json<IngestionRunPage>()
    expect(page2).toMatchObject({ page: 2, pageSize: 2, total: failed.total })
    expect(page2.runs.map((r) => r.id)).toEqual(failedAll.slice(2, 4).map((r) => r.id))
    // The monitor's figures are the same runs'.
    const monitor = (await get(`${monitorPath}?${range(7)}`, 'snowflake')).json<IngestionMonitor>()
    const access = monitor.sources.find((s) => s.id === 'ACCESS_HISTORY')!
    expect(access).toMatchObject({
      runs: all.total,
      failedRuns: failed.total,
      rowsIngested: all.runs.reduce((a, r) => a + r.rows, 0),
    })
  })

  it("a run's rows are the stored rows of its window, and a topic's messages in are its runs' rows in the hour they ran", async () => {
    const q = range(7)
    const runs = (
      await get(`${runsPath('QUERY_HISTORY')}?${q}&pageSize=100&status=succeeded`, 'snowflake')
    ).json<IngestionRunPage>()
    const shift = appsTimeShift(app.db)
    const count = app.db
      .prepare('SELECT count(*) FROM snowflake_queries WHERE start_time >= ? AND start_time < ?')
      .pluck()
    for (const run of runs.runs)
      expect(run.rows).toBe(count.get(Date.parse(run.windowStart) - shift, Date.parse(run.windowEnd) - shift))
    const kafka = (await get(`${kafkaPath}?${q}`, 'snowflake')).json<KafkaConsumption>()
    const topic = kafka.topics.find((t) => t.name === 'costlens.snowflake.query_history')!
    expect(topic.source).toBe('QUERY_HISTORY')
    const inByHour = new Map(topic.hours.map((h) => [Date.parse(h.time), h.messagesIn]))
    for (const run of runs.runs) {
      const hour = Math.floor((Date.parse(run.startedAt) - shift) / HOUR_MS) * HOUR_MS + shift
      if (inByHour.has(hour)) expect(inByHour.get(hour)).toBe(run.rows)
    }
    // In the range, the topic carried what the monitor says the source ingested.
    const monitor = (await get(`${monitorPath}?${q}`, 'snowflake')).json<IngestionMonitor>()
    const rows = monitor.sources.find((s) => s.id === 'QUERY_HISTORY')!.rowsIngested
    expect(topic.messagesIn).toBe(rows)
  })

  it("replays the loader's lag: it grows when the group pauses and drains after, and the partitions add up", async () => {
    const kafka = (await get(`${kafkaPath}?${range(3)}`, 'snowflake')).json<KafkaConsumption>()
    expect(kafka.topics.map((t) => t.name)).toContain('costlens.snowflake.access_history')
    for (const t of kafka.topics) {
      expect(t.consumerGroup).toBe('costlens-loader-snowflake')
      const lags = t.hours.map((h) => h.lag)
      expect(t.maxLag).toBe(Math.max(0, ...lags))
      for (const [i, h] of t.hours.entries()) {
        expect(h.messagesOut).toBeLessThanOrEqual(t.capacityPerHour)
        if (i > 0) expect(h.lag).toBe(t.hours[i - 1]!.lag + h.messagesIn - h.messagesOut)
      }
      expect(t.partitions.reduce((a, p) => a + p.lag, 0)).toBe(t.lag)
      for (const p of t.partitions) expect(p.logEndOffset - p.committedOffset).toBe(p.lag)
    }
    // The seeded two-hour pause, 28 hours before now: the query topic's lag rises, then is drained.
    const queries = kafka.topics.find((t) => t.source === 'QUERY_HISTORY')!
    const paused = queries.hours.filter((h) => h.messagesIn > 0 && h.messagesOut === 0)
    expect(paused.length).toBeGreaterThan(0)
    expect(queries.maxLag).toBeGreaterThan(0)
    expect(queries.hours.at(-1)!.lag).toBeLessThan(queries.maxLag)
  })

  it("BigQuery's topics are its own: its jobs and table storage, its loader group", async () => {
    const kafka = (await get(kafkaPath, 'bqviewer')).json<KafkaConsumption>()
    expect(kafka.topics.map((t) => [t.name, t.source, t.consumerGroup])).toEqual([
      ['costlens.bigquery.jobs', 'JOBS', 'costlens-loader-bigquery'],
      ['costlens.bigquery.table_storage', 'TABLE_STORAGE', 'costlens-loader-bigquery'],
    ])
    const jobs = kafka.topics[0]!
    const shift = appsTimeShift(app.db)
    // A job is a message: the hour's messages in are the jobs its runs read.
    const runs = app.db
      .prepare(
        `SELECT started_at, window_start, window_end, row_count FROM ingestion_runs
          WHERE platform = 'BIGQUERYV2' AND source = 'JOBS' AND status = 'succeeded' AND started_at >= ?`,
      )
      .all(Date.parse(kafka.startTime) - shift) as {
      started_at: number
      window_start: number
      window_end: number
      row_count: number
    }[]
    const jobCount = app.db
      .prepare('SELECT count(*) FROM bq_jobs WHERE create_time >= ? AND create_time < ?')
      .pluck()
    for (const r of runs.slice(0, 48)) expect(r.row_count).toBe(jobCount.get(r.window_start, r.window_end))
    expect(jobs.messagesIn).toBe(
      runs.filter((r) => r.started_at <= now - shift).reduce((a, r) => a + r.row_count, 0),
    )
  })
})

describe('the runs move with the data they read', () => {
  it('a day later, after the start-up shift, the monitor and the topics read as they did', async () => {
    const { app, now } = await frozenTestApp()
    try {
      // Signed in at each read: a token a day old has expired.
      const read = async () => {
        const headers = auth(await signIn(app, 'snowflake'))
        const monitor = (
          await app.inject({ method: 'GET', url: ingestionEndpoints.monitor.path, headers })
        ).json<IngestionMonitor>()
        const kafka = (
          await app.inject({ method: 'GET', url: ingestionEndpoints.kafka.path, headers })
        ).json<KafkaConsumption>()
        return {
          sources: monitor.sources.map((s) => [s.id, s.status, s.lagMinutes, s.rowsIngested]),
          lags: kafka.topics.map((t) => t.hours.map((h) => h.lag)),
        }
      }
      const before = await read()
      const later = now + 24 * HOUR_MS
      shiftToClock(app.db, later)
      app.clock.set(later)
      expect(await read()).toEqual(before)
    } finally {
      await app.close()
    }
  })
})
