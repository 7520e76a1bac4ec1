import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { Point, SeriesColumnOptions, XAxisOptions } from 'highcharts'
import { POINT_INTERVAL_MS } from '@costlens/shared'
import { renderWithProviders } from '../../../test/render.tsx'
import { drawnChart } from './chart-test-helpers.ts'
import { StackedBarChart, stackedBarChartOptions } from './stacked-bar-chart.tsx'

const T = Date.parse('2026-11-23T00:00:00Z')
const HOUR = 3_600_000
const byQueue = {
  categories: ['default', 'etl'],
  series: [
    { name: 'Succeeded', data: [4, 6] },
    { name: 'Failed', data: [1, null] },
  ],
}

describe('StackedBarChart', () => {
  it('B269 stacks columns at most 120 px wide, 20 px on cost charts', () => {
    expect(stackedBarChartOptions({ title: 'Jobs', ...byQueue }).plotOptions?.column).toMatchObject({
      stacking: 'normal',
      maxPointWidth: 120,
    })
    expect(
      stackedBarChartOptions({ title: 'Cost', cost: true, ...byQueue }).plotOptions?.column,
    ).toMatchObject({
      maxPointWidth: 20,
    })
  })

  it('B272 the tooltip lists each part, cut at 40, and the total', () => {
    const options = stackedBarChartOptions({ title: 'Jobs', ...byQueue, valueFormat: (v) => `${v} jobs` })
    const hovered = {
      category: 'default',
      points: [
        { series: { name: 'Succeeded' }, y: 4, color: '#111' },
        { series: { name: 'F'.repeat(41) }, y: 1, color: '#222' },
      ],
    }
    const html = options.tooltip!.formatter!.call(hovered as unknown as Point, {} as never) as string
    expect(html.split('<br/>')).toEqual([
      '<b>default</b>',
      '<span style="color:#111">\u25CF</span> Succeeded: <b>4 jobs</b>',
      `<span style="color:#222">\u25CF</span> ${'F'.repeat(40)}…: <b>1 jobs</b>`,
      '<span style="color:currentColor">\u25CF</span> Total: <b>5 jobs</b>',
    ])
  })

  it('B091 over time, spans the range with columns one point interval wide', () => {
    const options = stackedBarChartOptions({
      title: 'Cost',
      series: [{ name: 'etl', data: [[T, 5]] }],
      range: { from: T, to: T + 7 * 24 * HOUR },
    })
    expect(options.xAxis).toMatchObject({
      type: 'datetime',
      min: T,
      max: T + 7 * 24 * HOUR,
    } satisfies XAxisOptions)
    expect((options.series![0] as SeriesColumnOptions).pointRange).toBe(POINT_INTERVAL_MS['3h'])
  })

  it('draws the stacks by category, with a legend and the export menu', async () => {
    const { container } = renderWithProviders(<StackedBarChart title="Jobs by queue" {...byQueue} />)
    const chart = await drawnChart(container)
    expect(chart.xAxis[0]!.categories).toEqual(['default', 'etl'])
    await waitFor(() =>
      expect(container.querySelectorAll('.highcharts-series-group .highcharts-point').length).toBe(3),
    )
    expect([...container.querySelectorAll('.highcharts-legend-item')].map((e) => e.textContent)).toEqual([
      'Succeeded',
      'Failed',
    ])
    expect(await screen.findByRole('button', { name: 'Export Jobs by queue' })).toBeInTheDocument()
  })

  it('B270 shows the empty text and no export menu without series', () => {
    renderWithProviders(<StackedBarChart title="Jobs" series={[]} />)
    expect(screen.getByRole('figure', { name: 'Jobs' })).toHaveTextContent('No Data Available')
    expect(screen.queryByRole('button', { name: 'Export Jobs' })).toBeNull()
  })
})
