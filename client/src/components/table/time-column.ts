import { formatDateTime } from '@costlens/shared'
import type { DataColumn } from './table-types.ts'

/**
 * A column of instants (epoch ms; null when there is none yet): its heading names the display zone
 * ('Start Time (UTC)', or the local zone's name), its cells and its downloads show the time in that
 * zone (B071's MM/DD/YYYY HH:mm:ss), and it sorts by the instant, not by the text. Every table time
 * is one of these, so what a file says always matches the screen (issue 16, 01 §2.5).
 */
export function timeColumn<R>(
  key: string,
  title: string,
  instant: (row: R) => number | null,
  width = 165,
): DataColumn<R> {
  const text = (row: R) => {
    const ms = instant(row)
    return ms === null ? null : formatDateTime(ms)
  }
  return {
    key,
    title,
    width,
    zoned: true,
    value: instant,
    render: (row) => text(row) ?? '--',
    exportValue: text,
  }
}
