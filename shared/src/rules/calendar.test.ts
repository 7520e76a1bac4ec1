import { describe, expect, it } from 'vitest'
import {
  CALENDAR_DEFAULT_INTERVAL,
  CALENDAR_PROBLEMS,
  CALENDAR_SLOT_PX,
  calendarEventBox,
  calendarHeightPx,
  calendarOptionsProblem,
  calendarSlots,
  mergeCalendarEvents,
  normaliseEnd,
  weekDays,
} from './calendar.ts'

describe('B265 calendar options', () => {
  it.each([
    [{ interval: 30, series: [] }, null],
    [{ interval: 45, series: [] }, CALENDAR_PROBLEMS.interval],
    [{ interval: 60, series: [] }, null],
    [{ interval: 90, series: [] }, null],
    [{ interval: 1440, series: [] }, null],
    [{ interval: 1470, series: [] }, CALENDAR_PROBLEMS.interval],
    [{ interval: 0, series: [] }, CALENDAR_PROBLEMS.interval],
    [{ interval: -30, series: [] }, CALENDAR_PROBLEMS.interval],
    [{ interval: '60', series: [] }, CALENDAR_PROBLEMS.interval],
    [{ series: [] }, null],
    [{ interval: 60, series: null }, CALENDAR_PROBLEMS.series],
    [{ interval: 60 }, CALENDAR_PROBLEMS.series],
  ])('B265 %j → %j', (options, problem) => {
    expect(calendarOptionsProblem(options)).toBe(problem)
  })

  it('B265 the default interval is 60 minutes', () => {
    expect(CALENDAR_DEFAULT_INTERVAL).toBe(60)
    expect(calendarSlots()).toHaveLength(24)
  })
})

describe('B266 calendar slots and week', () => {
  it.each([
    [60, 24],
    [30, 48],
    [120, 12],
    [90, 16],
    [1440, 1],
    [210, 7],
  ])('B266 an interval of %i gives %i slots', (interval, slots) => {
    expect(calendarSlots(interval)).toHaveLength(slots)
  })

  it('B266 slots are labelled HH:mm from midnight', () => {
    expect(calendarSlots(90).slice(0, 3)).toEqual(['00:00', '01:30', '03:00'])
    expect(calendarSlots(30).at(-1)).toBe('23:30')
  })

  it.each([0, 45, Number.NaN])('B266 an invalid interval (%s) falls back to 60-minute slots', (interval) => {
    expect(calendarSlots(interval)).toHaveLength(24)
  })

  it.each([
    [60, 1440],
    [30, 2880],
    [120, 720],
  ])('B266 an interval of %i makes a %i px day of 60 px slots', (interval, px) => {
    expect(CALENDAR_SLOT_PX).toBe(60)
    expect(calendarHeightPx(interval)).toBe(px)
  })

  it.each([
    ['09:00', '10:00', 60, { top: 540, height: 60 }],
    ['09:00', '09:30', 60, { top: 540, height: 30 }],
    ['09:00', '10:00', 30, { top: 1080, height: 120 }],
    ['22:00', '00:00', 60, { top: 1320, height: 120 }],
    ['10:00', '09:00', 60, { top: 600, height: 0 }],
  ])('B266 an event %s-%s at %i min slots sits at %j', (start, end, interval, box) => {
    expect(calendarEventBox(start, end, interval)).toEqual(box)
  })

  it.each([
    ['sunday', ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']],
    ['monday', ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']],
  ] as const)('B266 a week starting on %s', (startOn, days) => {
    expect(weekDays(startOn)).toEqual(days)
  })

  it('B266 the week starts on Sunday by default', () => {
    expect(weekDays()[0]).toBe('Sunday')
  })
})

describe('B267 calendar events', () => {
  it.each([
    [
      'touching, same key',
      [
        ['09:00', '10:00', 'k'],
        ['10:00', '11:00', 'k'],
      ],
      [['09:00', '11:00', 'k']],
    ],
    [
      'touching, other keys',
      [
        ['09:00', '10:00', 'k'],
        ['10:00', '11:00', 'j'],
      ],
      [
        ['09:00', '10:00', 'k'],
        ['10:00', '11:00', 'j'],
      ],
    ],
    [
      'a gap',
      [
        ['09:00', '10:00', 'k'],
        ['11:30', '12:00', 'k'],
      ],
      [
        ['09:00', '10:00', 'k'],
        ['11:30', '12:00', 'k'],
      ],
    ],
    [
      'a chain out of order',
      [
        ['11:00', '12:00', 'k'],
        ['09:00', '10:00', 'k'],
        ['10:00', '11:00', 'k'],
      ],
      [['09:00', '12:00', 'k']],
    ],
    [
      'overlapping, same key',
      [
        ['09:00', '10:30', 'k'],
        ['10:00', '11:00', 'k'],
        ['09:30', '09:45', 'k'],
      ],
      [['09:00', '11:00', 'k']],
    ],
    [
      'another key in between',
      [
        ['09:00', '10:00', 'k'],
        ['09:30', '10:30', 'j'],
        ['10:00', '11:00', 'k'],
      ],
      [
        ['09:00', '11:00', 'k'],
        ['09:30', '10:30', 'j'],
      ],
    ],
    [
      'running to midnight',
      [
        ['22:00', '23:00', 'k'],
        ['23:00', '00:00', 'k'],
      ],
      [['22:00', '24:00', 'k']],
    ],
    ['none', [], []],
  ] as [string, [string, string, string][], [string, string, string][]][])(
    'B267 %s',
    (_label, events, merged) => {
      expect(mergeCalendarEvents(events)).toEqual(merged)
    },
  )

  it.each([
    ['00:00', '24:00'],
    ['10:00', '10:00'],
    ['24:00', '24:00'],
  ])('B267 an end of %s is drawn to %s', (end, drawn) => {
    expect(normaliseEnd(end)).toBe(drawn)
  })

  it('B267 an event 22:00-00:00 becomes 22:00-24:00', () => {
    expect(mergeCalendarEvents([['22:00', '00:00', 'k']])).toEqual([['22:00', '24:00', 'k']])
  })

  it('B267 the input is not changed', () => {
    const events: [string, string, string][] = [
      ['09:00', '10:00', 'k'],
      ['10:00', '11:00', 'k'],
    ]
    mergeCalendarEvents(events)
    expect(events[0]).toEqual(['09:00', '10:00', 'k'])
  })
})
