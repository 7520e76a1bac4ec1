import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { DisplayZone } from '@costlens/shared'
import { isoDateTime, wallClockDate } from './file-times.ts'

const at = (iso: string) => Date.parse(iso)

describe('issue 22: an instant in a file is ISO 8601 with the display zone offset', () => {
  afterAll(() => vi.unstubAllEnvs())

  describe.each<[string, [string, DisplayZone, string][]]>([
    [
      'Europe/Paris',
      [
        ['2026-11-25T09:05:07Z', 'utc', '2026-11-25T09:05:07Z'],
        ['2026-11-25T09:05:07.999Z', 'utc', '2026-11-25T09:05:07Z'],
        ['2026-11-25T09:05:07Z', 'local', '2026-11-25T10:05:07+01:00'],
        // Summer time: two hours ahead.
        ['2026-07-01T23:30:00Z', 'local', '2026-07-02T01:30:00+02:00'],
      ],
    ],
    [
      'America/New_York',
      [
        ['2026-11-25T03:00:00Z', 'local', '2026-11-24T22:00:00-05:00'],
        ['2026-07-01T03:00:00Z', 'local', '2026-06-30T23:00:00-04:00'],
      ],
    ],
    ['Asia/Kolkata', [['2026-11-25T09:05:07Z', 'local', '2026-11-25T14:35:07+05:30']]],
    // A local zone at UTC+0 still says its offset: the reader chose local time.
    ['Atlantic/Reykjavik', [['2026-11-25T09:05:07Z', 'local', '2026-11-25T09:05:07+00:00']]],
  ])('in %s', (tz, cases) => {
    beforeAll(() => {
      vi.stubEnv('TZ', tz)
    })

    it.each(cases)('%s in %s time is %s', (instant, zone, expected) => {
      expect(isoDateTime(at(instant), zone)).toBe(expected)
      // Read back by any tool, it is the same instant (to the second).
      expect(Date.parse(expected)).toBe(Math.floor(at(instant) / 1000) * 1000)
    })

    it.each(cases)('%s in %s time is a spreadsheet date showing the same clock', (instant, zone, iso) => {
      expect(wallClockDate(at(instant), zone).toISOString().slice(0, 19)).toBe(iso.slice(0, 19))
    })
  })
})
