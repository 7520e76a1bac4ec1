import { describe, expect, it } from 'vitest'
import {
  FREEMIUM_MAX_SPAN_DAYS,
  freemiumSearchRefusal,
  isActionAllowed,
  isCostSortKey,
  isRangeAllowedForPlan,
  type PlanGatedAction,
  presetAccess,
  rangeLock,
  sortFieldOf,
  UPGRADE_TEXT,
} from './plan-limits.ts'
import type { PresetValue } from './date-presets.ts'

const HOUR = 3_600_000
const DAY = 24 * HOUR
const span = (ms: number) => ({ start: 0, end: ms })

describe('B054 B090 freemium date span', () => {
  it('B090 the maximum span and retention are 7 days', () => {
    expect(FREEMIUM_MAX_SPAN_DAYS).toBe(7)
  })

  it.each([
    ['7 days', 7 * DAY, true],
    ['8 days', 8 * DAY, false],
    ['7 days + 1 hour', 7 * DAY + HOUR, false],
    ['1 hour', HOUR, true],
  ])('B054 a freemium range of %s is accepted: %s', (_label, ms, accepted) => {
    expect(isRangeAllowedForPlan('freemium', span(ms))).toBe(accepted)
  })

  it('B054 paid plans have no plan limit on the span', () => {
    expect(isRangeAllowedForPlan('enterprise', span(400 * DAY))).toBe(true)
  })
})

describe('B055 locked ranges', () => {
  it.each([
    [30 * DAY, { locked: true, upgradeIcon: true }],
    [7 * DAY, { locked: false, upgradeIcon: false }],
  ])('B055 a freemium span of %i ms → %j', (ms, expected) => {
    expect(rangeLock('freemium', span(ms))).toEqual(expected)
  })
})

describe('B056 freemium presets', () => {
  it.each([
    ['Last 7 Days', '7_d', 'enabled'],
    ['Last 12 Hours', '12_h', 'enabled'],
    ['Yesterday', 'yesterday', 'enabled'],
    ['Today', 'today', 'enabled'],
    ['Last 1 Week', '1_w', 'enabled'],
    ['Last 2 Weeks', '2_w', 'disabled'],
    ['Last 14 Days', '14_d', 'disabled'],
    ['Last 30 Days', '30_d', 'disabled'],
    ['Last Month', 'lastMonth', 'disabled'],
    ['3m (cluster report)', '3_M', 'disabled'],
    ['last 1 year (cost picker)', '1_y', 'disabled'],
    ['This Year', 'thisYear', 'disabled'],
    ['This Month', 'thisMonth', 'locked'],
    ['Custom range', 'custom', 'locked'],
  ] as [string, PresetValue, string][])('B056 %s is %s', (_label, preset, access) => {
    expect(presetAccess('freemium', preset)).toBe(access)
  })

  it('B056 every preset is enabled on a paid plan', () => {
    expect(presetAccess('enterprise', '1_y')).toBe('enabled')
    expect(presetAccess('enterprise', 'custom')).toBe('enabled')
  })

  it('B056 B060 the upgrade tooltip says retention is limited to 7 days', () => {
    expect(UPGRADE_TEXT).toMatch(/7 days/)
  })
})

describe('B057 B058 B059 B115 freemium actions', () => {
  it.each([
    ['download', false],
    ['export', false],
    ['print', false],
    ['chartExport', false],
    ['tagGrouping', false],
    ['tagFilter', false],
    ['sortByCost', false],
    ['inefficientTab', false],
  ] as [PlanGatedAction, boolean][])('B057 B058 B059 B115 freemium %s allowed: %s', (action, allowed) => {
    expect(isActionAllowed('freemium', action)).toBe(allowed)
    expect(isActionAllowed('enterprise', action)).toBe(true)
  })

  it.each([
    ['cost', true],
    ['totalCost', true],
    ['cents', true],
    ['dbuCost', true],
    ['duration', false],
    ['startTime', false],
  ])('B059 sorting by %s is a cost sort: %s', (key, cost) => {
    expect(isCostSortKey(key)).toBe(cost)
  })
})

describe('B054 B058 B059 C20 the server refuses what the free plan lacks', () => {
  const DAY_MS = DAY
  const week = { start: 0, end: 7 * DAY_MS }
  it.each([
    ['a cost sort', { sortKey: 'cents', range: week }, /Sorting by cost/],
    ['tag filters', { tags: true, range: week }, /Tag filters/],
    ['the inefficient list', { inefficient: true, range: week }, /inefficient applications/],
    ['8 days', { range: { start: 0, end: 8 * DAY_MS } }, /at most 7 days/],
  ])('B054 B059 freemium: %s is refused', (_name, search, message) => {
    expect(freemiumSearchRefusal('freemium', search)).toMatch(message)
  })
  it.each([
    ['exactly 7 days by start time', 'freemium', { sortKey: 'startTime', range: week }],
    ['a running-only search (no window)', 'freemium', { sortKey: 'duration' }],
    [
      'everything on a paid plan',
      'enterprise',
      { sortKey: 'cents', tags: true, inefficient: true, range: { start: 0, end: 90 * DAY_MS } },
    ],
  ] as const)('B054 %s runs', (_name, plan, search) => {
    expect(freemiumSearchRefusal(plan, search)).toBeNull()
  })
})

describe('sortFieldOf', () => {
  it.each([
    ['-cents', 'cents'],
    ['startTime', 'startTime'],
    ['', undefined],
    [undefined, undefined],
  ] as const)('%s is the field %s', (sort, field) => {
    expect(sortFieldOf(sort)).toBe(field)
  })
})
