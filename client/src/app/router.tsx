import { createBrowserRouter, createMemoryRouter } from 'react-router-dom'
import { Root } from './root.tsx'

/**
 * One splat route: the console's pages depend on the signed-in user's route configuration
 * (rebuilt when the user changes, B029), so Root resolves the path against it and loads each
 * screen lazily.
 */
const routes = [{ path: '*', element: <Root /> }]

export function createAppRouter() {
  return createBrowserRouter(routes)
}

export function createTestRouter(initialPath: string) {
  return createMemoryRouter(routes, { initialEntries: [initialPath] })
}
