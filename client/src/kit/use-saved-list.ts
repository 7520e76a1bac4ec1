import { useEffect, useMemo, useRef, useState } from 'react'
import { useLocation, useNavigate } from 'react-router-dom'
import { ALL_CLUSTERS, restoredListState, type ListState, type SortState } from '@costlens/shared'
import { useAppDispatch, useAppStore } from '../app/hooks.ts'
import { listShown, type SavedListsState } from '../app/saved-lists-slice.ts'
import type { Field } from './list-state.ts'
import type { ListStateHandle } from './use-list-state.ts'

type Fields = Record<string, Field<unknown>>

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
 * B184 (03 §4 Saved list state): a declared list saved per tab for the session each time it is
 * shown, and on entry sent to its saved address when B184 says so (the address is replaced;
 * nothing is saved until it has landed, so the default list shown for a moment does not overwrite
 * what is being restored). `tab` names the field whose value is the list type ('list' without).
 */
export function useSavedList<F extends Fields, G extends Fields>(
  screen: string,
  list: ListStateHandle<F, G>,
  tab?: keyof F & string,
) {
  const dispatch = useAppDispatch()
  const navigate = useNavigate()
  const { pathname, search } = useLocation()
  // Read once, on entry, not subscribed to: the list saves itself on every change (listShown), and
  // a subscription would render the whole page again each time it did.
  const store = useAppStore()
  const [target] = useState(() => savedListSearch(store.getState().savedLists, screen, search))
  const landed = useRef(target === null || target === search)
  const { state: listState, defaults } = list
  const state = useMemo(() => asSharedListState(listState, defaults, tab), [listState, defaults, tab])
  useEffect(() => {
    if (!landed.current && target !== null) void navigate({ pathname, search: target }, { replace: true })
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

/** The declared list in the shape the saved lists keep (the shared list state of every list screen). */
function asSharedListState<F extends Fields, G extends Fields>(
  state: ListStateHandle<F, G>['state'],
  defaults: ListStateHandle<F, G>['defaults'],
  tab?: keyof F & string,
): ListState<unknown> {
  const values = state as Record<string, unknown>
  const cluster = values.cluster as string | undefined
  return {
    listType: tab ? String(values[tab]) : 'list',
    dateRange: state.dateRange,
    datesChanged: state.rangeLabel !== defaults.rangeLabel,
    clusters:
      (values.clusters as string[] | undefined) ?? (cluster && cluster !== ALL_CLUSTERS ? [cluster] : []),
    filters: state.filters,
    sort: values.sort as SortState,
    page: Number(values.page ?? 1),
    pageSize: Number(values.pageSize ?? 0),
  }
}
