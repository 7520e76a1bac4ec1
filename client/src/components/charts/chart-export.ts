import type { Chart } from 'highcharts'
import { exportFileName, withZone, type CHART_EXPORT_ITEMS } from '@costlens/shared'
import { buildExport, saveFile } from '../table/export-rows.ts'

/** B270: one entry of the chart export menu. */
export type ChartExportItem = (typeof CHART_EXPORT_ITEMS)[number]

const IMAGE_TYPES = { PNG: 'image/png', JPEG: 'image/jpeg', SVG: 'image/svg+xml' } as const
const EXTENSIONS = { PNG: 'png', JPEG: 'jpeg', SVG: 'svg' } as const

/** What export-data adds to a chart's exporting object; its typings leave it out. */
interface ExportingWithData {
  getDataRows(multiLevelHeaders?: boolean): (string | number | null | undefined)[][]
}

/**
 * Runs one item of the export menu on a drawn chart. Every file is made in the browser: images by
 * Highcharts' local exporting (never its export server), PDF here (`chartPdf`), CSV and XLS from
 * the chart's data rows through the tables' export (formula-safe cells, B113; dated names, B292).
 * Rejects when the browser cannot make the file.
 */
export async function runChartExport(chart: Chart, item: ChartExportItem, name: string, now = Date.now()) {
  switch (item) {
    case 'Print':
      chart.exporting.print()
      return
    case 'PNG':
    case 'JPEG':
    case 'SVG': {
      const extension = EXTENSIONS[item]
      await chart.exporting.exportChart({
        type: IMAGE_TYPES[item],
        // Highcharts adds the extension itself.
        filename: exportFileName(name, now, extension).slice(0, -extension.length - 1),
        local: true,
        fallbackToExportServer: false,
        sourceWidth: chart.chartWidth,
        sourceHeight: chart.chartHeight,
      })
      return
    }
    case 'PDF':
      saveFile(exportFileName(name, now, 'pdf'), await chartPdf(chart))
      return
    case 'CSV':
    case 'XLS': {
      const file = await chartDataFile(chart, item === 'CSV' ? 'csv' : 'xls', name, now)
      saveFile(file.fileName, file.blob)
    }
  }
}

/**
 * The chart's data as the tables export it: the first row of Highcharts' data rows is the header.
 * Times on a datetime axis are written in the chart's zone, the display zone, which the time
 * column's heading names as a table's does ('Time (UTC)'). XLS is an .xlsx workbook, as a table's
 * Excel download is.
 */
export function chartDataFile(chart: Chart, format: 'csv' | 'xls', name: string, now: number) {
  const [header = [], ...rows] = (chart.exporting as unknown as ExportingWithData).getDataRows()
  // A titled time axis names its zone already ('Time (UTC)', timeXAxis), and Highcharts heads the
  // column with that title; an untitled one is headed 'DateTime', which gains the zone here.
  const xAxis = chart.xAxis[0]?.options
  const untitledTimeAxis = xAxis?.type === 'datetime' && !xAxis.title?.text
  const columns = header.map((title, i) => ({
    key: String(i),
    title: i === 0 && untitledTimeAxis ? withZone(String(title ?? '')) : String(title ?? ''),
    value: (row: (typeof rows)[number]) => row[i] ?? '',
  }))
  return buildExport(format, columns, rows, { name, now })
}

/** Twice the screen's pixels, so the PDF stays sharp when zoomed or printed. */
const PDF_SCALE = 2
/** CSS pixels are 1/96 inch, PDF points 1/72. */
const POINTS_PER_PX = 72 / 96

/**
 * The chart as a one-page PDF, made without a library or the network: the chart's SVG drawn on a
 * canvas, the canvas as JPEG, the JPEG embedded as is (PDF reads JPEG natively). Highcharts' own
 * PDF export would download jsPDF from its CDN first.
 */
export async function chartPdf(chart: Chart): Promise<Blob> {
  const width = chart.chartWidth
  const height = chart.chartHeight
  const svg = await chart.exporting.getSVG({ chart: { width, height } }, true)
  const jpeg = await svgToJpeg(svg, width * PDF_SCALE, height * PDF_SCALE)
  const pdf = jpegPdf(jpeg, {
    pixelWidth: width * PDF_SCALE,
    pixelHeight: height * PDF_SCALE,
    pageWidth: width * POINTS_PER_PX,
    pageHeight: height * POINTS_PER_PX,
  })
  return new Blob([pdf], { type: 'application/pdf' })
}

async function svgToJpeg(svg: string, width: number, height: number): Promise<Uint8Array<ArrayBuffer>> {
  const url = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }))
  try {
    const image = new Image()
    image.src = url
    await image.decode()
    const canvas = document.createElement('canvas')
    canvas.width = width
    canvas.height = height
    const context = canvas.getContext('2d')
    if (!context) throw new Error('No canvas')
    // JPEG has no transparency: a transparent chart background would turn black.
    context.fillStyle = '#ffffff'
    context.fillRect(0, 0, width, height)
    context.drawImage(image, 0, 0, width, height)
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.92))
    if (!blob) throw new Error('No JPEG')
    return new Uint8Array(await blob.arrayBuffer())
  } finally {
    URL.revokeObjectURL(url)
  }
}

export interface PdfImageSize {
  /** The JPEG's own size. */
  pixelWidth: number
  pixelHeight: number
  /** The page's size in points, which the image fills. */
  pageWidth: number
  pageHeight: number
}

/**
 * A PDF 1.4 file of one page filled by one JPEG (an RGB baseline JPEG, as canvases make): catalog,
 * page tree, page, image and drawing commands, then the cross-reference table of their byte
 * offsets that readers use to find them.
 */
export function jpegPdf(jpeg: Uint8Array, size: PdfImageSize): Uint8Array<ArrayBuffer> {
  const encoder = new TextEncoder()
  const chunks: Uint8Array[] = []
  const offsets: number[] = []
  let length = 0
  const push = (chunk: string | Uint8Array) => {
    const bytes = typeof chunk === 'string' ? encoder.encode(chunk) : chunk
    chunks.push(bytes)
    length += bytes.length
  }
  const object = (body: string | Uint8Array, stream?: Uint8Array) => {
    offsets.push(length)
    push(`${offsets.length} 0 obj\n`)
    push(body)
    if (stream) {
      push('\nstream\n')
      push(stream)
      push('\nendstream')
    }
    push('\nendobj\n')
  }
  const w = round(size.pageWidth)
  const h = round(size.pageHeight)
  const draw = encoder.encode(`q ${w} 0 0 ${h} 0 0 cm /Im0 Do Q`)

  // A binary comment line after the header tells transfer tools the file is binary.
  push('%PDF-1.4\n%\u00E2\u00E3\u00CF\u00D3\n')
  object('<< /Type /Catalog /Pages 2 0 R >>')
  object('<< /Type /Pages /Kids [3 0 R] /Count 1 >>')
  object(
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${w} ${h}] ` +
      '/Resources << /XObject << /Im0 4 0 R >> >> /Contents 5 0 R >>',
  )
  object(
    `<< /Type /XObject /Subtype /Image /Width ${Math.round(size.pixelWidth)} ` +
      `/Height ${Math.round(size.pixelHeight)} /ColorSpace /DeviceRGB /BitsPerComponent 8 ` +
      `/Filter /DCTDecode /Length ${jpeg.length} >>`,
    jpeg,
  )
  object(`<< /Length ${draw.length} >>`, draw)
  const xref = length
  push(`xref\n0 ${offsets.length + 1}\n0000000000 65535 f \n`)
  for (const offset of offsets) push(`${String(offset).padStart(10, '0')} 00000 n \n`)
  push(`trailer\n<< /Size ${offsets.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`)

  const file = new Uint8Array(length)
  let at = 0
  for (const chunk of chunks) {
    file.set(chunk, at)
    at += chunk.length
  }
  return file
}

const round = (n: number) => Math.round(n * 100) / 100
