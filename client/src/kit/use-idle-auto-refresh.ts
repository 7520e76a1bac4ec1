import { useEffect, useRef } from 'react'
import {
  autoRefreshActivity,
  autoRefreshDecision,
  autoRefreshDone,
  autoRefreshFailed,
  autoRefreshStart,
} from '@costlens/shared'

const ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'keydown', 'wheel', 'touchstart'] as const

/**
 * B277: refreshes once the user has been idle 15 s, then every 15 s while idle; any mouse or key
 * activity restarts the countdown; a failed refresh stops the repetition for good and calls
 * `onStopped`. The timing decisions are the shared rule's; this hook only wires the timers.
 */
export function useIdleAutoRefresh(
  enabled: boolean,
  refresh: () => Promise<unknown>,
  onStopped?: () => void,
) {
  const latest = useRef({ refresh, onStopped })
  useEffect(() => {
    latest.current = { refresh, onStopped }
  })
  useEffect(() => {
    if (!enabled) return
    let state = autoRefreshStart(Date.now())
    let busy = false
    const onActivity = () => {
      state = autoRefreshActivity(state, Date.now())
    }
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, onActivity, { passive: true })
    const timer = setInterval(() => {
      if (busy) return
      const decision = autoRefreshDecision(state, Date.now())
      if (decision.dueAt === null) return clearInterval(timer)
      if (!decision.refresh) return
      busy = true
      latest.current
        .refresh()
        .then(() => {
          state = autoRefreshDone(state, Date.now())
        })
        .catch(() => {
          const failed = autoRefreshFailed(state)
          state = failed.state
          console.info(`auto refresh ${failed.log}`)
          latest.current.onStopped?.()
        })
        .finally(() => {
          busy = false
        })
    }, 1000)
    return () => {
      clearInterval(timer)
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, onActivity)
    }
  }, [enabled])
}
