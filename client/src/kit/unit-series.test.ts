import { describe, expect, it } from 'vitest'
import { cappedWindow, chartsByUnit, fittingInterval, unitFormat } from './unit-series.ts'

const DAY = 86_400_000

describe('unitFormat: every value with its unit', () => {
  it.each([
    ['%', 12.345, '12.35%'],
    ['bytes', 1024 ** 3, '1.00 GB'],
    ['bytes/s', 5 * 1024 ** 2, '5.00 MB/s'],
    ['messages/s', 4_200.54, '4,200.5 messages/s'],
    ['requests/s', 12, '12 requests/s'],
    ['messages', 12_500, '12,500 messages'],
    ['offset', 1_250_000, '1,250,000'],
    ['count', 3, '3'],
    ['count', 2.5, '2.5'],
    ['ms', 3.5, '3.5 ms'],
    ['req/s', 1250.5, '1,250.5 req/s'],
    ['/s', 3, '3/s'],
  ])('%s: %d reads %s', (unit, value, text) => {
    expect(unitFormat(unit)(value)).toBe(text)
  })
})

describe('chartsByUnit', () => {
  const series = [
    { name: 'Bytes in', unit: 'bytes/s', data: [[0, 1]] as [number, number][] },
    { name: 'Lag', unit: 'messages', data: [[0, 5]] as [number, number][] },
    { name: 'Bytes out', unit: 'bytes/s', data: [[0, 2]] as [number, number][] },
  ]
  it('one chart per unit, in the order the units come, titled by the subject and the measure', () => {
    const charts = chartsByUnit(series, 'orders', { 'bytes/s': 'Throughput (bytes/s)' })
    expect(charts.map((c) => [c.title, c.series.map((s) => s.name)])).toEqual([
      ['orders: Throughput (bytes/s)', ['Bytes in', 'Bytes out']],
      ['orders: messages', ['Lag']],
    ])
    expect(charts[1]!.integerValues).toBe(true)
    expect(charts[0]!.valueFormat(2048)).toBe('2.00 KB/s')
  })
  it('no answer is no chart', () => expect(chartsByUnit(undefined, 'x', {})).toEqual([]))
})

describe('the window and the interval', () => {
  it('cuts a range longer than the API takes to its last days', () => {
    expect(cappedWindow(0, 90 * DAY, 31)).toEqual({ start: 59 * DAY, end: 90 * DAY, cut: true })
    expect(cappedWindow(0, 7 * DAY, 31)).toEqual({ start: 0, end: 7 * DAY, cut: false })
  })
  const steps = { '1m': 60_000, '1h': 3_600_000 } as const
  it.each([
    ['1m', DAY, '1m'],
    ['1m', 7 * DAY, '1h'],
    ['1h', 7 * DAY, '1h'],
  ] as const)('%s over %d ms asks for %s (at most 2,000 points)', (chosen, span, expected) => {
    const intervals: readonly ('1m' | '1h')[] = ['1m', '1h']
    expect(fittingInterval<'1m' | '1h'>(chosen, intervals, (i) => steps[i], 0, span)).toBe(expected)
  })
})
