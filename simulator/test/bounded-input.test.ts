import type { FastifyInstance } from 'fastify'
import {
  DATE_PARAM_KEYWORD,
  ENDPOINT_TABLES,
  bigqueryEndpoints,
  type ClusterType,
  snowflakeEndpoints,
  type SnowflakeWarehouseList,
} from '@costlens/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TEST_NOW_MS, auth, signIn, testApp } from './helper.ts'

/*
 * Issue 15 items 6 and 7: every date parameter is bounded by the contract and one check against the
 * simulated now, every series caps its points, and a body's nesting is bounded at the parser.
 */

const DAY = 86_400_000
const iso = (ms: number) => new Date(ms).toISOString()

/** A JSON text nesting objects `depth` deep inside `field` of an otherwise plain body. */
const deepBody = (base: Record<string, unknown>, field: string, depth: number) => {
  const plain = JSON.stringify(base)
  const nested = '{"a":'.repeat(depth) + '1' + '}'.repeat(depth)
  return `${plain.slice(0, -1)}${plain.length > 2 ? ',' : ''}"${field}":${nested}}`
}

interface Param {
  in: string
  example?: unknown
  name: string
  required?: boolean
  schema: Record<string, unknown>
}

describe('bounded input (issue 15 items 6, 7)', () => {
  let app: FastifyInstance
  let sf: Record<string, string>
  let bq: Record<string, string>
  let emr: Record<string, string>
  let databricks: Record<string, string>
  let k8s: Record<string, string>
  let admin: Record<string, string>
  let warehouseUid: string
  beforeAll(async () => {
    app = await testApp()
    sf = auth(await signIn(app, 'sfuser'))
    bq = auth(await signIn(app, 'bigquery'))
    emr = auth(await signIn(app, 'emr'))
    databricks = auth(await signIn(app, 'databricks'))
    k8s = auth(await signIn(app, 'k8s'))
    admin = auth(await signIn(app, 'admin'))
    const list = await app.inject({ method: 'GET', url: snowflakeEndpoints.warehouses.path, headers: sf })
    warehouseUid = list.json<SnowflakeWarehouseList>().warehouses[0]!.uid
  })
  afterAll(() => app.close())

  /**
   * A persona a path is for: the first platform its endpoint-table entry declares (a Snowflake route
   * is a Snowflake user's, a Databricks one a Databricks user's), the admin where none is declared.
   */
  const personaFor = (path: string, method = 'GET') => {
    const entry = Object.values(ENDPOINT_TABLES)
      .flatMap((table) => Object.values(table))
      .find((each) => each.path === path && each.method === method)
    const platform: ClusterType | undefined = entry?.access?.platforms?.[0]
    const byPlatform: Partial<Record<ClusterType, Record<string, string>>> = {
      SNOWFLAKE: sf,
      BIGQUERYV2: bq,
      EMR: emr,
      DB: databricks,
      K8S: k8s,
    }
    return (platform && byPlatform[platform]) ?? admin
  }

  /** A GET that must answer quickly: a 400 built from the parameters, not from a series. */
  const timedGet = async (url: string, headers = sf) => {
    const started = performance.now()
    const res = await app.inject({ method: 'GET', url, headers })
    return { res, ms: performance.now() - started }
  }

  describe('snowflake warehouse details refuse dates no picker can give, quickly', () => {
    it.each([
      ['startTime', '-271821-04-20T00:00:00Z', /querystring\/startTime must be an ISO-8601 date-time/],
      ['endTime', '9007199254740992', /querystring\/endTime must be an ISO-8601 date-time/],
      [
        'endTime',
        '9999-12-31T23:59:59Z',
        /querystring\/endTime must not be later than .* \(1 day after now\)/,
      ],
      [
        'startTime',
        '2000-01-01T00:00:00Z',
        /querystring\/startTime must not be earlier than .* \(2 years before today\)/,
      ],
    ])('%s=%s is a 400 naming the field', async (field, value, message) => {
      const url = `${snowflakeEndpoints.warehouses.path}/${warehouseUid}?${field}=${encodeURIComponent(value)}`
      const { res, ms } = await timedGet(url)
      expect(res.statusCode).toBe(400)
      expect(res.json().message).toMatch(message)
      expect(ms).toBeLessThan(1000)
    })

    it('a window of the last 2 years still answers, with a capped series', async () => {
      const start = iso(TEST_NOW_MS - 700 * DAY)
      const { res, ms } = await timedGet(
        `${snowflakeEndpoints.warehouses.path}/${warehouseUid}?startTime=${start}`,
      )
      expect(res.statusCode).toBe(200)
      expect(res.json<{ series: { credits: unknown[] } }>().series.credits.length).toBeLessThanOrEqual(2000)
      expect(ms).toBeLessThan(2000)
    })
  })

  it('endTime=9007199254740992 on the warehouse list is a 400, not "Invalid time value"', async () => {
    const res = await app.inject({
      method: 'GET',
      url: `${snowflakeEndpoints.warehouses.path}?endTime=9007199254740992`,
      headers: sf,
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe('querystring/endTime must be an ISO-8601 date-time (4-digit year)')
  })

  it('every date parameter of every operation is bounded: a far future and a far past value are 400s naming it', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/openapi.json' })).json<{
      paths: Record<string, Record<string, { parameters?: Param[] }>>
    }>()
    const checked: string[] = []
    for (const [path, item] of Object.entries(doc.paths))
      for (const [method, op] of Object.entries(item)) {
        if (method !== 'get' || path.includes('{')) continue
        for (const p of op.parameters ?? []) {
          const kind = p.schema[DATE_PARAM_KEYWORD]
          if (p.in !== 'query' || !kind) continue
          const seconds = kind === 'epoch-s-or-iso' && p.schema.type === 'integer'
          const headers = personaFor(path)
          // The other required parameters (search/tags: from and to) get a plain value.
          // A day-only date (the Databricks cost trends' YYYY-MM-DD) is given as a day.
          const dayOnly = (o: Param) => o.schema.pattern === String.raw`^\d{4}-\d{2}-\d{2}$`
          // An enumeration (dcb_resource_stat's cbType) gets its first value.
          // A parameter with an example (usage_trending's tag, which has a pattern) gets it.
          const plainValue = (o: Param) =>
            o.example !== undefined
              ? String(o.example)
              : Array.isArray(o.schema.enum)
                ? String(o.schema.enum[0])
                : dayOnly(o)
                  ? iso(TEST_NOW_MS - DAY).slice(0, 10)
                  : String(TEST_NOW_MS - DAY)
          const others = (op.parameters ?? [])
            .filter((o) => o.required && o.in === 'query' && o.name !== p.name)
            .map((o) => `&${o.name}=${plainValue(o)}`)
            .join('')
          for (const [ms, words] of [
            [TEST_NOW_MS + 3 * DAY, 'must not be later than'],
            [TEST_NOW_MS - 800 * DAY, 'must not be earlier than'],
          ] as const) {
            const value = dayOnly(p)
              ? iso(ms).slice(0, 10)
              : kind === 'iso'
                ? iso(ms)
                : seconds
                  ? String(Math.floor(ms / 1000))
                  : String(ms)
            const res = await app.inject({
              method: 'GET',
              url: `${path}?${p.name}=${value}${others}`,
              headers,
            })
            expect.soft(res.statusCode, `${path} ${p.name}=${value}: ${res.body}`).toBe(400)
            expect.soft(res.json().message, `${path} ${p.name}`).toContain(`querystring/${p.name} ${words}`)
          }
          checked.push(`${path} ${p.name}`)
        }
      }
    // Cluster resources, chargeback, jobs, apps, tags, snowflake: dozens of date parameters.
    expect(checked.length).toBeGreaterThan(40)
  })

  it('a body date is bounded too (unified search)', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/apps/unifiedsearch',
      headers: admin,
      payload: { start_time: -8.64e15, end_time: TEST_NOW_MS },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toMatch(/body\/start_time/)
  })

  describe('a JSON body nested 5,000 deep is a 400 at the parser, on every JSON POST route', () => {
    it.each([
      ['/api/v1/webSignIn', { username: 'admin', password: 'admin' }, false],
      ['/api/v1/apps/unifiedsearch', { size: 1 }, true],
      ['/api/v1/apps/events/no_of_events', { ids: ['x'] }, true],
      ['/api/v1/ds/api/v1/workflows/list', {}, true],
      [snowflakeEndpoints.querySearch.path, {}, true],
      [bigqueryEndpoints.jobSearch.path, {}, true],
      ['/__sim/faults', { route: '/x' }, true],
    ])('POST %s', async (url, base, signedIn) => {
      const headers = {
        'content-type': 'application/json',
        ...(signedIn ? personaFor(url, 'POST') : {}),
      }
      const res = await app.inject({ method: 'POST', url, headers, payload: deepBody(base, 'deep', 5000) })
      expect(res.statusCode).toBe(400)
      expect(res.json()).toEqual({
        statusCode: 400,
        error: 'Bad Request',
        message: 'body must not nest objects or arrays more than 64 deep',
      })
    })

    it('nesting within the bound still reaches the validator (which names the unknown field)', async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/apps/unifiedsearch',
        headers: { 'content-type': 'application/json', ...admin },
        payload: deepBody({ size: 1 }, 'deep', 10),
      })
      expect(res.statusCode).toBe(400)
      expect(res.json().message).toMatch(/additional properties/)
    })

    it('brackets inside strings do not count as nesting', async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/webSignIn',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ username: '[[[[{{{{'.repeat(20), password: 'x"\\[' }),
      })
      // Past the parser to the sign-in itself, which refuses the unknown user.
      expect(res.json().message).toBe('Invalid username or password.')
    })
  })
})
