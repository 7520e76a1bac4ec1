import { COMPARE_MAX_ITEMS, type CompareType } from '@costlens/shared'
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts'
import type { DataTableSelection } from '../table/table-types.ts'
import { compareToggled } from './compare-slice.ts'

/**
 * A list's compare checkboxes for one compare type (03 §2 Compare feature): the type's stored
 * selection, at most COMPARE_MAX_ITEMS (B262), and each tick or untick toggled in the store, which
 * keeps it across pages and reloads (B263). Give it to ListPage's `selection`.
 */
export function useCompareSelection(type: CompareType): DataTableSelection {
  const selected = useAppSelector((s) => s.compare[type])
  const dispatch = useAppDispatch()
  return {
    selected,
    max: COMPARE_MAX_ITEMS,
    onChange: (ids) => {
      // The table hands back the whole new set; the one id that changed is the toggle.
      const id = ids.find((i) => !selected.includes(i)) ?? selected.find((i) => !ids.includes(i))
      if (id) dispatch(compareToggled({ type, id }))
    },
  }
}
