import { createListenerMiddleware, createSlice, isAnyOf, type PayloadAction } from '@reduxjs/toolkit'
import {
  COMPARE_TYPES,
  compareStorageKey,
  restoreCompareSelection,
  toggleCompare,
  type CompareType,
} from '@costlens/shared'

/** Each compare type's selected ids (03 §2 Compare feature): Snowflake queries, BigQuery jobs. */
export type CompareState = Record<CompareType, string[]>

const TYPES = Object.keys(COMPARE_TYPES) as CompareType[]

// Tests and private windows may have no usable storage; the selection then lives in memory only.
function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null
  } catch {
    return null
  }
}

/** B263: the selections kept in local storage, read back by the shared rule (bad entries dropped). */
export function storedSelections(): CompareState {
  const store = storage()
  return Object.fromEntries(
    TYPES.map((type) => [type, restoreCompareSelection(store?.getItem(compareStorageKey(type)) ?? null)]),
  ) as CompareState
}

/**
 * The compare selections (B260-B263). The slice owns no rule of its own: adding, removing, the
 * maximum and duplicates are the shared compare rules, so every list behaves alike.
 */
export const compareSlice = createSlice({
  name: 'compare',
  // Lazy, so each store (and test) reads storage when it is made, not when this module loads.
  initialState: storedSelections,
  reducers: {
    compareToggled(state, action: PayloadAction<{ type: CompareType; id: string }>) {
      const { type, id } = action.payload
      state[type] = toggleCompare(state[type], id)
    },
    compareRemoved(state, action: PayloadAction<{ type: CompareType; id: string }>) {
      const { type, id } = action.payload
      state[type] = state[type].filter((s) => s !== id)
    },
    compareCleared(state, action: PayloadAction<{ type: CompareType }>) {
      state[action.payload.type] = []
    },
  },
})

export const { compareToggled, compareRemoved, compareCleared } = compareSlice.actions

/** B263: every change to a type's selection is written to its storage key, so it outlives a reload. */
export function compareStorageListener() {
  const listener = createListenerMiddleware()
  listener.startListening({
    matcher: isAnyOf(compareToggled, compareRemoved, compareCleared),
    effect: (action, api) => {
      const type = (action as PayloadAction<{ type: CompareType }>).payload.type
      const ids = (api.getState() as { compare: CompareState }).compare[type]
      try {
        storage()?.setItem(compareStorageKey(type), JSON.stringify(ids))
      } catch {
        // Storage full or refused: the selection still works for this visit.
      }
    },
  })
  return listener.middleware
}
