import type { Chart } from 'highcharts'
import { exportFileName, withZone, type CHART_EXPORT_ITEMS } from '@costlens/shared'
import { escapeHtml } from '../export/page-html.ts'
import { buildExport, saveFile } from '../table/export-rows.ts'

/** B270: one entry of the chart export menu. */
export type ChartExportItem = (typeof CHART_EXPORT_ITEMS)[number]

const IMAGE_TYPES = { PNG: 'image/png', JPEG: 'image/jpeg', SVG: 'image/svg+xml' } as const
const EXTENSIONS = { PNG: 'png', JPEG: 'jpeg', SVG: 'svg' } as const

/** What export-data adds to a chart's exporting object; its typings leave it out. */
interface ExportingWithData {
  getDataRows(multiLevelHeaders?: boolean): (string | number | null | undefined)[][]
}

/** Renders a document to a PDF and downloads it (the PDF service, `usePdfExport().exportHtml`). */
export type PdfOfHtml = (htmlContent: string, fileName: string, width: number) => Promise<boolean>

/**
 * Runs one item of the export menu on a drawn chart. Images are made in the browser by Highcharts'
 * local exporting (never its export server); the PDF by the PDF service from the chart's SVG (`pdf`,
 * which says itself how it went); CSV and XLS from the chart's data rows through the tables' export
 * (formula-safe cells, B113; dated names, B292). Rejects when the browser cannot make the file.
 */
export async function runChartExport(
  chart: Chart,
  item: ChartExportItem,
  name: string,
  pdf: PdfOfHtml,
  now = Date.now(),
) {
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
      await pdf(await chartHtml(chart, name), name, chart.chartWidth)
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

/**
 * The chart alone as a document for the PDF service: Highcharts' own export SVG (styles inline, no
 * buttons), at the size it has on screen, on a white page titled with the chart's name.
 */
export async function chartHtml(chart: Chart, title: string): Promise<string> {
  const svg = await chart.exporting.getSVG(
    { chart: { width: chart.chartWidth, height: chart.chartHeight } },
    true,
  )
  return (
    `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>` +
    `<body style="margin:0;background:#fff">${svg}</body></html>`
  )
}
