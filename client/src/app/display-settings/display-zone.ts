import { useEffect, useState, useSyncExternalStore } from 'react'
import { useLocation, useNavigate } from 'react-router-dom'
import { displayZone, setDisplayZone, type DisplayZone } from '@costlens/shared'

/**
 * The time-zone setting (UTC or the browser's zone): remembered in localStorage, carried in the
 * address as `isUTCTime` (01 §2.5), and handed to the format module, which every time on screen
 * reads (formatDateTime, chart axes). This is the one place that decides it.
 */

/** 01 §2.5: the address key, 'true' for UTC and 'false' for local time. */
export const ZONE_PARAM = 'isUTCTime'
const STORAGE_KEY = 'costlens.displayZone'

/** The zone a remembered choice names, or null when the user never chose one (UTC then, 01 §9). */
export function storedZone(): DisplayZone | null {
  try {
    const value = localStorage.getItem(STORAGE_KEY)
    return value === 'utc' || value === 'local' ? value : null
  } catch {
    return null
  }
}

/** The zone an address asks for, or null when it does not say (or says something else). */
export function zoneFromSearch(search: string): DisplayZone | null {
  const value = new URLSearchParams(search).get(ZONE_PARAM)
  return value === 'true' ? 'utc' : value === 'false' ? 'local' : null
}

/** The same query with `isUTCTime` for `zone`, keys sorted as the console writes them (01 §2.5). */
export function searchWithZone(search: string, zone: DisplayZone): string {
  const params = new URLSearchParams(search)
  params.set(ZONE_PARAM, zone === 'utc' ? 'true' : 'false')
  params.sort()
  return `?${params.toString()}`
}

const listeners = new Set<() => void>()

/** Makes `zone` the display zone and remembers it. */
export function chooseZone(zone: DisplayZone): void {
  try {
    localStorage.setItem(STORAGE_KEY, zone)
  } catch {
    // Private mode without storage: the choice lasts for this page load.
  }
  if (zone === displayZone()) return
  setDisplayZone(zone)
  for (const listener of listeners) listener()
}

// A remembered choice applies from the first render, before any time is drawn.
setDisplayZone(storedZone() ?? 'utc')

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** The display zone, re-rendering the caller when it changes. */
export function useDisplayZone(): DisplayZone {
  return useSyncExternalStore(subscribe, displayZone, displayZone)
}

/**
 * Keeps the zone and the address in step, for the signed-in console (Root):
 * - on entry, a link's `isUTCTime` wins (and is remembered), so a shared link shows its times;
 * - once a zone has been chosen, every address carries it: a page that rewrites its own query, or a
 *   link to another page, drops it, and it is put back (replace, no history entry). Before any
 *   choice the address is left alone: UTC is the default and needs no key.
 */
export function useZoneInAddress(): DisplayZone {
  const location = useLocation()
  const navigate = useNavigate()
  useState(() => {
    const asked = zoneFromSearch(location.search)
    if (asked) chooseZone(asked)
  })
  const zone = useDisplayZone()
  // The write waits a tick: when a page replaces the address in the same commit (restoring its
  // saved list), the new address re-renders first, this timer is cleared, and the effect runs
  // again for the new address, instead of writing the old one back over it.
  useEffect(() => {
    if (storedZone() === null || zoneFromSearch(location.search) === zone) return
    const seen = location
    const timer = setTimeout(() => {
      void navigate(
        { pathname: seen.pathname, search: searchWithZone(seen.search, zone), hash: seen.hash },
        { replace: true, state: seen.state },
      )
    }, 0)
    return () => clearTimeout(timer)
  }, [location, zone, navigate])
  return zone
}
