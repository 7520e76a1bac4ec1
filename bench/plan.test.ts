import type { FastifyInstance } from 'fastify'
import { Value } from 'typebox/value'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPrng } from '../simulator/src/db/seed/prng.ts'
import { auth, signIn, testApp, TEST_NOW_MS } from '../simulator/test/helper.ts'
import { NOT_MEASURED } from './budgets.ts'
import { generateRequest } from './generate.ts'
import { planRows, type PlannedRow } from './plan.ts'
import { benchEntries, takesWindowOrPaging } from './rows.ts'
import { readVocabulary, type Vocabulary } from './vocabulary.ts'

// One small seeded app for both: the generator draws its values from it, the smoke test calls it.
let app: FastifyInstance
let vocabulary: Vocabulary
let rows: PlannedRow[]
beforeAll(async () => {
  app = await testApp()
  vocabulary = readVocabulary(app.db)
  rows = planRows({ now: TEST_NOW_MS, vocabulary, variants: 20 })
})
afterAll(() => app.close())

describe('the request generator', () => {
  it('gives schema-valid params, query and body for every generic row (50 variants each)', () => {
    const prng = createPrng(5)
    const invalid: string[] = []
    const generic = new Set(rows.filter((r) => r.source === 'generic').map((r) => r.name))
    expect(generic.size).toBeGreaterThan(40)
    for (const { key, entry } of benchEntries()) {
      if (NOT_MEASURED[key] || !generic.has(key)) continue
      for (let i = 0; i < 50; i++) {
        const request = generateRequest(entry, { now: TEST_NOW_MS, prng, vocabulary, key })
        if ('unfillable' in request) {
          invalid.push(`${key}: ${request.unfillable}`)
          break
        }
        for (const [part, schema, value] of [
          ['params', entry.params, request.params],
          ['query', entry.querystring, request.query],
          ['body', entry.body, request.body],
        ] as const)
          if (schema && !Value.Check(schema, value))
            invalid.push(
              `${key} ${part} ${JSON.stringify(value)}: ${[...Value.Errors(schema, value)][0]?.message}`,
            )
      }
    }
    expect(invalid).toEqual([])
  })

  it('hand-written rows send query strings and bodies their entry accepts', () => {
    const entries = new Map(benchEntries().map(({ key, entry }) => [key, entry]))
    const invalid: string[] = []
    for (const row of rows.filter((r) => r.source === 'hand')) {
      const entry = entries.get(row.covers[0]!)
      expect(entry, `${row.name} covers ${row.covers[0]}, a row of the rule`).toBeDefined()
      for (const variant of row.endpoint!.variants ?? []) {
        const url = new URL(variant.path ?? row.endpoint!.path, 'http://bench')
        // Converted as Fastify's validation coerces them (the query's strings, the body's numbers).
        const query = Value.Convert(entry!.querystring ?? {}, Object.fromEntries(url.searchParams))
        if (entry!.querystring && !Value.Check(entry!.querystring, query))
          invalid.push(
            `${row.name} query ${url.search}: ${[...Value.Errors(entry!.querystring, query)][0]?.message}`,
          )
        const body = entry!.body ? Value.Convert(entry!.body, structuredClone(variant.body)) : undefined
        if (entry!.body && !Value.Check(entry!.body, body))
          invalid.push(
            `${row.name} body ${JSON.stringify(body)}: ${[...Value.Errors(entry!.body, body)][0]?.message}`,
          )
      }
    }
    expect(invalid.slice(0, 5)).toEqual([])
  })

  it('varies the requests: a row with a window or paging sends more than 10 different ones of 20', () => {
    const entries = new Map(benchEntries().map(({ key, entry }) => [key, entry]))
    for (const row of rows.filter((r) => r.endpoint?.variants)) {
      if (!row.covers.some((key) => takesWindowOrPaging(entries.get(key)!))) continue
      const distinct = new Set(row.endpoint!.variants!.map((v) => JSON.stringify(v)))
      // A window alone still varies its span and its end.
      expect(distinct.size, row.name).toBeGreaterThan(10)
    }
  })

  it('leaves no row unmeasured but those NOT_MEASURED names, with their reason', () => {
    const unmeasured = rows.filter((r) => r.notMeasured).map((r) => [r.name, r.notMeasured])
    expect(unmeasured).toEqual(Object.entries(NOT_MEASURED))
  })
})

describe('HTTP smoke at the small scale', () => {
  it('one variant of every measured row answers 2xx and none of the first five answers 5xx', async () => {
    const headers = new Map<string, { authorization: string }>()
    const failures: string[] = []
    for (const row of rows) {
      const endpoint = row.endpoint
      if (!endpoint) continue
      const user = endpoint.user ?? 'admin'
      if (!headers.has(user)) headers.set(user, auth(await signIn(app, user)))
      const statuses: string[] = []
      for (const variant of (endpoint.variants ?? [{}]).slice(0, 5)) {
        const body = variant.body ?? endpoint.body
        const res = await app.inject({
          method: endpoint.method,
          url: variant.path ?? endpoint.path,
          headers: headers.get(user),
          ...(body === undefined ? {} : { payload: body as object }),
        })
        statuses.push(`${res.statusCode}${res.statusCode >= 400 ? ` ${res.body.slice(0, 120)}` : ''}`)
      }
      if (!statuses.some((s) => s.startsWith('2')) || statuses.some((s) => s.startsWith('5')))
        failures.push(`${row.name}: ${statuses.join(' | ')}`)
    }
    expect(failures).toEqual([])
  })
})
