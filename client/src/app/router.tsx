import { createBrowserRouter, createMemoryRouter, useOutletContext, type RouteObject } from 'react-router-dom'
import { Root } from './root.tsx'
import type { SignedInOutlet } from './signed-in-outlet.ts'
import { ScreenErrorPage } from '../features/system/screen-error-page.tsx'

/**
 * The data router's fixed part (01 §2.1): /login (its code loads on first visit), / (the guard in
 * Root sends it to the landing route or /login) and everything else. "Everything else" depends on
 * the signed-in user, so ConsolePages resolves it against `buildRouteConfig(user)`, rebuilt when the
 * user record changes (B029), without recreating the router and losing the history. ConsolePages
 * comes with the signed-in chunk (signed-in.tsx), which hands it down through the outlet: the
 * sign-in page loads none of it.
 */
function SignedInPages() {
  const { Pages } = useOutletContext<SignedInOutlet>()
  return <Pages />
}

export const appRoutes: RouteObject[] = [
  {
    element: <Root />,
    errorElement: <ScreenErrorPage />,
    children: [
      {
        path: 'login',
        lazy: async () => ({ Component: (await import('../features/auth/login-page.tsx')).default }),
      },
      // Never rendered: the guard redirects '/' before any page shows (B022, B023).
      { index: true, element: null },
      // A failing screen (B291 chunk load, a render error) shows its error inside the shell.
      { path: '*', element: <SignedInPages />, errorElement: <ScreenErrorPage /> },
    ],
  },
]

export function createAppRouter() {
  return createBrowserRouter(appRoutes)
}

/** The same routes over an in-memory history, for tests. */
export function createTestRouter(initialPath: string) {
  return createMemoryRouter(appRoutes, { initialEntries: [initialPath] })
}
