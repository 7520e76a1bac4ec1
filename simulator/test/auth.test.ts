import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { encryptPassword, newSignInSalt, type CurrentUser } from '@costlens/shared'
import { auth, signIn, testApp, TEST_NOW_MS } from './helper.ts'

let app: FastifyInstance
beforeAll(async () => {
  app = await testApp()
  // A route only admins may call, to prove the role guard through the real auth chain.
  app.get('/api/v1/test-admin-only', { config: { access: { roles: ['admin'] } } }, async () => ({ ok: true }))
})
afterAll(() => app.close())

describe('GET /signInMode (E001, B004)', () => {
  it('answers the configured mode as plain text', async () => {
    const res = await app.inject('/signInMode')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/plain/)
    expect(res.body).toBe('open')
  })
})

describe('POST /api/v1/webSignIn (E002, B012)', () => {
  it('signs in with username, salt and ct, never the password', async () => {
    const salt = newSignInSalt()
    const ct = await encryptPassword('analyst', salt)
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/webSignIn',
      payload: { username: 'analyst', salt, ct },
    })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body).toMatchObject({
      message: 'ok',
      role: 'user',
      readOnly: true,
      tags: '',
      id: 'analyst',
      username: 'analyst',
    })
    const payload = JSON.parse(Buffer.from(body.token.split('.')[1], 'base64url').toString())
    expect(payload.exp - payload.iat).toBe(7200)
    expect(payload).toMatchObject({ role: 'user', username: 'analyst', tags: '' })
  })

  it('accepts the README worked example (admin, salt 0011…eeff, ct 9tW/8/WDLTEeetChh+/iQ/oUNKIJ)', async () => {
    expect(await encryptPassword('admin', '00112233445566778899aabbccddeeff')).toBe(
      '9tW/8/WDLTEeetChh+/iQ/oUNKIJ',
    )
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/webSignIn',
      payload: {
        username: 'admin',
        salt: '00112233445566778899aabbccddeeff',
        ct: '9tW/8/WDLTEeetChh+/iQ/oUNKIJ',
      },
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().role).toBe('admin')
  })

  it('accepts the legacy plain form of older scripts, form-encoded', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/webSignIn',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'username=readonly&password=readonly',
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().role).toBe('readonlyAdmin')
  })

  it.each([
    ['a wrong password', { username: 'admin', password: 'nope' }],
    ['an unknown user', { username: 'nobody', password: 'x' }],
  ])('refuses %s with 400 and the same message', async (_label, payload) => {
    const res = await app.inject({ method: 'POST', url: '/api/v1/webSignIn', payload })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'Invalid username or password.',
    })
  })

  it('refuses a ct made with another salt', async () => {
    const ct = await encryptPassword('admin', newSignInSalt())
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/webSignIn',
      payload: { username: 'admin', salt: newSignInSalt(), ct },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe('Invalid username or password.')
  })

  it.each([
    ['no body', undefined],
    ['an empty object', {}],
    ['a missing password and ct', { username: 'admin' }],
    ['a number as username', { username: 42, password: 'x' }],
    ['an extra field', { username: 'admin', password: 'admin', admin: true }],
    ['a short salt', { username: 'admin', salt: 'abc', ct: 'x' }],
  ])('answers %s with 400 and a clear message', async (_label, payload) => {
    const res = await app.inject({ method: 'POST', url: '/api/v1/webSignIn', payload: payload as object })
    expect(res.statusCode).toBe(400)
    const body = res.json()
    expect(body.error).toBe('Bad Request')
    expect(body.message.length).toBeGreaterThan(5)
    expect(body.message).not.toMatch(/at .*\.ts|SELECT|sqlite/i)
  })
})

describe('token check on every /api route (B010, M010)', () => {
  it('answers 401 Session expired without a token', async () => {
    const res = await app.inject('/api/v1/isValidToken')
    expect(res.statusCode).toBe(401)
    expect(res.json()).toEqual({ statusCode: 401, error: 'Unauthorized', message: 'Session expired' })
  })

  it.each([
    ['a Bearer header', (t: string) => `Bearer ${t}`],
    ['a forged signature', (t: string) => `JWT ${t.slice(0, -3)}abc`],
    ['garbage', () => 'JWT not.a.token'],
  ])('answers 401 for %s', async (_label, header) => {
    const token = await signIn(app, 'admin')
    const res = await app.inject({ url: '/api/v1/isValidToken', headers: { authorization: header(token) } })
    expect(res.statusCode).toBe(401)
    expect(res.json().message).toBe('Session expired')
  })

  it('answers 401 once the token is past its 2-hour life', async () => {
    const expired = app.tokens.sign({ username: 'admin', role: 'admin' }, TEST_NOW_MS - 3 * 3_600_000)
    const res = await app.inject({ url: '/api/v1/isValidToken', headers: auth(expired) })
    expect(res.statusCode).toBe(401)
    expect(res.json().message).toBe('Session expired')
  })

  it('answers 401 for a valid token of a user who no longer exists', async () => {
    const ghost = app.tokens.sign({ username: 'ghost', role: 'admin' })
    expect((await app.inject({ url: '/api/v1/isValidToken', headers: auth(ghost) })).statusCode).toBe(401)
  })

  it('answers 403 when the role does not allow the route, 200 when it does', async () => {
    const analyst = await app.inject({
      url: '/api/v1/test-admin-only',
      headers: auth(await signIn(app, 'analyst')),
    })
    expect(analyst.statusCode).toBe(403)
    expect(analyst.json()).toEqual({
      statusCode: 403,
      error: 'Forbidden',
      message: 'This action needs the admin role.',
    })
    const admin = await app.inject({
      url: '/api/v1/test-admin-only',
      headers: auth(await signIn(app, 'admin')),
    })
    expect(admin.statusCode).toBe(200)
  })
})

describe('GET /api/v1/isValidToken (E005, 01 §3)', () => {
  async function userOf(username: string): Promise<CurrentUser> {
    const res = await app.inject({ url: '/api/v1/isValidToken', headers: auth(await signIn(app, username)) })
    expect(res.statusCode).toBe(200)
    return res.json()
  }

  it('returns every field of the current user with the token expiry and cluster lists', async () => {
    const admin = await userOf('admin')
    for (const field of [
      'role',
      'currency',
      'clusterType',
      'clusters',
      'yarnclusters',
      'impalaclusters',
      'frozenTime',
      'frozenTimeStart',
      'frozenTimeEnd',
      'hdpReportingCluster',
      'frozenYarnCluster',
      'frozenImpalaCluster',
      'bigQueryEnabled',
      'prestoEnabled',
      'isSaas',
      'unravelPlan',
      'motionType',
      'isUnravelUser',
      'showOldCostExplorerPages',
      'nativeApp',
      'licenseDetails',
      'sfConfig',
      'rbac',
      'disableOndemandReports',
      'idleExpiryTimeEnabled',
      'idleExpiryTime',
      'about',
      'exp',
      'auditDateFormat',
    ])
      expect(admin).toHaveProperty(field)
    expect(admin).toMatchObject({
      role: 'admin',
      isAdmin: true,
      currency: 'USD',
      clusterType: 'CDH',
      plan: 'enterprise',
    })
    expect(admin.isAuditEnabled && admin.billingEnabled && admin.elkEnabled).toBe(true)
    expect(admin.clusters.length).toBeGreaterThan(0)
    expect(admin.clusters.every((c) => c.unravelId && c.displayName && c.clusterName && c.clusterType)).toBe(
      true,
    )
    // The simulated clock ticks from TEST_NOW, so the expiry is 2 h after a moment just past it.
    expect(admin.exp - Math.floor(TEST_NOW_MS / 1000)).toBeGreaterThanOrEqual(7200)
    expect(admin.exp - Math.floor(TEST_NOW_MS / 1000)).toBeLessThan(7200 + 60)
  })

  it('gives the CDP persona its Impala clusters', async () => {
    const cdp = await userOf('cdp')
    expect(cdp.impalaclusters.map((c) => c.clusterType)).toEqual(['Impala', 'Impala'])
    expect(cdp.yarnclusters.length).toBeGreaterThan(0)
  })

  it('gives the frozen persona a fixed range of whole UTC days and a frozen Yarn cluster (B052, B053)', async () => {
    const frozen = await userOf('frozen')
    const dayStart = Math.floor(TEST_NOW_MS / 86_400_000) * 86_400_000
    expect(frozen.frozenTime).toBe(true)
    expect(frozen.frozenTimeStart).toBe(dayStart - 14 * 86_400_000)
    expect(frozen.frozenTimeEnd).toBe(dayStart - 7 * 86_400_000)
    expect(frozen.yarnclusters.map((c) => c.unravelId)).toContain(frozen.frozenYarnCluster)
  })

  it('gives the restricted persona RBAC with its short view list', async () => {
    const restricted = await userOf('restricted')
    expect(restricted.rbac).toEqual({
      enabled: true,
      views: ['clusters/overview', 'clusters/resources', 'jobs/applications', 'reports/topx'],
    })
  })

  it('resolves the freemium persona to the freemium plan (B051)', async () => {
    const freemium = await userOf('freemium')
    expect(freemium).toMatchObject({ plan: 'freemium', isNotFreemium: false, clusterType: 'DB' })
  })
})

describe('PUT /api/{ui}/ui/upgrade-plan (E012)', () => {
  it('records the request of a freemium user', async () => {
    const res = await app.inject({
      method: 'PUT',
      url: '/api/v1/ui/upgrade-plan',
      headers: auth(await signIn(app, 'freemium')),
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      status: 'success',
      message: 'Upgrade request received. Our team will contact you within one business day.',
    })
    expect(
      app.db.prepare("SELECT count(*) AS n FROM upgrade_requests WHERE username = 'freemium'").get(),
    ).toEqual({ n: 1 })
  })

  it('keeps one pending request per user and answers a repeated call the same (idempotent)', async () => {
    const headers = auth(await signIn(app, 'freemium'))
    const put = (ui: string) => app.inject({ method: 'PUT', url: `/api/${ui}/ui/upgrade-plan`, headers })
    const first = await put('v1')
    const requests = () =>
      app.db.prepare("SELECT requested_at AS at FROM upgrade_requests WHERE username = 'freemium'").all() as {
        at: number
      }[]
    const recorded = requests()
    const again = await Promise.all([put('v1'), put('v1'), put('v2')])
    for (const res of again) {
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual(first.json())
    }
    expect(first.json().status).toBe('success')
    expect(requests()).toHaveLength(1)
    // The first request's time is kept: asking again does not move the team's queue.
    expect(requests()).toEqual(recorded)
  })

  it('tells a paying user there is nothing to upgrade', async () => {
    const res = await app.inject({
      method: 'PUT',
      url: '/api/v1/ui/upgrade-plan',
      headers: auth(await signIn(app, 'admin')),
    })
    expect(res.json()).toEqual({ status: 'failure', message: 'Your plan already includes every feature.' })
  })
})

describe('SAML and AAD modes (E003, E004, E006, B006)', () => {
  it('returns no token when the server is in open mode', async () => {
    const res = await app.inject('/saml/check')
    expect(res.statusCode).toBe(404)
    expect(res.json().message).toBe('SAML sign-in is not enabled on this server.')
  })

  it.each(['saml', 'aad'] as const)('returns a token of the SSO user in %s mode', async (mode) => {
    const sso = await testApp({ signInMode: mode, ssoUser: 'analyst' })
    try {
      expect((await sso.inject('/signInMode')).body).toBe(mode)
      const res = await sso.inject(`/${mode}/check`)
      expect(res.statusCode).toBe(200)
      const user = await sso.inject({ url: '/api/v1/isValidToken', headers: auth(res.json().token) })
      expect(user.json().username).toBe('analyst')
      const session = await sso.inject({ url: '/aad/session', headers: auth(res.json().token) })
      expect(session.json()).toEqual({ active: true })
      expect((await sso.inject('/aad/session')).statusCode).toBe(401)
    } finally {
      await sso.close()
    }
  })
})
