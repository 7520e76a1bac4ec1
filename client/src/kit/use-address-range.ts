import { useMemo } from 'react'
import { addressRange, type AddressRangeOptions } from './fields.ts'
import { defineListState } from './list-state.ts'
import { useListState } from './use-list-state.ts'

/**
 * The date range of a page that is not a list (a cost dashboard, a details page), kept in the
 * address as every list keeps its range (`addressRange`: a preset as `dateRangeLabel`, read at the
 * page clock; picked dates as two instants; the user's frozen range and plan limit), over one page
 * clock. The handle is a list's with no other field, so `RangePicker` and `RefreshButton` take it.
 */
export function useAddressRange(options: AddressRangeOptions, pollMs?: number) {
  const { preset, startKey, endKey, instants, clampToNow } = options
  const definition = useMemo(
    () =>
      defineListState({
        range: addressRange({ preset, startKey, endKey, instants, clampToNow }),
        fields: {},
        filters: {},
      }),
    [preset, startKey, endKey, instants, clampToNow],
  )
  return useListState(definition, { pollMs })
}
