import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appTypeCodes } from '@costlens/shared'
import type {
  AppEventsResponse,
  AppType,
  AppsSearchResponse,
  GlobalSearchResponse,
  InefficientAppsNewuxResponse,
  KeyCount,
  NoOfEventsResponse,
  StatsTagsResponse,
  UsersQueuesResponse,
} from '@costlens/shared'
import { auth, signIn, testApp, TEST_NOW_MS } from './helper.ts'

const DAY = 86_400_000
let app: FastifyInstance
let headers: Record<string, string>

beforeAll(async () => {
  app = await testApp()
  headers = auth(await signIn(app, 'admin'))
})
afterAll(() => app.close())

async function get<T>(url: string, as = headers) {
  const res = await app.inject({ url, headers: as })
  return { status: res.statusCode, body: res.json<T & { message?: string }>() }
}

/**
 * A count straight from SQL, to check the endpoints count rather than guess: over the signed-in
 * admin's clusters (CDH), since every list is scoped to the user's platform.
 */
const count = (where: string, params: object = {}) =>
  (
    app.db
      .prepare(`SELECT count(*) AS n FROM applications WHERE cluster_type = 'CDH' AND (${where})`)
      .get(params) as { n: number }
  ).n

const weekAgo = TEST_NOW_MS - 7 * DAY
const week = `start_time=${weekAgo}&end_time=${TEST_NOW_MS}`
const inWeek = `start_time BETWEEN ${weekAgo} AND ${TEST_NOW_MS}`
/** Apps carrying an event of type 2 or 6 (B182), optionally of one name. */
const inefficient = (name?: string) =>
  `id IN (SELECT app_id FROM app_events WHERE event_type IN (2, 6)${name ? ` AND event_name = '${name}'` : ''})`

describe('GET /api/v1/apps/globalsearch (E010)', () => {
  it('E010 finds a part of the id, name, user or queue whatever its case, with the total of SQL', async () => {
    const { status, body } = await get<GlobalSearchResponse>('/api/v1/apps/globalsearch?searchString=ROLLUP')
    expect(status).toBe(200)
    expect(body.results).toHaveLength(10)
    expect(body.total).toBe(
      count("id LIKE '%rollup%' OR name LIKE '%rollup%' OR user LIKE '%rollup%' OR queue LIKE '%rollup%'"),
    )
    for (const r of body.results) expect(r.name.toLowerCase()).toContain('rollup')
    const byQueue = await get<GlobalSearchResponse>('/api/v1/apps/globalsearch?searchString=root.ML&size=50')
    expect(byQueue.body.total).toBe(count("queue = 'root.ml'"))
    expect(byQueue.body.results.every((r) => r.queue === 'root.ml')).toBe(true)
  })

  it('E010 B180 sorts by start time descending by default, by any unified search field either way', async () => {
    const starts = (await get<GlobalSearchResponse>('/api/v1/apps/globalsearch?size=30')).body.results.map(
      (r) => r.startTime,
    )
    expect(starts).toEqual([...starts].sort((a, b) => b - a))
    const cents = (
      await get<GlobalSearchResponse>('/api/v1/apps/globalsearch?size=30&sort=cents')
    ).body.results.map((r) => r.cents)
    expect(cents).toEqual([...cents].sort((a, b) => a - b))
  })

  it('E010 B099 pages do not overlap', async () => {
    const a = (await get<GlobalSearchResponse>('/api/v1/apps/globalsearch?size=10&from=0')).body.results
    const b = (await get<GlobalSearchResponse>('/api/v1/apps/globalsearch?size=10&from=10')).body.results
    expect(new Set([...a, ...b].map((r) => r.id)).size).toBe(20)
  })

  it.each([
    ['from=9995&size=10', 'from + size must be at most 10000'],
    ['size=-1', 'querystring/size must be >= 0'],
    ['sort=-password', 'querystring/sort: "password" is not a sort field'],
  ])('E010 %s is a 400 saying why', async (query, message) => {
    const { status, body } = await get(`/api/v1/apps/globalsearch?${query}`)
    expect(status).toBe(400)
    expect(body.message).toContain(message)
  })
})

describe('GET /api/v1/apps/globalsearch (E010): the search index, checked against SQL', () => {
  /** Apps of the admin's platform whose id, name, user or queue holds `s` as it is (no wildcard), any case. */
  const holding =
    'instr(lower(id), lower(@s)) OR instr(lower(name), lower(@s)) OR instr(lower(user), lower(@s)) OR instr(lower(queue), lower(@s))'
  const search = (s: string, extra = '', as = headers) =>
    get<GlobalSearchResponse>(`/api/v1/apps/globalsearch?searchString=${encodeURIComponent(s)}${extra}`, as)
  /** One page in SQL: the order searchOrder gives (column, then start time, then rowid, one way). */
  const sqlPage = (s: string, column: string, dir: 'ASC' | 'DESC', from: number, size: number) =>
    app.db
      .prepare(
        `SELECT id FROM applications WHERE cluster_type = 'CDH' AND (${holding})
          ORDER BY ${column} ${dir}, ${column === 'start_time' ? '' : `start_time ${dir}, `}rowid ${dir}
          LIMIT ${size} OFFSET ${from}`,
      )
      .pluck()
      .all({ s }) as string[]
  const cdhApp = () =>
    app.db
      .prepare(
        "SELECT id, name, user FROM applications WHERE cluster_type = 'CDH' AND id LIKE 'application%' ORDER BY rowid LIMIT 1 OFFSET 777",
      )
      .get() as { id: string; name: string; user: string }

  it.each([
    ['the middle of a name', () => cdhApp().name.slice(2, -2)],
    ['the middle of a user', () => cdhApp().user.slice(1, -1)],
    ['the middle of an id, upper case', () => cdhApp().id.slice(8, 20).toUpperCase()],
    ['one character', () => 'k'],
    ['two characters', () => '_0'],
    ['a string most apps hold', () => 'root.'],
    ['an id prefix all application ids share', () => 'APPLICATION_'],
  ])('E010 %s: the total of SQL, every result holding it', async (_what, text) => {
    const s = text()
    const { status, body } = await search(s, '&size=25')
    expect(status).toBe(200)
    expect(body.total).toBe(count(holding, { s }))
    expect(body.results.length).toBe(Math.min(25, body.total))
    for (const r of body.results)
      expect([r.id, r.name, r.user, r.queue].some((v) => v.toLowerCase().includes(s.toLowerCase()))).toBe(
        true,
      )
  })

  it('E010 finds the very app by a part of its id', async () => {
    const { id } = cdhApp()
    const { body } = await search(id.slice(-9))
    expect(body.results.map((r) => r.id)).toContain(id)
    expect(body.total).toBe(count(holding, { s: id.slice(-9) }))
  })

  it('E010 a string no app holds: no result, total 0', async () => {
    const { status, body } = await search('zz-no-such-app-zz')
    expect(status).toBe(200)
    expect(body).toEqual({ results: [], total: 0 })
  })

  it.each(['%', '_', 'a%b', '%_%', 'root_etl'])('E010 LIKE wildcards are taken literally: %s', async (s) => {
    const { body } = await search(s)
    expect(body.total).toBe(count(holding, { s }))
    for (const r of body.results)
      expect([r.id, r.name, r.user, r.queue].some((v) => v.toLowerCase().includes(s))).toBe(true)
  })

  it.each([
    ['root.', '-startTime', 'start_time', 'DESC', 0, 10],
    ['root.', 'startTime', 'start_time', 'ASC', 20, 10],
    ['root.', '-cents', 'cents', 'DESC', 0, 15],
    ['spark', 'duration', 'duration', 'ASC', 10, 10],
    ['application_', 'user', 'user', 'ASC', 40, 20],
    ['root.', '-queue', 'queue', 'DESC', 0, 10],
    ['root.', 'name', 'name', 'ASC', 30, 10],
    ['spark', '-name', 'name', 'DESC', 0, 10],
    ['e', '-finishedTime', 'finished_time', 'DESC', 0, 10],
    ['_1', 'status', 'status', 'ASC', 5, 10],
  ] as const)('E010 B180 %s sorted %s from the page SQL gives', async (s, sort, column, dir, from, size) => {
    const { body } = await search(s, `&sort=${sort}&from=${from}&size=${size}`)
    expect(body.results.map((r) => r.id)).toEqual(sqlPage(s, column, dir, from, size))
  })

  it('E010 scope: a user of another platform finds none of these apps', async () => {
    const { id } = cdhApp()
    const emr = auth(await signIn(app, 'emr'))
    const { status, body } = await search(id, '', emr)
    expect(status).toBe(200)
    expect(body).toEqual({ results: [], total: 0 })
    expect((await search(id)).body.total).toBe(1)
  })
})

describe('GET /api/v1/apps/search (E023)', () => {
  it('E023 filters by window, cluster name, kinds and a group value, with a summary row per app', async () => {
    const { status, body } = await get<AppsSearchResponse>(
      `/api/v1/apps/search?gte=${weekAgo}&lte=${TEST_NOW_MS}&clusterName=prod-cdh-01&appTypes=spark,hive&groupBy=user&groupValue=etl_svc&size=25`,
    )
    expect(status).toBe(200)
    expect(body.total).toBe(
      count(`${inWeek} AND cluster_uid = 'cdh-prod-01' AND kind IN ('spark','hive') AND user = 'etl_svc'`),
    )
    expect(body.apps.length).toBe(Math.min(25, body.total))
    expect(body.summary.map((s) => s.unique_key)).toEqual(body.apps.map((a) => a.id))
    for (const [i, a] of body.apps.entries()) {
      expect(a.clusterUid).toBe('cdh-prod-01')
      expect(body.summary[i]).toEqual({
        unique_key: a.id,
        clusterType: a.clusterType,
        dbus: null,
        cost: a.cents / 100,
        duration: a.duration,
      })
    }
  })

  it('E023 groups by queue or kind, takes end_time as lte, and sorts -field descending', async () => {
    const { body } = await get<AppsSearchResponse>(
      `/api/v1/apps/search?end_time=${TEST_NOW_MS}&groupBy=kind&groupValue=impala&sort=-duration&size=20`,
    )
    expect(body.total).toBe(count(`kind = 'impala' AND start_time <= ${TEST_NOW_MS}`))
    const durations = body.apps.map((a) => a.duration)
    expect(durations).toEqual([...durations].sort((a, b) => b - a))
    const queue = await get<AppsSearchResponse>('/api/v1/apps/search?groupBy=queue&groupValue=root.backfill')
    expect(queue.body.total).toBe(count("queue = 'root.backfill'"))
    expect(queue.body.apps).toHaveLength(10)
  })

  it.each([
    ['groupBy=user', 'querystring/groupBy and querystring/groupValue must be sent together'],
    ['groupBy=team&groupValue=x', 'querystring/groupBy must be equal to one of the allowed values'],
    [`gte=${TEST_NOW_MS}&lte=${weekAgo}`, 'querystring/gte must not be after querystring/lte'],
    ['gte=last-week', 'querystring/gte must be epoch milliseconds or an ISO-8601 date'],
    ['sort=colour', 'querystring/sort: "colour" is not a sort field'],
    ['from=10000&size=1', 'from + size must be at most 10000'],
  ])('E023 %s is a 400 saying why', async (query, message) => {
    const { status, body } = await get(`/api/v1/apps/search?${query}`)
    expect(status).toBe(400)
    expect(body.message).toContain(message)
  })
})

describe('GET /api/v1/apps/events/inefficient_apps (E024)', () => {
  it('E024 B182 counts the inefficient apps of each event name of type 2 or 6, as SQL does', async () => {
    const { status, body } = await get<KeyCount[]>(`/api/v1/apps/events/inefficient_apps?${week}`)
    expect(status).toBe(200)
    expect(body.length).toBeGreaterThan(0)
    for (const e of body) expect(e.doc_count).toBe(count(`${inWeek} AND ${inefficient(e.key)}`))
    const names = app.db
      .prepare('SELECT DISTINCT event_name FROM app_events WHERE event_type NOT IN (2, 6)')
      .pluck()
      .all() as string[]
    for (const e of body) expect(names).not.toContain(e.key)
    expect(body.map((e) => e.doc_count)).toEqual([...body.map((e) => e.doc_count)].sort((a, b) => b - a))
  })

  it('E024 takes an entity as a kind or its type code, and a cluster name or the wildcard', async () => {
    const byKind = (await get<KeyCount[]>(`/api/v1/apps/events/inefficient_apps?${week}&entity=spark`)).body
    const byCode = (
      await get<KeyCount[]>(`/api/v1/apps/events/inefficient_apps?${week}&entity=2&interval=1d`)
    ).body
    expect(byCode).toEqual(byKind)
    for (const e of byKind)
      expect(e.doc_count).toBe(count(`${inWeek} AND kind = 'spark' AND ${inefficient(e.key)}`))
    const cluster = (
      await get<KeyCount[]>(`/api/v1/apps/events/inefficient_apps?${week}&clusterName=Production%20CDH`)
    ).body
    for (const e of cluster)
      expect(e.doc_count).toBe(count(`${inWeek} AND cluster_uid = 'cdh-prod-01' AND ${inefficient(e.key)}`))
    const all = (
      await get<KeyCount[]>(
        `/api/v1/apps/events/inefficient_apps?${week}&clusterName=cdh-prod-01&wildcardCluster=*`,
      )
    ).body
    expect(all).toEqual((await get<KeyCount[]>(`/api/v1/apps/events/inefficient_apps?${week}`)).body)
  })

  it.each([
    ['entity=99', 'querystring/entity: "99" is not an entity type'],
    ['interval=2h', 'querystring/interval must be equal to one of the allowed values'],
    ['start_time=2026-13-45', 'querystring/start_time must be epoch milliseconds or an ISO-8601 date'],
    [`start_time=${TEST_NOW_MS}&end_time=${weekAgo}`, 'must not be after querystring/end_time'],
  ])('E024 %s is a 400 saying why', async (query, message) => {
    const { status, body } = await get(`/api/v1/apps/events/inefficient_apps?${query}`)
    expect(status).toBe(400)
    expect(body.message).toContain(message)
  })
})

describe('GET /api/v1/apps/events/inefficient_apps_newux/ (E025)', () => {
  const url = '/api/v1/apps/events/inefficient_apps_newux/'

  it('E025 B182 B180 pages inefficient apps, longest first, with counts per kind and event name', async () => {
    const { status, body } = await get<InefficientAppsNewuxResponse>(`${url}?${week}`)
    expect(status).toBe(200)
    expect(body.total).toBe(count(`${inWeek} AND ${inefficient()}`))
    expect(body.results).toHaveLength(Math.min(50, body.total))
    const durations = body.results.map((r) => r.duration)
    expect(durations).toEqual([...durations].sort((a, b) => b - a))
    expect(body.aggregations.entity.reduce((n, e) => n + e.doc_count, 0)).toBe(body.total)
    for (const e of body.aggregations.entity)
      expect(e.doc_count).toBe(count(`${inWeek} AND kind = @k AND ${inefficient()}`, { k: e.key }))
    for (const e of body.aggregations.entity)
      expect(e.entityType).toBe(appTypeCodes(e.key as AppType)[0] ?? null)
    expect(appTypeCodes('hive')[0]).toBe(1)
    for (const e of body.aggregations.eventName)
      expect(e.doc_count).toBe(count(`${inWeek} AND ${inefficient(e.key)}`))
  })

  it('E025 takes entityType as a stringified list (REAL-API-NOTES §7) or a comma list, and gte/lte', async () => {
    const listed = await get<InefficientAppsNewuxResponse>(
      `${url}?${week}&entityType=${encodeURIComponent('[1, 0, 2]')}`,
    )
    const comma = await get<InefficientAppsNewuxResponse>(
      `${url}?gte=${weekAgo}&lte=${TEST_NOW_MS}&entityType=1,0,2`,
    )
    // Compared by ids: a running app's duration grows between the two calls.
    expect(comma.body.total).toBe(listed.body.total)
    expect(comma.body.results.map((r) => r.id)).toEqual(listed.body.results.map((r) => r.id))
    expect(comma.body.aggregations).toEqual(listed.body.aggregations)
    expect(listed.body.total).toBe(count(`${inWeek} AND kind IN ('hive','mr','spark') AND ${inefficient()}`))
  })

  it('E025 filters by event name, users, queues and cluster', async () => {
    const { body } = await get<InefficientAppsNewuxResponse>(
      `${url}?${week}&eventName=Data%20Skew&users=etl_svc,airflow&queues=root.etl&clusterName=cdh-prod-01`,
    )
    expect(body.total).toBe(
      count(
        `${inWeek} AND ${inefficient('Data Skew')} AND user IN ('etl_svc','airflow') AND queue = 'root.etl' AND cluster_uid = 'cdh-prod-01'`,
      ),
    )
    for (const r of body.results) expect(r.insights).toContain('Data Skew')
  })

  it.each([
    ['entityType=[1, x]', 'querystring/entityType: "x" is not an entity type'],
    ['size=10001', 'querystring/size must be <= 10000'],
    ['from=9990&size=50', 'from + size must be at most 10000'],
    ['sort=-secret', 'querystring/sort: "secret" is not a sort field'],
    [`gte=${TEST_NOW_MS}&lte=${weekAgo}`, 'querystring/gte must not be after querystring/lte'],
  ])('E025 %s is a 400 saying why', async (query, message) => {
    const { status, body } = await get(`${url}?${query}`)
    expect(status).toBe(400)
    expect(body.message).toContain(message)
  })
})

describe('POST /api/v1/apps/events/no_of_events (E092)', () => {
  const post = (payload: unknown, as = headers) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/apps/events/no_of_events',
      headers: as,
      payload: payload as object,
    })

  it('E092 counts the events of each asked app; unknown ids count 0', async () => {
    const ids = app.db
      .prepare(
        "SELECT id FROM applications WHERE num_events > 0 AND cluster_type = 'CDH' ORDER BY id LIMIT 3",
      )
      .pluck()
      .all() as string[]
    // Another platform's app is not the CDH admin's to read: it counts as unknown.
    const emr = app.db
      .prepare("SELECT id FROM applications WHERE num_events > 0 AND cluster_type = 'EMR' LIMIT 1")
      .pluck()
      .get() as string
    const res = await post({ ids: [...ids, 'application_0_000000', emr] })
    expect(res.statusCode).toBe(200)
    const body = res.json<NoOfEventsResponse>()
    for (const id of ids)
      expect(body[id]).toBe(
        app.db.prepare('SELECT count(*) FROM app_events WHERE app_id = ?').pluck().get(id) as number,
      )
    expect(body.application_0_000000).toBe(0)
    expect(body[emr]).toBe(0)
  })

  it.each([
    [{ ids: Array.from({ length: 501 }, (_, i) => `a${i}`) }, 'body/ids must NOT have more than 500 items'],
    [{}, "body must have the field 'ids'"],
    [{ ids: [{}] }, 'body/ids/0 must be string'],
  ])('E092 %# is a 400', async (payload, message) => {
    const res = await post(payload)
    expect(res.statusCode).toBe(400)
    expect(res.json<{ message: string }>().message).toContain(message)
  })
})

describe('GET /api/v1/apps/events/app_events (E039)', () => {
  it('E039 lists each event name with its app count in the window, all checked', async () => {
    const { status, body } = await get<AppEventsResponse>(`/api/v1/apps/events/app_events?${week}`)
    expect(status).toBe(200)
    expect(body.length).toBeGreaterThan(3)
    for (const e of body) {
      expect(e.checked).toBe(true)
      expect(e.count).toBe(
        count(`${inWeek} AND id IN (SELECT app_id FROM app_events WHERE event_name = @n)`, { n: e.name }),
      )
    }
    const one = (await get<AppEventsResponse>(`/api/v1/apps/events/app_events?${week}&clusters=cdh-prod-01`))
      .body
    for (const e of one)
      expect(e.count).toBe(
        count(
          `${inWeek} AND cluster_uid = 'cdh-prod-01' AND id IN (SELECT app_id FROM app_events WHERE event_name = @n)`,
          {
            n: e.name,
          },
        ),
      )
    const every = (await get<AppEventsResponse>(`/api/v1/apps/events/app_events?${week}&clusters=*`)).body
    expect(every).toEqual(body)
  })

  it('E039 refuses a malformed window', async () => {
    expect((await get('/api/v1/apps/events/app_events?end_time=never')).status).toBe(400)
  })
})

describe('GET /api/v1/search/stats_tags (E036)', () => {
  it('E036 counts apps per user and queue in the window, most first, and lists the app tags', async () => {
    const { status, body } = await get<StatsTagsResponse>(`/api/v1/search/stats_tags?${week}`)
    expect(status).toBe(200)
    for (const u of body.stats.user) expect(u.doc_count).toBe(count(`${inWeek} AND user = @u`, { u: u.key }))
    for (const q of body.stats.queue)
      expect(q.doc_count).toBe(count(`${inWeek} AND queue = @q`, { q: q.key }))
    expect(body.stats.user[0]!.doc_count).toBeGreaterThanOrEqual(body.stats.user[1]!.doc_count)
    const pairs = app.db
      .prepare(
        `SELECT DISTINCT t.key, t.value FROM app_tags t JOIN applications a ON a.id = t.app_id
          WHERE a.cluster_type = 'CDH' AND a.${inWeek} ORDER BY t.key, t.value`,
      )
      .all() as { key: string; value: string }[]
    expect(body.stats.tags.flatMap((t) => t.values.map((value) => ({ key: t.key, value })))).toEqual(pairs)
  })

  it('E036 defaults to the last 30 days and never lists RealUser', async () => {
    const { body } = await get<StatsTagsResponse>('/api/v1/search/stats_tags')
    expect(body.stats.user.reduce((n, u) => n + u.doc_count, 0)).toBe(
      count(`start_time BETWEEN ${TEST_NOW_MS - 30 * DAY} AND ${TEST_NOW_MS}`),
    )
    expect(body.stats.tags.map((t) => t.key)).not.toContain('RealUser')
    expect(body.stats.tags.length).toBeGreaterThan(0)
  })

  it('E036 freemium users get no tags (02 §6)', async () => {
    const free = auth(await signIn(app, 'trial'))
    const { status, body } = await get<StatsTagsResponse>(`/api/v1/search/stats_tags?${week}`, free)
    expect(status).toBe(200)
    expect(body.stats.tags).toEqual([])
    expect(body.stats.user.length).toBeGreaterThan(0)
  })

  it('E036 refuses a window that ends before it starts', async () => {
    expect(
      (await get(`/api/v1/search/stats_tags?start_time=${TEST_NOW_MS}&end_time=${weekAgo}`)).status,
    ).toBe(400)
  })
})

describe('GET /api/v1/reports/data/get_all_users_queues (E037)', () => {
  const distinct = (column: string, where = "cluster_type = 'CDH'") =>
    app.db.prepare(`SELECT DISTINCT ${column} FROM applications WHERE ${where} ORDER BY 1`).pluck().all()

  it('E037 lists every user and queue, sorted, on one cluster when asked', async () => {
    const { status, body } = await get<UsersQueuesResponse>('/api/v1/reports/data/get_all_users_queues')
    expect(status).toBe(200)
    expect(body).toEqual({ users: distinct('user'), queues: distinct('queue') })
    const one = await get<UsersQueuesResponse>(
      '/api/v1/reports/data/get_all_users_queues?clusterUid=cdh-prod-01',
    )
    expect(one.body).toEqual({
      users: distinct('user', "cluster_uid = 'cdh-prod-01'"),
      queues: distinct('queue', "cluster_uid = 'cdh-prod-01'"),
    })
    // A BigQuery project is the BigQuery users' cluster, not the CDH admin's. Its jobs are in bq_jobs,
    // not applications (issue 19), so the applications' users and queues of it are none.
    const project = '/api/v1/reports/data/get_all_users_queues?clusterUid=acme-data-prod'
    expect((await get(project)).status).toBe(403)
    const bigquery = await get<UsersQueuesResponse>(project, auth(await signIn(app, 'bigquery')))
    expect(bigquery.status).toBe(200)
    expect(bigquery.body).toEqual({ users: [], queues: [] })
  })

  it('E037 ignores an unknown parameter and names it (x-costlens-ignored-params)', async () => {
    const plain = await get('/api/v1/reports/data/get_all_users_queues')
    const res = await app.inject({ url: '/api/v1/reports/data/get_all_users_queues?cluster=x', headers })
    expect(res.statusCode).toBe(200)
    expect(res.headers['x-costlens-ignored-params']).toBe('cluster')
    expect(res.json()).toEqual(plain.body)
  })
})

describe('every apps and events route needs a token', () => {
  it.each([
    ['GET', '/api/v1/apps/globalsearch'],
    ['GET', '/api/v1/apps/search'],
    ['GET', '/api/v1/apps/events/inefficient_apps'],
    ['GET', '/api/v1/apps/events/inefficient_apps_newux/'],
    ['POST', '/api/v1/apps/events/no_of_events'],
    ['GET', '/api/v1/apps/events/app_events'],
    ['GET', '/api/v1/search/stats_tags'],
    ['GET', '/api/v1/reports/data/get_all_users_queues'],
  ] as const)('%s %s without a token is a 401', async (method, url) => {
    expect(
      (await app.inject({ method, url, payload: method === 'POST' ? { ids: [] } : undefined })).statusCode,
    ).toBe(401)
  })
})
