import { useEffect, useMemo } from 'react'
import { Navigate, Outlet, useLocation } from 'react-router-dom'
import { buildRouteConfig, type CurrentUser, type RouteConfig } from '@costlens/shared'
import { useAppSelector } from './hooks.ts'
import { guardRedirect } from './guard.ts'
import { AppShell } from './shell/app-shell.tsx'
import { PageLoader } from './page-loader.tsx'
import { ConsolePages } from './console-pages.tsx'
import { preloadScreensWhenIdle } from './screens.ts'
import type { SignedInOutlet } from './signed-in-outlet.ts'

export { preloadScreenAt } from './screens.ts'

/**
 * Once someone is signed in, the code of the screens they may open is fetched in idle time, so a
 * click on a tab shows its screen at once rather than after a loader (see loadScreen). The
 * screens a tab opens on come first: a click on a tab is the likeliest next step.
 */
let screensPreloaded = false
function preloadScreensOf(config: RouteConfig) {
  if (screensPreloaded) return
  screensPreloaded = true
  const tabFirst = config.tabs.map((tab) => tab.page ?? tab.children[0])
  const screens = [...tabFirst, ...config.routes].flatMap((r) =>
    r?.status === 'built' && r.screen ? [r.screen] : [],
  )
  preloadScreensWhenIdle([...new Set(screens)])
}

/**
 * The console of a signed-in user, in a chunk of its own: the route catalogue, the shell (tabs,
 * menus) and the screens' loaders are not needed to sign in, so the sign-in page does not load
 * them. B029: the route configuration follows the user record; a new record replaces tabs, landing
 * and routes. The guard (B022, B023) decides with that configuration.
 */
export default function SignedIn({
  user,
  zone,
  chromeHidden,
}: {
  user: CurrentUser
  zone: string
  chromeHidden: boolean
}) {
  const status = useAppSelector((s) => s.session.status)
  const location = useLocation()
  const config = useMemo(() => buildRouteConfig(user), [user])
  useEffect(() => preloadScreensOf(config), [config])
  const outlet = useMemo<SignedInOutlet>(() => ({ config, Pages: ConsolePages }), [config])

  const target = guardRedirect(status, location, config)
  if (target) return <Navigate to={target} replace />
  // The login view stays mounted while it checks a new token, so it can still show why that failed.
  if ((status === 'unknown' || status === 'checking') && location.pathname !== '/login')
    return <PageLoader label="Checking your session" />
  return (
    <AppShell config={config} user={user} chromeHidden={chromeHidden}>
      {/* Keyed by the time zone: a new zone redraws the page whole, so every time on it (cells,
          headers, chart axes) is formatted again, with the page's state kept in the address. */}
      <Outlet key={zone} context={outlet} />
    </AppShell>
  )
}
