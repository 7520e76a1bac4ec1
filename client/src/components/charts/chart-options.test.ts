import { describe, expect, it } from 'vitest'
import type { Point } from 'highcharts'
import type { PointInterval } from '@costlens/shared'
import {
  barData,
  escapeHtml,
  hasPoints,
  pointIntervalFor,
  timeTooltip,
  tooltipHtml,
  tooltipTime,
} from './chart-options.ts'

const T = Date.parse('2026-11-23T00:00:00Z')
const MIN = 60_000
const HOUR = 60 * MIN
const DAY = 24 * HOUR
const NAME_50 = 'spark-etl-nightly-rollup-of-every-cluster-and-all-queues'.slice(0, 50)

/** A tooltip as Highcharts calls it: `this` is the hovered point, with the shared points on it. */
function callTooltip(formatter: ReturnType<typeof timeTooltip>, hovered: Partial<Point>) {
  return formatter.call(hovered as Point, {} as never)
}

describe('B272 chart tooltips', () => {
  it('B272 cut a series name at 40 characters and mark the cut', () => {
    const html = tooltipHtml('header', [{ name: NAME_50, value: '1' }])
    expect(html).toContain(`${NAME_50.slice(0, 40)}…: <b>1</b>`)
    expect(html).not.toContain(NAME_50.slice(0, 41))
    expect(tooltipHtml('h', [{ name: 'x'.repeat(40), value: '1' }])).toContain(`${'x'.repeat(40)}:`)
  })

  it('show a name with markup as typed', () => {
    expect(tooltipHtml('<i>', [{ name: 'R&D <b>', value: '1' }])).toBe(
      '<b>&#60;i&#62;</b><br/><span style="color:currentColor">\u25CF</span> R&#38;D &#60;b&#62;: <b>1</b>',
    )
    expect(escapeHtml(`"'`)).toBe('&#34;&#39;')
  })

  it('B272 the line tooltip lists every series at the hovered time, names cut at 40, bands low to high', () => {
    const formatter = timeTooltip((v) => `${v} GB`, '2m')
    const html = callTooltip(formatter, {
      x: T,
      points: [
        { series: { name: NAME_50 }, y: 12, color: '#1c7ed6' },
        { series: { name: 'Memory range' }, low: 3, high: 9, color: '#1c7ed6' },
      ] as unknown as Point[],
    })
    expect(html).toContain('<b>11/23/2026 00:00:00 UTC</b>')
    expect(html).toContain(`${NAME_50.slice(0, 40)}…: <b>12 GB</b>`)
    expect(html).toContain('Memory range: <b>3 GB – 9 GB</b>')
  })

  it('read dates alone once points are a day or more apart', () => {
    expect(tooltipTime(T + HOUR, 'hourly')).toBe('11/23/2026 01:00:00 UTC')
    expect(tooltipTime(T, 'daily')).toBe('11/23/2026')
    expect(tooltipTime(T, 'weekly')).toBe('11/23/2026')
  })
})

describe('B091 chart point interval', () => {
  it.each([
    [HOUR, 'generic', '1m'],
    [HOUR, 'cluster', '2m'],
    [2 * HOUR, 'generic', '5m'],
    [6 * HOUR, 'generic', '15m'],
    [12 * HOUR, 'generic', '30m'],
    [2 * DAY, 'generic', 'hourly'],
    [7 * DAY, 'cluster', '3h'],
    [30 * DAY, 'generic', 'daily'],
    [60 * DAY, 'generic', '3d'],
    [90 * DAY, 'generic', 'weekly'],
  ] as const)('B091 a selected range of %i ms on a %s chart → %s', (span, kind, interval) => {
    expect(pointIntervalFor({ from: T, to: T + span }, [], kind)).toBe(interval)
  })

  it.each([
    [[], '1m'],
    [[T], '1m'],
    [[T + 3 * DAY, T, T + DAY], '3h'],
  ] as [number[], PointInterval][])('B091 without a range, the data span of %j → %s', (ts, interval) => {
    expect(pointIntervalFor(undefined, ts)).toBe(interval)
  })
})

describe('empty charts', () => {
  it.each([
    [[], false],
    [[{ data: [] }], false],
    [[{ data: [[T, null]] }], false],
    [[{ data: [[T, null, null]] }], false],
    [[{ data: [null, null] }], false],
    [[{ data: [] }, { data: [[T, 0]] }], true],
    [[{ data: [[T, null, 2]] }], true],
    [[{ data: [null, 3] }], true],
  ] as [{ data: never[] }[], boolean][])('series %j have something to draw: %s', (series, drawn) => {
    expect(hasPoints(series)).toBe(drawn)
  })
})

describe('bar data', () => {
  it('is by categories when categories are given, else over time with the range rebuilt', () => {
    const series = [{ name: 'a', data: [1] }]
    expect(barData(['q'], series, 1, 2)).toEqual({ categories: ['q'], series })
    expect(barData(undefined, [], 1, 2)).toEqual({ series: [], range: { from: 1, to: 2 } })
    expect(barData(undefined, [], undefined, 2)).toEqual({ series: [], range: undefined })
  })
})
