import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type {
  AppAnalysis,
  AppAnnotation,
  AppAttemptStatus,
  AppDetailsEvents,
  AppDetailsSummary,
  AppErrorView,
  AppResourceSeries,
  AppResourceUsage,
  AppSummaryAnnotation,
} from '@costlens/shared'
import { readableApp } from '../src/db/repositories/app-access.ts'
import { rowAsShown } from '../src/db/repositories/app-row-as-shown.ts'
import type { AppRow as StoredApp } from '../src/db/seed/applications.ts'
import { scopeOfPlatform } from '../src/db/repositories/scope.ts'
import { deriveFailure, deriveMr, deriveSpark, skewedStages } from '../src/details/index.ts'
import { hasEvent, taskCounts } from '../src/details/record.ts'
import { frozenTestApp } from './helper.ts'

/**
 * The application-details calls every type shares (02 §7, issue 17; E081–E095, E143–E147): each
 * answers from the app's record and derivations, after the access check.
 */
interface Row {
  id: string
  kind: string
  status: string
  cluster_uid: string
  cents: number
  num_events: number
  memory_seconds: number
  vcore_seconds: number
  app_attempts: number
  map_tasks: string
  reduce_tasks: string
  event_mask: number
}

let app: FastifyInstance
let as: (user: string) => { authorization: string }
let now: number
const one = (sql: string) => app.db.prepare(sql).get() as Row
const all = (sql: string) => app.db.prepare(sql).all() as Row[]
const cdhOnly = "cluster_uid IN (SELECT unravel_id FROM clusters WHERE platform = 'CDH')"

beforeAll(async () => ({ app, as, now } = await frozenTestApp({ users: ['admin', 'emr'] })))
afterAll(() => app.close())

const call = (method: 'GET' | 'POST', url: string, user: string | null = 'admin', payload?: object) =>
  app.inject({ method, url, headers: user ? as(user) : {}, ...(payload ? { payload } : {}) })
const get = <T>(url: string, user = 'admin') =>
  call('GET', url, user).then((res) => {
    expect(res.statusCode, res.body).toBe(200)
    return res.json<T>()
  })
const record = (id: string) => readableApp(app.db, scopeOfPlatform(app.db, 'CDH'), id)

/** Every call of the area, for an app of the given kind. */
const CALLS: [string, 'GET' | 'POST', string, (id: string, cluster: string) => string][] = [
  ['E081 summary', 'POST', 'spark', (id) => `/api/v1/apps/${id}/summary/`],
  ['E082 resource_metrics', 'GET', 'spark', (id) => `/api/v1/apps/${id}/resource_metrics`],
  [
    'E083 resource_usage',
    'GET',
    'spark',
    (id) => `/api/v1/apps/${id}/resource_usage?metric_id=allocatedMB&version=true`,
  ],
  ['E085 jobs errorview', 'GET', 'mr', (id) => `/api/v1/jobs/${id}/errorview`],
  ['E086 hive_queries errorview', 'GET', 'hive', (id) => `/api/v1/hive_queries/${id}/errorview`],
  ['E087 spark errorview', 'GET', 'spark', (id) => `/api/v1/spark/${id}/errorview`],
  ['E088 impala errorview', 'GET', 'impala', (id) => `/api/v1/impala/${id}/errorview`],
  ['E089 workflow errorview', 'GET', 'tez', (id) => `/api/v1/workflow/${id}/errorview`],
  ['E090 events', 'GET', 'spark', (id) => `/api/v1/apps/events/events?app_id=${id}`],
  ['E091 job events', 'GET', 'mr', (id) => `/api/v1/jobs/${id}/events`],
  ['E093 tags', 'GET', 'spark', (id) => `/api/v1/apps/${id}/tags`],
  ['E094 tags on a cluster', 'GET', 'spark', (id, c) => `/api/v1/apps/${c}/${id}/tags`],
  ['E095 mr annotation', 'GET', 'mr', (id) => `/api/v1/mr/${id}/annotation`],
  ['E143 annotation', 'GET', 'spark', (id) => `/api/v1/spark/${id}/1/annotation`],
  ['E144 status', 'GET', 'hive', (id) => `/api/v1/hive/${id}/1/status`],
  ['E145 analysis', 'GET', 'spark', (id) => `/api/v1/spark/${id}/1/analysis`],
  ['E146 appsummary', 'GET', 'tez', (id) => `/api/v1/tez/${id}/1/appsummary`],
  ['E147 errors', 'GET', 'impala', (id) => `/api/v1/impala/${id}/1/errors`],
]

describe('every call: 200 for the user’s app, 401 without a token, 403 for another platform, 404 unknown', () => {
  it.each(CALLS)('%s', async (_, method, kind, url) => {
    const row = one(
      `SELECT * FROM applications WHERE kind = '${kind}' AND ${cdhOnly} ORDER BY cents DESC LIMIT 1`,
    )
    const target = url(row.id, row.cluster_uid)
    expect((await call(method, target)).statusCode).toBe(200)
    expect((await call(method, target, null)).statusCode).toBe(401)
    const forbidden = await call(method, target, 'emr')
    expect(forbidden.statusCode).toBe(403)
    expect(forbidden.json()).toMatchObject({
      statusCode: 403,
      message: `Information for this application ${row.id} is forbidden.`,
    })
    const missing = await call(method, url('application_0_000000', row.cluster_uid))
    expect(missing.statusCode).toBe(404)
    expect(missing.json().message).toBe(
      'Information for this application application_0_000000 is not available.',
    )
  })
})

describe('bad input answers 400 with a clear message', () => {
  it.each([
    ['an id with spaces', 'GET', '/api/v1/apps/bad%20id/tags'],
    ['an id with a quote', 'GET', "/api/v1/apps/application_1'/tags"],
    ['resource_usage without metric_id', 'GET', '/api/v1/apps/{id}/resource_usage'],
    ['an unknown metric', 'GET', '/api/v1/apps/{id}/resource_usage?metric_id=cpu'],
    ['attempt_id 0', 'GET', '/api/v1/apps/{id}/resource_usage?metric_id=allocatedMB&attempt_id=0'],
    [
      'attempt_id past the app’s attempts',
      'GET',
      '/api/v1/apps/{id}/resource_usage?metric_id=allocatedMB&attempt_id=99',
    ],
    [
      'start_time after end_time',
      'GET',
      '/api/v1/apps/{id}/resource_metrics?start_time=2026-11-22&end_time=2026-11-01',
    ],
    ['a malformed start_time', 'GET', '/api/v1/apps/{id}/resource_metrics?start_time=yesterday'],
    ['events without app_id', 'GET', '/api/v1/apps/events/events'],
    ['an unknown details type', 'GET', '/api/v1/pig/{id}/1/status'],
    ['attempt 0', 'GET', '/api/v1/spark/{id}/0/status'],
    ['an attempt past the last', 'GET', '/api/v1/spark/{id}/99/status'],
    ['an attempt that is no number', 'GET', '/api/v1/spark/{id}/first/status'],
    ['can_access with an unknown field', 'POST', '/api/v1/apps/{id}/can_access'],
  ] as const)('%s', async (_, method, path) => {
    const row = one(
      `SELECT * FROM applications WHERE kind = 'spark' AND app_attempts = 1 AND ${cdhOnly} LIMIT 1`,
    )
    const res = await call(
      method,
      path.replace('{id}', row.id),
      'admin',
      method === 'POST' ? { cluster: 'x' } : undefined,
    )
    expect(res.statusCode, res.body).toBe(400)
    expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' })
    expect(res.json().message.length).toBeGreaterThan(5)
  })
})

describe('E084 can_access never refuses: it answers the two booleans', () => {
  it.each([
    ['the user’s app', 'admin', false, undefined, { canAccessApp: true, appExist: true }],
    ['on its own cluster', 'admin', false, 'own', { canAccessApp: true, appExist: true }],
    ['on another cluster', 'admin', false, 'cdh-dev-03x', { canAccessApp: false, appExist: true }],
    ['another platform’s app', 'emr', false, undefined, { canAccessApp: false, appExist: true }],
    ['an unknown app', 'admin', true, undefined, { canAccessApp: false, appExist: false }],
  ] as const)('%s', async (_, user, unknown, cluster, expected) => {
    const row = one(`SELECT * FROM applications WHERE ${cdhOnly} LIMIT 1`)
    const id = unknown ? 'application_0_000000' : row.id
    const body = cluster ? { cluster_uid: cluster === 'own' ? row.cluster_uid : cluster } : undefined
    const res = await call('POST', `/api/v1/apps/${id}/can_access`, user, body)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toEqual(expected)
  })
})

describe('E081 summary agrees with the record', () => {
  it('cost, status, resources and I/O are the row’s; a Hive query lists its child jobs', async () => {
    const parent = one(
      `SELECT p.* FROM applications p WHERE p.kind = 'hive' AND p.${cdhOnly}
         AND EXISTS (SELECT 1 FROM applications c WHERE c.parent_id = p.id) LIMIT 1`,
    )
    const res = await call('POST', `/api/v1/apps/${parent.id}/summary/`)
    const summary = res.json<AppDetailsSummary>()
    expect(summary).toMatchObject({
      id: parent.id,
      cents: parent.cents,
      status: parent.status,
      numEvents: parent.num_events,
    })
    const children = app.db
      .prepare('SELECT id, kind FROM applications WHERE parent_id = ?')
      .all(parent.id) as Row[]
    expect([...summary.mrJobIds, ...summary.tezJobIds].sort()).toEqual(children.map((c) => c.id).sort())
  })

  it('a running app’s duration runs up to now and it has no end', async () => {
    const running = one(`SELECT * FROM applications WHERE status = 'R' AND ${cdhOnly} LIMIT 1`)
    const summary = (await call('POST', `/api/v1/apps/${running.id}/summary/`)).json<AppDetailsSummary>()
    expect(summary.endTime).toBeNull()
    expect(summary.duration).toBe(now - summary.startTime)
  })

  it('says whether a Spark app streams (the Streaming tab shows only then), as its streaming calls answer', async () => {
    const streamingOf = async (where: string) => {
      const row = one(`SELECT * FROM applications WHERE kind = 'spark' AND ${where} AND ${cdhOnly} LIMIT 1`)
      return (await call('POST', `/api/v1/apps/${row.id}/summary/`)).json<AppDetailsSummary>().streaming
    }
    expect(await streamingOf("name LIKE '%stream%'")).toBe(true)
    expect(await streamingOf("name NOT LIKE '%stream%'")).toBe(false)
  })
})

describe('E082, E083 resources', () => {
  const integral = (points: [number, number][], step: number, end: number) =>
    points.reduce((n, [t, v]) => n + (v * (Math.min(t + step, end) - t)) / 1000, 0)

  it.each(['spark', 'mr', 'hive', 'impala'])(
    'a finished %s app: the series add up to its memory and vcore seconds',
    async (kind) => {
      const row = one(
        `SELECT * FROM applications WHERE kind = '${kind}' AND status = 'S' AND memory_seconds > 1000000 AND ${cdhOnly} LIMIT 1`,
      )
      const series = await get<AppResourceSeries>(`/api/v1/apps/${row.id}/resource_metrics`)
      expect(
        Math.abs(integral(series.allocatedMB, series.stepMs, series.endTime) / row.memory_seconds - 1),
      ).toBeLessThan(0.001)
      expect(
        Math.abs(integral(series.allocatedVCores, series.stepMs, series.endTime) / row.vcore_seconds - 1),
      ).toBeLessThan(0.001)
    },
  )

  it('a window keeps the buckets inside it, and resource_usage serves the same points', async () => {
    const row = one(
      `SELECT * FROM applications WHERE kind = 'spark' AND status = 'S' AND duration > 3600000 AND ${cdhOnly} LIMIT 1`,
    )
    const whole = await get<AppResourceSeries>(`/api/v1/apps/${row.id}/resource_metrics`)
    const from = whole.startTime + 10 * whole.stepMs
    const to = from + 20 * whole.stepMs
    const cut = await get<AppResourceSeries>(
      `/api/v1/apps/${row.id}/resource_metrics?start_time=${from}&end_time=${to}`,
    )
    expect(cut.allocatedMB.length).toBeGreaterThan(0)
    expect(cut.allocatedMB.every(([t]) => t + whole.stepMs > from && t <= to)).toBe(true)
    const usage = await get<AppResourceUsage>(
      `/api/v1/apps/${row.id}/resource_usage?metric_id=allocatedVCores&version=true&start_time=${from}&end_time=${to}`,
    )
    expect(usage).toMatchObject({ metricId: 'allocatedVCores', unit: 'vcores', attempt: row.app_attempts })
    expect(usage.data).toEqual(cut.allocatedVCores)
  })
})

describe('E085–E089, E147 errors', () => {
  it('a failed Spark app: its derived failure, root cause first', async () => {
    const row = one(
      `SELECT * FROM applications WHERE kind = 'spark' AND status = 'F' AND ${cdhOnly} ORDER BY cents DESC LIMIT 1`,
    )
    const view = await get<AppErrorView>(`/api/v1/spark/${row.id}/errorview`)
    expect(view.failure).toEqual(deriveFailure(record(row.id), now))
    expect(view.failure!.errors.length).toBeGreaterThan(0)
    expect(['memory', 'shuffle', 'user-code', 'killed']).toContain(view.failure!.category)
    const errors = await get<AppErrorView>(`/api/v1/spark/${row.id}/${row.app_attempts}/errors`)
    expect(errors).toEqual(view)
  })

  it('a succeeded app has no failure', async () => {
    const row = one(`SELECT * FROM applications WHERE kind = 'hive' AND status = 'S' AND ${cdhOnly} LIMIT 1`)
    expect((await get<AppErrorView>(`/api/v1/hive_queries/${row.id}/errorview`)).failure).toBeNull()
  })

  it.each([
    ['a Spark page', '/api/v1/spark/{id}/errorview'],
    ['a Hive page', '/api/v1/hive_queries/{id}/errorview'],
    ['an Impala attempt', '/api/v1/impala/{id}/1/errors'],
  ])('an MR job asked for on %s is not available there (404)', async (_, path) => {
    const row = one(`SELECT * FROM applications WHERE kind = 'mr' AND ${cdhOnly} LIMIT 1`)
    const res = await call('GET', path.replace('{id}', row.id))
    expect(res.statusCode).toBe(404)
  })
})

describe('E090, E091 events and E145 analysis follow the app’s own figures', () => {
  it('a Data Skew event of a Spark app names the stage skewedStages finds, for every such app', async () => {
    const rows = all(
      `SELECT * FROM applications WHERE kind = 'spark' AND ${cdhOnly} AND num_events > 0`,
    ).filter((r) => hasEvent(r, 'Data Skew'))
    expect(rows.length).toBeGreaterThan(20)
    for (const row of rows.slice(0, 150)) {
      const { events } = await get<AppDetailsEvents>(`/api/v1/apps/events/events?app_id=${row.id}`)
      const skew = events.find((e) => e.eventName === 'Data Skew')!
      const stage = skewedStages(deriveSpark(record(row.id), now).stages)[0]
      // A failed app whose only stage failed early may show no skew past 1.5× p75 in its derived
      // tasks: the event then names the most uneven stage.
      if (stage) expect(skew.stageId, row.id).toBe(stage.stageId)
      else expect(skew.stageId, row.id).not.toBeNull()
      expect(skew.detail).toContain(`Stage ${skew.stageId} `)
      expect(skew.category).toBe('EF')
    }
  })

  it('one event per stored event, plus the failure of a failed app that has none', async () => {
    const rows = all(
      `SELECT * FROM applications WHERE ${cdhOnly} AND kind IN ('spark','mr','hive','tez') LIMIT 200`,
    )
    for (const row of rows) {
      const { events } = await get<AppDetailsEvents>(`/api/v1/jobs/${row.id}/events`)
      const failed = row.status === 'F' || row.status === 'K'
      const storedAf = hasEvent(row, 'Application Failure')
      expect(events.length, row.id).toBe(row.num_events + (failed && !storedAf ? 1 : 0))
    }
  })

  it('a memory recommendation names current and recommended settings, its saving never above the cost', async () => {
    const rows = all(`SELECT * FROM applications WHERE ${cdhOnly} AND num_events > 0`).filter(
      (r) => hasEvent(r, 'Memory Over-allocation') || hasEvent(r, 'Executor GC Overhead'),
    )
    expect(rows.length).toBeGreaterThan(20)
    const mb = (s: string) => (s.endsWith('g') ? Number(s.slice(0, -1)) * 1024 : Number(s.slice(0, -1)))
    for (const row of rows.slice(0, 150)) {
      const { events } = await get<AppDetailsEvents>(`/api/v1/apps/events/events?app_id=${row.id}`)
      for (const e of events) {
        expect(e.savingCents, row.id).toBeLessThanOrEqual(row.cents)
        if (e.eventName === 'Memory Over-allocation' && e.cf.length)
          expect(mb(e.cf[0]!.nset)).toBeLessThan(mb(e.cf[0]!.cset))
      }
      const analysis = await get<AppAnalysis>(`/api/v1/${row.kind}/${row.id}/1/analysis`)
      const last = events.findLast((e) => e.cf.length > 0)
      expect(analysis.recommendation?.cf ?? null).toEqual(last?.cf ?? null)
    }
  })

  it.each([
    ['a failed app opens on Application Failure', 'F', 'AF'],
    ['a killed app opens on Application Failure', 'K', 'AF'],
  ])('%s (02 §4 default category)', async (_, status, expected) => {
    const row = one(
      `SELECT * FROM applications WHERE kind = 'spark' AND status = '${status}' AND ${cdhOnly} LIMIT 1`,
    )
    const analysis = await get<AppAnalysis>(`/api/v1/spark/${row.id}/1/analysis`)
    expect(analysis.defaultCategory).toBe(expected)
    expect(analysis.insightsV2[0]!.categories.AF!.instances[0]!.title).toMatch(/^(Failed|Killed): /)
  })

  it('a succeeded app with a GC recommendation opens on Recommendations; a failed one files it Uncategorized', async () => {
    const gc = all(
      `SELECT * FROM applications WHERE kind = 'spark' AND ${cdhOnly} AND num_events > 0`,
    ).filter((r) => hasEvent(r, 'Executor GC Overhead'))
    const ok = gc.find((r) => r.status === 'S')!
    const failed = gc.find((r) => r.status === 'F')
    expect((await get<AppAnalysis>(`/api/v1/spark/${ok.id}/1/analysis`)).defaultCategory).toBe('RE')
    if (failed) {
      const analysis = await get<AppAnalysis>(`/api/v1/spark/${failed.id}/1/analysis`)
      expect(analysis.insightsV2[0]!.categories.RE).toBeUndefined()
      expect(analysis.insightsV2[0]!.categories.NA!.instances.map((i) => i.type)).toContain(
        'Executor GC Overhead',
      )
    }
  })
})

describe('the Spark form of the generic calls', () => {
  it.each(['annotation', 'status', 'analysis', 'appsummary', 'errors'])(
    '/spark/{id}/{attempt}/%s serves what the generic route serves (a workflow run is any app)',
    async (resource) => {
      const row = one(
        `SELECT * FROM applications WHERE kind = 'spark' AND status = 'F' AND ${cdhOnly} LIMIT 1`,
      )
      const spark = await get(`/api/v1/spark/${row.id}/${row.app_attempts}/${resource}`)
      expect(await get(`/api/v1/workflow/${row.id}/${row.app_attempts}/${resource}`)).toEqual(spark)
      expect(await get(`/api/v1/spark/${row.cluster_uid}/${row.id}/${resource}`)).toEqual(spark)
      const hive = one(`SELECT * FROM applications WHERE kind = 'hive' AND ${cdhOnly} LIMIT 1`)
      expect((await call('GET', `/api/v1/spark/${hive.id}/1/${resource}`)).statusCode).toBe(404)
    },
  )
})

describe('E093, E094 tags', () => {
  it('key → values of the app, the same on its own cluster; another cluster is forbidden', async () => {
    const row = one(
      `SELECT a.* FROM applications a WHERE a.${cdhOnly} AND EXISTS (SELECT 1 FROM app_tags t WHERE t.app_id = a.id) LIMIT 1`,
    )
    const stored = app.db
      .prepare("SELECT key, value FROM app_tags WHERE app_id = ? AND key <> 'RealUser'")
      .all(row.id) as {
      key: string
      value: string
    }[]
    const tags = await get<Record<string, string[]>>(`/api/v1/apps/${row.id}/tags`)
    expect(Object.values(tags).flat().length).toBe(stored.length)
    for (const { key, value } of stored) expect(tags[key]).toContain(value)
    expect(await get(`/api/v1/apps/${row.cluster_uid}/${row.id}/tags`)).toEqual(tags)
    expect(await get(`/api/v1/apps/*/${row.id}/tags`)).toEqual(tags)
    expect((await call('GET', `/api/v1/apps/cdh-dev-03x/${row.id}/tags`)).statusCode).toBe(403)
  })
})

describe('E095, E143, E144, E146 annotation, status and appsummary', () => {
  it('an MR job’s annotation: its tasks are the record’s sm/km/fm and sr/kr/fr', async () => {
    const row = one(`SELECT * FROM applications WHERE kind = 'mr' AND status = 'S' AND ${cdhOnly} LIMIT 1`)
    const annotation = await get<AppAnnotation>(`/api/v1/mr/${row.id}/annotation`)
    const maps = taskCounts(row.map_tasks)
    const reduces = taskCounts(row.reduce_tasks)
    expect(annotation.mr!.job.mapsTotal).toBe(maps.succeeded + maps.killed + maps.failed)
    expect(annotation.mr!.job.reducesTotal).toBe(reduces.succeeded + reduces.killed + reduces.failed)
    expect(annotation.mr).toEqual(deriveMr(record(row.id), now))
    expect(annotation).toMatchObject({ jobId: row.id, type: 'mr', status: 'S', mrJobIds: [row.id] })
    expect(await get(`/api/v1/mr/${row.id}/${row.app_attempts}/annotation`)).toEqual(annotation)
    const spark = one(`SELECT * FROM applications WHERE kind = 'spark' AND ${cdhOnly} LIMIT 1`)
    expect((await call('GET', `/api/v1/mr/${spark.id}/annotation`)).statusCode).toBe(404)
  })

  it('a Spark annotation lists one job id per numJobs', async () => {
    const row = one(`SELECT * FROM applications WHERE kind = 'spark' AND ${cdhOnly} LIMIT 1`) as Row & {
      num_jobs: number
    }
    const annotation = await get<AppAnnotation>(`/api/v1/spark/${row.id}/1/annotation`)
    expect(annotation.sparkJobIds).toEqual([...Array(row.num_jobs).keys()])
    expect(annotation.mr).toBeNull()
  })

  it('the last attempt has the app’s status and diagnostics; an earlier one failed and was retried', async () => {
    // Only failed apps were retried (YARN starts another attempt when one fails).
    const stored = one(
      `SELECT rowid AS rid, * FROM applications WHERE app_attempts > 1 AND ${cdhOnly} LIMIT 1`,
    )
    // Its diagnostics as shown: a seeded failure's sentence is made from the record (app-row-as-shown.ts).
    const row = rowAsShown(stored as unknown as StoredApp & { rid: number }) as unknown as Row & {
      diagnostics: string | null
    }
    const last = await get<AppAttemptStatus>(`/api/v1/${row.kind}/${row.id}/${row.app_attempts}/status`)
    expect(last).toMatchObject({
      status: row.status,
      attempt: row.app_attempts,
      diagnostics: row.diagnostics,
    })
    const first = await get<AppAttemptStatus>(`/api/v1/${row.kind}/${row.id}/1/status`)
    expect(first).toMatchObject({ status: 'F', statusLong: 'failed', running: false, attempt: 1 })
    expect(first.diagnostics).toContain('retried')
  })

  it('appsummary: the app’s cents and its run as a JSON string, by attempt or by cluster (REAL-API-NOTES §4)', async () => {
    const row = one(
      `SELECT * FROM applications WHERE kind = 'spark' AND ${cdhOnly} ORDER BY cents DESC LIMIT 1`,
    )
    const byAttempt = await get<AppSummaryAnnotation>(
      `/api/v1/spark/${row.id}/${row.app_attempts}/appsummary`,
    )
    expect(byAttempt.annotation).toMatchObject({ cents: row.cents, dbuCost: 0 })
    expect(JSON.parse(byAttempt.annotation.runInfo)).toMatchObject({ id: row.id, status: row.status })
    expect(await get(`/api/v1/spark/${row.cluster_uid}/${row.id}/appsummary`)).toEqual(byAttempt)
  })
})
