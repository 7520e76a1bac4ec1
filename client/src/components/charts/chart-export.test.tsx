import { screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Chart } from 'highcharts'
import { MESSAGES } from '@costlens/shared'
import { captureDownloads } from '../../../test/downloads.ts'
import { renderWithProviders } from '../../../test/render.tsx'
import { readWorkbook } from '../table/export/workbook-test-helpers.ts'
import { drawnChart } from './chart-test-helpers.ts'
import { runChartExport, type PdfOfHtml } from './chart-export.ts'
import { LineChart } from './line-chart.tsx'

const T = Date.parse('2026-11-23T00:00:00Z')
/** The PDF service, for the items that must not use it. */
const noPdf: PdfOfHtml = () => Promise.reject(new Error('not a PDF item'))
const NOW = Date.parse('2026-11-24T09:05:07Z')

/** Every file handed to the browser's download: its name and content. */
async function memoryChart(): Promise<Chart> {
  const { container } = renderWithProviders(
    <LineChart
      title="Memory"
      series={[
        {
          name: 'Used',
          data: [
            [T, 10],
            [T + 60_000, 12],
          ],
        },
        { name: '=cmd', data: [[T, 1]] },
      ]}
    />,
  )
  return drawnChart(container)
}

describe('B270 chart export', () => {
  let fetchSpy: ReturnType<typeof vi.fn>
  beforeEach(() => {
    // Nothing may leave the browser: no export server, no CDN for libraries.
    fetchSpy = vi.fn()
    vi.stubGlobal('fetch', fetchSpy)
  })
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
  })

  it('B270 B113 CSV holds the chart data rows in a dated file, formula-safe', async () => {
    const files = captureDownloads()
    await runChartExport(await memoryChart(), 'CSV', 'Memory', noPdf, NOW)
    expect(files.map((f) => f.name)).toEqual(['Memory_2026-11-24_09-05-07.csv'])
    const text = await files[0]!.blob!.text()
    expect(text.split('\r\n')).toEqual([
      "Time (UTC),Used,'=cmd",
      '2026-11-23 00:00:00,10,1',
      '2026-11-23 00:01:00,12,',
      '',
    ])
    expect(fetchSpy).not.toHaveBeenCalled()
  })

  it('B270 XLS holds the same rows as an .xlsx workbook, numbers as numbers', async () => {
    const files = captureDownloads()
    await runChartExport(await memoryChart(), 'XLS', 'Memory', noPdf, NOW)
    expect(files[0]!.name).toBe('Memory_2026-11-24_09-05-07.xlsx')
    const workbook = await readWorkbook(files[0]!.blob!)
    expect(workbook.headings).toEqual(['Time (UTC)', 'Used', "'=cmd"])
    expect(workbook.rows).toEqual([
      ['2026-11-23 00:00:00', 10, 1],
      ['2026-11-23 00:01:00', 12, null],
    ])
    expect(workbook.frozenRows).toBe(1)
  })

  it('B270 SVG is made in the browser, with no request to an export server', async () => {
    const files = captureDownloads()
    await runChartExport(await memoryChart(), 'SVG', 'Memory', noPdf, NOW)
    expect(files.map((f) => f.name)).toEqual(['Memory_2026-11-24_09-05-07.svg'])
    expect(decodeURIComponent(files[0]!.href)).toContain('<svg')
    expect(fetchSpy).not.toHaveBeenCalled()
  })

  it.each([
    ['PNG', 'image/png'],
    ['JPEG', 'image/jpeg'],
  ] as const)('B270 %s is rendered locally, never falling back to the export server', async (item, type) => {
    const chart = await memoryChart()
    const exportChart = vi.spyOn(chart.exporting, 'exportChart').mockResolvedValue(undefined as never)
    await runChartExport(chart, item, 'Memory', noPdf, NOW)
    expect(exportChart).toHaveBeenCalledWith(
      expect.objectContaining({
        type,
        filename: 'Memory_2026-11-24_09-05-07',
        local: true,
        fallbackToExportServer: false,
      }),
    )
  })

  it('B270 Print prints the chart', async () => {
    const chart = await memoryChart()
    const print = vi.spyOn(chart.exporting, 'print').mockImplementation(() => {})
    await runChartExport(chart, 'Print', 'Memory', noPdf, NOW)
    expect(print).toHaveBeenCalledOnce()
  })

  it('B270 the menu runs the item picked, and a failed export says so', async () => {
    const { container, user } = renderWithProviders(
      <LineChart title="Memory" series={[{ name: 'Used', data: [[T, 1]] }]} />,
    )
    const chart = await drawnChart(container)
    const exportChart = vi.spyOn(chart.exporting, 'exportChart').mockRejectedValue(new Error('no canvas'))
    await user.click(await screen.findByRole('button', { name: 'Export Memory' }))
    await user.click(screen.getByRole('menuitem', { name: 'PNG' }))
    expect(exportChart).toHaveBeenCalledWith(expect.objectContaining({ type: 'image/png' }))
    expect(await screen.findByText(MESSAGES.M022)).toBeInTheDocument()
    await waitFor(() => expect(screen.getByRole('button', { name: 'Export Memory' })).toBeEnabled())
  })
})

describe('B270 chart PDF', () => {
  it("is rendered by the PDF service from the chart's own SVG, at its size on screen, under its name", async () => {
    const chart = await memoryChart()
    const pdf = vi.fn<PdfOfHtml>().mockResolvedValue(true)
    await runChartExport(chart, 'PDF', 'Memory <used>', pdf, NOW)
    expect(pdf).toHaveBeenCalledOnce()
    const [html, fileName, width] = pdf.mock.calls[0]!
    expect(fileName).toBe('Memory <used>')
    expect(width).toBe(chart.chartWidth)
    expect(html).toMatch(/^<!doctype html>/)
    expect(html).toContain('<title>Memory &lt;used&gt;</title>')
    expect(html).toContain('<svg')
    expect(html).toContain('Used')
  })
})
