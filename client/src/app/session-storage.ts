import { SESSION_TOKEN_LIFETIME_S, type CurrentUser } from '@costlens/shared'

/**
 * Where the session lives between page loads: localStorage, plus the `auth_token` cookie (B008) so
 * server-rendered exports and embedded pages can read it. The spec's cookie lasts a day, but the
 * token it carries lasts 2 hours: a cookie outliving its token only leaks a dead credential, so it
 * lives as long as the token (see authTokenCookie). Logging out removes only the session keys: the
 * app-store and preferences keys stay (B009).
 */
export const TOKEN_KEY = 'costlens.token'
export const USER_KEY = 'costlens.user'

export function storedToken(): string | null {
  return localStorage.getItem(TOKEN_KEY)
}

export function storeToken(token: string): void {
  localStorage.setItem(TOKEN_KEY, token)
  document.cookie = authTokenCookie(token)
}

/**
 * The auth_token cookie for `token`: Secure on an HTTPS page (so it never travels over plain HTTP),
 * and kept as long as the token has left. That is exp minus the browser's now when the two clocks
 * agree; the simulator's clock may be set anywhere (SIM_NOW), so when exp is already past or further
 * off than a whole token lifetime, the lifetime itself (exp - iat; 2 h when the token does not say).
 */
export function authTokenCookie(token: string, protocol: string = location.protocol): string {
  const claims = tokenClaims(token)
  const lifetime =
    claims.exp !== undefined && claims.iat !== undefined && claims.exp > claims.iat
      ? claims.exp - claims.iat
      : SESSION_TOKEN_LIFETIME_S
  const left = claims.exp === undefined ? lifetime : claims.exp - Math.floor(Date.now() / 1000)
  const maxAge = left > 0 && left <= lifetime ? left : lifetime
  return `auth_token=${encodeURIComponent(token)}; max-age=${maxAge}; ${COOKIE_SCOPE}${secure(protocol)}`
}

const COOKIE_SCOPE = 'path=/; SameSite=Strict'
const secure = (protocol: string) => (protocol === 'https:' ? '; Secure' : '')

/** The numeric iat and exp of a JWT's payload, where it has them (the signature is the server's business). */
function tokenClaims(token: string): { iat?: number; exp?: number } {
  try {
    const payload = token.split('.')[1] ?? ''
    const json = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as Record<string, unknown>
    const seconds = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined)
    return { iat: seconds(json.iat), exp: seconds(json.exp) }
  } catch {
    return {}
  }
}

export function storeUser(user: unknown): void {
  localStorage.setItem(USER_KEY, JSON.stringify(user))
}

/**
 * The user record of the last token check, as stored: only a guess of who is signing in (the check
 * decides), good enough to start a page's first calls while the token is checked (screens.ts).
 */
export function storedUser(): CurrentUser | null {
  try {
    const user = JSON.parse(localStorage.getItem(USER_KEY) ?? 'null') as CurrentUser | null
    return user && typeof user === 'object' ? user : null
  } catch {
    return null
  }
}

export function clearSession(): void {
  localStorage.removeItem(TOKEN_KEY)
  localStorage.removeItem(USER_KEY)
  document.cookie = `auth_token=; max-age=0; ${COOKIE_SCOPE}${secure(location.protocol)}`
}
