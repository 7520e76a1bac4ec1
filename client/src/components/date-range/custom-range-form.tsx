import { useState } from 'react'
import { Button, Group, Stack, Text } from '@mantine/core'
import { DatePicker, TimeInput } from '@mantine/dates'
import '@mantine/dates/styles.css'
import { earliestSelectable, PICKERS, type DateRange, type PickerKind } from '@costlens/shared'
import { customRange, toDayString } from './custom-range.ts'

// Mantine leaves the calendar's arrows and level buttons unnamed unless told.
const CALENDAR_LABELS = {
  previousMonth: 'Previous month',
  nextMonth: 'Next month',
  previousYear: 'Previous year',
  nextYear: 'Next year',
  previousDecade: 'Previous decade',
  nextDecade: 'Next decade',
  monthLevelControl: 'Choose the month',
  yearLevelControl: 'Choose the year',
}

export interface CustomRangeFormProps {
  kind: PickerKind
  now: number
  onApply: (range: DateRange, value: 'custom' | 'singleDate') => void
}

/**
 * The custom part of the picker: a range calendar bounded by the picker's earliest day (B064) and
 * today (B063), times when the picker has them, and an Apply that reports why a range is refused.
 */
export function CustomRangeForm({ kind, now, onApply }: CustomRangeFormProps) {
  const def = PICKERS[kind]
  const [days, setDays] = useState<[string | null, string | null]>([null, null])
  const [startTime, setStartTime] = useState('00:00')
  const [endTime, setEndTime] = useState('23:59')
  const [error, setError] = useState<string | null>(null)
  // The audit picker's 'Single Date' is a range of one day: the same day clicked twice.
  const singleDate = def.presets.some((p) => p.value === 'singleDate')

  function apply() {
    const result = customRange(kind, { days, startTime, endTime }, now)
    if ('error' in result) return setError(result.error)
    setError(null)
    onApply(result.range, singleDate && (days[1] ?? days[0]) === days[0] ? 'singleDate' : 'custom')
  }

  return (
    <Stack gap="xs">
      <DatePicker
        type="range"
        allowSingleDateInRange
        value={days}
        onChange={(next) => setDays([next[0], next[1]])}
        minDate={toDayString(earliestSelectable(kind, now))}
        maxDate={toDayString(now)}
        defaultDate={toDayString(now)}
        aria-label="Custom range calendar"
        ariaLabels={CALENDAR_LABELS}
      />
      {def.timePicker && (
        <Group grow gap="xs">
          <TimeInput
            label="Start time"
            value={startTime}
            onChange={(e) => setStartTime(e.currentTarget.value)}
          />
          <TimeInput label="End time" value={endTime} onChange={(e) => setEndTime(e.currentTarget.value)} />
        </Group>
      )}
      {error && (
        <Text size="sm" c="red.8" role="alert">
          {error}
        </Text>
      )}
      <Button size="xs" onClick={apply} disabled={!days[0]}>
        Apply
      </Button>
    </Stack>
  )
}
