import { useEffect, useMemo } from 'react'
import { Navigate, Outlet, useLocation } from 'react-router-dom'
import { buildRouteConfig } from '@costlens/shared'
import { useAppDispatch, useAppSelector } from './hooks.ts'
import { guardRedirect } from './guard.ts'
import { AppShell } from './shell/app-shell.tsx'
import { PageLoader } from './page-loader.tsx'
import { clearToasts } from './toasts.ts'
import { setTrackingAllowed, trackRouteChange } from './analytics.ts'
import {
  useAadLogoutCheck,
  useEmbeddingMessages,
  useIdleLogout,
  useStorageClearedLogout,
} from './session-watchers.ts'
import { validateSession } from './session/session-thunks.ts'
import { useZoneInAddress } from './display-settings/display-zone.ts'
import { useGetSignInModeQuery } from './session/auth-api.ts'

/**
 * The root route: session start-up (B001, B013), the guard (B022, B023), the per-path effects
 * (toasts cleared B026, analytics B027) and the session watchers (B007, B015-B019), then either the
 * login view or the console shell around the user's pages.
 */
export function Root() {
  const dispatch = useAppDispatch()
  const { status, user, embeddedChromeHidden } = useAppSelector((s) => s.session)
  const location = useLocation()
  // B029: the route configuration follows the user record; a new record replaces tabs, landing and routes.
  const config = useMemo(() => (user ? buildRouteConfig(user) : undefined), [user])
  const { data: signIn } = useGetSignInModeQuery(undefined, { skip: status !== 'authenticated' })

  useEffect(() => {
    if (status === 'unknown') void dispatch(validateSession(undefined))
  }, [status, dispatch])
  useEffect(() => {
    clearToasts()
    trackRouteChange(location.pathname)
  }, [location.pathname])
  useEffect(() => setTrackingAllowed(!user?.featureFlags.doNotTrack), [user])
  useIdleLogout(user)
  useStorageClearedLogout()
  useEmbeddingMessages()
  useAadLogoutCheck(status === 'authenticated' && signIn?.mode === 'aad')
  const zone = useZoneInAddress()

  const target = guardRedirect(status, location, config)
  if (target) return <Navigate to={target} replace />
  // The login view stays mounted while it checks a new token, so it can still show why that failed.
  if ((status === 'unknown' || status === 'checking') && location.pathname !== '/login')
    return <PageLoader label="Checking your session" />
  // Past the guard, a visitor can only be at /login.
  if (!user || !config) return <Outlet />
  return (
    <AppShell config={config} user={user} chromeHidden={embeddedChromeHidden}>
      {/* Keyed by the time zone: a new zone redraws the page whole, so every time on it (cells,
          headers, chart axes) is formatted again, with the page's state kept in the address. */}
      <Outlet key={zone} context={config} />
    </AppShell>
  )
}
