import { describe, expect, it } from 'vitest'
import {
  awsTagsOrFallback,
  canReadWarehouseTimeouts,
  defaultSelectedGroupValues,
  hbaseCell,
  hbaseHostName,
  HIVE_TABLE_APPS_DEFAULTS,
  IMPALA_METRIC_LABELS,
  IMPALA_METRICS_SIZE,
  impalaOperatorIo,
} from './platform-pages.ts'

describe('B207 HBase missing values', () => {
  it.each([
    [null, '--'],
    [undefined, '--'],
    [Number.NaN, '--'],
    [0, '0'],
    [1234, '1234'],
    ['region-1', 'region-1'],
  ])('B207 %s shows %s', (value, shown) => {
    expect(hbaseCell(value)).toBe(shown)
  })
})

describe('B209 HBase host names', () => {
  it.each([
    ['123456789012345678node1.example.com', 'node1.example.com'],
    ['123456789012345678x', 'x'],
    ['123456789012345678', '123456789012345678'],
    ['short', 'short'],
  ])('B209 %s → %s', (host, name) => {
    expect(hbaseHostName(host)).toBe(name)
  })
})

describe('B211 hive table apps defaults', () => {
  it('B211 size 10, from 0, sort startTime', () => {
    expect(HIVE_TABLE_APPS_DEFAULTS).toEqual({ size: 10, from: 0, sort: 'startTime' })
  })
})

describe('B214 Impala metrics', () => {
  it('B214 process limit is Total, physical bytes reserved is Allocated, 10 metrics', () => {
    expect(IMPALA_METRIC_LABELS.mem_tracker_process_limit).toBe('Total')
    expect(IMPALA_METRIC_LABELS.tcmalloc_physical_bytes_reserved).toBe('Allocated')
    expect(IMPALA_METRICS_SIZE).toBe(10)
  })
})

describe('B215 Impala operator io', () => {
  it.each([
    [{ bytesRead: 100, bytesWritten: 50 }, 150],
    [{ bytesRead: 0, bytesWritten: 0 }, 0],
    [{ bytesRead: 100, bytesWritten: null }, 100],
    [{}, 0],
  ])('B215 %j gives %i', (op, io) => {
    expect(impalaOperatorIo(op)).toBe(io)
  })
})

describe('B216 Impala usage groups', () => {
  it.each([
    [
      ['u1', 'u2', 'u3', 'u4', 'u5'],
      ['u1', 'u2', 'u3', 'u4'],
    ],
    [
      ['u1', 'u2'],
      ['u1', 'u2'],
    ],
    [[], []],
  ])('B216 %j selects %j', (values, selected) => {
    expect(defaultSelectedGroupValues(values)).toEqual(selected)
  })
})

describe('B241 Snowflake native app', () => {
  it.each([
    [true, false],
    [false, true],
  ])('B241 nativeApp.enabled %s: per-warehouse timeouts readable %s', (enabled, readable) => {
    expect(canReadWarehouseTimeouts({ nativeApp: { enabled } })).toBe(readable)
  })
})

describe('B206 AWS tags fallback', () => {
  it('B206 a failed search/awstags gives the EMR_Release entry', () => {
    expect(awsTagsOrFallback(null)).toEqual([{ key: 'EMR_Release', values: [] }])
  })

  it('B206 tags that arrived are kept', () => {
    expect(awsTagsOrFallback([{ key: 'team', values: ['a'] }])).toEqual([{ key: 'team', values: ['a'] }])
  })
})
