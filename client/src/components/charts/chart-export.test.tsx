import { screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Chart } from 'highcharts'
import { MESSAGES } from '@costlens/shared'
import { renderWithProviders } from '../../../test/render.tsx'
import { readWorkbook } from '../table/export/workbook-test-helpers.ts'
import { drawnChart } from './chart-test-helpers.ts'
import { jpegPdf, runChartExport } from './chart-export.ts'
import { LineChart } from './line-chart.tsx'

const T = Date.parse('2026-11-23T00:00:00Z')
const NOW = Date.parse('2026-11-24T09:05:07Z')

/** Every file handed to the browser's download: its name and content. */
function captureDownloads() {
  const files: { name: string; blob: Blob | null; href: string }[] = []
  const blobs = new Map<string, Blob>()
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    const url = `blob:test/${blobs.size}`
    blobs.set(url, blob as Blob)
    return url
  })
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {})
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    files.push({ name: this.download, blob: blobs.get(this.href) ?? null, href: this.href })
  })
  return files
}

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
    await runChartExport(await memoryChart(), 'CSV', 'Memory', NOW)
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
    await runChartExport(await memoryChart(), 'XLS', 'Memory', NOW)
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
    await runChartExport(await memoryChart(), 'SVG', 'Memory', NOW)
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
    await runChartExport(chart, item, 'Memory', NOW)
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
    await runChartExport(chart, 'Print', 'Memory', NOW)
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
  // A JPEG's start and end markers around a few bytes: the PDF embeds it untouched.
  const jpeg = new Uint8Array([0xff, 0xd8, 1, 2, 3, 0xff, 0xd9])
  const pdf = jpegPdf(jpeg, { pixelWidth: 1200, pixelHeight: 600, pageWidth: 450, pageHeight: 225 })
  const text = new TextDecoder('latin1').decode(pdf)

  it('is one page the size of the chart, filled by the JPEG', () => {
    expect(text.startsWith('%PDF-1.4\n')).toBe(true)
    expect(text.endsWith('%%EOF\n')).toBe(true)
    expect(text).toContain('/MediaBox [0 0 450 225]')
    expect(text).toContain(
      '/Width 1200 /Height 600 /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode /Length 7',
    )
    expect(text).toContain('q 450 0 0 225 0 0 cm /Im0 Do Q')
    const at = pdf.findIndex((_, i) => pdf[i] === 0xff && pdf[i + 1] === 0xd8)
    expect([...pdf.slice(at, at + jpeg.length)]).toEqual([...jpeg])
  })

  it('has a cross-reference table pointing at each object', () => {
    const xrefAt = Number(/startxref\n(\d+)\n/.exec(text)![1])
    expect(text.slice(xrefAt, xrefAt + 4)).toBe('xref')
    const offsets = [...text.slice(xrefAt).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]))
    expect(offsets).toHaveLength(5)
    offsets.forEach((offset, i) => expect(text.slice(offset, offset + 8)).toBe(`${i + 1} 0 obj\n`))
  })
})
