import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auth, signIn, testApp } from './helper.ts'

let app: FastifyInstance
beforeAll(async () => {
  app = await testApp()
})
afterAll(() => app.close())

describe('security headers', () => {
  it('every answer carries a Content-Security-Policy that allows only this origin to run scripts', async () => {
    const res = await app.inject({ method: 'GET', url: '/signInMode' })
    const csp = String(res.headers['content-security-policy'])
    expect(csp).toContain("script-src 'self'")
    expect(csp).toContain("default-src 'self'")
    expect(csp).toContain("object-src 'none'")
    expect(csp).toContain("frame-ancestors 'self'")
    expect(res.headers['x-content-type-options']).toBe('nosniff')
  })

  it('origins allowed to embed the console are added to frame-ancestors (B016)', async () => {
    const embedded = await testApp({ frameAncestors: ['https://portal.example.com'] })
    try {
      const res = await embedded.inject({ method: 'GET', url: '/signInMode' })
      expect(String(res.headers['content-security-policy'])).toContain(
        "frame-ancestors 'self' https://portal.example.com",
      )
    } finally {
      await embedded.close()
    }
  })
})

describe('HTTPS-only headers (HSTS, upgrade-insecure-requests) only over HTTPS', () => {
  // Over plain HTTP (a demo on a LAN) they make browsers upgrade the console's own requests to an
  // https:// that does not answer, or pin the host to HTTPS for a year.
  const urls = ['/signInMode', '/docs/static/index.html', '/api/v1/isValidToken', '/no/such/page']
  const httpsHeaders = (res: { headers: Record<string, unknown> }) => ({
    hsts: res.headers['strict-transport-security'],
    upgrade: /upgrade-insecure-requests/.test(String(res.headers['content-security-policy'])),
  })

  it.each(urls)('%s over HTTP has neither', async (url) => {
    const res = await app.inject({ method: 'GET', url })
    expect(res.headers['content-security-policy']).toBeDefined()
    expect(httpsHeaders(res)).toEqual({ hsts: undefined, upgrade: false })
  })

  it.each(urls)('%s with x-forwarded-proto: https but no trusted proxy has neither', async (url) => {
    const res = await app.inject({ method: 'GET', url, headers: { 'x-forwarded-proto': 'https' } })
    expect(httpsHeaders(res)).toEqual({ hsts: undefined, upgrade: false })
  })

  it('behind a trusted proxy that says https, both are sent', async () => {
    const proxied = await testApp({ trustProxy: '127.0.0.1' })
    try {
      for (const url of urls) {
        const res = await proxied.inject({ method: 'GET', url, headers: { 'x-forwarded-proto': 'https' } })
        expect(httpsHeaders(res)).toEqual({ hsts: 'max-age=31536000; includeSubDomains', upgrade: true })
        expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'")
      }
      const http = await proxied.inject({
        method: 'GET',
        url: '/signInMode',
        headers: { 'x-forwarded-proto': 'http' },
      })
      expect(httpsHeaders(http)).toEqual({ hsts: undefined, upgrade: false })
    } finally {
      await proxied.close()
    }
  })
})

describe('sign-in rate limit', () => {
  it('answers 429 in the error shape after the allowed attempts, per user', async () => {
    const limited = await testApp({ signInPerMinute: 3 })
    try {
      const attempt = (username: string) =>
        limited.inject({ method: 'POST', url: '/api/v1/webSignIn', payload: { username, password: 'wrong' } })
      for (let i = 0; i < 3; i++) expect((await attempt('admin')).statusCode).toBe(400)
      const blocked = await attempt('admin')
      expect(blocked.statusCode).toBe(429)
      expect(blocked.json()).toMatchObject({ statusCode: 429, error: 'Too Many Requests' })
      expect(blocked.json().message).toMatch(/Too many sign-in attempts. Try again in/)
      expect(blocked.headers['retry-after']).toBeDefined()
      // Another user behind the same address can still sign in.
      expect(
        (
          await limited.inject({
            method: 'POST',
            url: '/api/v1/webSignIn',
            payload: { username: 'analyst', password: 'analyst' },
          })
        ).statusCode,
      ).toBe(200)
    } finally {
      await limited.close()
    }
  })
})

describe('sign-in limit per address behind a proxy', () => {
  const attempt = (instance: FastifyInstance, username: string, forwardedFor: string) =>
    instance.inject({
      method: 'POST',
      url: '/api/v1/webSignIn',
      headers: { 'x-forwarded-for': forwardedFor },
      payload: { username, password: 'wrong' },
    })

  it('counts each client behind a trusted proxy by its forwarded address', async () => {
    const proxied = await testApp({ trustProxy: ['127.0.0.1'], signInPerAddressPerMinute: 2 })
    try {
      expect((await attempt(proxied, 'a', '203.0.113.7')).statusCode).toBe(400)
      expect((await attempt(proxied, 'b', '203.0.113.7')).statusCode).toBe(400)
      expect((await attempt(proxied, 'c', '203.0.113.7')).statusCode).toBe(429)
      expect((await attempt(proxied, 'd', '203.0.113.8')).statusCode).toBe(400)
    } finally {
      await proxied.close()
    }
  })

  it('ignores X-Forwarded-For when no proxy is trusted, so a client cannot pick a new address per attempt', async () => {
    const direct = await testApp({ signInPerAddressPerMinute: 2 })
    try {
      expect((await attempt(direct, 'a', '203.0.113.1')).statusCode).toBe(400)
      expect((await attempt(direct, 'b', '203.0.113.2')).statusCode).toBe(400)
      expect((await attempt(direct, 'c', '203.0.113.3')).statusCode).toBe(429)
    } finally {
      await direct.close()
    }
  })
})

describe('request limits and errors', () => {
  it('a body over 1 MiB is refused with 413 in the error shape', async () => {
    const token = await signIn(app, 'admin')
    const res = await app.inject({
      method: 'PUT',
      url: '/api/v1/ui/upgrade-plan',
      headers: { ...auth(token), 'content-type': 'application/json' },
      payload: JSON.stringify({ padding: 'x'.repeat(1024 * 1024 + 1) }),
    })
    expect(res.statusCode).toBe(413)
    expect(res.json()).toMatchObject({ statusCode: 413, error: 'Payload Too Large' })
  })

  it('malformed JSON is a 400 that shows no stack, file path or parser internals', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/webSignIn',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": "admin",',
    })
    expect(res.statusCode).toBe(400)
    const body = res.json()
    expect(Object.keys(body).sort()).toEqual(['error', 'message', 'statusCode'])
    expect(res.body).not.toMatch(/\bat \S+ \(|node_modules|\.ts:\d+|stack/)
  })

  it.each([
    ['/api/v1/cluster_search?size=Infinity', 'querystring/size must be a finite number'],
    ['/api/v1/cluster_search?size=1e309', 'querystring/size must be a finite number'],
    ['/api/v1/search/tags?from=-Infinity&to=1', 'querystring/from must be a finite number'],
  ])('%s is a 400, not a database error', async (url, message) => {
    const res = await app.inject({ method: 'GET', url, headers: auth(await signIn(app, 'admin')) })
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe(message)
  })

  it('a search text that reads "Infinity" is still just text', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/v1/cluster_search?customQ=Infinity',
      headers: auth(await signIn(app, 'admin')),
    })
    expect(res.statusCode).toBe(200)
  })

  it('a body number too large for a double is a 400', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/webSignIn',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": 1e309, "password": "x"}',
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe('body/username must be a finite number')
  })

  it('a body number field sent as a string too large for a double is a 400 (the validator coerces it to Infinity)', async () => {
    for (const [payload, field] of [
      ['{"query": "etl", "size": "1e309"}', 'body/size'],
      ['{"appTypes": ["db"], "from": "Infinity", "size": 15}', 'body/from'],
    ] as const) {
      const res = await app.inject({
        method: 'POST',
        url: payload.includes('query')
          ? '/api/v1/ds/api/v1/databricks/jobs/search'
          : '/api/v1/apps/unifiedsearch',
        headers: { ...auth(await signIn(app, 'databricks')), 'content-type': 'application/json' },
        payload,
      })
      expect(res.statusCode, payload).toBe(400)
      expect(res.json().message).toBe(`${field} must be a finite number`)
    }
  })
})
