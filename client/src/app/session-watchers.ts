import { useEffect } from 'react'
import type { CurrentUser } from '@costlens/shared'
import { useAppDispatch } from './hooks.ts'
import { storeToken } from './session-storage.ts'
import { chromeHidden } from './session/session-slice.ts'
import { logout } from './session/session-thunks.ts'
import { authApi } from './session/auth-api.ts'

/** B019: 2 hours of inactivity, or the user's own idle expiry when it is enabled. */
export const DEFAULT_IDLE_TIMEOUT_MS = 7_200_000
export const AAD_CHECK_INTERVAL_MS = 60_000

export function idleTimeoutFor(
  user: Pick<CurrentUser, 'idleExpiryTimeEnabled' | 'idleExpiryTime'> | null,
): number {
  return user?.idleExpiryTimeEnabled && user.idleExpiryTime > 0
    ? user.idleExpiryTime
    : DEFAULT_IDLE_TIMEOUT_MS
}

const ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'keydown', 'scroll', 'touchstart', 'wheel'] as const

/** B017, B018: activity restarts the timer; on expiry the user is logged out and the page reloads. */
export function useIdleLogout(user: CurrentUser | null, reload: () => void = () => window.location.reload()) {
  const dispatch = useAppDispatch()
  useEffect(() => {
    if (!user) return
    const timeout = idleTimeoutFor(user)
    let timer = window.setTimeout(expire, timeout)
    function expire() {
      void dispatch(logout()).then(reload)
    }
    function restart() {
      window.clearTimeout(timer)
      timer = window.setTimeout(expire, timeout)
    }
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, restart, { passive: true })
    return () => {
      window.clearTimeout(timer)
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, restart)
    }
  }, [user, dispatch, reload])
}

/** B015: another tab cleared storage (key null): log out here too; the guard goes to /login. */
export function useStorageClearedLogout() {
  const dispatch = useAppDispatch()
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === null) void dispatch(logout())
    }
    window.addEventListener('storage', onStorage)
    return () => window.removeEventListener('storage', onStorage)
  }, [dispatch])
}

/**
 * B016: the two messages a parent window may send when it embeds the console. Their format is
 * not in the spec; these are costlens's:
 *   { type: 'costlens:auth-token', token: '<jwt>' }  stores the token and reloads the page;
 *   { type: 'costlens:hide-navigation' }             hides the navigation and the footer.
 * The parent sends them with `iframe.contentWindow.postMessage(message, consoleOrigin)`. Only
 * messages from the parent window count (`event.source === window.parent`; a top-level console is
 * its own parent), so another frame or a popup cannot plant a token or hide the navigation.
 */
export function useEmbeddingMessages(reload: () => void = () => window.location.reload()) {
  const dispatch = useAppDispatch()
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.source !== window.parent) return
      const data = event.data as { type?: unknown; token?: unknown } | null
      if (!data || typeof data !== 'object') return
      if (data.type === 'costlens:auth-token' && typeof data.token === 'string' && data.token) {
        storeToken(data.token)
        reload()
      } else if (data.type === 'costlens:hide-navigation') {
        dispatch(chromeHidden())
      }
    }
    window.addEventListener('message', onMessage)
    return () => window.removeEventListener('message', onMessage)
  }, [dispatch, reload])
}

/** B007: under AAD, check every 60 s that the session still lives; if not, log out and reload. */
export function useAadLogoutCheck(enabled: boolean, reload: () => void = () => window.location.reload()) {
  const dispatch = useAppDispatch()
  useEffect(() => {
    if (!enabled) return
    const timer = window.setInterval(async () => {
      const result = await dispatch(
        authApi.endpoints.aadSession.initiate(undefined, { forceRefetch: true, subscribe: false }),
      )
      // `data` keeps the last good answer after a failure: judge this call by its own outcome.
      if (!result.isSuccess || !result.data.active) void dispatch(logout()).then(reload)
    }, AAD_CHECK_INTERVAL_MS)
    return () => window.clearInterval(timer)
  }, [enabled, dispatch, reload])
}
