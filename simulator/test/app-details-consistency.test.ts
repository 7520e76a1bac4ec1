import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type {
  AppAnalysis,
  AppAttemptStatus,
  AppDetailsEvents,
  AppDetailsSummary,
  AppErrorView,
  AppResourceSeries,
  AppSummaryAnnotation,
} from '@costlens/shared'
import { frozenTestApp } from './helper.ts'

/**
 * Issue 17: the shared details calls agree with the application record, on a few hundred apps of
 * every kind and status drawn from the seed (the CDH persona's). BigQuery jobs are not applications
 * (issue 19): their details are E167's (bigquery-jobs-not-apps.test.ts).
 */
interface Row {
  id: string
  cluster_uid: string
  kind: string
  status: string
  cents: number
  start_time: number
  duration: number
  memory_seconds: number
  vcore_seconds: number
  dfs_read: number
  num_events: number
  app_attempts: number
}

let app: FastifyInstance
let as: (user: string) => { authorization: string }
let now: number
beforeAll(async () => ({ app, as, now } = await frozenTestApp({ users: ['admin'] })))
afterAll(() => app.close())

const sample = (platform: string, limit: number) =>
  app.db
    .prepare(
      `SELECT * FROM applications WHERE cluster_uid IN (SELECT unravel_id FROM clusters WHERE platform = ?)
        ORDER BY (rowid * 7919) % 100003 LIMIT ?`,
    )
    .all(platform, limit) as Row[]

async function check(row: Row, user: string) {
  const call = async <T>(method: 'GET' | 'POST', url: string) => {
    const res = await app.inject({ method, url, headers: as(user) })
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200)
    return res.json<T>()
  }
  const summary = await call<AppDetailsSummary>('POST', `/api/v1/apps/${row.id}/summary/`)
  expect(summary).toMatchObject({
    id: row.id,
    kind: row.kind,
    status: row.status,
    cents: row.cents,
    memorySeconds: row.memory_seconds,
    vcoreSeconds: row.vcore_seconds,
    totalDfsBytesRead: row.dfs_read,
    numEvents: row.num_events,
  })
  const running = row.status === 'R'
  expect(summary.endTime === null, row.id).toBe(running)
  if (!running) expect(summary.endTime! - summary.startTime).toBe(row.duration)

  const series = await call<AppResourceSeries>('GET', `/api/v1/apps/${row.id}/resource_metrics`)
  expect(series.startTime).toBe(summary.startTime)
  expect(series.endTime).toBe(running ? now : summary.endTime)
  if (!running && row.memory_seconds > 100_000) {
    const integral = series.allocatedMB.reduce(
      (n, [t, v]) => n + (v * (Math.min(t + series.stepMs, series.endTime) - t)) / 1000,
      0,
    )
    expect(Math.abs(integral / row.memory_seconds - 1), row.id).toBeLessThan(0.001)
  }

  const errors = await call<AppErrorView>('GET', `/api/v1/workflow/${row.id}/errorview`)
  const failed = row.status === 'F' || row.status === 'K'
  expect(errors.failure !== null, row.id).toBe(failed)
  if (failed) expect(errors.failure!.errors.length, row.id).toBeGreaterThan(0)

  const { events } = await call<AppDetailsEvents>('GET', `/api/v1/apps/events/events?app_id=${row.id}`)
  expect(events.length, row.id).toBeGreaterThanOrEqual(row.num_events)
  for (const e of events) expect(e.savingCents, row.id).toBeLessThanOrEqual(row.cents)

  const analysis = await call<AppAnalysis>(
    'GET',
    `/api/v1/workflow/${row.id}/${row.app_attempts || 1}/analysis`,
  )
  const instances = Object.values(analysis.insightsV2[0]!.categories).flatMap((c) => c.instances)
  expect(instances.length).toBe(events.filter((e) => e.category).length)
  if (failed) expect(analysis.defaultCategory, row.id).toBe('AF')

  const status = await call<AppAttemptStatus>(
    'GET',
    `/api/v1/workflow/${row.id}/${row.app_attempts || 1}/status`,
  )
  expect(status).toMatchObject({ status: row.status, running })

  const { annotation } = await call<AppSummaryAnnotation>(
    'GET',
    `/api/v1/workflow/${row.id}/${row.app_attempts || 1}/appsummary`,
  )
  expect(annotation.cents).toBe(row.cents)
  expect(JSON.parse(annotation.runInfo)).toMatchObject({ id: row.id, status: row.status, kind: row.kind })
}

describe('the shared details calls agree with the record', () => {
  it('300 apps of the CDH clusters, every kind and status', async () => {
    const rows = sample('CDH', 300)
    expect(new Set(rows.map((r) => r.kind)).size).toBeGreaterThanOrEqual(5)
    expect(new Set(rows.map((r) => r.status)).size).toBeGreaterThanOrEqual(4)
    for (const row of rows) await check(row, 'admin')
  })
})
