import type { FastifyInstance } from 'fastify'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { auth, signIn, testApp, TEST_NOW_MS } from './helper.ts'
import { MAX_FAULT_RULES } from '@costlens/shared'
import { FaultStore } from '../src/plugins/faults.ts'

let app: FastifyInstance
let admin: Record<string, string>
let analyst: Record<string, string>

beforeAll(async () => {
  app = await testApp()
  admin = auth(await signIn(app, 'admin'))
  analyst = auth(await signIn(app, 'analyst'))
})
afterAll(() => app.close())
afterEach(async () => {
  await app.inject({ method: 'DELETE', url: '/__sim/faults', headers: admin })
})

const addFault = (payload: object) =>
  app.inject({ method: 'POST', url: '/__sim/faults', headers: admin, payload })

describe('/__sim is for admins with a token only', () => {
  it.each([
    ['GET', '/__sim/faults'],
    ['GET', '/__sim/clock'],
    ['POST', '/__sim/reset'],
  ] as const)('%s %s without a token is 401', async (method, url) => {
    const res = await app.inject({ method, url })
    expect(res.statusCode).toBe(401)
    expect(res.json()).toMatchObject({ message: 'Session expired' })
  })

  it('a user who is not an admin gets 403', async () => {
    const res = await app.inject({ method: 'GET', url: '/__sim/faults', headers: analyst })
    expect(res.statusCode).toBe(403)
  })

  it('is absent with SIM_CONTROL=off, and header faults do nothing', async () => {
    const off = await testApp({ simControl: false })
    try {
      const token = auth(await signIn(off, 'admin'))
      expect((await off.inject({ method: 'GET', url: '/__sim/faults', headers: token })).statusCode).toBe(404)
      const res = await off.inject({
        method: 'GET',
        url: '/api/v1/isValidToken',
        headers: { ...token, 'x-sim-fault': '500' },
      })
      expect(res.statusCode).toBe(200)
    } finally {
      await off.close()
    }
  })

  it('is not in the API document a client of the real backend reads', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/openapi.json' })).json<{ paths: object }>()
    expect(Object.keys(doc.paths).some((p) => p.startsWith('/__sim'))).toBe(false)
  })
})

describe('fault rules', () => {
  it('a 500 rule answers matching requests without a message, so the client maps the status', async () => {
    const created = await addFault({ route: '/api/v1/isValidToken', status: 500 })
    expect(created.statusCode).toBe(201)
    const res = await app.inject({ method: 'GET', url: '/api/v1/isValidToken', headers: admin })
    expect(res.statusCode).toBe(500)
    expect(res.json()).toEqual({ statusCode: 500, error: 'Internal Server Error' })
  })

  it('a 504 rule with a body answers that body', async () => {
    await addFault({ route: '/api/v1/cluster_search', status: 504, body: { message: 'upstream timed out' } })
    const res = await app.inject({ method: 'GET', url: '/api/v1/cluster_search', headers: admin })
    expect(res.statusCode).toBe(504)
    expect(res.json()).toEqual({ message: 'upstream timed out' })
  })

  it('a 401 rule says Session expired, as the API itself does', async () => {
    await addFault({ route: '/api/v1/isValidToken', status: 401 })
    const res = await app.inject({ method: 'GET', url: '/api/v1/isValidToken', headers: admin })
    expect(res.statusCode).toBe(401)
    expect(res.json()).toMatchObject({ message: 'Session expired' })
  })

  it('matches by method and wildcard, and a count removes the rule once used', async () => {
    await addFault({ route: '/api/v1/search/*', method: 'GET', status: 404, count: 1 })
    const tags = `/api/v1/search/tags?from=${TEST_NOW_MS - 86_400_000}&to=${TEST_NOW_MS}`
    expect((await app.inject({ method: 'GET', url: tags, headers: admin })).statusCode).toBe(404)
    expect((await app.inject({ method: 'GET', url: tags, headers: admin })).statusCode).toBe(200)
    const list = await app.inject({ method: 'GET', url: '/__sim/faults', headers: admin })
    expect(list.json()).toEqual([])
  })

  it('lists rules with their hits and deletes one by id', async () => {
    const { id } = (await addFault({ route: '/api/v1/isValidToken', status: 403 })).json<{ id: string }>()
    await app.inject({ method: 'GET', url: '/api/v1/isValidToken', headers: admin })
    const list = (await app.inject({ method: 'GET', url: '/__sim/faults', headers: admin })).json()
    expect(list).toEqual([
      expect.objectContaining({ id, route: '/api/v1/isValidToken', status: 403, hits: 1 }),
    ])
    expect(
      (await app.inject({ method: 'DELETE', url: `/__sim/faults/${id}`, headers: admin })).statusCode,
    ).toBe(204)
    expect(
      (await app.inject({ method: 'DELETE', url: `/__sim/faults/${id}`, headers: admin })).statusCode,
    ).toBe(404)
  })

  it('a delay holds the answer back, then the real handler answers', async () => {
    await addFault({ route: '/api/v1/isValidToken', delayMs: 150 })
    const started = performance.now()
    const res = await app.inject({ method: 'GET', url: '/api/v1/isValidToken', headers: admin })
    expect(res.statusCode).toBe(200)
    expect(performance.now() - started).toBeGreaterThanOrEqual(140)
  })

  it.each([
    [{ route: 'no-slash', status: 500 }, /route/],
    [{ route: '/api/v1/x', status: 418 }, /status/],
    [{ route: '/api/v1/x', probability: 2, status: 500 }, /probability/],
    [{ route: '/api/v1/x' }, /status or a delayMs/],
    [{ route: '/api/v1/x', status: 500, colour: 'red' }, /colour|additional/],
  ])('a malformed rule %j is a 400 saying why', async (payload, why) => {
    const res = await addFault(payload)
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toMatch(why)
  })

  it.each([
    [
      'the pathological pattern of issue 15 (8 wildcards)',
      '/**a**a**a**a**a**a**a**ab',
      /at most 6 wildcards/,
    ],
    ['7 single-segment wildcards', '/*/*/*/*/*/*/*', /at most 6 wildcards/],
    ['a pattern of 201 characters', `/${'a'.repeat(200)}`, /route must NOT have more than 200 characters/],
  ])('%s is a 400 saying why', async (_label, route, why) => {
    const res = await addFault({ route, status: 500 })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ statusCode: 400, error: 'Bad Request', message: expect.stringMatching(why) })
  })

  it('a rule with many wildcards does not stall requests without a token on long paths', async () => {
    // The old regular expression took about 4 s per request here (backtracking over the 6 '**').
    expect((await addFault({ route: '/**a**a**a**a**a**ab', status: 500 })).statusCode).toBe(201)
    const started = performance.now()
    for (let i = 0; i < 3; i++) {
      const res = await app.inject({ method: 'GET', url: `/${'a'.repeat(100)}` })
      expect(res.statusCode).toBe(404)
    }
    expect(performance.now() - started).toBeLessThan(2000)
    expect((await app.inject({ method: 'GET', url: `/${'a'.repeat(100)}b` })).statusCode).toBe(500)
  })

  it(`holds at most ${MAX_FAULT_RULES} rules`, async () => {
    for (let i = 0; i < MAX_FAULT_RULES; i++)
      expect((await addFault({ route: `/api/v1/x${i}`, status: 500 })).statusCode).toBe(201)
    const res = await addFault({ route: '/api/v1/one-too-many', status: 500 })
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toMatch(/at most 50 fault rules/)
  })

  it('faults never apply to the controls themselves', async () => {
    await addFault({ route: '/**', status: 500 })
    expect((await app.inject({ method: 'GET', url: '/__sim/faults', headers: admin })).statusCode).toBe(200)
  })
})

describe('per-request fault headers', () => {
  it.each([
    ['500', 500],
    ['504', 504],
    ['401', 401],
  ])('x-sim-fault: %s answers %i', async (header, status) => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/v1/isValidToken',
      headers: { ...admin, 'x-sim-fault': header },
    })
    expect(res.statusCode).toBe(status)
  })

  it('a header fault never lets a request without a token past the token check', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/v1/isValidToken',
      headers: { 'x-sim-delay': '10' },
    })
    expect(res.statusCode).toBe(401)
  })

  it.each([
    ['without a token, on a public route', {}],
    ['with a token that does not verify', { authorization: 'JWT not.a.token' }],
  ])('headers are ignored %s', async (_label, headers) => {
    const started = performance.now()
    const res = await app.inject({
      method: 'GET',
      url: '/signInMode',
      headers: { ...headers, 'x-sim-fault': '500', 'x-sim-delay': '1500' },
    })
    expect(res.statusCode).toBe(200)
    expect(performance.now() - started).toBeLessThan(1000)
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/v1/webSignIn',
      headers: { ...headers, 'x-sim-fault': '504' },
      payload: { username: 'admin', password: 'admin' },
    })
    expect(signIn.statusCode).toBe(200)
  })

  it('headers are ignored for a signed-in user who is not an admin', async () => {
    for (const url of ['/signInMode', '/api/v1/isValidToken']) {
      const res = await app.inject({ method: 'GET', url, headers: { ...analyst, 'x-sim-fault': '500' } })
      expect(res.statusCode).toBe(200)
    }
  })

  it("headers are ignored for a token whose user is no longer an admin (the user row's role decides)", async () => {
    const stale = auth(app.tokens.sign({ username: 'analyst', role: 'admin' }))
    const res = await app.inject({
      method: 'GET',
      url: '/signInMode',
      headers: { ...stale, 'x-sim-fault': '500' },
    })
    expect(res.statusCode).toBe(200)
  })

  it('headers are honoured for an admin, on a public route too', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/signInMode',
      headers: { ...admin, 'x-sim-fault': '504' },
    })
    expect(res.statusCode).toBe(504)
  })

  it('an unknown status in the header is ignored', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/v1/isValidToken',
      headers: { ...admin, 'x-sim-fault': '418' },
    })
    expect(res.statusCode).toBe(200)
  })
})

describe('probability', () => {
  it('draws per request', () => {
    const draws = [0.1, 0.9]
    const store = new FaultStore(() => draws.shift() ?? 1)
    store.add({ route: '/x', status: 500, probability: 0.5 })
    expect(store.take('GET', '/x')?.status).toBe(500)
    expect(store.take('GET', '/x')).toBeUndefined()
  })
})

describe('clock', () => {
  // Its own simulator: moving the clock expires the sessions of the others (tokens use it too).
  let sim: FastifyInstance
  const as = async () => auth(await signIn(sim, 'admin'))
  beforeAll(async () => {
    sim = await testApp()
  })
  afterAll(() => sim.close())

  it('reads, sets, freezes and thaws the simulated now', async () => {
    const headers = await as()
    const read = (await sim.inject({ method: 'GET', url: '/__sim/clock', headers })).json()
    expect(Math.abs(read.epochMs - TEST_NOW_MS)).toBeLessThan(60_000)
    const later = TEST_NOW_MS + 3_600_000
    const set = await sim.inject({
      method: 'PUT',
      url: '/__sim/clock',
      headers,
      payload: { now: later, frozen: true },
    })
    expect(set.json()).toEqual({ now: new Date(later).toISOString(), epochMs: later, frozen: true })
    const thawed = await sim.inject({
      method: 'PUT',
      url: '/__sim/clock',
      headers,
      payload: { frozen: false },
    })
    expect(thawed.json().frozen).toBe(false)
  })

  it('data windows follow the clock: the seeded history moves with it', async () => {
    const created = () =>
      (
        sim.db.prepare("SELECT created_at FROM clusters WHERE unravel_id = 'cdh-prod-01'").get() as {
          created_at: number
        }
      ).created_at
    const before = created()
    const headers = await as()
    const now = (await sim.inject({ method: 'GET', url: '/__sim/clock', headers })).json().epochMs as number
    await sim.inject({ method: 'PUT', url: '/__sim/clock', headers, payload: { now: now + 2 * 86_400_000 } })
    expect(created() - before).toBeGreaterThan(2 * 86_400_000 - 120_000)
  })

  it("a jump past a session's two hours signs it out", async () => {
    const headers = await as()
    const now = (await sim.inject({ method: 'GET', url: '/__sim/clock', headers })).json().epochMs as number
    await sim.inject({ method: 'PUT', url: '/__sim/clock', headers, payload: { now: now + 3 * 3_600_000 } })
    expect((await sim.inject({ method: 'GET', url: '/api/v1/isValidToken', headers })).statusCode).toBe(401)
  })

  it('an unreadable instant is a 400', async () => {
    const res = await sim.inject({
      method: 'PUT',
      url: '/__sim/clock',
      headers: await as(),
      payload: { now: 'soon' },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toMatch(/not an ISO date/)
  })
})

describe('reset', () => {
  it('puts the seeded data back, keeps sessions valid and clears faults', async () => {
    const name = () =>
      (
        app.db.prepare("SELECT display_name FROM clusters WHERE unravel_id = 'cdh-prod-01'").get() as {
          display_name: string
        }
      ).display_name
    const seeded = name()
    app.db
      .prepare("UPDATE clusters SET display_name = 'renamed by a test' WHERE unravel_id = 'cdh-prod-01'")
      .run()
    await addFault({ route: '/api/v1/cluster_search', status: 500 })
    const res = await app.inject({ method: 'POST', url: '/__sim/reset', headers: admin })
    expect(res.statusCode).toBe(200)
    expect(res.json().resetMs).toBeGreaterThanOrEqual(0)
    expect(name()).toBe(seeded)
    const search = await app.inject({ method: 'GET', url: '/api/v1/cluster_search', headers: admin })
    expect(search.statusCode).toBe(200)
  })
})
