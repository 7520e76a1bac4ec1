/** The weekly calendar widget of scheduled jobs (02 §2 Other widgets; 03 §2, §4 Calendar series, §9). */

/** B265: the default slot length, in minutes. */
export const CALENDAR_DEFAULT_INTERVAL = 60
/** B265: slot lengths are whole multiples of this, in minutes. */
export const CALENDAR_INTERVAL_STEP = 30
/** B266: each slot's height. */
export const CALENDAR_SLOT_PX = 60

const DAY_MINUTES = 1440

/** B265: why calendar options are refused (null when valid). */
export const CALENDAR_PROBLEMS = {
  interval: 'The calendar interval must be a multiple of 30 minutes.',
  series: 'The calendar needs a series.',
} as const

/**
 * B265: the interval (default 60) must be a positive multiple of 30 minutes, at most a day (a
 * longer slot would leave the day with none); the series is required, though it may be empty.
 */
export function calendarOptionsProblem(options: { interval?: unknown; series?: unknown }): string | null {
  if (!isCalendarInterval(options.interval ?? CALENDAR_DEFAULT_INTERVAL)) return CALENDAR_PROBLEMS.interval
  if (options.series === null || options.series === undefined) return CALENDAR_PROBLEMS.series
  return null
}

function isCalendarInterval(interval: unknown): interval is number {
  return (
    typeof interval === 'number' &&
    Number.isInteger(interval) &&
    interval > 0 &&
    interval <= DAY_MINUTES &&
    interval % CALENDAR_INTERVAL_STEP === 0
  )
}

const pad = (n: number) => String(n).padStart(2, '0')
const hhmm = (minutes: number) => `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`

/** HH:mm (or 24:00) as minutes since midnight. */
export function calendarMinutes(time: string): number {
  const [h = 0, m = 0] = time.split(':').map(Number)
  return h * 60 + m
}

/**
 * B266: the day's slots, 1440/interval of them, each labelled HH:mm at its start. An interval
 * that does not divide the day (210) gets a shorter last slot rather than losing the evening; an
 * invalid interval falls back to the default rather than drawing nothing.
 */
export function calendarSlots(interval: number = CALENDAR_DEFAULT_INTERVAL): string[] {
  const step = isCalendarInterval(interval) ? interval : CALENDAR_DEFAULT_INTERVAL
  return Array.from({ length: Math.ceil(DAY_MINUTES / step) }, (_, i) => hhmm(i * step))
}

/** B266: the height of the day column: one 60 px row per slot. */
export function calendarHeightPx(interval: number = CALENDAR_DEFAULT_INTERVAL): number {
  return calendarSlots(interval).length * CALENDAR_SLOT_PX
}

/**
 * B266: where an event sits in the day column: its top and height in px, at 60 px per slot, so a
 * 30-minute job in 60-minute slots is half a row tall.
 */
export function calendarEventBox(
  start: string,
  end: string,
  interval: number = CALENDAR_DEFAULT_INTERVAL,
): { top: number; height: number } {
  const step = isCalendarInterval(interval) ? interval : CALENDAR_DEFAULT_INTERVAL
  const from = calendarMinutes(start)
  const to = calendarMinutes(normaliseEnd(end))
  const px = (minutes: number) => (minutes / step) * CALENDAR_SLOT_PX
  return { top: px(from), height: px(Math.max(0, to - from)) }
}

/** B266: the series' weekday keys (03 §4: sunday to saturday). */
export const WEEKDAY_KEYS = [
  'sunday',
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
] as const
export type WeekdayKey = (typeof WEEKDAY_KEYS)[number]

const DAY_NAMES: Readonly<Record<WeekdayKey, string>> = {
  sunday: 'Sunday',
  monday: 'Monday',
  tuesday: 'Tuesday',
  wednesday: 'Wednesday',
  thursday: 'Thursday',
  friday: 'Friday',
  saturday: 'Saturday',
}

/** B266: the week's columns, from Sunday unless Monday is asked for. */
export function weekDays(startOn: 'sunday' | 'monday' = 'sunday'): string[] {
  const keys = startOn === 'monday' ? [...WEEKDAY_KEYS.slice(1), WEEKDAY_KEYS[0]] : [...WEEKDAY_KEYS]
  return keys.map((k) => DAY_NAMES[k])
}

/** An event of one day: start and end as HH:mm, and the key of what runs (job or queue). */
export type CalendarEvent = readonly [start: string, end: string, key: string]

/**
 * B267: an end of 00:00 is the end of the day, 24:00, so an event running to midnight does not
 * end before it starts. This holds for a 00:00 start too: 00:00-00:00 is the whole day, since a
 * zero-length block could not be drawn or clicked.
 */
export function normaliseEnd(end: string): string {
  return end === '00:00' ? '24:00' : end
}

/**
 * B267: a day's events sorted by start, with 00:00 ends read as 24:00, and events of the same key
 * that touch (one ends when the next starts) merged into one block. Overlapping events of the same
 * key merge as well: two stacked blocks of one job would read as two runs.
 */
export function mergeCalendarEvents(events: readonly CalendarEvent[]): [string, string, string][] {
  const sorted = events
    .map(([s, e, k]): [string, string, string] => [s, normaliseEnd(e), k])
    .sort((a, b) => calendarMinutes(a[0]) - calendarMinutes(b[0]) || a[2].localeCompare(b[2]))
  const merged: [string, string, string][] = []
  for (const event of sorted) {
    const open = merged.findLast((m) => m[2] === event[2])
    if (open && calendarMinutes(event[0]) <= calendarMinutes(open[1])) {
      if (calendarMinutes(event[1]) > calendarMinutes(open[1])) open[1] = event[1]
    } else merged.push([...event])
  }
  return merged
}
