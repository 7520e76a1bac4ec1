import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { Point, SeriesArearangeOptions, SeriesLineOptions, XAxisOptions } from 'highcharts'
import { UPGRADE_TEXT } from '@costlens/shared'
import { renderWithProviders, signedIn } from '../../../test/render.tsx'
import { testUser } from '../../../test/users.ts'
import { CHART_PALETTE } from './chart-palette.ts'
import { drawnChart } from './chart-test-helpers.ts'
import { BOOST_THRESHOLD } from './chart-options.ts'
import type { TimePoint } from './chart-types.ts'
import { AreaRangeChart, LineChart, lineChartOptions } from './line-chart.tsx'

const T = Date.parse('2026-11-23T00:00:00Z')
const MIN = 60_000
const memory: TimePoint[] = [
  [T, 10],
  [T + 2 * MIN, 12],
  [T + 4 * MIN, 11],
]

describe('LineChart', () => {
  it('B270 shows the empty text and no export menu while no series has a point', () => {
    const { container } = renderWithProviders(
      <LineChart title="Memory" series={[{ name: 'Used', data: [] }]} comparison={[]} />,
    )
    const figure = screen.getByRole('figure', { name: 'Memory' })
    expect(figure).toHaveTextContent('No Data Available')
    expect(screen.queryByRole('button', { name: 'Export Memory' })).toBeNull()
    // Nothing to draw: Highcharts is not even loaded.
    expect(container.querySelector('.highcharts-container')).toBeNull()
  })

  it('shows the empty text given, for points that are all gaps', () => {
    renderWithProviders(
      <LineChart title="Memory" series={[{ name: 'Used', data: [[T, null]] }]} emptyText="No usage yet" />,
    )
    expect(screen.getByRole('figure', { name: 'Memory' })).toHaveTextContent('No usage yet')
  })

  it('B270 offers Print, PNG, JPEG, PDF, SVG, CSV and XLS once the chart is drawn', async () => {
    const { container, user } = renderWithProviders(
      <LineChart title="Memory" series={[{ name: 'Used', data: memory }]} />,
    )
    await drawnChart(container)
    await waitFor(() =>
      expect(container.querySelector('.highcharts-series path.highcharts-graph')).not.toBeNull(),
    )
    // Highcharts' own button is replaced by the console's menu.
    expect(container.querySelector('.highcharts-contextbutton')).toBeNull()
    await user.click(await screen.findByRole('button', { name: 'Export Memory' }))
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Print',
      'PNG',
      'JPEG',
      'PDF',
      'SVG',
      'CSV',
      'XLS',
    ])
  })

  it('B057 offers no export menu to a user not allowed to export', async () => {
    const { container } = renderWithProviders(
      <LineChart title="Memory" series={[{ name: 'Used', data: memory }]} exportAllowed={false} />,
    )
    await drawnChart(container)
    expect(screen.queryByRole('button', { name: 'Export Memory' })).toBeNull()
  })

  it('B059 C19 locks the export menu for the free plan, saying why, whatever the page allows', async () => {
    const { container } = renderWithProviders(
      <LineChart title="Memory" series={[{ name: 'Used', data: memory }]} />,
      {
        preloadedState: signedIn(testUser({ plan: 'freemium' })),
      },
    )
    await drawnChart(container)
    const locked = await screen.findByRole('button', { name: `Export Memory (${UPGRADE_TEXT})` })
    expect(locked).toHaveAttribute('data-disabled')
    expect(screen.queryByRole('button', { name: 'Export Memory' })).toBeNull()
  })

  it('names the figure and the chart region after its title, and titles the chart with it', async () => {
    const { container } = renderWithProviders(
      <LineChart
        title="Memory & CPU"
        description="Memory used per minute"
        series={[{ name: 'Used', data: memory }]}
      />,
    )
    const chart = await drawnChart(container)
    expect(screen.getByRole('figure', { name: 'Memory & CPU' })).toContainElement(chart.container)
    expect(container.querySelector('.highcharts-title')).toHaveTextContent('Memory & CPU')
    expect(screen.getByRole('region', { name: /^Memory & CPU\./ })).toBeInTheDocument()
    expect(chart.options.accessibility?.description).toBe('Memory used per minute')
  })

  it('B091 spans the selected range and reads tooltip times to the second at a 2m interval', () => {
    const options = lineChartOptions({
      title: 'Memory',
      series: [{ name: 'Used', data: memory }],
      range: { from: T - 60 * MIN, to: T + 5 * MIN },
      chartKind: 'cluster',
    })
    expect((options.xAxis as XAxisOptions[])[0]).toMatchObject({
      type: 'datetime',
      min: T - 60 * MIN,
      max: T + 5 * MIN,
    })
    expect(options.tooltip?.shared).toBe(true)
    const hovered = { x: T + 2 * MIN, points: [{ series: { name: 'Used' }, y: 12, color: '#000' }] }
    const html = options.tooltip!.formatter!.call(hovered as unknown as Point, {} as never)
    expect(html).toContain('<b>11/23/2026 00:02:00 UTC</b>')
    expect(html).toContain('Used: <b>12</b>')
  })

  it('dots the lines from the last whole day on, so a day still in progress does not read as a fall', () => {
    const day = 86_400_000
    const today = 20 * day
    const options = lineChartOptions({
      title: 'Cost a day',
      series: [
        {
          name: 'All',
          data: [
            [18 * day, 4000],
            [19 * day, 4100],
            [today, 60],
          ],
        },
      ],
      partialFrom: today,
    })
    const [line] = options.series as { zoneAxis?: string; zones?: { value?: number; dashStyle?: string }[] }[]
    expect(line!.zoneAxis).toBe('x')
    expect(line!.zones).toEqual([{ value: 19 * day }, { dashStyle: 'Dot' }])
    expect((lineChartOptions({ title: 'x', series: [] }).series as object[]).length).toBe(0)
  })

  it('keeps a count axis to whole numbers when asked (no 0.5 cluster tick)', () => {
    const series = [{ name: 'Clusters', data: [[0, 1] as const] }]
    const yAxis = (integerValues?: boolean) =>
      lineChartOptions({ title: 'Clusters', series, integerValues }).yAxis as { allowDecimals: boolean }
    expect(yAxis(true).allowDecimals).toBe(false)
    expect(yAxis().allowDecimals).toBe(true)
  })

  it('draws the comparison dashed, against a second time axis, in its series colour', () => {
    const options = lineChartOptions({
      title: 'Memory',
      series: [{ name: 'Used', data: memory }],
      comparison: [{ name: 'Used', data: memory.map(([t, v]) => [t - 7 * 24 * 60 * MIN, v]) }],
      comparisonLabel: 'Last 7 days',
    })
    const [main, earlier] = options.series as SeriesLineOptions[]
    expect(earlier).toMatchObject({
      name: 'Used (Last 7 days)',
      dashStyle: 'Dash',
      xAxis: 1,
      color: main!.color,
    })
    expect((options.xAxis as XAxisOptions[])[1]).toMatchObject({
      opposite: true,
      title: { text: 'Last 7 days' },
    })
  })

  it('boosts series of 10,000 points and more and does not animate them', async () => {
    const week = Array.from({ length: 10_080 }, (_, i): TimePoint => [
      T + i * MIN,
      20 + Math.sin(i / 60) * 10,
    ])
    const options = lineChartOptions({ title: 'CPU', series: [{ name: 'Used', data: week }] })
    expect(options.plotOptions?.series).toMatchObject({ boostThreshold: BOOST_THRESHOLD, animation: false })
    expect(BOOST_THRESHOLD).toBeLessThan(10_000)

    const { container } = renderWithProviders(
      <LineChart
        title="CPU"
        series={[
          { name: 'Used', data: week },
          { name: 'Peak', data: week },
        ]}
      />,
    )
    const chart = await drawnChart(container)
    expect(chart.series.map((s) => (s as typeof s & { boosted?: boolean }).boosted)).toEqual([true, true])
    expect(chart.series[0]!.points?.length ?? 0).toBeLessThan(10_080)
  })
})

describe('AreaRangeChart', () => {
  const average: TimePoint[] = memory
  const range = memory.map(([t, v]) => [t, v! - 2, v! + 3] as const)

  it('draws each band as an arearange linked to its average line, in one colour, with totals dashed', async () => {
    const props = {
      title: 'VCores',
      series: [{ name: 'Allocated', average, range }],
      totals: [{ name: 'Total', data: memory.map(([t]) => [t, 40] as const) }],
    }
    const options = lineChartOptions({ ...props, bands: props.series, series: [] })
    const [avg, band, total] = options.series as [
      SeriesLineOptions,
      SeriesArearangeOptions,
      SeriesLineOptions,
    ]
    expect(avg).toMatchObject({ type: 'line', id: 'band-0', name: 'Allocated', color: CHART_PALETTE[0] })
    expect(band).toMatchObject({ type: 'arearange', linkedTo: 'band-0', color: CHART_PALETTE[0] })
    expect(band.data).toEqual([
      [T, 8, 13],
      [T + 2 * MIN, 10, 15],
      [T + 4 * MIN, 9, 14],
    ])
    expect(total).toMatchObject({ name: 'Total', dashStyle: 'ShortDash', color: CHART_PALETTE[1] })

    const { container } = renderWithProviders(<AreaRangeChart {...props} />)
    const chart = await drawnChart(container)
    expect(chart.series.map((s) => s.type)).toEqual(['line', 'arearange', 'line'])
    await waitFor(() => expect(container.querySelector('.highcharts-arearange-series')).not.toBeNull())
    // One legend entry per band: the range follows its average.
    expect([...container.querySelectorAll('.highcharts-legend-item')].map((e) => e.textContent)).toEqual([
      'Allocated',
      'Total',
    ])
  })

  it('B270 shows the empty text and no export menu without bands', () => {
    renderWithProviders(<AreaRangeChart title="VCores" series={[]} />)
    expect(screen.getByRole('figure', { name: 'VCores' })).toHaveTextContent('No Data Available')
    expect(screen.queryByRole('button', { name: 'Export VCores' })).toBeNull()
  })
})
