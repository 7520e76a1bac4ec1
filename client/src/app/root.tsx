import { lazy, Suspense, useEffect, useMemo } from 'react'
import { Center, Loader } from '@mantine/core'
import { Navigate, useLocation } from 'react-router-dom'
import { buildRouteConfig, matchRoute, type RouteConfig } from '@costlens/shared'
import { useAppDispatch, useAppSelector } from './hooks.ts'
import { guardRedirect } from './guard.ts'
import { AppShell } from './shell/app-shell.tsx'
import { SCREENS } from './screens.ts'
import { clearToasts } from './toasts.ts'
import { setTrackingAllowed, trackRouteChange } from './analytics.ts'
import {
  useAadLogoutCheck,
  useEmbeddingMessages,
  useIdleLogout,
  useStorageClearedLogout,
} from './session-watchers.ts'
import { validateSession } from '../features/auth/session-thunks.ts'
import { useGetSignInModeQuery } from '../features/auth/auth-api.ts'
import { PlannedPage } from '../features/system/planned-page.tsx'
import { NotFoundPage } from '../features/system/not-found-page.tsx'

const LoginPage = lazy(() => import('../features/auth/login-page.tsx'))

function PageLoader() {
  return (
    <Center mih="50vh">
      <Loader aria-label="Loading" />
    </Center>
  )
}

/** The page for a path inside the console: a built screen, a planned page or not-found. */
function ConsolePage({ config, pathname }: { config: RouteConfig; pathname: string }) {
  const match = matchRoute(config, pathname)
  if (!match) return <NotFoundPage />
  const Screen =
    match.route.status === 'built' && match.route.screen ? SCREENS[match.route.screen] : undefined
  if (!Screen) return <PlannedPage route={match.route} />
  return (
    <Suspense fallback={<PageLoader />}>
      <Screen />
    </Suspense>
  )
}

/**
 * Everything under the router: session start-up, the guard, the per-path effects (toasts cleared,
 * analytics) and the session watchers, then the login view or the console.
 */
export function Root() {
  const dispatch = useAppDispatch()
  const { status, user, embeddedChromeHidden } = useAppSelector((s) => s.session)
  const location = useLocation()
  // B029: the route configuration follows the user record.
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

  const target = guardRedirect(status, location, config)
  if (target) return <Navigate to={target} replace />
  if (status === 'unknown' || status === 'checking') return <PageLoader />
  if (location.pathname === '/login' || !user || !config)
    return (
      <Suspense fallback={<PageLoader />}>
        <LoginPage />
      </Suspense>
    )
  return (
    <AppShell config={config} user={user} chromeHidden={embeddedChromeHidden}>
      <ConsolePage config={config} pathname={location.pathname} />
    </AppShell>
  )
}
