import type { RouteConfig } from '@costlens/shared'
import type { SessionStatus } from './session/session-slice.ts'

/** A same-origin path only: never send a user to another site after sign-in. */
function safeRedirectTarget(value: string | null): string | undefined {
  return value && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/login')
    ? value
    : undefined
}

/**
 * The route guard (B022, B023, 01 §2.2) as a pure decision: where to send this request, or
 * undefined to render it. Visitors go to /login carrying the full original path in redirectFrom
 * (omitted for the root); signed-in users at / or /login go to redirectFrom or their landing.
 */
export function guardRedirect(
  status: SessionStatus,
  location: { pathname: string; search: string },
  config: Pick<RouteConfig, 'landing' | 'redirects'> | undefined,
): string | undefined {
  const { pathname, search } = location
  if (status === 'unknown' || status === 'checking') return undefined
  if (status === 'anonymous') {
    if (pathname === '/login') return undefined
    if (pathname === '/' || pathname === '') return '/login'
    return `/login?redirectFrom=${encodeURIComponent(pathname + search)}`
  }
  if (!config) return undefined
  if (pathname === '/login')
    return safeRedirectTarget(new URLSearchParams(search).get('redirectFrom')) ?? config.landing
  if (pathname === '/' || pathname === '') return config.landing
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname
  const redirect = config.redirects?.[trimmed]
  return redirect ? redirect + search : undefined
}
