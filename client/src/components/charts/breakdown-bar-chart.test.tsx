import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { Point } from 'highcharts'
import { renderWithProviders } from '../../../test/render.tsx'
import { drawnChart } from './chart-test-helpers.ts'
import { BreakdownBarChart, breakdownBarChartOptions, breakdownValue } from './breakdown-bar-chart.tsx'

const T = Date.parse('2026-11-23T00:00:00Z')
const byUser = {
  categories: ['Mon', 'Tue'],
  series: [
    { name: 'alice', data: [1, 2] },
    { name: 'bob', data: [2, 2] },
  ],
}

describe('BreakdownBarChart', () => {
  it('B269 stacks columns to 100 %, at most 36 px wide, with a legend', () => {
    const options = breakdownBarChartOptions({ title: 'CPU hours', ...byUser })
    expect(options.plotOptions?.column).toMatchObject({ stacking: 'percent', maxPointWidth: 36 })
    expect(options.yAxis).toMatchObject({ min: 0, max: 100, labels: { format: '{value}%' } })
    expect(options.legend?.enabled).toBe(true)
  })

  it.each([
    [1, 3, '1 (33.3%)'],
    [2, 3, '2 (66.7%)'],
    [0, 0, '0 (0.0%)'],
  ])('B269 a part of %s out of %s reads %s', (value, total, text) => {
    expect(breakdownValue(value, total, String)).toBe(text)
  })

  it('B269 B272 the tooltip gives each series its value and percentage of the column total', () => {
    const options = breakdownBarChartOptions({
      title: 'CPU hours',
      series: [],
      range: { from: T, to: T + 3_600_000 },
    })
    const hovered = {
      x: T,
      points: [
        { series: { name: 'alice' }, y: 1, total: 3, color: '#111' },
        { series: { name: 'b'.repeat(50) }, y: 2, total: 3, color: '#222' },
      ],
    }
    const html = options.tooltip!.formatter!.call(hovered as unknown as Point, {} as never) as string
    expect(html.split('<br/>')).toEqual([
      // The time in the display zone, which the tooltip names (UTC by default).
      '<b>11/23/2026 00:00:00 UTC</b>',
      '<span style="color:#111">\u25CF</span> alice: <b>1 (33.3%)</b>',
      `<span style="color:#222">\u25CF</span> ${'b'.repeat(40)}…: <b>2 (66.7%)</b>`,
    ])
  })

  it('draws the shares with Highcharts computing each percentage', async () => {
    const { container } = renderWithProviders(<BreakdownBarChart title="CPU hours" {...byUser} />)
    const chart = await drawnChart(container)
    expect(chart.series[0]!.points.map((p) => p.percentage?.toFixed(1))).toEqual(['33.3', '50.0'])
    expect(chart.yAxis[0]!.max).toBe(100)
  })

  it('B270 shows the empty text and no export menu without data', () => {
    renderWithProviders(
      <BreakdownBarChart title="CPU hours" categories={['Mon']} series={[{ name: 'a', data: [null] }]} />,
    )
    expect(screen.getByRole('figure', { name: 'CPU hours' })).toHaveTextContent('No Data Available')
    expect(screen.queryByRole('button', { name: 'Export CPU hours' })).toBeNull()
  })
})
