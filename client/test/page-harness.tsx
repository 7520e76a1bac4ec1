import type { ReactElement } from 'react'
import { Route, Routes } from 'react-router-dom'
import { screen, within } from '@testing-library/react'
import type { CurrentUser, Endpoint, EndpointResponse } from '@costlens/shared'
import { json, renderWithProviders, signedIn, stubApi, type Handler } from './render.tsx'
import { testUser } from './users.ts'
import { settled } from './page-queries.ts'

/*
 * The builders a screen's test is made of, so it reads as a few declarations and its assertions:
 * stub the endpoint-table entries the screen calls, render it signed in at an address, then read the
 * requests it sent and the rows and figures it shows.
 */

/** An entry's path as a pattern: each `{param}` is one path segment. */
const pathPattern = (entry: Endpoint) => new RegExp(`^${entry.path.replace(/\{\w+\}/g, '[^/]+')}$`)
const calls = (entry: Endpoint) => (request: Request) =>
  request.method === entry.method && pathPattern(entry).test(new URL(request.url).pathname)

/**
 * Answers the calls of one endpoint-table entry (by its verb and path, never a path typed again):
 * with `answer`, or what `answer(request)` returns; with `status`, as that error.
 */
export function stubEndpoint<E extends Endpoint>(
  entry: E,
  answer: EndpointResponse<E> | ((request: Request) => unknown),
  status = 200,
): Handler {
  return (request) =>
    calls(entry)(request)
      ? json(typeof answer === 'function' ? (answer as (r: Request) => unknown)(request) : answer, status)
      : undefined
}

const ERROR_NAMES: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  500: 'Internal Server Error',
}

/** Answers an entry's calls with an error in the API's shape `{ statusCode, error, message }`. */
export function stubError(entry: Endpoint, statusCode: number, message: string): Handler {
  return stubEndpoint(entry, () => ({ statusCode, error: ERROR_NAMES[statusCode], message }), statusCode)
}

export interface PageOptions {
  /** The address the page opens at. */
  route: string
  /** The route the page is mounted at (`/clusters/:cluster_id/details/`) when it reads path parameters. */
  path?: string
  user?: CurrentUser
  /** The answers, first match wins; anything else answers 404. */
  stubs?: readonly Handler[]
}

interface SentCall {
  request: Request
  body: unknown
}

/**
 * Renders a screen signed in at `route` with its calls stubbed. Besides the render's `user`, `router`
 * and `store`, it returns every request, and `bodies(entry)` / `queries(entry)`: what was sent to an
 * entry so far, oldest first (read them inside `waitFor` to see later calls).
 */
export function renderPage(page: ReactElement, { route, path, user = testUser(), stubs = [] }: PageOptions) {
  const sent: SentCall[] = []
  const record: Handler = async (request) => {
    const text = request.method === 'GET' ? '' : await request.clone().text()
    sent.push({ request, body: text ? JSON.parse(text) : undefined })
    return undefined
  }
  const api = stubApi(record, ...stubs)
  const ui = path ? (
    <Routes>
      <Route path={path} element={page} />
      <Route path="*" element={<p>elsewhere</p>} />
    </Routes>
  ) : (
    page
  )
  const view = renderWithProviders(ui, { preloadedState: signedIn(user), route })
  const to = (entry: Endpoint) => sent.filter((c) => calls(entry)(c.request))
  return {
    ...view,
    ...api,
    bodies: (entry: Endpoint) => to(entry).map((c) => c.body as Record<string, unknown>),
    queries: (entry: Endpoint) => to(entry).map((c) => new URL(c.request.url).searchParams),
  }
}

/** The data rows (not the header) of the table of that name, once it shows. */
export async function tableRows(name: string, options?: { timeout: number }): Promise<HTMLElement[]> {
  // Found is not filled: the kit's table is busy and empty while its data loads (a fresh-clone CI
  // run read 0 rows of the OpenSearch roles table), so wait for it to settle.
  const table = await settled(await screen.findByRole('table', { name }, options), options)
  return within(table).getAllByRole('row').slice(1)
}

/** The KPI row's figures as their text (label then value), e.g. 'Clusters42'. */
export function kpiTexts(): (string | null)[] {
  return within(screen.getByRole('list', { name: 'Key figures' }))
    .getAllByRole('listitem')
    .map((k) => k.textContent)
}
