import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { SESSION_TOKEN_LIFETIME_S } from '@costlens/shared'
import {
  authTokenCookie,
  clearSession,
  storedToken,
  storeToken,
  storeUser,
  TOKEN_KEY,
  USER_KEY,
} from './session-storage.ts'

beforeEach(() => {
  localStorage.clear()
  document.cookie = 'auth_token=; max-age=0; path=/'
})

describe('session storage', () => {
  it('B008 keeps the token in localStorage and in the auth_token cookie', () => {
    storeToken('t1')
    expect(storedToken()).toBe('t1')
    expect(document.cookie).toContain('auth_token=t1')
  })

  it('B009 logout clears token and user and keeps the app-store and preferences keys', () => {
    storeToken('t1')
    storeUser({ username: 'analyst' })
    localStorage.setItem('appstore.installed', '["spark-advisor"]')
    localStorage.setItem('preferences', '{"theme":"light"}')
    clearSession()
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull()
    expect(localStorage.getItem(USER_KEY)).toBeNull()
    expect(document.cookie).not.toContain('auth_token=t1')
    expect(localStorage.getItem('appstore.installed')).toBe('["spark-advisor"]')
    expect(localStorage.getItem('preferences')).toBe('{"theme":"light"}')
  })
})

/** A JWT-shaped token with these claims (the signature is not checked by the client). */
function tokenWith(claims: object): string {
  const part = (value: object) =>
    btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}.c2lnbmF0dXJl`
}

describe('the auth_token cookie lives as long as the token, Secure under HTTPS (issue 15 item 5)', () => {
  const now = Math.floor(Date.now() / 1000)
  const fresh = tokenWith({ username: 'admin', iat: now, exp: now + SESSION_TOKEN_LIFETIME_S })
  const attributes = (cookie: string) => cookie.split('; ').slice(1)

  // The browser's clock stands still at the tokens' iat: a loaded machine may take more than a
  // second between building a token and reading its cookie, which would leave 7,199 s, not 7,200.
  beforeAll(() => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(now * 1000)
  })
  afterAll(() => vi.useRealTimers())
  afterEach(() => vi.restoreAllMocks())

  it('a fresh token: max-age is the token lifetime (2 h), not a day; no Secure over HTTP', () => {
    expect(SESSION_TOKEN_LIFETIME_S).toBe(7200)
    expect(attributes(authTokenCookie(fresh, 'http:'))).toEqual(['max-age=7200', 'path=/', 'SameSite=Strict'])
  })

  it('an HTTPS page marks it Secure', () => {
    expect(attributes(authTokenCookie(fresh, 'https:'))).toEqual([
      'max-age=7200',
      'path=/',
      'SameSite=Strict',
      'Secure',
    ])
  })

  it('a token stored again later keeps only the time it has left', () => {
    const older = tokenWith({ iat: now - 5400, exp: now + 1800 })
    const maxAge = Number(/max-age=(\d+)/.exec(authTokenCookie(older, 'http:'))?.[1])
    expect(maxAge).toBeGreaterThan(1790)
    expect(maxAge).toBeLessThanOrEqual(1800)
  })

  it.each([
    [
      'a server clock far behind the browser (a simulated past)',
      tokenWith({ iat: 1_600_000_000, exp: 1_600_003_600 }),
      3600,
    ],
    [
      'a server clock far ahead',
      tokenWith({ iat: now + 86_400 * 400, exp: now + 86_400 * 400 + 7200 }),
      7200,
    ],
    ['a token that is not a JWT', 't1', SESSION_TOKEN_LIFETIME_S],
    ['a token without exp', tokenWith({ iat: now }), SESSION_TOKEN_LIFETIME_S],
  ])('%s: the token lifetime (exp - iat), or 2 h', (_label, token, maxAge) => {
    expect(authTokenCookie(token, 'http:')).toContain(`; max-age=${maxAge};`)
  })

  it('storeToken writes that cookie for the page protocol', () => {
    const written: string[] = []
    const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!
    vi.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => {
      written.push(value)
      descriptor.set!.call(document, value)
    })
    storeToken(fresh)
    expect(written).toEqual([authTokenCookie(fresh, location.protocol)])
    expect(written[0]).toMatch(/; max-age=7200; /)
    expect(document.cookie).toContain(`auth_token=${fresh}`)
  })
})
