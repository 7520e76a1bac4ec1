import { formatDateTime, withZone } from '@costlens/shared'
import { fileNumber } from './export/file-units.ts'
import type { DataColumn } from './table-types.ts'

/** A cell's plain value: the column's reader, or the field of the same key (what sorting reads). */
export function cellValue<R>(column: DataColumn<R>, row: R): unknown {
  return column.value ? column.value(row) : (row as Record<string, unknown>)[column.key]
}

/**
 * What a download writes for a cell, before a format writes it down: an instant column's epoch ms,
 * a number in its file unit (`unit`), else the column's export value or its plain value.
 */
export function fileValue<R>(column: DataColumn<R>, row: R): unknown {
  if (column.instant) return column.instant(row)
  const plain = column.exportValue ? column.exportValue(row) : cellValue(column, row)
  return column.unit ? fileNumber(plain, column.unit) : plain
}

/**
 * What the table's search matches in a cell. A time column sorts by its instant, a number whose
 * digits the reader never sees; the search matches the time as shown instead.
 */
export function searchValue<R>(column: DataColumn<R>, row: R): unknown {
  if (column.instant) {
    const instant = column.instant(row)
    return instant === null ? null : formatDateTime(instant)
  }
  return column.zoned ? fileValue(column, row) : cellValue(column, row)
}

/** A column's heading: a time column names the display zone ('Start Time (UTC)'), on screen and in files. */
export function columnHeading<R>(column: DataColumn<R>): string {
  return column.zoned ? withZone(column.title) : column.title
}
