import { act, render, screen, waitFor } from '@testing-library/react'
import { Provider } from 'react-redux'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { decryptPassword } from '@costlens/shared'
import { json, on, renderConsole, renderWithProviders, signedIn, stubApi } from '../../test/render.tsx'
import { testUser } from '../../test/users.ts'
import { TOKEN_KEY } from './session-storage.ts'
import { setAnalyticsSink } from './analytics.ts'
import { showToast } from './toasts.ts'
import { makeStore } from './store.ts'
import { validateSession } from './session/session-thunks.ts'
import { useAadLogoutCheck, useEmbeddingMessages } from './session-watchers.ts'

beforeEach(() => localStorage.clear())
afterEach(() => vi.unstubAllGlobals())

const signInMode = on(
  'GET',
  '/signInMode',
  () => new Response('open', { headers: { 'content-type': 'text/plain' } }),
)
const validToken = on('GET', '/api/v1/isValidToken', () => json(testUser()))

describe('sign-in (B012, B014, B023)', () => {
  it('sends username, salt and ct, never the password, then returns to the deep link', async () => {
    const { requests } = stubApi(
      signInMode,
      validToken,
      on('POST', '/api/v1/webSignIn', () =>
        json({
          message: 'ok',
          token: 't-1',
          role: 'user',
          readOnly: true,
          tags: '',
          id: 'analyst',
          username: 'analyst',
        }),
      ),
    )
    const { router } = renderConsole('/jobs/applications?status=R')
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
    expect(router.state.location.search).toBe('?redirectFrom=%2Fjobs%2Fapplications%3Fstatus%3DR')

    await userEvent.type(await screen.findByLabelText(/Username/), 'analyst')
    await userEvent.type(screen.getByLabelText(/^Password/), 's3cret!')
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }))

    await waitFor(() => expect(router.state.location.pathname).toBe('/jobs/applications'))
    expect(router.state.location.search).toBe('?status=R')
    const signInRequest = requests.find((r) => r.url.endsWith('/api/v1/webSignIn'))!
    const body = await signInRequest.json()
    expect(Object.keys(body).sort()).toEqual(['ct', 'salt', 'username'])
    expect(JSON.stringify(body)).not.toContain('s3cret!')
    expect(await decryptPassword(body.ct, body.salt)).toBe('s3cret!')
    expect(localStorage.getItem(TOKEN_KEY)).toBe('t-1')
    const checked = requests.find((r) => r.url.endsWith('/api/v1/isValidToken'))!
    expect(checked.headers.get('authorization')).toBe('JWT t-1')
  })

  it.each([
    [
      'a refused password',
      () => json({ statusCode: 400, error: 'Bad Request', message: 'Invalid username or password.' }, 400),
      'There was an error logging in to your account. Invalid username or password.',
    ],
    ['a server failure', () => json({}, 503), 'Services are temporarily unavailable. Please try again.'],
  ])('shows the failure text for %s (B014)', async (_label, respond, text) => {
    stubApi(signInMode, on('POST', '/api/v1/webSignIn', respond))
    renderConsole('/login')
    await userEvent.type(await screen.findByLabelText(/Username/), 'admin')
    await userEvent.type(screen.getByLabelText(/^Password/), 'wrong')
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(text)
  })

  it('falls back to the open form when the sign-in mode cannot be read (B005)', async () => {
    stubApi(on('GET', '/signInMode', () => json({}, 500)))
    renderConsole('/login')
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument()
  })

  it('signs in with a token the sign-in-mode headers carry (B011)', async () => {
    stubApi(
      on('GET', '/signInMode', () => new Response('open', { headers: { 'auth-token': 'from-header' } })),
      validToken,
    )
    const { router } = renderConsole('/login')
    await waitFor(() => expect(router.state.location.pathname).toBe('/clusters/overview'))
    expect(localStorage.getItem(TOKEN_KEY)).toBe('from-header')
  })

  it('offers the SAML button in saml mode and reports a failed check (B006)', async () => {
    stubApi(
      on('GET', '/signInMode', () => new Response('saml')),
      on('GET', '/saml/check', () => json({}, 502)),
    )
    renderConsole('/login')
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in with SAML' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Services are temporarily unavailable. Please try again.',
    )
    expect(screen.queryByLabelText(/Username/)).not.toBeInTheDocument()
  })

  it('signs in with Microsoft in aad mode: the check token is validated, then the landing route (B006)', async () => {
    const { requests } = stubApi(
      on('GET', '/signInMode', () => new Response('aad')),
      on('GET', '/aad/check', () => json({ token: 'aad-token' })),
      validToken,
    )
    const { router } = renderConsole('/login')
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in with Microsoft' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/clusters/overview'))
    const checked = requests.find((r) => r.url.endsWith('/api/v1/isValidToken'))!
    expect(checked.headers.get('authorization')).toBe('JWT aad-token')
  })

  it('treats ldap like open: the credential form (B004)', async () => {
    stubApi(on('GET', '/signInMode', () => new Response('ldap')))
    renderConsole('/login')
    expect(await screen.findByLabelText(/Username/)).toBeInTheDocument()
    expect(screen.getByText('Use your directory (LDAP) account.')).toBeInTheDocument()
  })

  it('keeps the user signed out when the new token fails its check (B001, B014)', async () => {
    stubApi(
      signInMode,
      on('POST', '/api/v1/webSignIn', () =>
        json({ message: 'ok', token: 't-2', role: 'user', readOnly: true, tags: '', id: 'a', username: 'a' }),
      ),
      on('GET', '/api/v1/isValidToken', () => json({ statusCode: 500, error: 'x', message: 'db down' }, 500)),
    )
    const { router } = renderConsole('/login')
    await userEvent.type(await screen.findByLabelText(/Username/), 'analyst')
    await userEvent.type(screen.getByLabelText(/^Password/), 'analyst')
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Services are temporarily unavailable. Please try again.',
    )
    expect(router.state.location.pathname).toBe('/login')
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull()
  })

  it('starts signed out with no stored token, without calling the token check (B013)', async () => {
    const { requests } = stubApi(signInMode)
    const { store } = renderConsole('/login')
    await screen.findByRole('button', { name: 'Sign in' })
    expect(store.getState().session.status).toBe('anonymous')
    expect(requests.some((r) => r.url.endsWith('/api/v1/isValidToken'))).toBe(false)
  })
})

describe('a signed-in console', () => {
  beforeEach(() => localStorage.setItem(TOKEN_KEY, 't-1'))

  it('lands on the landing route with the tabs of the user and titles the page (B022, B028, B025)', async () => {
    stubApi(validToken)
    const { router } = renderConsole('/')
    await waitFor(() => expect(router.state.location.pathname).toBe('/clusters/overview'))
    const nav = await screen.findByRole('navigation', { name: 'Main' })
    expect(nav).toHaveTextContent('Clusters')
    expect(document.title).toBe('Overview | costlens')
  })

  it('says plainly that a planned screen is not built yet', async () => {
    stubApi(validToken)
    renderConsole('/data/tables')
    expect(await screen.findByText('This screen is not built yet')).toBeInTheDocument()
    expect(screen.getByText('R021, R068')).toBeInTheDocument()
  })

  it('shows the not-found page for an unknown path (B024)', async () => {
    stubApi(validToken)
    renderConsole('/no/such/page')
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument()
  })

  it('logs out and returns to /login when the token check answers 401 (B001, B002, B003, B013)', async () => {
    stubApi(
      on('GET', '/api/v1/isValidToken', () =>
        json({ statusCode: 401, error: 'Unauthorized', message: 'Session expired' }, 401),
      ),
      signInMode,
    )
    const { router } = renderConsole('/clusters/overview')
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull()
  })

  it('keeps the stored session when the token check is cut off because the page is being left (B013)', async () => {
    stubApi(on('GET', '/api/v1/isValidToken', () => Promise.reject(new TypeError('Failed to fetch'))))
    const check = () => makeStore().dispatch(validateSession(undefined)).unwrap()
    // A page that stays: a check without an answer fails, and logs out.
    localStorage.setItem(TOKEN_KEY, 't-1')
    await check()
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull()
    // A page being left (a reload, another address): the browser cut the check off; the next page checks again.
    localStorage.setItem(TOKEN_KEY, 't-2')
    window.dispatchEvent(new Event('beforeunload'))
    try {
      await check()
      expect(localStorage.getItem(TOKEN_KEY)).toBe('t-2')
    } finally {
      window.dispatchEvent(new Event('pageshow'))
    }
  })

  it('logs out when another tab clears storage (B015)', async () => {
    stubApi(validToken, signInMode)
    const { router } = renderConsole('/clusters/overview')
    await screen.findByRole('navigation', { name: 'Main' })
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: null }))
    })
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
  })

  it('hides navigation and footer when the embedding parent asks (B016)', async () => {
    stubApi(validToken)
    renderConsole('/clusters/overview')
    await screen.findByRole('navigation', { name: 'Main' })
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', { data: { type: 'costlens:hide-navigation' }, source: window }),
      )
    })
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument())
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument()
  })

  it('ignores embedding messages from any window but the parent (B016)', async () => {
    stubApi(validToken)
    renderConsole('/clusters/overview')
    await screen.findByRole('navigation', { name: 'Main' })
    const stranger = new MessageChannel().port1
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', { data: { type: 'costlens:hide-navigation' }, source: stranger }),
      )
    })
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument()
  })

  it('sends a signed-in user to /login when any call answers 401 (B003)', async () => {
    localStorage.setItem(TOKEN_KEY, 't-1')
    stubApi(
      on('GET', '/api/v1/isValidToken', () => json(testUser({ clusterType: 'SNOWFLAKE', role: 'admin' }))),
      on('GET', '/openapi.json', () =>
        json({ statusCode: 401, error: 'Unauthorized', message: 'Session expired' }, 401),
      ),
      signInMode,
    )
    const { router } = renderConsole('/api_docs')
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
    expect(router.state.location.search).toBe('?redirectFrom=%2Fapi_docs')
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull()
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument()
  })

  it('titles a planned page with its catalogue title (B025, M102)', async () => {
    stubApi(validToken)
    renderConsole('/data/tables')
    await screen.findByText('This screen is not built yet')
    expect(document.title).toBe('Tables | costlens')
  })
})

describe('per-path effects and watchers', () => {
  beforeEach(() => localStorage.setItem(TOKEN_KEY, 't-1'))

  it('reports every route change under App Routing (B027) and clears toasts (B026)', async () => {
    const events: unknown[] = []
    setAnalyticsSink((e) => events.push(e))
    stubApi(validToken)
    const { router } = renderConsole('/clusters/overview')
    await screen.findByRole('navigation', { name: 'Main' })
    act(() => showToast('info', 'A toast from the overview'))
    expect(await screen.findByText('A toast from the overview')).toBeInTheDocument()
    await act(() => router.navigate('/clusters/resources'))
    // The toast leaves with a 250 ms transition: on a busy machine it can outlast waitFor's 1 s default.
    await waitFor(() => expect(screen.queryByText('A toast from the overview')).not.toBeInTheDocument(), {
      timeout: 5_000,
    })
    expect(events).toContainEqual({
      category: 'App Routing',
      action: 'navigate',
      label: '/clusters/resources',
    })
  })

  it('stores a token sent by the embedding parent and reloads (B016)', async () => {
    stubApi(validToken)
    const reload = vi.fn()
    function Embedded() {
      useEmbeddingMessages(reload)
      return null
    }
    render(
      <Provider store={makeStore()}>
        <Embedded />
      </Provider>,
    )
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', {
          data: { type: 'costlens:auth-token', token: 'from-parent' },
          source: window,
        }),
      )
    })
    expect(localStorage.getItem(TOKEN_KEY)).toBe('from-parent')
    expect(reload).toHaveBeenCalledOnce()
  })

  it('checks the AAD session every 60 s and logs out when it has ended (B007)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    try {
      let alive = true
      stubApi(
        on('GET', '/aad/session', () =>
          alive
            ? json({ active: true })
            : json({ statusCode: 401, error: 'Unauthorized', message: 'Session expired' }, 401),
        ),
      )
      const reload = vi.fn()
      function Watcher() {
        useAadLogoutCheck(true, reload)
        return null
      }
      const { store } = renderWithProviders(<Watcher />, { preloadedState: signedIn() })
      await act(async () => vi.advanceTimersByTimeAsync(60_000))
      expect(store.getState().session.status).toBe('authenticated')
      alive = false
      await act(async () => vi.advanceTimersByTimeAsync(60_000))
      await waitFor(() => expect(reload).toHaveBeenCalledOnce())
      expect(store.getState().session.status).toBe('anonymous')
    } finally {
      vi.useRealTimers()
    }
  })
})
