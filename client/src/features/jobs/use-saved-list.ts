import { useEffect, useRef, useState } from 'react'
import { restoredListState, type ListState } from '@costlens/shared'
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts'
import { listShown, type SavedListsState } from '../../app/saved-lists-slice.ts'

/**
 * B184: where a list should open instead of its address: the query of the list type shown last,
 * when the user comes back with the same date range and clusters and no query of their own
 * (a link with a query asks for something specific and wins).
 */
export function savedListSearch(saved: SavedListsState, screen: string, query: string): string | null {
  const entry = saved.screens[screen]
  if (!entry || !saved.shared) return null
  const states = Object.fromEntries(Object.entries(entry.byType).map(([type, list]) => [type, list.state]))
  const restored = restoredListState(states, entry.last, { ...saved.shared, query })
  return restored ? (entry.byType[entry.last]?.search ?? null) : null
}

/**
 * Saves a list's state each time it is shown, and on entry sends the address to the saved state
 * when B184 says so (`restore` replaces the address; nothing is saved until it has landed, so the
 * default list shown for a moment does not overwrite what is being restored).
 */
export function useSavedList(
  screen: string,
  state: ListState<unknown>,
  search: string,
  restore: (search: string) => void,
) {
  const dispatch = useAppDispatch()
  const saved = useAppSelector((s) => s.savedLists)
  const [target] = useState(() => savedListSearch(saved, screen, search))
  const landed = useRef(target === null || target === search)
  useEffect(() => {
    if (!landed.current && target !== null) restore(target)
    // Once, on entry.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
  useEffect(() => {
    if (!landed.current) {
      if (search !== target) return
      landed.current = true
    }
    dispatch(listShown({ screen, listType: state.listType, list: { search, state } }))
  }, [dispatch, screen, search, state, target])
}
