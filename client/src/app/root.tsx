import { createElement, useEffect } from 'react'
import { Navigate, Outlet, useLocation } from 'react-router-dom'
import type { CurrentUser } from '@costlens/shared'
import { useAppDispatch, useAppSelector } from './hooks.ts'
import { guardRedirect } from './guard.ts'
import { PageLoader } from './page-loader.tsx'
import { whenIdle } from './when-idle.ts'
import { loadSignedIn, loadSignedInComponent, signedInArrived } from './signed-in-loader.ts'
import { useLoadedComponent } from './use-loaded-component.ts'
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
 * The signed-in console (catalogue, shell, screens' loaders), not part of the sign-in page's code:
 * a loader shows until it has arrived (usually it has: main.tsx fetches it during the token check).
 */
function SignedInConsole(props: { user: CurrentUser; zone: string; chromeHidden: boolean }) {
  const SignedIn = useLoadedComponent(signedInArrived, loadSignedInComponent)
  // Held in state (useLoadedComponent), so it is the same component from render to render.
  return SignedIn ? createElement(SignedIn, props) : <PageLoader label="Loading the console" />
}

/**
 * The root route: session start-up (B001, B013), the guard (B022, B023), the per-path effects
 * (toasts cleared B026, analytics B027) and the session watchers (B007, B015-B019), then either the
 * login view or, for a signed-in user, the console (SignedIn, loaded on demand: main.tsx starts it
 * when a token is stored, the sign-in page fetches it in idle time).
 */
export function Root() {
  const dispatch = useAppDispatch()
  const { status, user, embeddedChromeHidden } = useAppSelector((s) => s.session)
  const location = useLocation()
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
  // A visitor at the sign-in page will most likely sign in next: the console's code, when idle.
  useEffect(() => {
    if (status === 'anonymous') whenIdle(() => void loadSignedIn().catch(() => undefined))
  }, [status])

  if (user) return <SignedInConsole user={user} zone={zone} chromeHidden={embeddedChromeHidden} />
  const target = guardRedirect(status, location, undefined)
  if (target) return <Navigate to={target} replace />
  // The login view stays mounted while it checks a new token, so it can still show why that failed.
  if ((status === 'unknown' || status === 'checking') && location.pathname !== '/login')
    return <PageLoader label="Checking your session" />
  // Past the guard, a visitor can only be at /login.
  return <Outlet />
}
