import { render } from '@testing-library/react'
import { RouterProvider } from 'react-router-dom'
import { vi } from 'vitest'
import { makeStore, type RootState } from '../src/app/store.ts'
import { Providers } from '../src/app/providers.tsx'
import { createTestRouter } from '../src/app/router.tsx'

/** Renders the whole console at a path, with its own store (ARCHITECTURE style 6). */
export function renderConsole(path: string, preloadedState?: Partial<RootState>) {
  const store = makeStore(preloadedState)
  const router = createTestRouter(path)
  const view = render(
    <Providers store={store}>
      <RouterProvider router={router} />
    </Providers>,
  )
  return { ...view, store, router }
}

export type Handler = (request: Request) => Response | Promise<Response> | undefined

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
