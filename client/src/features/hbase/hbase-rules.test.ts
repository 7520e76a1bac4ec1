import { describe, expect, it } from 'vitest'
import { HBASE_HOST_PREFIX, hbaseHostName } from '@costlens/shared'
import {
  clusterKpis,
  fittingInterval,
  hbaseWindow,
  orMissing,
  rowAlert,
  seriesCharts,
  slowOps,
  unitFormat,
} from './hbase-rules.ts'
import { cluster, series } from './hbase-test-data.ts'

const DAY = 86_400_000
const bytes = (v: number) => `${v} B`

describe('HBase display rules', () => {
  it.each([
    [null, '--'],
    [undefined, '--'],
    [Number.NaN, '--'],
    [Number.POSITIVE_INFINITY, '--'],
    [0, '0 B'],
    [12, '12 B'],
  ])('B207 a value %s shows %j', (value, expected) => {
    expect(orMissing(value, bytes)).toBe(expected)
  })

  it.each([
    ['High latency', { status: 'Killed', alert: 'High latency' }],
    [null, { status: 'Success', alert: 'Good' }],
    [undefined, { status: 'Success', alert: 'Good' }],
    ['', { status: 'Success', alert: 'Good' }],
  ])('B208 an alert %j gives %j', (alert, expected) => {
    expect(rowAlert(alert)).toEqual(expected)
  })

  it.each([
    ['123456789012345678node1.example.com', 'node1.example.com'],
    [`${HBASE_HOST_PREFIX}rs-01.prod`, 'rs-01.prod'],
    ['short-host', 'short-host'],
  ])('B209 host %s shows as %s', (host, expected) => {
    expect(hbaseHostName(host)).toBe(expected)
  })

  it.each([
    ['%', 12.345, '12.35%'],
    ['bytes', 1024 ** 3, '1.00 GB'],
    ['bytes/s', 2048, '2.00 KB/s'],
    ['ms', 3.5, '3.5 ms'],
    ['req/s', 1250.5, '1,250.5 req/s'],
    ['count', 7, '7'],
    ['/s', 3, '3/s'],
    ['ops/5m', 40, '40 ops/5m'],
  ])('a value in %s reads with its unit', (unit, value, expected) => {
    expect(unitFormat(unit)(value)).toBe(expected)
  })

  it.each([
    ['1h', DAY, '1h'],
    ['5m', DAY, '5m'],
    // 31 days at 5m or 15m is over 2,000 points: the finest that fits.
    ['5m', 31 * DAY, '30m'],
    ['1d', 31 * DAY, '1d'],
  ] as const)('interval %s over %d ms is asked as %s', (chosen, span, expected) => {
    expect(fittingInterval(chosen, 0, span)).toBe(expected)
  })

  it.each([
    [[12, 3, 0, 0, 1], 16],
    [[null, 3, null, null, null], 3],
    [[null, null, null, null, null], null],
  ])('slow operations %j total %s', ([get, put, del, inc, app], expected) => {
    expect(
      slowOps({
        slowGetCount: get!,
        slowPutCount: put!,
        slowDeleteCount: del!,
        slowIncrementCount: inc!,
        slowAppendCount: app!,
      }),
    ).toBe(expected)
  })

  it('a range longer than 31 days is asked as its last 31 days', () => {
    expect(hbaseWindow(0, 90 * DAY)).toEqual({ start: 59 * DAY, end: 90 * DAY, cut: true })
    expect(hbaseWindow(0, 7 * DAY)).toEqual({ start: 0, end: 7 * DAY, cut: false })
  })

  it('the KPI row gives each figure its unit and puts an alert under its figure', () => {
    const kpis = clusterKpis(cluster({ RpcQueueTime_avg_time: 72, ritOldestAge: 90_000 }))
    const by = Object.fromEntries(kpis.map((k) => [k.label, k]))
    expect(by['Requests']!.value).toBe('1,250.5 req/s')
    expect(by['Average load']!.value).toBe('120 regions/server')
    expect(by['Heap used']!.value).toBe('8.00 GB of 32.00 GB')
    expect(by['Oldest in transition']!.value).toBe('1m 30s')
    expect(by['RPC queue time']).toEqual({
      label: 'RPC queue time',
      value: '72 ms',
      note: 'High RPC queue time',
      noteTone: 'worse',
    })
    expect(by['Region servers']!.note).toBeUndefined()
  })

  it('series are charted one chart per unit, titled with the unit', () => {
    const specs = seriesCharts(series('Cluster'), 'Cluster')
    expect(specs.map((s) => s.title)).toEqual(['Cluster: Requests (req/s)', 'Cluster: Sizes (bytes)'])
    expect(specs[0]!.valueFormat!(10)).toBe('10 req/s')
    expect(seriesCharts(undefined, 'Cluster')).toEqual([])
  })
})
