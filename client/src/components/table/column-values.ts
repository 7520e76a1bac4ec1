import { withZone } from '@costlens/shared'
import type { DataColumn } from './table-types.ts'

/** A cell's plain value: the column's reader, or the field of the same key (what sorting reads). */
export function cellValue<R>(column: DataColumn<R>, row: R): unknown {
  return column.value ? column.value(row) : (row as Record<string, unknown>)[column.key]
}

/** What a download writes for a cell: the column's export value, else its plain value. */
export function fileValue<R>(column: DataColumn<R>, row: R): unknown {
  return column.exportValue ? column.exportValue(row) : cellValue(column, row)
}

/**
 * What the table's search matches in a cell. A time column sorts by its instant, a number whose
 * digits the reader never sees; the search matches the time as shown and written to files instead.
 */
export function searchValue<R>(column: DataColumn<R>, row: R): unknown {
  return column.zoned ? fileValue(column, row) : cellValue(column, row)
}

/** A column's heading: a time column names the display zone ('Start Time (UTC)'), on screen and in files. */
export function columnHeading<R>(column: DataColumn<R>): string {
  return column.zoned ? withZone(column.title) : column.title
}
