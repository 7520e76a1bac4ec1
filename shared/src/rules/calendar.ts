/** The weekly calendar widget of scheduled jobs (03 §2 Calendar). */

/** B265: the default slot length, in minutes. */
export const CALENDAR_DEFAULT_INTERVAL = 60
/** B266: each slot's height. */
export const CALENDAR_SLOT_PX = 60

/** B265: the calendar's options are valid when the interval is a positive multiple of 30 and a series is given. */
export function calendarOptionsProblem(options: { interval?: number; series?: unknown }): string | null {
  const interval = options.interval ?? CALENDAR_DEFAULT_INTERVAL
  if (!Number.isInteger(interval) || interval <= 0 || interval % 30 !== 0)
    return 'The calendar interval must be a multiple of 30 minutes.'
  if (options.series === null || options.series === undefined) return 'The calendar needs a series.'
  return null
}

const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`

/** B266: the day's slots: 1440/interval of them, each labelled HH:mm at its start. */
export function calendarSlots(interval: number = CALENDAR_DEFAULT_INTERVAL): string[] {
  return Array.from({ length: Math.floor(1440 / interval) }, (_, i) => hhmm(i * interval))
}

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const

/** B266: the week's days, from Sunday unless Monday is asked for. */
export function weekDays(startOn: 'sunday' | 'monday' = 'sunday'): string[] {
  return startOn === 'monday' ? [...DAYS.slice(1), DAYS[0]] : [...DAYS]
}

/** An event of one day: start and end as HH:mm, and the key of what runs (job or queue). */
export type CalendarEvent = readonly [start: string, end: string, key: string]

/** B267: an end of 00:00 is the end of the day, 24:00, so the event does not end before it starts. */
export function normaliseEnd(start: string, end: string): string {
  return end === '00:00' && start !== '00:00' ? '24:00' : end
}

/**
 * B267: a day's events sorted by start, with 00:00 ends read as 24:00, and events of the same key
 * that touch (one ends when the next starts) merged into one block.
 */
export function mergeCalendarEvents(events: readonly CalendarEvent[]): [string, string, string][] {
  const sorted = events
    .map(([s, e, k]): [string, string, string] => [s, normaliseEnd(s, e), k])
    .sort((a, b) => a[0].localeCompare(b[0]) || a[2].localeCompare(b[2]))
  const merged: [string, string, string][] = []
  for (const event of sorted) {
    const open = merged.findLast((m) => m[2] === event[2])
    if (open && open[1] === event[0]) open[1] = event[1]
    else merged.push([...event])
  }
  return merged
}
