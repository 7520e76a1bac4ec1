import { useMemo, useState } from 'react'
import { useLocation } from 'react-router-dom'
import {
  PICKERS,
  presetRange,
  queryStringFromState,
  type DateRange,
  type PickerKind,
  type PresetValue,
} from '@costlens/shared'
import { readAddressRange, type AddressRange } from '../../components/date-range/address-range.ts'
import { rangeText } from '../../components/date-range/custom-range.ts'

/**
 * The window of the warehouse and cost pages, in the address as the rest of the console writes a
 * range (01 §2.5): a preset as `dateRangeLabel` (it moves with the clock), picked dates as
 * `start_date` and `end_date`. Each page opens on its own preset: the warehouses on today (03 §9
 * Snowflake), the cost pages on the cost selector's 7 days.
 */
export function readWindow(search: string, now: number, preset: PresetValue): AddressRange {
  const defaults = { dateRange: presetRange(preset, now)!, rangeLabel: preset }
  return readAddressRange(new URLSearchParams(search), now, defaults)
}

/**
 * The window of the address as a page shows it: a preset is read at the page's clock, which stays
 * put until `toNow` (the refresh button) moves it, so a re-render never shifts "the last 7 days".
 */
export function useAddressWindow(preset: PresetValue): { window: AddressRange; toNow: () => void } {
  const { search } = useLocation()
  const [now, setNow] = useState(() => Date.now())
  const window = useMemo(() => readWindow(search, now, preset), [search, now, preset])
  return { window, toNow: () => setNow(Date.now()) }
}

/** A window as its address query, the default preset left out. */
export function windowSearch(window: AddressRange, preset: PresetValue): string {
  const custom = window.rangeLabel === 'custom'
  return queryStringFromState({
    dateRangeLabel: custom || window.rangeLabel === preset ? undefined : window.rangeLabel,
    start_date: custom ? window.dateRange.start : undefined,
    end_date: custom ? window.dateRange.end : undefined,
  })
}

/** The window as the Snowflake calls take it: ISO instants (B240). */
export function windowParams(range: DateRange): { startTime: string; endTime: string } {
  return { startTime: new Date(range.start).toISOString(), endTime: new Date(range.end).toISOString() }
}

/** The picker's button text: the preset's words, or the picked dates. */
export function windowLabel(window: AddressRange, kind: PickerKind = 'default'): string {
  return (
    PICKERS[kind].presets.find((p) => p.value === window.rangeLabel)?.label ?? rangeText(window.dateRange)
  )
}
