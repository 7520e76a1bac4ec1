import type { AppListFilters, UnifiedSearchResponse } from '@costlens/shared'
import { RangeSliderFilter } from '../../components/filters/range-slider-filter.tsx'

interface RangeFiltersProps {
  duration: AppListFilters['duration']
  cost: AppListFilters['cost']
  events: AppListFilters['events']
  metadata: UnifiedSearchResponse['metadata'] | undefined
  onChange: (filters: Partial<Pick<AppListFilters, 'duration' | 'cost' | 'events'>>) => void
}

/**
 * The duration (hh:mm:ss), cost and events sliders of an application list, over the ranges of the current
 * result (metadata, B129). A range that spans the whole metadata range is no filter (B068) and is
 * dropped, so the address keeps only what narrows the list.
 */
export function RangeFilters({ duration, cost, events, metadata, onChange }: RangeFiltersProps) {
  if (!metadata || metadata.totalRecords === 0) return null
  const full = {
    duration: [metadata.duration.min, metadata.duration.max] as const,
    cost: [metadata.cost.min, metadata.cost.max] as const,
    events: [metadata.events.min, metadata.events.max] as const,
  }
  const narrows = (key: 'duration' | 'cost' | 'events', value: readonly [number, number] | null) =>
    value && (value[0] > full[key][0] || value[1] < full[key][1]) ? { min: value[0], max: value[1] } : null
  return (
    <>
      <RangeSliderFilter
        variant="duration"
        label="Duration"
        metadata={full.duration}
        value={duration ? [duration.min, duration.max] : null}
        onChange={(value) => onChange({ duration: narrows('duration', value) })}
      />
      <RangeSliderFilter
        variant="cost"
        label="Cost"
        metadata={full.cost}
        value={cost ? [cost.min, cost.max] : null}
        onChange={(value) => onChange({ cost: narrows('cost', value) })}
      />
      <RangeSliderFilter
        variant="count"
        label="Events"
        metadata={full.events}
        value={events ? [events.min, events.max] : null}
        onChange={(value) => onChange({ events: narrows('events', value) })}
      />
    </>
  )
}
