import { Suspense, createElement, useCallback, useLayoutEffect, useMemo } from 'react'
import { useOutletContext, useRoutes, type RouteObject } from 'react-router-dom'
import { pageTitle, type RouteConfig, type RouteEntry } from '@costlens/shared'
import { arrivedScreen, isScreen, loadScreen } from './screens.ts'
import { useLoadedComponent } from './use-loaded-component.ts'
import { PageLoader } from './page-loader.tsx'
import type { SignedInOutlet } from './signed-in-outlet.ts'
import { PlannedPage } from '../features/system/planned-page.tsx'
import { NotFoundPage } from '../features/system/not-found-page.tsx'

/**
 * A built screen, mounted once its code has arrived (at once when it had: main.tsx and the idle
 * preload fetch it ahead), with a loader meanwhile. Keyed by the screen in RouteScreen, so routes of
 * the same screen keep it mounted and another screen mounts afresh.
 */
function BuiltScreen({ screen, title }: { screen: string; title: string }) {
  const arrivedNow = useCallback(() => arrivedScreen(screen), [screen])
  const fetchScreen = useCallback(() => loadScreen(screen), [screen])
  const Screen = useLoadedComponent(arrivedNow, fetchScreen)
  const loader = <PageLoader label={`Loading ${title}`} />
  // Screen is held in state (useLoadedComponent), so it is the same component from render to render.
  return Screen ? <Suspense fallback={loader}>{createElement(Screen)}</Suspense> : loader
}

/**
 * One catalogue route: its built screen, loaded on first visit, or the planned page. The catalogue
 * title becomes the page title (B025) in a layout effect, so a screen that wants a more specific
 * title (a details page) overrides it with `useDocumentTitle`, whose passive effect runs later.
 */
function RouteScreen({ route }: { route: RouteEntry }) {
  useLayoutEffect(() => {
    document.title = pageTitle(route.title)
  }, [route.title])
  if (route.status !== 'built' || !route.screen || !isScreen(route.screen))
    return <PlannedPage route={route} />
  return <BuiltScreen key={route.screen} screen={route.screen} title={route.title} />
}

/** Route objects for the routes this user may open; every other path is not found (B024). */
export function toRouteObjects(config: Pick<RouteConfig, 'routes'>): RouteObject[] {
  return [
    ...config.routes.map((route) => ({ path: route.path, element: <RouteScreen route={route} /> })),
    { path: '*', element: <NotFoundPage /> },
  ]
}

/**
 * The user's pages as descendant routes of the data router's splat, so react-router ranks the
 * patterns (a literal segment beats a parameter) and screens read their parameters with
 * `useParams()` as usual. The configuration comes from SignedIn through the outlet context.
 */
export function ConsolePages() {
  const { config } = useOutletContext<SignedInOutlet>()
  const routes = useMemo(() => toRouteObjects(config), [config])
  return useRoutes(routes)
}
