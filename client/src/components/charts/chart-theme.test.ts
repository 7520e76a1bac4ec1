import { afterEach, describe, expect, it, vi } from 'vitest'
import type { AxisLabelsFormatterContextObject } from 'highcharts'
import { setDisplayZone } from '@costlens/shared'
import { chartTheme } from './chart-theme.ts'
import { binaryAxisLabels, binaryTicks, tooltipTime, valueAxisLabels } from './chart-options.ts'

const T = Date.UTC(2026, 10, 23, 15, 30)

describe('charts follow the display settings', () => {
  afterEach(() => {
    setDisplayZone('utc')
    vi.unstubAllEnvs()
  })

  it('dark charts draw light text and lines on the dark surface, light ones the reverse', () => {
    const dark = chartTheme('dark', 'UTC')
    const light = chartTheme('light', 'UTC')
    expect(dark.chart?.backgroundColor).toBe('#242424')
    expect(dark.title?.style?.color).toBe('#C9C9C9')
    expect(light.chart?.backgroundColor).toBe('#ffffff')
    expect(light.title?.style?.color).toBe('#212529')
    // The same keys in both, so switching back replaces every dark colour.
    expect(Object.keys(dark).sort()).toEqual(Object.keys(light).sort())
    // Exported and printed files keep the light look.
    expect(dark.exporting?.chartOptions?.chart?.backgroundColor).toBe('#ffffff')
  })

  it('the time axis takes the display zone', () => {
    expect(chartTheme('light', 'UTC').time?.timezone).toBe('UTC')
    expect(chartTheme('light', 'Europe/Paris').time?.timezone).toBe('Europe/Paris')
  })

  it('a tooltip says which zone its time is in', () => {
    expect(tooltipTime(T, 'hourly')).toBe('11/23/2026 15:30:00 UTC')
    vi.stubEnv('TZ', 'Europe/Paris')
    setDisplayZone('local')
    expect(tooltipTime(T, 'hourly')).toBe('11/23/2026 16:30:00 GMT+1')
  })

  it('value axis ticks are rounded where tooltips keep the decimals', () => {
    const { formatter } = valueAxisLabels((v) => `$ ${v.toFixed(4)}`)
    const tick = (value: number) =>
      formatter.call({ value } as AxisLabelsFormatterContextObject, {} as AxisLabelsFormatterContextObject)
    expect(tick(1000)).toBe('$ 1000')
    expect(tick(0.25)).toBe('$ 0.25')
  })
})

describe('byte axes tick on round binary sizes', () => {
  const MB = 1024 * 1024
  it.each([
    // 0 to 18 TB of memory counted in MB: 5 TB steps, not 20,000,000 MB ones ('19.07 TB').
    [0, 18 * 1024 * 1024, MB, [0, 5, 10, 15, 20].map((t) => t * 1024 * 1024)],
    // 0 to 1.9 TB: 0.5 TB steps.
    [0, 1.9 * 1024 * 1024, MB, [0, 0.5, 1, 1.5, 2].map((t) => t * 1024 * 1024)],
    // 0 to 700 GB in bytes: 200 GB steps.
    [0, 700 * 1024 ** 3, 1, [0, 200, 400, 600, 800].map((g) => g * 1024 ** 3)],
  ])('%f to %f (unit %i bytes)', (min, max, unit, expected) => {
    expect(binaryTicks(min, max, unit)).toEqual(expected)
  })
  it('an empty axis still gets two ticks', () => expect(binaryTicks(0, 0, MB)).toEqual([0, 1]))
})

describe('byte axis labels', () => {
  it('write every tick in the unit of the top one', () => {
    const MB = 1024 * 1024
    const { formatter } = binaryAxisLabels(MB)
    const axis = { tickPositions: [0, 0.5, 1, 1.5, 2].map((t) => t * MB) }
    const tick = (value: number) =>
      formatter.call(
        { value, axis } as unknown as AxisLabelsFormatterContextObject,
        {} as AxisLabelsFormatterContextObject,
      )
    expect([0, 0.5, 2].map((t) => tick(t * MB))).toEqual(['0 TB', '0.5 TB', '2 TB'])
  })
})
