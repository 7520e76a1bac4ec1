import { useCallback, useEffect, useRef, useState } from 'react'

export interface PageClock {
  /** The instant the page computes its preset ranges from ("today", "last 24 hours"). */
  now: number
  /** Moves the clock to the present (the Refresh button, a poll). */
  tick: () => void
}

/** How old an opening clock may be when the page takes it (a slow start still counts). */
const OPENING_CLOCK_MAX_AGE_MS = 10_000

let opening: { pathname: string; now: number } | undefined

/**
 * The page load of `pathname` opens at this instant: main.tsx starts the page's first calls with
 * it while the token is still checked (screens.ts `prefetchScreenAt`), and the page, mounting
 * later, reads its clock from it, builds the same requests and so gets the answers already in
 * flight from RTK Query's cache instead of asking again.
 */
export function startOpeningClock(pathname: string, now = Date.now()): number {
  opening = { pathname, now }
  return now
}

/**
 * The opening clock, for pages that mount while the console is still at the address it opened on
 * and soon enough (the screen may mount more than once on the way: the shell re-keys its outlet
 * when the time zone settles). Once the console has moved elsewhere it is forgotten.
 */
function openingClock(): number | undefined {
  if (!opening) return undefined
  if (opening.pathname === window.location.pathname && Date.now() - opening.now <= OPENING_CLOCK_MAX_AGE_MS)
    return opening.now
  opening = undefined
  return undefined
}

/**
 * The one "now" of a page. Read once on the visit, so every panel agrees on what "today" means and a
 * re-render never moves the window under the user (on a page load, the opening clock the page's
 * prefetched calls used); moved forward by the Refresh button and, when
 * the page polls (the EMR cluster list, every 120 s, 02 §4), by each poll.
 */
export function usePageClock(pollMs?: number): PageClock {
  const [now, setNow] = useState(() => openingClock() ?? Date.now())
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
