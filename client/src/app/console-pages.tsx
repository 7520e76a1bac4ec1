import { Suspense, createElement, useLayoutEffect, useMemo, useState, type ComponentType } from 'react'
import { useOutletContext, useRoutes, type RouteObject } from 'react-router-dom'
import { pageTitle, type RouteConfig, type RouteEntry } from '@costlens/shared'
import { screenComponent } from './screens.ts'
import { PageLoader } from './page-loader.tsx'
import type { SignedInOutlet } from './signed-in-outlet.ts'
import { PlannedPage } from '../features/system/planned-page.tsx'
import { NotFoundPage } from '../features/system/not-found-page.tsx'

/**
 * The component of a screen, chosen once while the screen stays the same: its lazy wrapper and the
 * screen itself are different components, so switching from one to the other once the code arrives
 * would mount the screen afresh (its state and calls started over).
 */
function useMountedScreen(key: string | undefined): ComponentType | undefined {
  const [chosen, setChosen] = useState(() => ({ key, Screen: key ? screenComponent(key) : undefined }))
  if (chosen.key === key) return chosen.Screen
  const next = { key, Screen: key ? screenComponent(key) : undefined }
  setChosen(next)
  return next.Screen
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
  const Screen = useMountedScreen(route.status === 'built' ? route.screen : undefined)
  if (!Screen) return <PlannedPage route={route} />
  // Screen is held in state (useMountedScreen), so it is the same component from render to render.
  return (
    <Suspense fallback={<PageLoader label={`Loading ${route.title}`} />}>{createElement(Screen)}</Suspense>
  )
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
