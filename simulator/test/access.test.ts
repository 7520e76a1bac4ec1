import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { JobBucket, PipelineListResponse, UnifiedSearchResponse } from '@costlens/shared'
import { auth, signIn, testApp, TEST_NOW_MS } from './helper.ts'

/*
 * Issue 15 items 1-3: authentication decided by the matched route (never the URL string), the
 * free plan's limits on every operation that has them, and every list scoped to the user's
 * clusters. The operations come from the app's own API document, so a new route is covered the
 * day it is added.
 */

interface Parameter {
  name: string
  in: 'query' | 'path'
  required?: boolean
  schema?: { type?: string; description?: string }
}
interface Operation {
  method: string
  path: string
  security?: unknown[]
  parameters: Parameter[]
  bodyProperties: string[]
  tags: string[]
}

const DAY = 86_400_000
let app: FastifyInstance
let operations: Operation[]
const tokens: Record<string, Record<string, string>> = {}

beforeAll(async () => {
  app = await testApp()
  const doc = (await app.inject('/openapi.json')).json<{
    paths: Record<
      string,
      Record<
        string,
        {
          security?: unknown[]
          tags?: string[]
          parameters?: Parameter[]
          requestBody?: { content: { 'application/json'?: { schema: { properties?: object } } } }
        }
      >
    >
  }>()
  operations = Object.entries(doc.paths).flatMap(([path, verbs]) =>
    Object.entries(verbs).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      security: op.security,
      parameters: op.parameters ?? [],
      bodyProperties: Object.keys(op.requestBody?.content['application/json']?.schema.properties ?? {}),
      tags: op.tags ?? [],
    })),
  )
  for (const user of ['admin', 'trial', 'emr', 'sfuser', 'freemium', 'analyst'])
    tokens[user] = auth(await signIn(app, user))
  // ELK is opt-in (rules/user-defaults.ts): the trial gets it here, so its ELK calls meet the plan's limits.
  app.db
    .prepare(
      `UPDATE users SET profile_json = json_set(profile_json, '$.elkEnabled', json('true')) WHERE username = 'trial'`,
    )
    .run()
})
afterAll(() => app.close())

/** The Kafka calls' subjects (issue 21): cdh-prod-01's Kafka cluster, a topic and a small group of it. */
const KAFKA_CLUSTER = 'kafka-prod-01'
const kafkaSubject = (name: string): string | undefined =>
  name === 'cluster' || name === 'cluster_id'
    ? KAFKA_CLUSTER
    : name === 'topic' || name === 'metric_pattern'
      ? 'orders'
      : name === 'consumer'
        ? (app.db
            .prepare(
              `SELECT g.name FROM kafka_groups g JOIN kafka_clusters k ON k.id = g.cluster_id
                WHERE k.name = ? AND g.lag_kind = 'steady' ORDER BY g.id LIMIT 1`,
            )
            .pluck()
            .get(KAFKA_CLUSTER) as string)
        : undefined

/** The ELK calls' subjects (E153): cdh-prod-01's logs cluster, a Logstash node and pipeline of it. */
const ELK_SUBJECTS: Record<string, string> = {
  cluster: 'es-logs-cdh-prod-01',
  node: 'logstash-prod-logs-01',
  pipeline: 'beats-to-es',
}
const elkSubject = (path: string, name: string): string | undefined =>
  /^\/api\/v1\/(elasticsearch|logstash|kibana)\//.test(path) ? ELK_SUBJECTS[name] : undefined

/**
 * A path with its parameters filled: a CDH cluster for {cluster} (a Kafka cluster, topic and group
 * in the Kafka paths), an HBase one for {clusterUid}, a harmless word otherwise.
 */
const filled = (path: string) =>
  path.replace(
    /\{(\w+)\}/g,
    (_m, name: string) =>
      elkSubject(path, name) ??
      (path.startsWith('/api/v1/kafka/') && kafkaSubject(name) !== undefined
        ? kafkaSubject(name)!
        : name === 'cluster'
          ? 'cdh-prod-01'
          : name === 'clusterUid'
            ? 'cdh-prod-01'
            : name === 'group1'
              ? 'user'
              : name === 'group2'
                ? 'queue'
                : 'x'),
  )

/** The ways a path can be spelled that a naive prefix check misses. */
const spellings: [string, (path: string) => string][] = [
  ['one letter percent-encoded', (p) => p.replace(/[a-z]/i, (c) => `%${c.charCodeAt(0).toString(16)}`)],
  [
    'every letter of the first segment encoded',
    (p) =>
      p.replace(
        /^\/([^/]+)/,
        (_m, seg: string) =>
          `/${[...seg].map((c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`).join('')}`,
      ),
  ],
  ['a slash as %2F', (p) => p.replace(/\/(?=[^/]*$)/, '%2F')],
  ['a double slash', (p) => `/${p}`],
  ['a trailing dot segment', (p) => `${p}/.`],
  ['a dot segment inside', (p) => p.replace(/^\/([^/]+)\//, '/$1/./')],
  ['upper-case escapes', (p) => p.replace(/[a-z]/i, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)],
]

describe('authentication from the matched route (issue 15, item 1)', () => {
  it('the API document lists the routes that need no token, and only those', () => {
    const open = operations.filter((o) => Array.isArray(o.security) && o.security.length === 0)
    expect(open.map((o) => `${o.method} ${o.path}`).sort()).toEqual([
      'GET /aad/check',
      'GET /saml/check',
      'GET /signInMode',
      // The real product's documented sign-in (issue 21), for its scripts.
      'POST /api/v1/signIn',
      'POST /api/v1/webSignIn',
    ])
  })

  it('every private operation answers 401 without a token, however its path is spelled', async () => {
    const privateOps = operations.filter((o) => !(Array.isArray(o.security) && o.security.length === 0))
    expect(privateOps.length).toBeGreaterThan(40)
    for (const op of privateOps)
      for (const [how, spell] of [['as written', (p: string) => p] as const, ...spellings]) {
        const url = spell(filled(op.path))
        const res = await app.inject({
          method: op.method,
          url,
          payload: op.method === 'GET' ? undefined : {},
        })
        // 401 when the spelling reaches the route; 404 when it reaches none, 405 when it reaches a
        // path that has other verbs only (`/awsaccounts/.` is `/awsaccounts/`, the `{id}` path of PUT
        // and DELETE with an empty id). Never an answer with data.
        expect([401, 404, 405], `${op.method} ${url} (${how}): ${res.body.slice(0, 120)}`).toContain(
          res.statusCode,
        )
        if (how === 'as written' || how.includes('encoded') || how === 'upper-case escapes')
          expect(res.statusCode, `${op.method} ${url} (${how})`).toBe(401)
      }
  })

  it('the reported requests are refused', async () => {
    const global = await app.inject('/%61pi/v1/apps/globalsearch?searchString=etl&size=1')
    expect(global.statusCode).toBe(401)
    expect(global.json()).toMatchObject({ message: 'Session expired' })
    expect((await app.inject('/aad/%73ession')).statusCode).toBe(401)
    const pipelines = await app.inject({
      method: 'POST',
      url: '/api/v1/ds/%61pi/v1/workflows/list',
      payload: {},
    })
    expect(pipelines.statusCode).toBe(401)
  })

  it('the encoded spelling reaches the same route once signed in', async () => {
    const res = await app.inject({
      url: '/%61pi/v1/apps/globalsearch?searchString=etl&size=1',
      headers: tokens.admin,
    })
    expect(res.statusCode).toBe(200)
  })

  it('roles are decided from the route too: /__sim is for admins only, however spelled', async () => {
    for (const url of ['/__sim/faults', '/__%73im/faults'])
      expect((await app.inject({ url, headers: tokens.analyst })).statusCode).toBe(403)
    expect((await app.inject({ url: '/__sim/faults', headers: tokens.admin })).statusCode).toBe(200)
  })
})

const HBASE_SUBJECTS: Record<string, () => string> = {
  table: () => 'hbase:meta',
  host: () =>
    app.db
      .prepare("SELECT fqdn FROM hbase_servers WHERE cluster_uid = 'cdh-prod-01' AND dead_since IS NULL")
      .pluck()
      .get() as string,
}

/** A request of `op` asking 30 days back: each window parameter it has, in a form it takes. */
function thirtyDayRequest(op: Operation) {
  const query = new URLSearchParams()
  const body: Record<string, unknown> = {}
  const put = (name: string, value: string | number) => {
    if (op.bodyProperties.includes(name)) body[name] = value
    else query.set(name, String(value))
  }
  const has = (name: string) =>
    op.bodyProperties.includes(name) || op.parameters.some((p) => p.in === 'query' && p.name === name)
  const schemaOf = (name: string) => op.parameters.find((p) => p.name === name)?.schema
  const at = (name: string, ms: number) =>
    schemaOf(name)?.description === 'epoch seconds'
      ? Math.floor(ms / 1000)
      : schemaOf(name)?.type === 'integer'
        ? ms
        : new Date(ms).toISOString()
  let asked = false
  for (const [startName, endName] of [
    ['start_time', 'end_time'],
    ['gte', 'lte'],
    ['from', 'to'],
    ['startTime', 'endTime'],
  ] as const) {
    // `from` alone is a page offset (global search); as a window it comes with `to`.
    if (!has(startName) || asked || (startName === 'from' && !has('to'))) continue
    asked = true
    put(startName, at(startName, TEST_NOW_MS - 30 * DAY))
    if (has(endName)) put(endName, at(endName, TEST_NOW_MS))
  }
  if (op.path.endsWith('/tagged/stats')) query.set('final_status', 'true')
  // The HBase calls about one table or region server name one of cdh-prod-01's.
  for (const p of op.parameters) {
    const subject = op.path.startsWith('/api/v1/kafka/')
      ? () => kafkaSubject(p.name)!
      : HBASE_SUBJECTS[p.name]
    if (p.in === 'query' && p.required && !query.has(p.name) && subject) query.set(p.name, subject())
  }
  const url = `${filled(op.path)}${query.size ? `?${query}` : ''}`
  return { asked, method: op.method, url, payload: op.method === 'GET' ? undefined : body }
}

describe('free-plan limits on every operation (issue 15, item 2)', () => {
  it('no operation serves the free plan a window over 7 days', async () => {
    let checked = 0
    for (const op of operations) {
      // An application's details read a window inside that one application's life, which the free
      // plan does not limit (its limits are on lists over time).
      if (op.tags.includes('app-details')) continue
      const request = thirtyDayRequest(op)
      if (!request.asked) continue
      const paid = await app.inject({ ...request, headers: tokens.admin })
      // Another platform's route (Snowflake) is refused to both alike: nothing to compare.
      if (paid.statusCode === 403) continue
      expect(paid.statusCode, `${request.method} ${request.url} as admin: ${paid.body.slice(0, 200)}`).toBe(
        200,
      )
      const free = await app.inject({ ...request, headers: tokens.trial })
      expect(free.statusCode, `${request.method} ${request.url} as trial`).toBe(403)
      expect(free.json<{ message: string }>().message).toMatch(
        /not included in the free plan|free plan covers at most 7 days/,
      )
      checked++
    }
    expect(checked).toBeGreaterThanOrEqual(25)
  })

  const week = { start_time: TEST_NOW_MS - 7 * DAY, end_time: TEST_NOW_MS }
  it.each([
    [
      'cost sort in the global search',
      'GET',
      '/api/v1/apps/globalsearch?searchString=a&sort=-cents',
      undefined,
      /Sorting by cost/,
    ],
    [
      'the Inefficient tab',
      'GET',
      '/api/v1/apps/events/inefficient_apps_newux/',
      undefined,
      /inefficient applications list/,
    ],
    [
      'inefficient counts',
      'GET',
      '/api/v1/apps/events/inefficient_apps',
      undefined,
      /inefficient applications list/,
    ],
    [
      'cost sort in the unified search',
      'POST',
      '/api/v1/apps/unifiedsearch',
      { ...week, sort: [{ cents: { order: 'desc' } }] },
      /Sorting by cost/,
    ],
    [
      'tag filters in the unified search',
      'POST',
      '/api/v1/apps/unifiedsearch',
      { ...week, appTags: { team: ['data'] } },
      /Tag filters/,
    ],
    [
      'the inefficient list in the unified search',
      'POST',
      '/api/v1/apps/unifiedsearch',
      { ...week, eventTypes: [2] },
      /inefficient applications list/,
    ],
    [
      'the tag list',
      'GET',
      `/api/v1/search/tags?from=${TEST_NOW_MS - DAY}&to=${TEST_NOW_MS}`,
      undefined,
      /Tag filters/,
    ],
    ['chargeback tags', 'GET', '/api/v1/search/cb/tags', undefined, /Tag filters/],
    [
      'a chargeback filtered by tag',
      'GET',
      '/api/v1/search/cb/user?tags=team:data',
      undefined,
      /Tag filters/,
    ],
    ['a chargeback grouped by tag', 'GET', '/api/v1/search/bqcb/tag:team', undefined, /Tag grouping/],
    [
      'cost sort in the pipelines',
      'POST',
      '/api/v1/ds/api/v1/workflows/list',
      { sort_key: 'costs' },
      /Sorting by cost/,
    ],
  ] as const)(
    'refuses the free plan %s (403 with the reason)',
    async (_what, method, url, payload, reason) => {
      const res = await app.inject({ method, url, payload, headers: tokens.trial })
      expect(res.statusCode, res.body).toBe(403)
      expect(res.json<{ message: string }>().message).toMatch(reason)
    },
  )

  it('serves the free plan what it has: a 7-day window, sorted by start', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/apps/unifiedsearch',
      payload: week,
      headers: tokens.trial,
    })
    expect(res.statusCode).toBe(200)
    expect(res.json<UnifiedSearchResponse>().metadata.totalRecords).toBeGreaterThan(0)
  })
})

describe('every list, count and chart is the user’s clusters only (issue 15, item 3)', () => {
  const week = { start_time: TEST_NOW_MS - 7 * DAY, end_time: TEST_NOW_MS }
  const clustersOf = (platform: string) =>
    app.db.prepare('SELECT unravel_id FROM clusters WHERE platform = ?').pluck().all(platform) as string[]
  const appsOn = (platform: string) =>
    app.db
      .prepare(
        'SELECT count(*) FROM applications WHERE cluster_type = ? AND start_time BETWEEN @s AND @e'.replace(
          '?',
          '@p',
        ),
      )
      .pluck()
      .get({ p: platform, s: week.start_time, e: week.end_time }) as number

  it.each(['sfuser', 'freemium'])('%s (no Hadoop clusters) finds no Hadoop application', async (user) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/apps/unifiedsearch',
      payload: week,
      headers: tokens[user],
    })
    expect(res.statusCode).toBe(200)
    expect(res.json<UnifiedSearchResponse>().metadata.totalRecords).toBe(0)
    const count = await app.inject({ url: '/api/v1/jobs/count?interval=1d', headers: tokens[user] })
    expect(Object.keys(count.json<object>())).toEqual(['date'])
  })

  it('the EMR admin counts the EMR clusters only, the CDH admin the CDH ones', async () => {
    for (const [user, platform] of [
      ['emr', 'EMR'],
      ['admin', 'CDH'],
    ] as const) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/apps/unifiedsearch',
        payload: week,
        headers: tokens[user],
      })
      const body = res.json<UnifiedSearchResponse>()
      expect(body.metadata.totalRecords).toBe(appsOn(platform))
      expect(Object.keys(body.metadata.clusters).every((uid) => clustersOf(platform).includes(uid))).toBe(
        true,
      )
    }
  })

  it('the EMR admin’s job KPIs and pipelines hold no CDH, HDP or CDP cluster', async () => {
    const running = await app.inject({ url: '/api/v1/jobs/bytype', headers: tokens.emr })
    const cdh = await app.inject({ url: '/api/v1/jobs/bytype', headers: tokens.admin })
    const total = (r: typeof running) => r.json<JobBucket[]>().reduce((n, b) => n + b.count, 0)
    expect(total(running)).not.toBe(total(cdh))
    const pipelines = await app.inject({
      method: 'POST',
      url: '/api/v1/ds/api/v1/workflows/list',
      payload: week,
      headers: tokens.emr,
    })
    const rows = pipelines.json<PipelineListResponse>().data.data.results
    expect(rows.length).toBeGreaterThan(0)
    expect(rows.every((r) => clustersOf('EMR').includes(r.clusterUid))).toBe(true)
  })

  it.each([
    ['POST', '/api/v1/apps/unifiedsearch', { clusters: ['cdh-prod-01'] }],
    ['GET', '/api/v1/jobs/bystatus?clusterUid=cdh-prod-01', undefined],
    ['GET', '/api/v1/jobs/count?clusterName=cdh-prod-01', undefined],
    ['GET', '/api/v1/jobs/schedules?clusterName=cdh-prod-01', undefined],
    ['POST', '/api/v1/ds/api/v1/workflows/list', { clusters: ['cdh-prod-01'] }],
    ['GET', '/api/v1/search/cb/user?clusterUid=cdh-prod-01', undefined],
    ['GET', '/api/v1/autoactions/recent_violations?clusterUid=cdh-prod-01', undefined],
    ['GET', '/api/v1/reports/data/get_all_users_queues?clusterUid=cdh-prod-01', undefined],
    ['GET', '/api/v1/apps/search?clusterName=cdh-prod-01', undefined],
    [
      'GET',
      `/api/v1/search/tags?from=${TEST_NOW_MS - DAY}&to=${TEST_NOW_MS}&clusterUid=cdh-prod-01`,
      undefined,
    ],
    ['GET', '/api/v1/clusters/cdh-prod-01/nodes', undefined],
  ] as const)('a CDH cluster is refused to the EMR admin: %s %s', async (method, url, payload) => {
    const res = await app.inject({ method, url, payload, headers: tokens.emr })
    expect(res.statusCode, res.body).toBe(403)
    expect(res.json<{ message: string }>().message).toBe(
      'You do not have access to the cluster "cdh-prod-01".',
    )
  })
})
