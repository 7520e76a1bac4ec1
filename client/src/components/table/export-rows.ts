import {
  displayZone,
  exportFileName,
  listExportFileName,
  toCsv,
  type ExportFormat,
  type ListExportNaming,
} from '@costlens/shared'
import { columnHeading, fileValue } from './column-values.ts'
import { isoDateTime } from './export/file-times.ts'
import { fileNumber, unitHeading } from './export/file-units.ts'
import { xlsxWorkbook } from './export/xlsx-workbook.ts'
import type { DataColumn } from './table-types.ts'

/** A column as an export sees it: its heading and how to read a cell's plain value. */
export interface ExportColumn<R> {
  key: string
  title: string
  value: (row: R) => unknown
  /** The value is an instant (epoch ms): ISO 8601 in text files, a date in a workbook. */
  time?: boolean
  /** The column's width on screen, in px: a workbook's column is as wide. */
  width?: number
}

/**
 * The table's columns as a download writes them (issue 22): the exportable ones, under the headings
 * the screen shows plus the file unit ('Duration (s)'; a time column names its zone, 'Start Time
 * (UTC)'), each cell its file value (`fileValue`), and a cell of several values (a name above its
 * id) as a column for each.
 */
export function exportColumns<R>(columns: readonly DataColumn<R>[]): ExportColumn<R>[] {
  return columns
    .filter((c) => c.exportable !== false)
    .flatMap((c): ExportColumn<R>[] =>
      c.exportParts
        ? c.exportParts.map((part) => ({
            key: part.key,
            title: unitHeading(part.title, part.unit),
            value: part.unit ? (row: R) => fileNumber(part.value(row), part.unit!) : part.value,
            width: c.width,
          }))
        : [
            {
              key: c.key,
              title: unitHeading(columnHeading(c), c.unit),
              value: (row: R) => fileValue(c, row),
              time: c.instant !== undefined,
              width: c.width,
            },
          ],
    )
}

/**
 * Plain records keyed by column key, in column order: what CSV and JSON write. Instants are ISO
 * 8601 in the display zone with its offset, so any tool reads them back as the same instant.
 */
function records<R>(columns: readonly ExportColumn<R>[], rows: readonly R[]): Record<string, unknown>[] {
  const zone = displayZone()
  const text = (column: ExportColumn<R>, value: unknown) =>
    column.time && typeof value === 'number' ? isoDateTime(value, zone) : (value ?? null)
  return rows.map((row) => Object.fromEntries(columns.map((c) => [c.key, text(c, c.value(row))])))
}

/** The formats the client builds itself; pdf is rendered by the server. 'xls' is Excel, as .xlsx. */
export type ClientExportFormat = Exclude<ExportFormat, 'pdf'>

/** The extension each format's file takes. */
export const EXPORT_EXTENSIONS: Record<ClientExportFormat, string> = { csv: 'csv', xls: 'xlsx', json: 'json' }

const MIME = { csv: 'text/csv;charset=utf-8', json: 'application/json' } as const

/** What a file is called and when it was made (`listExportFileName`, else B292's stamped name). */
export interface ExportFileOptions {
  /** What the file holds ('applications_finished'). */
  name: string
  /** A list's window and filtering: when either is given the name says them instead of the moment. */
  naming?: Omit<ListExportNaming, 'name'>
  now?: number
}

/** The name of an export's file in a format. */
export function exportFileNameOf(
  format: ClientExportFormat,
  { name, naming, now = Date.now() }: ExportFileOptions,
) {
  const extension = EXPORT_EXTENSIONS[format]
  const listNaming = naming && (naming.range !== undefined || naming.filtered !== undefined)
  return listNaming
    ? listExportFileName({ ...naming, name }, extension, now)
    : exportFileName(name, now, extension)
}

/**
 * A file of the rows in one format, with its name: CSV (B113/B114 cell safety), an .xlsx workbook
 * (its library loaded on first use) or JSON.
 */
export async function buildExport<R>(
  format: ClientExportFormat,
  columns: readonly ExportColumn<R>[],
  rows: readonly R[],
  options: ExportFileOptions,
): Promise<{ fileName: string; blob: Blob }> {
  const fileName = exportFileNameOf(format, options)
  if (format === 'xls') return { fileName, blob: await xlsxWorkbook(options.name, columns, rows) }
  const text =
    format === 'csv'
      ? toCsv(columns, records(columns, rows))
      : JSON.stringify(records(columns, rows), null, 2)
  return { fileName, blob: new Blob([text], { type: MIME[format] }) }
}

/** Hands a file to the browser's download. */
export function saveFile(fileName: string, blob: Blob) {
  saveObjectUrl(fileName, URL.createObjectURL(blob))
}

/** Hands an object URL's file to the browser's download, then frees the URL. */
export function saveObjectUrl(fileName: string, url: string) {
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  document.body.append(link)
  link.click()
  link.remove()
  // Revoked on the next tick: some browsers read the URL only after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 0)
}
