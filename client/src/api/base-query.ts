import {
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryMeta,
} from '@reduxjs/toolkit/query/react'
import {
  MESSAGES,
  errorInSuccessBody,
  isSuccessStatus,
  toRequestError,
  type FailedCall,
  type RequestError,
} from '@costlens/shared'
import { loggedOut } from '../app/session/session-slice.ts'
import { clearSession } from '../app/session-storage.ts'
import { showGlobalErrorToast } from '../app/toasts.ts'

/** B284: many calls wait up to 120 s. */
export const REQUEST_TIMEOUT_MS = 120_000

/**
 * A request as endpoints describe it. Beyond fetch's own fields:
 * - `clusterUid` (B283): added to the path where the url has `{clusterUid}`, else to the query
 *   for reads, or to the body as `clusterUid` for POST/PUT. An endpoint that works on one cluster
 *   passes the selected cluster here instead of building the url itself, so the rule lives once.
 * - `group` (B285): a new request of the same group aborts the previous one still in flight. Use
 *   one key per "identical" request (e.g. `'chargeback:search'`), not per argument set: the point
 *   is that a newer search supersedes an older one whose answer would arrive out of order.
 *
 * ```ts
 * query: ({ clusterUid, ...body }) => ({ url: '/api/v1/apps/search', method: 'POST', body, clusterUid, group: 'apps:search' })
 * ```
 */
export interface ApiRequest extends FetchArgs {
  clusterUid?: string
  group?: string
  /**
   * C25: a data fetch (list, chart, tag, …) whose failure is logged and raises no global toast.
   * The failure still reaches the screen, whose panel shows it with a retry (components/panel-state):
   * issue 15 #18 — an empty result in its place read as zeros and 'No Data Available', and a
   * tag list given `{}` crashed the applications page.
   */
  silent?: boolean
}

/**
 * The failure every endpoint reports: the 01 §8 result plus the HTTP status when there was one and
 * the server's own message (screens that must say why, like sign-in, read it). `aborted` failures
 * (B285) are to be ignored: no toast, no error state.
 */
export type ApiError = RequestError & { status?: number; serverMessage?: string }

interface SessionShape {
  session: { token: string | null; status: string }
}

const inFlightByGroup = new Map<string, AbortController>()

/**
 * B285: the signal for a grouped request. Starting one aborts the previous request of the same
 * group still in flight; the returned `done` forgets it once it has finished.
 */
export function startGrouped(group: string, parent: AbortSignal): { signal: AbortSignal; done: () => void } {
  inFlightByGroup.get(group)?.abort()
  const controller = new AbortController()
  inFlightByGroup.set(group, controller)
  parent.addEventListener('abort', () => controller.abort(), { once: true })
  return {
    signal: controller.signal,
    done: () => {
      if (inFlightByGroup.get(group) === controller) inFlightByGroup.delete(group)
    },
  }
}

export function withClusterId(args: ApiRequest): FetchArgs {
  const { clusterUid, group: _group, silent: _silent, ...request } = args
  if (!clusterUid) return request
  if (request.url.includes('{clusterUid}'))
    return { ...request, url: request.url.replace('{clusterUid}', encodeURIComponent(clusterUid)) }
  const method = (request.method ?? 'GET').toUpperCase()
  if (method === 'POST' || method === 'PUT')
    return { ...request, body: { ...(request.body as object | undefined), clusterUid } }
  return { ...request, params: { ...request.params, clusterUid } }
}

const rawBaseQuery = fetchBaseQuery({
  // Absolute, so the same code runs where relative request URLs are refused (Node's fetch in tests).
  baseUrl: __API_ORIGIN__ || globalThis.location?.origin || '',
  timeout: REQUEST_TIMEOUT_MS,
  prepareHeaders: (headers, { getState }) => {
    const token = (getState() as SessionShape).session.token
    if (token) headers.set('authorization', `JWT ${token}`)
    return headers
  },
  // B286: only 2xx is data.
  validateStatus: (response) => isSuccessStatus(response.status),
})

/**
 * The one base query: JWT header, 120 s time-out, cluster id, grouped cancellation, and every
 * failure turned into the `{error, message, data, aborted}` result of 01 §8. A 401 anywhere logs
 * the user out (B003); the route guard then sends a signed-in user to /login.
 */
export const baseQuery: BaseQueryFn<
  string | ApiRequest,
  unknown,
  ApiError,
  object,
  FetchBaseQueryMeta
> = async (args, api, extra) => {
  const request: ApiRequest = typeof args === 'string' ? { url: args } : args
  const grouped = request.group ? startGrouped(request.group, api.signal) : undefined
  const signal = grouped?.signal ?? api.signal
  const result = await rawBaseQuery(withClusterId(request), { ...api, signal }, extra as object)
  grouped?.done()

  if (!result.error) {
    const bodyError = errorInSuccessBody(result.data)
    if (bodyError === undefined) return { data: result.data, meta: result.meta }
    const status = result.meta?.response?.status
    return { error: { ...toRequestError({ status, data: { message: bodyError } }), status } }
  }

  const failure = result.error
  const call: FailedCall =
    typeof failure.status === 'number'
      ? { status: failure.status, data: failure.data }
      : {
          errorText: failure.status === 'TIMEOUT_ERROR' ? MESSAGES.M004 : String(failure.error),
          aborted: failure.status === 'FETCH_ERROR' && signal.aborted,
        }
  const serverMessage = (failure.data as { message?: unknown } | undefined)?.message
  const error: ApiError = {
    ...toRequestError(call),
    status: call.status,
    serverMessage: typeof serverMessage === 'string' && serverMessage ? serverMessage : undefined,
  }
  if (call.status === 401) {
    clearSession()
    api.dispatch(loggedOut())
    return { error }
  }
  if (error.aborted) return { error }
  if (request.silent) {
    console.warn(`costlens: ${request.url} failed (${error.message})`)
    return { error }
  }
  showGlobalErrorToast(request.url, error.message)
  return { error }
}
