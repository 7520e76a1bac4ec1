import { render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { api } from './api.ts'
import { REQUEST_TIMEOUT_MS, startGrouped, withClusterId, type ApiRequest } from './base-query.ts'
import { makeStore, type AppStore } from '../app/store.ts'
import { TOKEN_KEY } from '../app/session-storage.ts'
import { Providers } from '../app/providers.tsx'
import { clearToasts, GLOBAL_ERROR_TOASTS_KEY } from '../app/toasts.ts'
import { json, on, signedIn, stubApi } from '../../test/render.tsx'
import { testUser } from '../../test/users.ts'

describe('B283 the cluster id travels in path, query or body', () => {
  it.each([
    [
      'a path placeholder',
      { url: '/api/v1/clusters/{clusterUid}/nodes', clusterUid: 'c 1' },
      { url: '/api/v1/clusters/c%201/nodes' },
    ],
    [
      'the query of a read',
      { url: '/api/v1/jobs/count', params: { a: 1 }, clusterUid: 'c1' },
      { url: '/api/v1/jobs/count', params: { a: 1, clusterUid: 'c1' } },
    ],
    [
      'the body of a POST',
      { url: '/api/v1/apps/unifiedsearch', method: 'POST', body: { from: 0 }, clusterUid: 'c1' },
      { url: '/api/v1/apps/unifiedsearch', method: 'POST', body: { from: 0, clusterUid: 'c1' } },
    ],
    ['nowhere when there is none', { url: '/api/v1/isValidToken' }, { url: '/api/v1/isValidToken' }],
  ])('B283 %s', (_label, request, expected) => {
    expect(withClusterId(request)).toEqual(expected)
  })
})

describe('B285 grouped requests', () => {
  it('B285 starting a request of a group aborts the one in flight, not other groups', () => {
    const page = new AbortController().signal
    const first = startGrouped('chargeback', page)
    const other = startGrouped('tags', page)
    const second = startGrouped('chargeback', page)
    expect(first.signal.aborted).toBe(true)
    expect(second.signal.aborted).toBe(false)
    expect(other.signal.aborted).toBe(false)
    second.done()
    expect(startGrouped('chargeback', page) && second.signal.aborted).toBe(false)
  })

  it('B285 leaving the page aborts the grouped request too', () => {
    const page = new AbortController()
    const grouped = startGrouped('jobs', page.signal)
    page.abort()
    expect(grouped.signal.aborted).toBe(true)
  })
})

describe('the base query against a stubbed server', () => {
  const probeApi = api.injectEndpoints({
    endpoints: (build) => ({
      probe: build.query<unknown, ApiRequest>({ query: (request) => request }),
    }),
  })

  beforeEach(() => localStorage.clear())
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.useRealTimers()
  })

  /** What a real fetch does with a request that never answers: it rejects with the abort reason. */
  function untilAborted(request: Request): Promise<never> {
    return new Promise((_resolve, reject) => {
      if (request.signal.aborted) reject(request.signal.reason)
      request.signal.addEventListener('abort', () => reject(request.signal.reason))
    })
  }

  function call(store: AppStore, request: ApiRequest) {
    return store.dispatch(
      probeApi.endpoints.probe.initiate(request, { subscribe: false, forceRefetch: true }),
    )
  }

  it('B010 sends Authorization: JWT <token> from the session', async () => {
    const { requests } = stubApi(on('GET', '/api/v1/ping', () => json({ ok: true })))
    const store = makeStore(signedIn(testUser(), 'abc.def.ghi'))
    const result = await call(store, { url: '/api/v1/ping' })
    expect(result.data).toEqual({ ok: true })
    expect(requests[0]!.headers.get('authorization')).toBe('JWT abc.def.ghi')
  })

  it.each([
    ['B287 B288 a 500 without message', json({}, 500), 'Internal Server Error', 500],
    ['B287 the server message of a 400', json({ message: 'Bad filter' }, 400), 'Bad filter', 400],
    [
      'B286 a non-2xx answer without a mapping is the generic error',
      json({}, 418),
      'Something went wrong.',
      418,
    ],
    ['B289 an error field inside a 200', json({ error: 'quota exceeded' }), 'quota exceeded', 200],
    ['B289 detail and message inside a 200', json({ detail: 'd', message: 'm' }), 'm', 200],
  ])('%s gives {error, message, data, aborted}', async (_label, response, message, status) => {
    stubApi(on('GET', '/api/v1/thing', () => response.clone()))
    const store = makeStore(signedIn())
    const result = await call(store, { url: '/api/v1/thing' })
    expect(result.error).toMatchObject({ error: true, message, data: {}, aborted: false, status })
    expect(store.getState().session.status).toBe('authenticated')
  })

  it.each([
    [json({}, 500), 'Internal Server Error', 500],
    [json({}, 504), 'Timeout', 504],
    [json({ message: 'db down' }, 500), 'db down', 500],
    [json({}, 404), 'Method Not Found', 404],
  ] as const)(
    'C25 issue 15 #18 a silent fetch that fails (%#) is logged and reported as its error, never as empty data',
    async (response, message, status) => {
      stubApi(on('GET', '/api/v1/list', () => response.clone()))
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
      const store = makeStore(signedIn())
      const result = await call(store, { url: '/api/v1/list', silent: true })
      expect(result.data).toBeUndefined()
      expect(result.error).toMatchObject({ error: true, message, status })
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('/api/v1/list failed'))
      warn.mockRestore()
    },
  )

  it('B290 B003 a silent fetch still signs the user out on a 401', async () => {
    stubApi(on('GET', '/api/v1/list', () => json({}, 401)))
    const store = makeStore(signedIn())
    const result = await call(store, { url: '/api/v1/list', silent: true })
    expect(result.error).toMatchObject({ status: 401 })
    expect(store.getState().session.status).toBe('anonymous')
  })

  it('B003 a 401 anywhere logs the user out and clears the stored session', async () => {
    stubApi(on('GET', '/api/v1/thing', () => json({ message: 'jwt expired' }, 401)))
    localStorage.setItem(TOKEN_KEY, 't-1')
    const store = makeStore(signedIn())
    const result = await call(store, { url: '/api/v1/thing' })
    expect(result.error).toMatchObject({ message: 'Session expired', status: 401 })
    expect(store.getState().session).toMatchObject({ status: 'anonymous', token: null, user: null })
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull()
  })

  it('B285 a newer request of the same group aborts the older one, which is marked aborted', async () => {
    stubApi(
      on('GET', '/api/v1/search', async (request) => {
        const q = new URL(request.url).searchParams.get('q')
        if (q === 'old') await untilAborted(request)
        return json({ q })
      }),
    )
    const store = makeStore(signedIn())
    const older = call(store, { url: '/api/v1/search', params: { q: 'old' }, group: 'search' })
    const newer = call(store, { url: '/api/v1/search', params: { q: 'new' }, group: 'search' })
    const [first, second] = await Promise.all([older, newer])
    expect(first.error).toMatchObject({ error: true, aborted: true })
    expect(second.data).toEqual({ q: 'new' })
  })

  it('B284 gives up after 120 s with Timeout', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    stubApi(on('GET', '/api/v1/slow', (request) => untilAborted(request)))
    const store = makeStore(signedIn())
    const pending = call(store, { url: '/api/v1/slow' })
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1000)
    let settled = false
    void pending.then(() => (settled = true))
    await vi.advanceTimersByTimeAsync(0)
    expect(settled).toBe(false)
    await vi.advanceTimersByTimeAsync(2000)
    const result = await pending
    expect(result.error).toMatchObject({ message: 'Timeout', aborted: false })
  })

  describe('C25 the optional global error toast (M019)', () => {
    // The toast store outlives a rendered tree: start every test with none.
    beforeEach(() => clearToasts())
    function mountToasts(store: AppStore) {
      render(
        <Providers store={store}>
          <span />
        </Providers>,
      )
    }

    it('C25 is off by default: a failing fetch shows nothing', async () => {
      stubApi(on('GET', '/api/v1/jobs', () => json({}, 500)))
      const store = makeStore(signedIn())
      mountToasts(store)
      await call(store, { url: '/api/v1/jobs' })
      await new Promise((r) => setTimeout(r, 50))
      expect(screen.queryByText(/Check the service log/)).not.toBeInTheDocument()
    })

    it('M019 when enabled names the URL and the message and points at the service log', async () => {
      localStorage.setItem(GLOBAL_ERROR_TOASTS_KEY, 'on')
      stubApi(on('GET', '/api/v1/jobs', () => json({}, 500)))
      const store = makeStore(signedIn())
      mountToasts(store)
      await call(store, { url: '/api/v1/jobs' })
      expect(
        await screen.findByText(
          'Request to /api/v1/jobs failed: Internal Server Error. Check the service log for details.',
        ),
      ).toBeInTheDocument()
    })

    it('B285 never for a cancelled request', async () => {
      localStorage.setItem(GLOBAL_ERROR_TOASTS_KEY, 'on')
      stubApi(
        on('GET', '/api/v1/search', async (request) => {
          if (new URL(request.url).searchParams.get('q') === 'old') await untilAborted(request)
          return json({})
        }),
      )
      const store = makeStore(signedIn())
      mountToasts(store)
      await Promise.all([
        call(store, { url: '/api/v1/search', params: { q: 'old' }, group: 'search' }),
        call(store, { url: '/api/v1/search', params: { q: 'new' }, group: 'search' }),
      ])
      await new Promise((r) => setTimeout(r, 50))
      expect(screen.queryByText(/Check the service log/)).not.toBeInTheDocument()
    })
  })
})
