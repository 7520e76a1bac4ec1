import { describe, expect, it } from 'vitest'
import { DATE_PARAM_PATTERNS } from '../contracts/dates.ts'
import { dateParamBounds, dateParamProblem, parseDateParam, type DateParamKind } from './date-params.ts'

const NOW = Date.parse('2026-11-22T12:00:00.000Z')
const DAY = 86_400_000

describe('date parameters: parsed one way (01 §5)', () => {
  it.each([
    ['1795000000000', 'epoch-ms-or-iso', 1795000000000],
    [1795000000000, 'epoch-ms-or-iso', 1795000000000],
    ['2026-11-22T12:00:00Z', 'epoch-ms-or-iso', NOW],
    ['2026-11-22', 'epoch-ms-or-iso', Date.UTC(2026, 10, 22)],
    ['1795000000', 'epoch-s-or-iso', 1795000000000],
    [1795000000, 'epoch-s-or-iso', 1795000000000],
    ['1795000000000', 'epoch-s-or-iso', 1795000000000],
    ['2026-11-22T12:00:00.000Z', 'iso', NOW],
    ['1795000000000', 'iso', NaN],
    ['-271821-04-20T00:00:00Z', 'iso', NaN],
    ['+275760-09-13T00:00:00Z', 'epoch-ms-or-iso', NaN],
    ['2026-13-45', 'epoch-ms-or-iso', NaN],
    ['yesterday', 'epoch-ms-or-iso', NaN],
    [Infinity, 'epoch-ms-or-iso', NaN],
  ] as [string | number, DateParamKind, number][])('%s as %s is %d', (value, kind, ms) => {
    expect(parseDateParam(value, kind)).toBe(ms)
  })
})

describe('date parameters: bounded by the simulated now (01 §5: 2 years back, 1 day ahead)', () => {
  it('the bounds are the start of the day 24 months back and now + 1 day', () => {
    expect(dateParamBounds(NOW)).toEqual({ earliest: Date.UTC(2024, 10, 22), latest: NOW + DAY })
  })

  it.each([
    ['now', NOW, null],
    ['1 day ahead exactly', NOW + DAY, null],
    ['the first instant 2 years back', Date.UTC(2024, 10, 22), null],
    [
      '1 ms past a day ahead',
      NOW + DAY + 1,
      'querystring/end_time must not be later than 2026-11-23T12:00:00.000Z (1 day after now)',
    ],
    [
      '1 ms before 2 years back',
      Date.UTC(2024, 10, 22) - 1,
      'querystring/end_time must not be earlier than 2024-11-22T00:00:00.000Z (2 years before today)',
    ],
    [
      'Number.MAX_SAFE_INTEGER + 1',
      9007199254740992,
      'querystring/end_time must not be later than 2026-11-23T12:00:00.000Z (1 day after now)',
    ],
    ['0', 0, 'querystring/end_time must not be earlier than 2024-11-22T00:00:00.000Z (2 years before today)'],
  ])('%s', (_, value, problem) => {
    expect(dateParamProblem('querystring/end_time', value, NOW)).toBe(problem)
  })

  it.each([
    ['9999-12-31T23:59:59Z', 'iso', 'must not be later than'],
    [
      '-271821-04-20T00:00:00Z',
      'iso',
      'must be an ISO-8601 date-time (4-digit year), got "-271821-04-20T00:00:00Z"',
    ],
    ['9007199254740992', 'iso', 'must be an ISO-8601 date-time (4-digit year)'],
    ['x'.repeat(100), 'epoch-ms-or-iso', `got "${'x'.repeat(40)}…"`],
    ['1795000000', 'epoch-s-or-iso', null],
  ] as [string, DateParamKind, string | null][])('%s (%s)', (value, kind, words) => {
    const problem = dateParamProblem('querystring/startTime', value, NOW, kind)
    if (words === null) expect(problem).toBeNull()
    else expect(problem).toContain(words)
  })

  it('follows a moved clock: two years later the same date is too early', () => {
    const date = '2026-11-22T00:00:00Z'
    expect(dateParamProblem('f', date, NOW)).toBeNull()
    expect(dateParamProblem('f', date, NOW + 800 * DAY)).toMatch(/must not be earlier than/)
  })
})

describe('date parameters: the contract patterns', () => {
  it.each([
    ['epoch-ms-or-iso', '1795000000000', true],
    ['epoch-ms-or-iso', '2026-11-22', true],
    ['epoch-ms-or-iso', '2026-11-22T12:00:00.123Z', true],
    ['epoch-ms-or-iso', '2026-11-22 12:00', true],
    ['epoch-ms-or-iso', '2026-11-22T12:00:00+05:30', true],
    ['epoch-ms-or-iso', '9007199254740992', false],
    ['epoch-ms-or-iso', '-271821-04-20T00:00:00Z', false],
    ['epoch-ms-or-iso', '../../etc', false],
    ['iso', '1795000000000', false],
    ['iso', '2026-01-05T00:00:00.000Z', true],
    ['epoch-s-or-iso', '1795000000', true],
    ['epoch-s-or-iso', '1795000000000', true],
    ['epoch-s-or-iso', '17950000000000', false],
  ] as [DateParamKind, string, boolean][])('%s: %s matches: %s', (kind, value, matches) => {
    expect(new RegExp(DATE_PARAM_PATTERNS[kind], 'u').test(value)).toBe(matches)
  })
})
