import { formatDateTime } from '@costlens/shared'
import type { DataColumn } from './table-types.ts'

/**
 * A column of instants (epoch ms; null when there is none yet): its heading names the display zone
 * ('Start Time (UTC)', or the local zone's name), its cells show the time in that zone (B071's
 * MM/DD/YYYY HH:mm:ss), and it sorts by the instant, not by the text. Downloads write the same
 * instant in the same zone, as ISO 8601 with its offset in text files and as a date in a workbook
 * (issue 22), so what a file says always matches the screen (issue 16, 01 §2.5).
 */
export function timeColumn<R>(
  key: string,
  title: string,
  instant: (row: R) => number | null,
  width = 165,
): DataColumn<R> {
  return {
    key,
    title,
    width,
    zoned: true,
    value: instant,
    instant,
    render: (row) => {
      const ms = instant(row)
      return ms === null ? '--' : formatDateTime(ms)
    },
  }
}
