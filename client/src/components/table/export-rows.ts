import { exportFileName, neutraliseFormula, toCsv, type ExportFormat } from '@costlens/shared'
import { columnHeading, fileValue } from './column-values.ts'
import type { DataColumn } from './table-types.ts'

/** A column as an export sees it: its heading and how to read a cell's plain value. */
export interface ExportColumn<R> {
  key: string
  title: string
  value: (row: R) => unknown
}

/**
 * The table's columns as a download writes them: the exportable ones, under the headings the screen
 * shows (a time column names its zone, 'Start Time (UTC)'), each cell its export value (a time in
 * that same zone), so the file says what the screen says.
 */
export function exportColumns<R>(columns: readonly DataColumn<R>[]): ExportColumn<R>[] {
  return columns
    .filter((c) => c.exportable !== false)
    .map((c) => ({ key: c.key, title: columnHeading(c), value: (row: R) => fileValue(c, row) }))
}

/** Plain records keyed by column key, in column order: the shape every format starts from. */
function records<R>(columns: readonly ExportColumn<R>[], rows: readonly R[]): Record<string, unknown>[] {
  return rows.map((row) => Object.fromEntries(columns.map((c) => [c.key, c.value(row)])))
}

// A raw carriage return would be read back as a line feed by any XML parser: written as a reference.
const XML_ENTITIES: Record<string, string> = {
  '<': 'lt',
  '>': 'gt',
  '&': 'amp',
  '"': 'quot',
  "'": 'apos',
  '\r': '#13',
}
const xmlEscape = (text: string) => text.replace(/[<>&"'\r]/g, (c) => `&${XML_ENTITIES[c]};`)

/**
 * An Excel 2003 XML workbook (SpreadsheetML): Excel and LibreOffice open it as .xls without a
 * library. Every cell is a String or Number cell, never a formula, so a value such as '=cmd' stays
 * text here; the same neutralised text as the CSV is written anyway (B113), so both files agree.
 */
function toSpreadsheetXml<R>(columns: readonly ExportColumn<R>[], rows: readonly R[]): string {
  const cell = (value: unknown) => {
    if (typeof value === 'number' && Number.isFinite(value))
      return `<Cell><Data ss:Type="Number">${value}</Data></Cell>`
    const text = value === null || value === undefined ? '' : String(value)
    return `<Cell><Data ss:Type="String">${xmlEscape(neutraliseFormula(text))}</Data></Cell>`
  }
  const header = `<Row>${columns.map((c) => cell(c.title)).join('')}</Row>`
  const body = rows.map((row) => `<Row>${columns.map((c) => cell(c.value(row))).join('')}</Row>`).join('')
  return (
    '<?xml version="1.0"?>\n' +
    '<Workbook xmlns="urn:schemas-microsoft-com:office:spreadsheet" ' +
    'xmlns:ss="urn:schemas-microsoft-com:office:spreadsheet">' +
    `<Worksheet ss:Name="Sheet1"><Table>${header}${body}</Table></Worksheet></Workbook>`
  )
}

const MIME: Record<Exclude<ExportFormat, 'pdf'>, string> = {
  csv: 'text/csv;charset=utf-8',
  xls: 'application/vnd.ms-excel',
  json: 'application/json',
}

/** The exportable formats the client builds itself; pdf is rendered by the server (later issue). */
export type ClientExportFormat = keyof typeof MIME

/** A file of the rows in one format, with its dated name (B292 naming, B113/B114 cell safety). */
export function buildExport<R>(
  format: ClientExportFormat,
  name: string,
  columns: readonly ExportColumn<R>[],
  rows: readonly R[],
  now: number = Date.now(),
): { fileName: string; blob: Blob } {
  const text =
    format === 'csv'
      ? toCsv(columns, records(columns, rows))
      : format === 'xls'
        ? toSpreadsheetXml(columns, rows)
        : JSON.stringify(records(columns, rows), null, 2)
  return { fileName: exportFileName(name, now, format), blob: new Blob([text], { type: MIME[format] }) }
}

/** Hands a file to the browser's download. */
export function saveFile(fileName: string, blob: Blob) {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  document.body.append(link)
  link.click()
  link.remove()
  // Revoked on the next tick: some browsers read the URL only after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 0)
}
