import { describe, expect, it } from 'vitest'
import {
  checkPickedRange,
  clampToNow,
  commonStoreDateRange,
  defaultDateRange,
  earliestSelectable,
  frozenRange,
  openingRange,
  parseNumberUnit,
  PICKERS,
  type PickerKind,
  presetRange,
  type PresetValue,
  type RangeScreen,
  SCREEN_DEFAULT_RANGES,
  startOfUtcWeek,
} from './date-presets.ts'

const iso = (s: string) => Date.parse(s)
const HOUR = 3_600_000
const DAY = 24 * HOUR
const NOW = iso('2025-06-15T10:30:00Z') // a Sunday

describe('B062 number_unit values', () => {
  it.each([
    ['7_d', { n: 7, unit: 'd' }],
    ['30_d', { n: 30, unit: 'd' }],
    ['12_h', { n: 12, unit: 'h' }],
    ['3_M', { n: 3, unit: 'M' }],
    ['1_y', { n: 1, unit: 'y' }],
    ['7d', null],
    ['0_d', null],
    ['7_x', null],
    ['-1_d', null],
    ['', null],
  ])('B062 %s → %j', (value, expected) => {
    expect(parseNumberUnit(value)).toEqual(expected)
  })
})

describe('B069 B070 default ranges', () => {
  it('B069 the default range is the start of the UTC day to now', () => {
    expect(defaultDateRange(NOW)).toEqual({ start: iso('2025-06-15T00:00:00Z'), end: NOW })
  })

  it('B070 the common store starts on the last hour', () => {
    expect(commonStoreDateRange(iso('2025-06-15T10:30Z'))).toEqual({
      start: iso('2025-06-15T09:30Z'),
      end: iso('2025-06-15T10:30Z'),
    })
  })
})

const METRICS_LABELS = [
  'Last 1 Hour',
  'Last 2 Hours',
  'Last 6 Hours',
  'Last 12 Hours',
  'Last 7 Days',
  'Last 30 Days',
  'Last 90 Days',
  'This Month',
]

describe('B072-B084 presets per picker', () => {
  it.each([
    [
      'B072',
      'default',
      [
        'Last 1 Hour',
        'Last 2 Hours',
        'Last 6 Hours',
        'Last 12 Hours',
        'Today',
        'Yesterday',
        'Last 7 Days',
        'Last 30 Days',
        'Last 90 Days',
        'This Month',
        'Last Month',
      ],
    ],
    ['B073', 'cost', ['Last 7 Days', 'Last 14 Days', 'Last 30 Days', 'Last 90 Days', 'Last 1 Year']],
    ['B074', 'valueDashboard', ['Yesterday', 'Last 7 Days', 'Last 14 Days', 'Last 30 Days']],
    ['B075', 'audit', ['Single Date', 'Custom Date']],
    ['B076', 'taskRunner', ['Current Day', 'Last 7 Days', 'Last 30 Days', 'Last 60 Days', 'Last 90 Days']],
    ['B076', 'reportList', ['Current Day', 'Last 7 Days', 'Last 30 Days', 'Last 60 Days', 'Last 90 Days']],
    [
      'B077',
      'scheduledJobs',
      ['This Week', 'Last Week', 'Last 1 Week', 'Last 2 Weeks', 'Last 3 Weeks', 'Last 4 Weeks'],
    ],
    [
      'B078',
      'bills',
      [
        'This Month',
        'Last Month',
        'Last 7 Days',
        'Last 30 Days',
        'Last 60 Days',
        'Last 90 Days',
        'This Year',
      ],
    ],
    ['B079', 'clusterWorkload', ['Last 7 Days', 'Last 14 Days', 'Last 30 Days', 'Last 60 Days']],
    ['B080', 'clusterDiscovery', ['Last 7 Days', 'Last 30 Days', 'Last 60 Days', 'Last 90 Days']],
    ['B081', 'resourceMetrics', METRICS_LABELS],
    ['B081', 'structuredStreaming', METRICS_LABELS],
    ['B082', 'clusterReport', ['today', '7d', '14d', '1m', '3m', '6m', '1y']],
    ['B084', 'bigQueryJobs', ['1h', '6h', '12h', '1d', '7d', '14d', '30d']],
  ] as [string, PickerKind, string[]][])('%s the %s picker offers %j', (_id, picker, labels) => {
    expect(PICKERS[picker].presets.map((p) => p.label)).toEqual(labels)
  })

  it.each([
    ['cost', 'Last 7 Days'],
    ['taskRunner', 'Last 7 Days'],
    ['bills', 'This Month'],
    ['clusterReport', '3m'],
    ['bigQueryJobs', '12h'],
    ['workloadFit', 'Last 30 Days'],
  ] as [PickerKind, string][])('B073 B076 B078 B082 B083 B084 the %s picker opens on %s', (picker, label) => {
    const def = PICKERS[picker]
    expect(def.presets.find((p) => p.value === def.defaultPreset)?.label).toBe(label)
  })

  it('B073 the cost picker has no time picker; the default one does', () => {
    expect(PICKERS.cost.timePicker).toBe(false)
    expect(PICKERS.default.timePicker).toBe(true)
  })

  it('B062 every preset value is number_unit or a named period', () => {
    for (const def of Object.values(PICKERS))
      for (const preset of def.presets)
        expect(parseNumberUnit(preset.value) !== null || /^[a-z][A-Za-z]+$/.test(preset.value)).toBe(true)
  })
})

describe('preset ranges (B072-B084)', () => {
  it.each([
    ['1_h', { start: iso('2025-06-15T09:30:00Z'), end: NOW }],
    ['7_d', { start: NOW - 7 * DAY, end: NOW }],
    ['2_w', { start: NOW - 14 * DAY, end: NOW }],
    ['today', { start: iso('2025-06-15T00:00:00Z'), end: NOW }],
    ['yesterday', { start: iso('2025-06-14T00:00:00Z'), end: iso('2025-06-15T00:00:00Z') - 1 }],
    ['thisWeek', { start: iso('2025-06-15T00:00:00Z'), end: NOW }],
    ['lastWeek', { start: iso('2025-06-08T00:00:00Z'), end: iso('2025-06-15T00:00:00Z') - 1 }],
    ['thisMonth', { start: iso('2025-06-01T00:00:00Z'), end: NOW }],
    ['lastMonth', { start: iso('2025-05-01T00:00:00Z'), end: iso('2025-06-01T00:00:00Z') - 1 }],
    ['thisYear', { start: iso('2025-01-01T00:00:00Z'), end: NOW }],
    ['3_M', { start: iso('2025-03-15T10:30:00Z'), end: NOW }],
    ['1_y', { start: iso('2024-06-15T10:30:00Z'), end: NOW }],
    ['custom', null],
  ] as [PresetValue, unknown][])('B072 %s at 2025-06-15T10:30Z is %j', (value, range) => {
    expect(presetRange(value, NOW)).toEqual(range)
  })

  it('B074 the value dashboard counts completed days: last 7 ends yesterday 23:59:59', () => {
    expect(presetRange('7_d', iso('2025-06-15T10:00Z'), { completedDays: true })).toEqual({
      start: iso('2025-06-08T00:00Z'),
      end: iso('2025-06-14T23:59:59.999Z'),
    })
  })

  it('B077 a month back from the 31st lands on the last day of a shorter month', () => {
    expect(presetRange('1_M', iso('2025-03-31T12:00Z'))?.start).toBe(iso('2025-02-28T12:00Z'))
  })

  it('B077 weeks start on Sunday', () => {
    expect(startOfUtcWeek(iso('2025-06-18T08:00Z'))).toBe(iso('2025-06-15T00:00Z'))
  })
})

describe('B063 B064 B065 B074 B083 picked-range limits', () => {
  const now = iso('2025-06-15T10:00Z')

  it('B064 the default minimum date is 2 years back', () => {
    expect(earliestSelectable('default', iso('2025-06-15T10:00Z'))).toBe(iso('2023-06-15T00:00Z'))
  })

  it('B074 the value dashboard reaches 90 days back', () => {
    expect(earliestSelectable('valueDashboard', now)).toBe(iso('2025-03-17T00:00Z'))
  })

  it.each([
    ['B063 an end after now', 'default', { start: now - HOUR, end: iso('2025-06-15T12:00Z') }, 'future'],
    [
      'B063 a day after today',
      'default',
      { start: iso('2025-06-16T00:00Z'), end: iso('2025-06-16T01:00Z') },
      'future',
    ],
    [
      'B064 a start before 2 years back',
      'default',
      { start: iso('2023-06-14T00:00Z'), end: now },
      'tooEarly',
    ],
    ['B065 a cost range over a year', 'cost', { start: now - 400 * DAY, end: now }, 'tooLong'],
    ['B065 a schedule range over 4 weeks', 'scheduledJobs', { start: now - 29 * DAY, end: now }, 'tooLong'],
    [
      'B065 a cluster-workload range over 60 days',
      'clusterWorkload',
      { start: now - 61 * DAY, end: now },
      'tooLong',
    ],
    ['B083 a 6-day workload-fit range', 'workloadFit', { start: now - 6 * DAY, end: now }, 'tooShort'],
    ['an end before the start', 'default', { start: now, end: now - HOUR }, 'inverted'],
  ] as [string, PickerKind, { start: number; end: number }, string][])(
    '%s is refused (%s)',
    (_l, picker, range, kind) => {
      expect(checkPickedRange(picker, range, now)?.kind).toBe(kind)
    },
  )

  it.each([
    ['B063 a range ending now', 'default', { start: now - HOUR, end: now }],
    ['B065 a cost range of one year', 'cost', { start: now - 365 * DAY, end: now }],
    ['B083 a 7-day workload-fit range', 'workloadFit', { start: now - 7 * DAY, end: now }],
  ] as [string, PickerKind, { start: number; end: number }][])('%s is accepted', (_l, picker, range) => {
    expect(checkPickedRange(picker, range, now)).toBeNull()
  })

  it('B065 M092 the maximum-span message names the days', () => {
    expect(checkPickedRange('cost', { start: now - 400 * DAY, end: now }, now)).toMatchObject({
      message: 'The date range maximum is 366 days.',
    })
  })

  it('B083 M084 the workload-fit message', () => {
    expect(checkPickedRange('workloadFit', { start: now - DAY, end: now }, now)).toMatchObject({
      message: 'Please select a time interval of 7 days or more',
    })
  })

  it('B063 clamping keeps a range from reaching past now', () => {
    expect(clampToNow({ start: now - HOUR, end: now + HOUR }, now)).toEqual({ start: now - HOUR, end: now })
  })
})

describe('B085-B089 default ranges per screen', () => {
  it.each([
    ['appList', { start: NOW - HOUR, end: NOW }],
    ['databricksJobList', { start: NOW - 7 * DAY, end: NOW }],
    ['jobsView', { start: iso('2025-06-15T00:00Z'), end: NOW }],
    ['snowflakeQueryList', { start: iso('2025-06-15T00:00Z'), end: NOW }],
    ['emrClusterList', { start: iso('2025-06-15T00:00Z'), end: NOW }],
    ['stream', { start: NOW - HOUR, end: NOW }],
    ['metastore', { start: NOW - 7 * DAY, end: NOW }],
    ['autoActionList', { start: iso('2024-06-15T10:30Z'), end: NOW }],
    ['usageTrending', { start: NOW - 7 * DAY, end: NOW }],
    ['pipelines', { start: NOW - 24 * HOUR, end: NOW }],
    ['clusterSummary', { start: NOW - HOUR, end: NOW }],
    ['clusterSummaryComparison', { start: NOW - 7 * DAY, end: NOW }],
    ['hbase', { start: iso('2025-06-15T00:00Z'), end: NOW }],
    ['kafka', { start: iso('2025-06-15T00:00Z'), end: NOW }],
    ['appDetailsStream', { start: NOW - HOUR, end: NOW }],
    ['appDetailsResourceUsage', { start: NOW - HOUR, end: NOW }],
  ] as [RangeScreen, unknown][])('B085 B086 B087 B088 B089 %s opens on %j', (screen, range) => {
    expect(openingRange(screen, NOW)).toEqual(range)
  })

  it.each([
    ['usageTrending', ['1d']],
    ['clusterSummary', ['2m']],
    ['clusterSummaryComparison', ['3h']],
    ['hbase', ['1h']],
    ['kafka', ['1h', '1m']],
    ['kibana', ['1m']],
  ] as [RangeScreen, string[]][])('B085 B087 B088 %s opens with intervals %j', (screen, intervals) => {
    expect(SCREEN_DEFAULT_RANGES[screen].intervals).toEqual(intervals)
  })

  it('B052 B089 a frozen-time user opens every screen on the frozen range', () => {
    const user = { frozenTime: true, frozenTimeStart: 1000, frozenTimeEnd: 5000 }
    expect(openingRange('appDetailsStream', NOW, user)).toEqual({ start: 1000, end: 5000 })
    expect(openingRange('appList', NOW, { ...user, frozenTime: false })).toEqual({
      start: NOW - HOUR,
      end: NOW,
    })
  })

  it('B052 a frozen-time user may pick only the frozen range', () => {
    const user = { frozenTime: true, frozenTimeStart: NOW - 2 * HOUR, frozenTimeEnd: NOW - HOUR }
    expect(checkPickedRange('default', { start: NOW - HOUR, end: NOW }, NOW, user)).toEqual({
      kind: 'frozen',
      range: { start: NOW - 2 * HOUR, end: NOW - HOUR },
    })
    expect(checkPickedRange('default', { start: NOW - 2 * HOUR, end: NOW - HOUR }, NOW, user)).toBeNull()
  })

  it('B085 This Week mid-week starts on the Sunday before, not today', () => {
    const wednesday = iso('2025-06-18T10:30:00Z')
    expect(openingRange('jobsView', wednesday)).toEqual({ start: iso('2025-06-15T00:00Z'), end: wednesday })
  })

  it.each([
    [
      { frozenTime: true, frozenTimeStart: 1, frozenTimeEnd: 2 },
      { start: 1, end: 2 },
    ],
    [{ frozenTime: false, frozenTimeStart: 1, frozenTimeEnd: 2 }, null],
    [{ frozenTime: true, frozenTimeStart: null, frozenTimeEnd: 2 }, null],
  ])('B052 %j is limited to %j', (user, range) => {
    expect(frozenRange(user)).toEqual(range)
  })
})
