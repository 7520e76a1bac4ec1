import * as ExcelJs from 'exceljs'

/** What a reader of a downloaded workbook sees: the first sheet's cells, their types and its layout. */
export interface ReadWorkbook {
  sheetName: string
  /** Row 1. */
  headings: string[]
  /** Every row after the header, each cell as the library reads it back (a date cell as a Date). */
  rows: ExcelJs.CellValue[][]
  /** Each cell's type name ('Number', 'Date', 'String', 'SharedString', 'Null'), per row after the header. */
  types: string[][]
  /** Rows frozen above the scrolling part (0 when none). */
  frozenRows: number
  /** Each column's width, in characters. */
  widths: number[]
  /** Each date cell's number format, by column index. */
  numberFormats: string[]
}

const TYPE_NAMES = Object.fromEntries(Object.entries(ExcelJs.ValueType).map(([name, code]) => [code, name]))

// The library is CommonJS: Node hands its exports over as the default export.
const excel = ((ExcelJs as { default?: typeof ExcelJs }).default ?? ExcelJs) as typeof ExcelJs

/** Opens a downloaded .xlsx with the same library that wrote it, as a spreadsheet would. */
export async function readWorkbook(blob: Blob): Promise<ReadWorkbook> {
  const workbook = new excel.Workbook()
  await workbook.xlsx.load(await blob.arrayBuffer())
  const sheet = workbook.worksheets[0]!
  const width = sheet.columnCount
  const cellsOf = (rowNumber: number) =>
    Array.from({ length: width }, (_, i) => sheet.getRow(rowNumber).getCell(i + 1))
  const bodyRows = Array.from({ length: sheet.rowCount - 1 }, (_, i) => cellsOf(i + 2))
  const view = sheet.views[0]
  return {
    sheetName: sheet.name,
    headings: cellsOf(1).map((c) => String(c.value)),
    rows: bodyRows.map((cells) => cells.map((c) => c.value)),
    types: bodyRows.map((cells) => cells.map((c) => TYPE_NAMES[c.type] ?? String(c.type))),
    frozenRows: view?.state === 'frozen' ? (view.ySplit ?? 0) : 0,
    widths: Array.from({ length: width }, (_, i) => sheet.getColumn(i + 1).width ?? 0),
    numberFormats: Array.from({ length: width }, (_, i) => bodyRows[0]?.[i]?.numFmt ?? ''),
  }
}
