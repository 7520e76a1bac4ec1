import {
  calendarEventBox,
  calendarMinutes,
  mergeCalendarEvents,
  weekDays,
  type CalendarEvent,
  type WeekdayKey,
} from '@costlens/shared'

/** One event as a calendar series holds it (03 §4 Calendar series). */
export interface CalendarSeriesEvent {
  startTime: string
  endTime: string
  label: string
}

/** A series of the weekly calendar: one scheduled job, its colour and its events by weekday. */
export interface WeeklyCalendarSeries {
  id: string
  name: string
  /** A palette key (series-0 … series-6) or any CSS colour. */
  color: string
  data: Partial<Record<WeekdayKey, readonly CalendarSeriesEvent[]>>
  /** Extra words for the event's tooltip (who runs it, where). */
  description?: string
}

/** An event as drawn: merged (B267), placed (B266), and given a lane beside the events it overlaps. */
export interface CalendarBlock {
  key: string
  series: WeeklyCalendarSeries
  label: string
  start: string
  /** HH:mm, 24:00 for midnight (B267). */
  end: string
  top: number
  height: number
  /** Which of `lanes` side-by-side columns it takes, from 0. */
  lane: number
  lanes: number
}

/** B266: the week's day keys in column order, from the shared day names. */
export function weekDayKeys(startOn: 'sunday' | 'monday' = 'sunday'): WeekdayKey[] {
  return weekDays(startOn).map((name) => name.toLowerCase() as WeekdayKey)
}

/**
 * One day's blocks: each series' events merged when they touch or overlap (the shared B267 rule,
 * keyed by series id), boxed at 60 px a slot (B266), and overlapping blocks of different series
 * set side by side in lanes so none hides another.
 */
export function dayBlocks(
  series: readonly WeeklyCalendarSeries[],
  day: WeekdayKey,
  interval: number,
): CalendarBlock[] {
  const byId = new Map(series.map((s) => [s.id, s]))
  const labels = new Map<string, string>()
  const events: CalendarEvent[] = []
  for (const s of series)
    for (const e of s.data[day] ?? []) {
      if (!labels.has(s.id)) labels.set(s.id, e.label || s.name)
      events.push([e.startTime, e.endTime, s.id])
    }
  const blocks = mergeCalendarEvents(events).map(([start, end, id], i): CalendarBlock => {
    const box = calendarEventBox(start, end, interval)
    return {
      key: `${day}-${id}-${start}-${i}`,
      series: byId.get(id)!,
      label: labels.get(id)!,
      start,
      end,
      ...box,
      lane: 0,
      lanes: 1,
    }
  })
  assignLanes(blocks)
  return blocks
}

/**
 * Greedy lanes: blocks sorted by start (as mergeCalendarEvents returns them) take the first lane
 * free at their start; every block of a group of mutually overlapping blocks gets that group's
 * lane count, so they share the column width evenly.
 */
function assignLanes(blocks: CalendarBlock[]) {
  let group: CalendarBlock[] = []
  let groupEnd = -1
  const laneEnds: number[] = []
  const close = () => {
    for (const b of group) b.lanes = laneEnds.length
    group = []
    laneEnds.length = 0
  }
  for (const block of blocks) {
    const start = calendarMinutes(block.start)
    if (group.length && start >= groupEnd) close()
    let lane = laneEnds.findIndex((end) => end <= start)
    if (lane === -1) lane = laneEnds.length
    laneEnds[lane] = calendarMinutes(block.end)
    block.lane = lane
    group.push(block)
    groupEnd = Math.max(group.length === 1 ? 0 : groupEnd, calendarMinutes(block.end))
  }
  close()
}
