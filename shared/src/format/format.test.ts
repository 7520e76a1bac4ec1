import { afterEach, describe, expect, it } from 'vitest'
import { formatAppType } from './app-types.ts'
import {
  displayZone,
  formatDate,
  formatDateTime,
  ianaZone,
  setDisplayZone,
  startOfUtcDay,
  withZone,
  zoneLabel,
} from './dates.ts'
import { formatDuration, formatDurationMs } from './duration.ts'
import {
  axisTickLabel,
  byteUnitExponent,
  formatBytesIn,
  currencySymbol,
  formatBytes,
  formatCost,
  formatCount,
  formatCredits,
  formatDollars,
  formatGbHours,
  formatHours,
  formatMegabytes,
  formatNumber,
  formatPercent,
  formatUsd,
  formatVcoreHours,
  nanosToMillis,
  percentOf,
  secondsToHours,
} from './numbers.ts'

describe('B071 date display', () => {
  it('B071 2024-03-05T14:07:09 shows as 03/05/2024 14:07:09', () => {
    expect(formatDateTime(Date.UTC(2024, 2, 5, 14, 7, 9))).toBe('03/05/2024 14:07:09')
  })
  it('start of the UTC day', () => {
    expect(startOfUtcDay(Date.UTC(2026, 10, 22, 17, 5))).toBe(Date.UTC(2026, 10, 22))
  })
})

describe('B135 cost to 4 decimals', () => {
  it.each([
    [1.234567, '1.2346'],
    [4e-5, '0.0000'],
  ])('B135 %f shows %s', (value, expected) => {
    expect(formatCost(value)).toBe(expected)
  })
})

describe('B136 B141 dollars', () => {
  it('B136 chargeback 12.3456 shows $ 12.35', () => expect(formatDollars(12.3456)).toBe('$ 12.35'))
  it('B141 10 shows $ 10.00', () => expect(formatDollars(10)).toBe('$ 10.00'))
})

describe('B137 currency symbols', () => {
  it.each([
    ['usd', '$'],
    ['euros', '€'],
    ['pounds', '£'],
    [null, '$'],
    ['USD', '$'],
  ])('B137 %s is %s', (currency, symbol) => {
    expect(currencySymbol(currency)).toBe(symbol)
  })
})

describe('B138 durations', () => {
  it.each([
    [0.4, '<1s'],
    [0.999, '<1s'],
    [1, '1s'],
    [61, '1m 1s'],
    [3600, '1h'],
    [90061, '1D 1h 1m 1s'],
    [365 * 86400 + 30 * 86400, '1Y 1M'],
  ])('B138 %f seconds shows %s', (seconds, expected) => {
    expect(formatDuration(seconds)).toBe(expected)
  })
  it('B138 from milliseconds', () => expect(formatDurationMs(1500)).toBe('1s'))
})

describe('B139 binary bytes', () => {
  it.each([
    [1536, '1.50 KB'],
    [1048576, '1.00 MB'],
    [1073741824, '1.00 GB'],
    [512, '512 B'],
    [0, '0 B'],
  ])('B139 %i bytes shows %s', (bytes, expected) => {
    expect(formatBytes(bytes)).toBe(expected)
  })
})

describe('B140 hours', () => {
  it.each([
    [5400, '1.50'],
    [7200, '2.00'],
  ])('B140 %i seconds is %s hours', (seconds, expected) => {
    expect(secondsToHours(seconds)).toBe(expected)
  })
})

describe('B143 donut percentage', () => {
  it('B143 one slice of three is 33.3%', () => expect(percentOf(1, 3)).toBe('33.3%'))
  it('a total of 0 counts as 1', () => expect(percentOf(0, 0)).toBe('0.0%'))
})

describe('B144 Impala nanoseconds', () => {
  it.each([
    [5_000_000, 5],
    [1_500_000, 1.5],
  ])('B144 %i ns is %f ms', (ns, ms) => {
    expect(nanosToMillis(ns)).toBe(ms)
  })
})

describe('money with the spec decimals and thousands grouped', () => {
  it.each([
    // 03 §9: Snowflake USD and credits to 4 decimals.
    [formatUsd, 3713.07634, '$ 3,713.0763'],
    [formatUsd, 0.00004, '$ 0.0000'],
    [formatUsd, 1234567.8, '$ 1,234,567.8000'],
    [formatCredits, 1237.69214, '1,237.6921'],
    // 02 §9: chargeback and EMR dollars, '$ ' and 2 decimals.
    [formatDollars, 1234567.891, '$ 1,234,567.89'],
    [formatDollars, -0.001, '$ 0.00'],
    [formatDollars, 0.5, '$ 0.50'],
  ])('B135 B136 B157 %o(%f) shows %s', (format, value, expected) => {
    expect(format(value)).toBe(expected)
  })
  it('B135 files keep the plain 4-decimal number, no grouping', () =>
    expect(formatCost(3713.07634)).toBe('3713.0763'))
})

describe('counts, numbers and shares', () => {
  it.each([
    [formatCount(12345), '12,345'],
    [formatCount(2.6), '3'],
    [formatNumber(1234.567), '1,234.57'],
    [formatNumber(7), '7'],
    [formatNumber(1234.56, 1), '1,234.6'],
    [formatPercent(12.345), '12.35%'],
    [formatPercent(33.33, 1), '33.3%'],
  ])('%s is %s', (actual, expected) => expect(actual).toBe(expected))
})

describe('B140 measures with their units', () => {
  it.each([
    [formatHours(5400), '1.50'],
    [formatHours(3600 * 1234.5), '1,234.50'],
    [formatVcoreHours(9000), '2.50 vcore·hours'],
    // 3 GB of memory for an hour: 3,072 MB × 3,600 s.
    [formatGbHours(3072 * 3600), '3.00 GB·hours'],
    [formatGbHours(1024 * 3600 * 2500), '2,500.00 GB·hours'],
  ])('B140 %s', (actual, expected) => expect(actual).toBe(expected))
})

describe('B139 one byte unit system: binary, 1 KB = 1,024 B', () => {
  it.each([
    [formatBytes(1024 ** 4 * 1500), '1.46 PB'],
    [formatBytes(1023 * 1024 ** 3), '1,023.00 GB'],
    [formatMegabytes(6144), '6.00 GB'],
    [formatMegabytes(0.5), '512.00 KB'],
  ])('B139 %s', (actual, expected) => expect(actual).toBe(expected))
})

describe('axis ticks rounded', () => {
  it.each([
    ['$ 1,000.0000', '$ 1,000'],
    ['$ 0.2500', '$ 0.25'],
    ['1.50 GB', '1.5 GB'],
    ['12', '12'],
    ['$ 10.00 – $ 20.50', '$ 10 – $ 20.5'],
  ])('%s ticks as %s', (formatted, expected) => expect(axisTickLabel(formatted)).toBe(expected))
})

describe('one casing for application types', () => {
  it.each([
    ['spark', 'Spark'],
    ['SPARK', 'Spark'],
    ['mr', 'MapReduce'],
    ['MAPREDUCE', 'MapReduce'],
    ['hive', 'Hive'],
    ['tez', 'Tez'],
    ['impala', 'Impala'],
    ['presto', 'Presto'],
    ['bigquery', 'BigQuery'],
    ['BIGQUERY', 'BigQuery'],
    ['hivetz', 'Hive on Tez'],
    ['flink', 'flink'],
  ])('%s shows as %s', (type, expected) => expect(formatAppType(type)).toBe(expected))
})

describe('the display zone (01 §2.5 isUTCTime)', () => {
  const instant = Date.UTC(2024, 2, 5, 14, 7, 9)
  const originalTz = process.env.TZ
  afterEach(() => {
    setDisplayZone('utc')
    process.env.TZ = originalTz
  })

  it('is UTC until the settings say otherwise', () => {
    expect(displayZone()).toBe('utc')
    expect(formatDateTime(instant)).toBe('03/05/2024 14:07:09')
    expect(withZone('Start Time')).toBe('Start Time (UTC)')
    expect(ianaZone()).toBe('UTC')
  })

  it('local time follows the browser zone, and says its short name', () => {
    process.env.TZ = 'America/New_York'
    setDisplayZone('local')
    expect(formatDateTime(instant)).toBe('03/05/2024 09:07:09')
    expect(formatDate(instant)).toBe('03/05/2024')
    expect(zoneLabel('local', instant)).toBe('EST')
    expect(ianaZone()).toBe('America/New_York')
    // A zone named by the caller wins over the setting (files are stamped in UTC, B292).
    expect(formatDateTime(instant, 'utc')).toBe('03/05/2024 14:07:09')
  })

  it.each([
    ['America/New_York', 'EST/EDT'],
    ['Europe/London', 'GMT/GMT+1'],
    // South of the equator summer time is in January: the standard name still comes first.
    ['Australia/Sydney', 'GMT+10/GMT+11'],
    ['Asia/Kolkata', 'GMT+5:30'],
  ])('a heading in %s local time names %s, true of every row in any season', (tz, label) => {
    process.env.TZ = tz
    setDisplayZone('local')
    expect(withZone('Start Time')).toBe(`Start Time (${label})`)
  })

  it('a local date crosses midnight where UTC does not', () => {
    process.env.TZ = 'Asia/Tokyo'
    expect(formatDate(Date.UTC(2024, 2, 5, 20), 'local')).toBe('03/06/2024')
    expect(formatDate(Date.UTC(2024, 2, 5, 20), 'utc')).toBe('03/05/2024')
  })
})

describe('B139 bytes in a chosen unit (axis labels)', () => {
  it.each([
    [formatBytesIn(512 * 1024 ** 3, 4), '0.50 TB'],
    [formatBytesIn(0, 4), '0.00 TB'],
    [String(byteUnitExponent(1.5 * 1024 ** 4)), '4'],
    [String(byteUnitExponent(100)), '0'],
  ])('B139 %s', (actual, expected) => expect(actual).toBe(expected))
})
