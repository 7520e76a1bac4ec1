import {
  checkPickedRange,
  clampToNow,
  formatDateTime,
  MESSAGES,
  PICKERS,
  type DateRange,
  type PickerKind,
} from '@costlens/shared'

const DAY = 86_400_000

/** An instant as the calendar's day string (YYYY-MM-DD), in UTC like every range of the console (01 §9). */
export function toDayString(epochMs: number): string {
  return new Date(epochMs).toISOString().slice(0, 10)
}

/** A calendar day string and an HH:mm time as UTC epoch ms. */
export function dayTimeToMs(day: string, time = '00:00'): number {
  const [h = 0, m = 0] = time.split(':').map(Number)
  return Date.parse(`${day}T00:00:00Z`) + (h * 60 + m) * 60_000
}

/** B071: a range as the picker's button shows it, both ends in the default date format. */
export function rangeText(range: DateRange): string {
  // In UTC whatever the display zone: the calendar beside it picks UTC days (01 §9).
  return `${formatDateTime(range.start, 'utc')} – ${formatDateTime(range.end, 'utc')}`
}

export interface PickedDays {
  days: readonly [string | null, string | null]
  startTime: string
  endTime: string
}

/**
 * The range a custom choice stands for: with a time picker the two times as given; without, whole
 * days (the last one to 23:59:59.999). B063: clamped to now, then checked against the picker
 * (B064, B065, B083). Returns the range or the catalogue text saying why it is refused.
 */
export function customRange(
  kind: PickerKind,
  picked: PickedDays,
  now: number,
): { range: DateRange } | { error: string } {
  const [from, to] = picked.days
  if (!from) return { error: MESSAGES.M071 }
  const last = to ?? from
  const withTime = PICKERS[kind].timePicker
  const range = clampToNow(
    {
      start: dayTimeToMs(from, withTime ? picked.startTime : '00:00'),
      end: withTime ? dayTimeToMs(last, picked.endTime) : dayTimeToMs(last) + DAY - 1,
    },
    now,
  )
  const problem = checkPickedRange(kind, range, now)
  if (!problem) return { range }
  if (problem.kind === 'tooLong' || problem.kind === 'tooShort') return { error: problem.message }
  if (problem.kind === 'inverted') return { error: MESSAGES.M078 }
  return { error: MESSAGES.M064 }
}
