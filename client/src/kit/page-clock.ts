import { useCallback, useEffect, useRef, useState } from 'react'

export interface PageClock {
  /** The instant the page computes its preset ranges from ("today", "last 24 hours"). */
  now: number
  /** Moves the clock to the present (the Refresh button, a poll). */
  tick: () => void
}

/**
 * The one "now" of a page. Read once on the visit, so every panel agrees on what "today" means and a
 * re-render never moves the window under the user; moved forward by the Refresh button and, when
 * the page polls (the EMR cluster list, every 120 s, 02 §4), by each poll.
 */
export function usePageClock(pollMs?: number): PageClock {
  const [now, setNow] = useState(() => Date.now())
  const tick = useCallback(() => setNow(Date.now()), [])
  useEffect(() => {
    if (!pollMs) return
    const timer = setInterval(tick, pollMs)
    return () => clearInterval(timer)
  }, [pollMs, tick])
  return { now, tick }
}

/**
 * When the page clock moves (Refresh, a poll) a preset range yields a new request, which RTK Query
 * fetches by itself; a picked range yields the same request, fetched again here.
 */
export function useRefetchOnTick(now: number, request: unknown, refetch: () => unknown) {
  const key = JSON.stringify(request)
  const seen = useRef({ now, key })
  useEffect(() => {
    const same = seen.current.key === key
    const ticked = seen.current.now !== now
    seen.current = { now, key }
    if (ticked && same) void refetch()
  }, [now, key, refetch])
}
