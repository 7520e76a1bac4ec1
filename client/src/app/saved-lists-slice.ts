import { createSlice, type PayloadAction } from '@reduxjs/toolkit'
import type { ListState } from '@costlens/shared'
import { loggedOut } from './session/session-slice.ts'

/** One list's state as it was last shown, and the address query that shows it again ('?…'). */
export interface SavedList {
  search: string
  state: ListState<unknown>
}

export interface SavedListsState {
  /** The date range and clusters the user last looked at, shared by the list screens (03 §4). */
  shared: Pick<ListState<unknown>, 'dateRange' | 'clusters'> | null
  /** Per screen: the list type shown last, and each list type's saved state. */
  screens: Record<string, { last: string; byType: Record<string, SavedList> }>
}

const initialState: SavedListsState = { shared: null, screens: {} }

/**
 * B184 (03 §4 Saved list state): filters, sort, paging, tab and date range are saved per list type
 * in memory for the session, so leaving a list and coming back shows it as it was. Signing out
 * forgets them: the next user of the tab starts afresh.
 */
export const savedListsSlice = createSlice({
  name: 'savedLists',
  initialState,
  reducers: {
    listShown(state, action: PayloadAction<{ screen: string; listType: string; list: SavedList }>) {
      const { screen, listType, list } = action.payload
      const entry = (state.screens[screen] ??= { last: listType, byType: {} })
      entry.last = listType
      const { dateRange, clusters } = list.state
      // Copies: the draft holds mutable arrays, the payload readonly ones.
      entry.byType[listType] = { search: list.search, state: { ...list.state, clusters: [...clusters] } }
      state.shared = { dateRange, clusters: [...clusters] }
    },
  },
  extraReducers: (builder) => builder.addCase(loggedOut, () => initialState),
})

export const { listShown } = savedListsSlice.actions
