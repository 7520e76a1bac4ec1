import { act, render } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Provider } from 'react-redux'
import { makeStore } from './store.ts'
import { DEFAULT_IDLE_TIMEOUT_MS, idleTimeoutFor, useIdleLogout } from './session-watchers.ts'
import { testUser } from '../../test/users.ts'
import type { CurrentUser } from '@costlens/shared'

afterEach(() => vi.useRealTimers())

describe('B019 idle timeout', () => {
  it.each([
    [{ idleExpiryTimeEnabled: false, idleExpiryTime: 600_000 }, 7_200_000],
    [{ idleExpiryTimeEnabled: true, idleExpiryTime: 600_000 }, 600_000],
    [null, 7_200_000],
  ])('B019 %j gives %i ms', (user, expected) => {
    expect(idleTimeoutFor(user)).toBe(expected)
  })
})

function Watcher({ user, reload }: { user: CurrentUser; reload: () => void }) {
  useIdleLogout(user, reload)
  return null
}

describe('B017 B018 idle logout', () => {
  it('B018 logs out and reloads after the timeout, B017 activity restarts the timer', async () => {
    vi.useFakeTimers()
    const store = makeStore({
      session: { token: 't', user: testUser(), status: 'authenticated', embeddedChromeHidden: false },
    })
    const reload = vi.fn()
    render(
      <Provider store={store}>
        <Watcher user={testUser()} reload={reload} />
      </Provider>,
    )
    await act(async () => vi.advanceTimersByTime(DEFAULT_IDLE_TIMEOUT_MS - 1000))
    window.dispatchEvent(new Event('keydown'))
    await act(async () => vi.advanceTimersByTime(DEFAULT_IDLE_TIMEOUT_MS - 1000))
    expect(store.getState().session.status).toBe('authenticated')
    await act(async () => vi.advanceTimersByTime(2000))
    expect(store.getState().session.status).toBe('anonymous')
    expect(reload).toHaveBeenCalled()
  })
})
