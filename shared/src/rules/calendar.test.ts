import { describe, expect, it } from 'vitest'
import {
  calendarOptionsProblem,
  calendarSlots,
  mergeCalendarEvents,
  normaliseEnd,
  weekDays,
} from './calendar.ts'

describe('B265 calendar options', () => {
  it.each([
    [{ interval: 30, series: [] }, true],
    [{ interval: 45, series: [] }, false],
    [{ interval: 60, series: [] }, true],
    [{ interval: 90, series: [] }, true],
    [{ interval: 0, series: [] }, false],
    [{ series: [] }, true],
    [{ interval: 60, series: null }, false],
  ])('B265 %j valid: %s', (options, valid) => {
    expect(calendarOptionsProblem(options) === null).toBe(valid)
  })
})

describe('B266 calendar slots and week', () => {
  it.each([
    [60, 24],
    [30, 48],
    [120, 12],
  ])('B266 an interval of %i gives %i slots', (interval, slots) => {
    expect(calendarSlots(interval)).toHaveLength(slots)
  })

  it('B266 slots are labelled HH:mm', () => {
    expect(calendarSlots(90).slice(0, 3)).toEqual(['00:00', '01:30', '03:00'])
  })

  it('B266 the week starts on Sunday, Monday on request', () => {
    expect(weekDays()[0]).toBe('Sunday')
    expect(weekDays('monday')).toEqual([
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
      'Sunday',
    ])
  })
})

describe('B267 calendar events', () => {
  it('B267 adjacent events with the same key merge', () => {
    expect(
      mergeCalendarEvents([
        ['09:00', '10:00', 'k'],
        ['10:00', '11:00', 'k'],
      ]),
    ).toEqual([['09:00', '11:00', 'k']])
  })

  it('B267 other keys and gaps do not merge', () => {
    expect(
      mergeCalendarEvents([
        ['09:00', '10:00', 'k'],
        ['10:00', '11:00', 'j'],
        ['11:30', '12:00', 'k'],
      ]),
    ).toEqual([
      ['09:00', '10:00', 'k'],
      ['10:00', '11:00', 'j'],
      ['11:30', '12:00', 'k'],
    ])
  })

  it('B267 an end of 00:00 becomes 24:00', () => {
    expect(normaliseEnd('22:00', '00:00')).toBe('24:00')
    expect(mergeCalendarEvents([['22:00', '00:00', 'k']])).toEqual([['22:00', '24:00', 'k']])
  })
})
