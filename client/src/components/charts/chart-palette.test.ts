import { describe, expect, it } from 'vitest'
import { CHART } from '@costlens/shared'
import { CHART_PALETTE, SERIES_COLOURS } from './chart-palette.ts'

/** WCAG relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  }) as [number, number, number]
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

describe('B269 chart palette', () => {
  it('B269 has 15 distinct colours, the first 7 being the series colours', () => {
    expect(CHART_PALETTE).toHaveLength(15)
    expect(CHART_PALETTE).toHaveLength(CHART.paletteColours)
    expect(new Set(CHART_PALETTE).size).toBe(15)
    expect(SERIES_COLOURS).toEqual(CHART_PALETTE.slice(0, CHART.seriesColours))
  })

  it.each(CHART_PALETTE.map((c, i) => [i, c]))(
    'B269 colour %i (%s) has at least 3:1 contrast on white',
    (_i, colour) => {
      expect(colour).toMatch(/^#[0-9a-f]{6}$/)
      expect(1.05 / (luminance(colour) + 0.05)).toBeGreaterThanOrEqual(3)
    },
  )
})
