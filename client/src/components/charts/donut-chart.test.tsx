import { fireEvent, screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import type { Point, SeriesPieOptions } from 'highcharts'
import { renderWithProviders } from '../../../test/render.tsx'
import { drawnChart } from './chart-test-helpers.ts'
import { DonutChart, donutChartOptions, donutValue } from './donut-chart.tsx'

const slices = [
  { name: 'analytics', value: 1 },
  { name: 'etl', value: 2 },
  { name: 'adhoc', value: 3 },
]

const hiddenLegendItems = (container: HTMLElement) =>
  [...container.querySelectorAll('.highcharts-legend-item-hidden')].map((e) => e.textContent)

describe('DonutChart', () => {
  it('B269 is a 180 × 180 donut with a 75 % hole and a legend', () => {
    const options = donutChartOptions({ title: 'Cost', slices, hidden: ['etl'], onToggle: () => {} })
    expect(options.plotOptions?.pie).toMatchObject({ size: 180, innerSize: '75%', showInLegend: true })
    expect(options.legend?.enabled).toBe(true)
    expect((options.series![0] as SeriesPieOptions).data).toEqual([
      { name: 'analytics', y: 1, color: undefined, visible: true },
      { name: 'etl', y: 2, color: undefined, visible: false },
      { name: 'adhoc', y: 3, color: undefined, visible: true },
    ])
  })

  it.each([
    [1, 3, '1 (33.3%)'],
    [2, 3, '2 (66.7%)'],
    [1, 8, '1 (12.5%)'],
    [1234.5, 1234.5, '1,234.5 (100.0%)'],
    [0, 0, '0 (0.0%)'],
  ])('B143 B269 hovering a slice of %s out of %s reads %s', (value, total, text) => {
    expect(donutValue(value, total, (v) => v.toLocaleString('en-US'))).toBe(text)
  })

  it('B143 B272 the tooltip gives the slice name cut at 40, its value and its percent to 1 decimal', () => {
    const options = donutChartOptions({ title: 'Cost', slices, hidden: [], onToggle: () => {} })
    const hovered = { name: `${'q'.repeat(45)}`, y: 1, total: 6, color: '#000' }
    const html = options.tooltip!.formatter!.call(hovered as unknown as Point, {} as never)
    expect(html).toBe(`<span style="color:#000">\u25CF</span> ${'q'.repeat(40)}…: <b>1 (16.7%)</b>`)
  })

  it('B269 clicking a legend entry hides its slice, and clicking it again shows it', async () => {
    const onHiddenChange = vi.fn()
    const { container } = renderWithProviders(
      <DonutChart title="Cost" slices={slices} onHiddenChange={onHiddenChange} />,
    )
    const chart = await drawnChart(container)
    const legendItem = () =>
      [...container.querySelectorAll('.highcharts-legend-item')].find((e) => e.textContent === 'etl')!
    await waitFor(() => expect(legendItem()).toBeDefined())
    fireEvent.click(legendItem().querySelector('text')!)
    await waitFor(() => expect(hiddenLegendItems(container)).toEqual(['etl']))
    expect(chart.series[0]!.points.map((p) => p.visible)).toEqual([true, false, true])
    expect(onHiddenChange).toHaveBeenLastCalledWith(['etl'])
    // The shares are of the slices shown: 1 of 4 is 25 %.
    expect(chart.series[0]!.points[0]!.percentage).toBe(25)

    fireEvent.click(legendItem().querySelector('text')!)
    await waitFor(() => expect(hiddenLegendItems(container)).toEqual([]))
    expect(onHiddenChange).toHaveBeenLastCalledWith([])
  })

  it('B269 clicking a slice hides it', async () => {
    const { container } = renderWithProviders(<DonutChart title="Cost" slices={slices} />)
    const chart = await drawnChart(container)
    // What Highcharts does on a click on the slice (jsdom has no layout to aim a pointer with).
    const slice = chart.series[0]!.points[2] as Point & { firePointEvent(type: string): void }
    slice.firePointEvent('click')
    await waitFor(() => expect(chart.series[0]!.points[2]!.visible).toBe(false))
    expect(hiddenLegendItems(container)).toEqual(['adhoc'])
  })

  it('keeps slices hidden by its parent', async () => {
    const { container } = renderWithProviders(
      <DonutChart title="Cost" slices={slices} hidden={['analytics']} />,
    )
    const chart = await drawnChart(container)
    expect(chart.series[0]!.points.map((p) => p.visible)).toEqual([false, true, true])
  })

  it('B270 shows the empty text and no export menu when every slice is 0', () => {
    renderWithProviders(<DonutChart title="Cost" slices={[{ name: 'etl', value: 0 }]} />)
    expect(screen.getByRole('figure', { name: 'Cost' })).toHaveTextContent('No Data Available')
    expect(screen.queryByRole('button', { name: 'Export Cost' })).toBeNull()
  })
})
