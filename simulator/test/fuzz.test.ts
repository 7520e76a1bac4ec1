import fc from 'fast-check'
import type { FastifyInstance } from 'fastify'
import { DATE_PARAM_KEYWORD, DATE_WINDOW_PAIRS, type DateParamKind } from '@costlens/shared'
import { afterAll, describe, expect, it } from 'vitest'
import type { AppInstance } from '../src/app.ts'
import { TEST_NOW_MS, auth, signIn, testApp } from './helper.ts'

/*
 * Issue 15 item 10: malformed requests, generated from each operation's own schemas in
 * /openapi.json, never crash (5xx), hang, or leak a stack trace, SQL or a file path. Every
 * operation of the document is fuzzed, signed in as a persona that may call it (admin; sfuser for
 * Snowflake). The /__sim controls are not in the document and are left out on purpose: they move
 * the clock, inject faults and reset the data, which would change every other answer.
 *
 * FUZZ_RUNS (default 100) sets the cases per operation, FUZZ_SEED replays a run.
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 100)
/** FUZZ_TALLY=1 counts the failures of every case instead of stopping at an operation's first. */
const TALLY = process.env.FUZZ_TALLY === '1'
/** FUZZ_SKIP: a pattern of operations to leave out (to measure old code that dies on some). */
const SKIP = process.env.FUZZ_SKIP ? new RegExp(process.env.FUZZ_SKIP) : undefined
const SEED = Number(process.env.FUZZ_SEED ?? 15)
/** The longest any answer may take (small scale; a 2-core CI box shared with other work). */
const BOUND_MS = 2000
/**
 * The PDF export's: a well-formed request renders, and the browser starts on the first render
 * (seconds on a busy 2-core box: a fresh-clone CI run once took over 2 s); past its own render
 * timeout (15 s, pdf-renderer.ts) the route answers 504, never hangs.
 */
const PDF_BOUND_MS = 20_000
const DAY = 86_400_000

interface Schema {
  type?: string | string[]
  enum?: unknown[]
  properties?: Record<string, Schema>
  required?: string[]
  items?: Schema
  anyOf?: Schema[]
  oneOf?: Schema[]
  allOf?: Schema[]
  minimum?: number
  maximum?: number
  maxLength?: number
  maxItems?: number
  [DATE_PARAM_KEYWORD]?: DateParamKind
}
interface Parameter {
  in: 'query' | 'path' | 'header'
  name: string
  required?: boolean
  schema: Schema
}
interface Operation {
  parameters?: Parameter[]
  requestBody?: { content: Record<string, { schema: Schema }> }
}

/** What no answer may carry: a stack frame, SQL or the database's words, a source path. */
const LEAKS: [string, RegExp][] = [
  ['a stack trace', /\bat (?:[\w$.<>[\]]+ )?\(?[^\s()]+:\d+:\d+\)?/],
  ['a file path', /\/work\/|node_modules|\.ts:\d+|\.js:\d+/],
  ['the database', /SQLITE|sqlite3?/],
]
/** SQL in an error (a 2xx Snowflake body legitimately holds the text of the queries it lists). */
const SQL = /\b(SELECT|INSERT|UPDATE|DELETE)\b[\s\S]*\b(FROM|INTO|SET|WHERE)\b/

// ——— values ———

const HUGE_STRING = 'x'.repeat(100 * 1024)
/** Strings no parameter expects: types, numbers at the edges, traversal, NUL, injection, unicode. */
const nastyString = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      '',
      ' ',
      'abc',
      'true',
      'null',
      '[]',
      '{}',
      '-1',
      '0',
      '1.5',
      'NaN',
      'Infinity',
      '-Infinity',
      '1e308',
      '1e309',
      '-1e309',
      '9007199254740992',
      '9007199254740993',
      '-9007199254740993',
      '99999999999999999999999',
      '../../../etc/passwd',
      '..%2F..%2Fetc%2Fpasswd',
      '%00',
      '\u0000',
      "' OR 1=1 --",
      '"; DROP TABLE applications; --',
      '*',
      '%',
      '_',
      '\\',
      '-271821-04-20T00:00:00Z',
      '+275760-09-13T00:00:00Z',
      '9999-12-31T23:59:59Z',
      '2026-02-30',
      '2026-13-45T99:00:00Z',
      '\u202e\u0301😀𝕏',
      '\ud800',
      HUGE_STRING,
    ),
  },
  fc.string({ maxLength: 30, unit: 'binary' }),
  fc.integer().map(String),
  fc.double().map(String),
)
/** Dates no picker gives: years -271821 to 275760, past JavaScript's range, not dates at all. */
const edgeDate = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      '-271821-04-20T00:00:00Z',
      '+275760-09-13T00:00:00Z',
      '9999-12-31T23:59:59Z',
      '0001-01-01',
      '1970-01-01T00:00:00Z',
      '9007199254740992',
      '8640000000000001',
      '-8640000000000001',
      '1e21',
      '0',
      '-1',
      '2026-02-30',
      'yesterday',
    ),
  },
  fc.integer({ min: -1e6, max: 1e6 }).map((days) => new Date(TEST_NOW_MS + days * DAY).toISOString()),
)
/** A parameter that holds a date, by its contract's marker or by its name (from/to, *time, *date). */
const isDateLike = (name: string, schema: Schema) =>
  Boolean(schema[DATE_PARAM_KEYWORD]) || /time|date|^from$|^to$|^gte$|^lte$/i.test(name)

/** JSON values of every type, at the edges. */
const nastyJson: fc.Arbitrary<unknown> = fc.oneof(
  nastyString,
  fc.constantFrom(null, true, false, 0, -1, -1e308, 1e308, 2 ** 53, -(2 ** 63), 8.64e15 + 1, 0.5, [], {}, [
    [[[[]]]],
  ]),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 400 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 5 }),
)

/** A date of the parameter's kind, anywhere from 800 days back to 3 days ahead. */
function dateArb(kind: DateParamKind, type: string | string[] | undefined): fc.Arbitrary<string | number> {
  return fc.integer({ min: -800 * DAY, max: 3 * DAY }).map((offset) => {
    const ms = TEST_NOW_MS + offset
    if (kind === 'iso') return new Date(ms).toISOString()
    const n = kind === 'epoch-s-or-iso' ? Math.floor(ms / 1000) : ms
    return type === 'integer' ? n : String(n)
  })
}

/** A value the schema accepts (mostly): where the fuzz starts from before breaking things. */
function validArb(schema: Schema, depth = 0): fc.Arbitrary<unknown> {
  const kind = schema[DATE_PARAM_KEYWORD]
  if (kind) return dateArb(kind, schema.type)
  if (schema.enum) return fc.constantFrom(...schema.enum)
  const branches = schema.anyOf ?? schema.oneOf
  if (branches?.length) return fc.oneof(...branches.map((b) => validArb(b, depth)))
  if (schema.allOf?.length) return validArb(Object.assign({}, ...schema.allOf) as Schema, depth)
  const type = [schema.type].flat()[0]
  switch (type) {
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -5, max: Math.min(schema.maximum ?? 100, 100_000) })
    case 'number':
      return fc.double({ min: schema.minimum ?? -100, max: schema.maximum ?? 1e6, noNaN: true })
    case 'boolean':
      return fc.boolean()
    case 'string':
      return fc.string({ maxLength: Math.min(schema.maxLength ?? 20, 20) })
    case 'array':
      return depth > 4
        ? fc.constant([])
        : fc.array(validArb(schema.items ?? {}, depth + 1), { maxLength: Math.min(schema.maxItems ?? 3, 3) })
    case 'object':
      return depth > 4 ? fc.constant({}) : bodyArb(schema, depth + 1)
    default:
      return nastyJson
  }
}

/** Each field: valid, malformed or left out (so required fields go missing), plus unknown fields. */
function bodyArb(schema: Schema, depth = 0): fc.Arbitrary<Record<string, unknown>> {
  const fields = Object.entries(schema.properties ?? {}).map(([name, s]) =>
    fc.oneof(
      { weight: 4, arbitrary: validArb(s, depth).map((v) => [name, v] as const) },
      { weight: 1, arbitrary: nastyJson.map((v) => [name, v] as const) },
      { weight: isDateLike(name, s) ? 2 : 0, arbitrary: edgeDate.map((v) => [name, v] as const) },
      { weight: 1, arbitrary: fc.constant(undefined) },
    ),
  )
  const extra = fc.oneof(
    { weight: 7, arbitrary: fc.constant(null) },
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom('bogus', '__proto__', 'constructor'), nastyJson) },
  )
  return fc.tuple(fc.tuple(...fields), extra).map(([entries, unknown]) => {
    const body: Record<string, unknown> = {}
    for (const e of entries) if (e) body[e[0]] = e[1]
    if (unknown) Object.defineProperty(body, unknown[0], { value: unknown[1], enumerable: true })
    return body
  })
}

// ——— requests ———

/** A path segment percent-encoded; a lone surrogate becomes the invalid UTF-8 it would be sent as. */
const encode = (value: string) => {
  try {
    return encodeURIComponent(value)
  } catch {
    return '%ED%A0%80'
  }
}

interface FuzzRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH'
  url: string
  headers: Record<string, string>
  payload?: string
}

function requestArb(method: string, path: string, op: Operation, token: Record<string, string>) {
  const params = op.parameters ?? []
  const query = params.filter((p) => p.in === 'query')
  // Path parameters: the schema's own values or traversal, NUL and unicode, raw or encoded.
  const pathValues = fc.tuple(
    ...[...path.matchAll(/\{(\w+)\}/g)].map(([, name = '']) => {
      const schema = params.find((p) => p.in === 'path' && p.name === name)?.schema ?? {}
      return fc.oneof(
        { weight: KNOWN[name] ? 4 : 0, arbitrary: fc.constantFrom(...(KNOWN[name] ?? ['x'])) },
        validArb(schema).map((v) => encode(String(v))),
        fc.constantFrom('..', '../..', '..%2F..%2Fetc', '%00', 'a%00b', '%2e%2e', '%', '%zz', '*', '~'),
        nastyString.map((v) => encode(v.slice(0, 300)) || 'x'),
      )
    }),
  )
  const queryValues = fc.tuple(
    ...query.map((p) =>
      fc.oneof(
        { weight: 3, arbitrary: validArb(p.schema).map((v) => [p.name, v] as const) },
        { weight: 2, arbitrary: nastyString.map((v) => [p.name, v] as const) },
        {
          weight: isDateLike(p.name, p.schema) ? 3 : 0,
          arbitrary: edgeDate.map((v) => [p.name, v] as const),
        },
        { weight: 2, arbitrary: fc.constant(undefined) },
        {
          weight: 1,
          arbitrary: fc.array(nastyString, { minLength: 2, maxLength: 3 }).map((v) => [p.name, v] as const),
        },
      ),
    ),
  )
  const names = new Set(query.map((p) => p.name))
  const pairs = DATE_WINDOW_PAIRS.filter(([s, e]) => names.has(s) && names.has(e))
  const reversed = pairs.length
    ? fc.oneof(
        { weight: 3, arbitrary: fc.constant(null) },
        fc.tuple(fc.constantFrom(...pairs), fc.integer({ min: 1, max: 600 })).map(([[s, e], days]) => {
          const kind = query.find((p) => p.name === s)?.schema[DATE_PARAM_KEYWORD] ?? 'epoch-ms-or-iso'
          const at = (ms: number) =>
            kind === 'iso'
              ? new Date(ms).toISOString()
              : String(kind === 'epoch-s-or-iso' ? Math.floor(ms / 1000) : ms)
          return { [s]: at(TEST_NOW_MS - DAY), [e]: at(TEST_NOW_MS - DAY - days * 3_600_000) }
        }),
      )
    : fc.constant(null)
  const bodySchema = op.requestBody?.content['application/json']?.schema
  const body: fc.Arbitrary<{ payload?: string; type?: string }> = bodySchema
    ? fc.oneof(
        { weight: 6, arbitrary: bodyArb(bodySchema).map((b) => ({ payload: JSON.stringify(b) })) },
        { weight: 1, arbitrary: nastyJson.map((v) => ({ payload: JSON.stringify(v) ?? 'null' })) },
        {
          weight: 1,
          arbitrary: fc.constantFrom(
            { payload: '' },
            { payload: '{"a":' },
            { payload: '['.repeat(100) + ']'.repeat(100) },
            { payload: '{"a":'.repeat(5000) + '1' + '}'.repeat(5000) },
            { payload: '['.repeat(5000) + ']'.repeat(5000) },
            { payload: `{"x":"${HUGE_STRING}"}` },
            { payload: 'a=1&b=2', type: 'application/x-www-form-urlencoded' },
            { payload: 'plain text', type: 'text/plain' },
            { payload: '{"__proto__":{"admin":true}}' },
          ),
        },
      )
    : fc.constant({})
  return fc.tuple(pathValues, queryValues, reversed, body).map(([pv, qv, rev, b]): FuzzRequest => {
    let i = 0
    const url = path.replace(/\{\w+\}/g, () => pv[i++] ?? 'x')
    const search = new URLSearchParams()
    for (const entry of qv) if (entry) for (const v of [entry[1]].flat()) search.append(entry[0], String(v))
    for (const [k, v] of Object.entries(rev ?? {})) search.set(k, v)
    const qs = search.toString()
    const headers: Record<string, string> = { ...token }
    if (b.payload !== undefined) headers['content-type'] = b.type ?? 'application/json'
    return {
      method: method.toUpperCase() as FuzzRequest['method'],
      url: qs ? `${url}?${qs}` : url,
      headers,
      ...(b.payload !== undefined ? { payload: b.payload } : {}),
    }
  })
}

// ——— the run ———

const app: FastifyInstance = await testApp()
const doc = (await app.inject({ method: 'GET', url: '/openapi.json' })).json<{
  paths: Record<string, Record<string, Operation>>
}>()
/** Path parameters that name a seeded record, so cases reach past the 404 into the handler. */
const db = (app as AppInstance).db
const KNOWN: Record<string, string[]> = {
  cluster: ['cdh-prod-01', '*'],
  warehouseUid: db
    .prepare('SELECT uid FROM snowflake_warehouses ORDER BY uid LIMIT 3')
    .pluck()
    .all() as string[],
  queryUid: db
    .prepare('SELECT id FROM snowflake_queries_named ORDER BY id LIMIT 3')
    .pluck()
    .all() as string[],
}
/**
 * The personas tried, in order (README persona table, password = username): the CDH admin, then
 * sfuser for Snowflake (its admin for what is admin only there: its notification channels), then
 * the admins of the other platforms for what is theirs alone.
 */
const PERSONAS = ['admin', 'sfuser', 'snowflake', 'emr', 'bigquery', 'databricks', 'k8s'] as const
const tokens: Record<string, Record<string, string>> = {}
for (const persona of PERSONAS) tokens[persona] = auth(await signIn(app, persona))

/** The first persona a plain call of the operation does not refuse (401, 403): the fuzz then reaches the route. */
async function personaFor(method: string, path: string): Promise<Record<string, string>> {
  const url = path.replace(/\{(\w+)\}/g, (_, name: string) => KNOWN[name]?.[0] ?? 'x')
  for (const persona of PERSONAS) {
    const res = await app.inject({
      method: method.toUpperCase() as FuzzRequest['method'],
      url,
      headers: { ...tokens[persona], ...(method === 'get' ? {} : { 'content-type': 'application/json' }) },
      ...(method === 'get' ? {} : { payload: '{}' }),
    })
    if (res.statusCode !== 401 && res.statusCode !== 403) return tokens[persona]!
  }
  return tokens.admin!
}
const operations = Object.entries(doc.paths)
  .flatMap(([path, item]) => Object.entries(item).map(([method, op]) => ({ method, path, op })))
  .filter((o) => !SKIP?.test(`${o.method.toUpperCase()} ${o.path}`))
/** The failures seen (all of them under FUZZ_TALLY), by kind, for the summary. */
const failures: Record<string, number> = {}
/** Under FUZZ_TALLY, the first failing request of each operation, printed at the end. */
const samples: string[] = []
/** Per operation: the statuses seen, for the summary and to prove the cases got past sign-in. */
const statuses = new Map<string, Record<number, number>>()
const started = performance.now()

afterAll(async () => {
  const cases = [...statuses.values()].reduce((n, s) => n + Object.values(s).reduce((a, b) => a + b, 0), 0)
  const seconds = ((performance.now() - started) / 1000).toFixed(1)
  const byClass: Record<string, number> = {}
  for (const seen of statuses.values())
    for (const [status, n] of Object.entries(seen))
      byClass[`${status[0]}xx`] = (byClass[`${status[0]}xx`] ?? 0) + n
  console.info(
    `fuzz: ${statuses.size} operations, ${cases} requests, ${seconds} s (seed ${SEED}): ${JSON.stringify(byClass)}, failures ${JSON.stringify(failures)}`,
  )
  if (samples.length) console.info(samples.join('\n'))
  await app.close()
})

const timeout = (ms: number) =>
  new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), ms).unref())

describe(`fuzz: every operation of /openapi.json, ${RUNS} malformed requests each (issue 15 item 10)`, () => {
  it('covers the whole document', () => {
    expect(operations.length).toBeGreaterThan(50)
  })

  it.each(operations.map((o) => [`${o.method.toUpperCase()} ${o.path}`, o] as const))(
    '%s: no 5xx, no hang, no leak',
    async (name, { method, path, op }) => {
      const token = await personaFor(method, path)
      const seen: Record<number, number> = {}
      statuses.set(name, seen)
      await fc.assert(
        fc.asyncProperty(requestArb(method, path, op, token), async (request) => {
          const t0 = performance.now()
          const bound = path === '/ui/export-pdf' ? PDF_BOUND_MS : BOUND_MS
          const res = await Promise.race([app.inject(request), timeout(bound)])
          const ms = performance.now() - t0
          const fail = (kind: string, detail: string) => {
            failures[kind] = (failures[kind] ?? 0) + 1
            if (TALLY && !samples.some((x) => x.startsWith(`${name}:`)))
              samples.push(
                `${name}: ${kind} ${request.url.slice(0, 200)} ${request.payload?.slice(0, 80) ?? ''}`,
              )
            if (!TALLY) throw new Error(`${kind}: ${detail}`)
          }
          if (res === 'timeout') return fail('hang', `no answer within ${bound} ms`)
          seen[res.statusCode] = (seen[res.statusCode] ?? 0) + 1
          if (res.statusCode >= 500) fail('5xx', `${res.statusCode}: ${res.body.slice(0, 300)}`)
          if (ms > bound) fail('slow', `answered after ${Math.round(ms)} ms`)
          for (const [what, pattern] of LEAKS)
            if (pattern.test(res.body)) fail(what, `in the body: ${res.body.slice(0, 300)}`)
          if (res.statusCode >= 400 && SQL.test(res.body))
            fail('SQL', `in an error: ${res.body.slice(0, 300)}`)
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      )
      // The cases reached the route, not only the sign-in check.
      const past = Object.entries(seen).filter(([s]) => s !== '401' && s !== '403')
      expect(past.length, `${name}: ${JSON.stringify(seen)}`).toBeGreaterThan(0)
    },
  )
})
