import type { ReactElement } from 'react'
import { render } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryRouter, RouterProvider } from 'react-router-dom'
import { vi } from 'vitest'
import type { CurrentUser } from '@costlens/shared'
import { makeStore, type AppStore, type RootState } from '../src/app/store.ts'
import { loadToastContainer, Providers } from '../src/app/providers.tsx'
import { createTestRouter } from '../src/app/router.tsx'
import { loadSignedIn } from '../src/app/signed-in-loader.ts'
import { testUser } from './users.ts'

// The console loads the toasts' container and the signed-in console as chunks of their own; here
// they are loaded before any test renders, so a test sees the page as a user with the code does.
await Promise.all([loadToastContainer(), loadSignedIn()])

export interface RenderOptions {
  /** Initial store state, e.g. `signedIn(testUser({ clusterType: 'SNOWFLAKE' }))`. */
  preloadedState?: Partial<RootState>
  /** The address the component sees (path and query). */
  route?: string
  /** A store to share between renders; by default a new one from `preloadedState`. */
  store?: AppStore
}

/**
 * Renders one component with everything the console gives it: store, Mantine theme, toasts and a
 * router at `route` (ARCHITECTURE style 6, after redux-templates' test-utils).
 */
export function renderWithProviders(ui: ReactElement, options: RenderOptions = {}) {
  const { preloadedState, route = '/', store = makeStore(preloadedState) } = options
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [route] })
  const user = userEvent.setup()
  const view = render(
    <Providers store={store} env="test">
      <RouterProvider router={router} />
    </Providers>,
  )
  return { ...view, store, router, user }
}

/** The session part of the state for a signed-in user. */
export function signedIn(user: CurrentUser = testUser(), token = 't-1'): Partial<RootState> {
  return { session: { token, user, status: 'authenticated', embeddedChromeHidden: false } }
}

/** Renders the whole console at a path, with its own store (ARCHITECTURE style 6). */
export function renderConsole(path: string, preloadedState?: Partial<RootState>) {
  const store = makeStore(preloadedState)
  const router = createTestRouter(path)
  const view = render(
    <Providers store={store} env="test">
      <RouterProvider router={router} />
    </Providers>,
  )
  return { ...view, store, router }
}

export type Handler = (request: Request) => Response | undefined | Promise<Response | undefined>

/**
 * Stubs fetch with a list of handlers (first answer wins) and records every request. An
 * unhandled request answers 404 so a missing stub shows up as a visible failure.
 */
export function stubApi(...handlers: Handler[]) {
  const requests: Request[] = []
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init)
    requests.push(request.clone())
    for (const handler of handlers) {
      const response = await handler(request)
      if (response) return response
    }
    return json(
      { statusCode: 404, error: 'Not Found', message: `unstubbed ${request.method} ${request.url}` },
      404,
    )
  })
  vi.stubGlobal('fetch', fetchMock)
  return { requests, fetchMock }
}

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
}

export function on(
  method: string,
  path: string,
  respond: (request: Request) => Response | Promise<Response>,
): Handler {
  return (request) =>
    request.method === method && new URL(request.url).pathname === path ? respond(request) : undefined
}
