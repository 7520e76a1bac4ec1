import { displayZone, formatDate, type DisplayZone } from '../format/dates.ts'
import type { DateRange } from './date-presets.ts'
import { exportFileName } from './reports.ts'

/** What a list's download holds, as its file name says it (issue 22). */
export interface ListExportNaming {
  /** What was exported, list then type: 'applications_finished'. */
  name: string
  /** The list's window; null when the list has none (the running apps, a search). */
  range?: DateRange | null
  /** Whether filters beyond the list's defaults narrowed it. */
  filtered?: boolean
}

/** Runs of anything but letters, digits, '.', '-' and '_' (what some file systems refuse) become one '_'. */
function fileNamePart(text: string): string {
  return text
    .trim()
    .replace(/[^\w.-]+/g, '_')
    .replace(/^[_.]+|[_.]+$/g, '')
}

/** A day as a file name writes it, YYYY-MM-DD, in the zone the screen shows. */
function fileDay(epochMs: number, zone: DisplayZone): string {
  const [mm, dd, yyyy] = formatDate(epochMs, zone).split('/')
  return `${yyyy}-${mm}-${dd}`
}

/**
 * The file name of a list's download, saying what it holds: the list and its type, the window's
 * first and last days in the display zone, and `_filtered` when filters beyond the defaults apply:
 * `applications_finished_2026-11-18_2026-11-25_filtered.csv`. A list without a window is a snapshot
 * of now: its name carries B292's UTC stamp of the moment instead. Only letters, digits, '.', '-'
 * and '_' are written (B292), so every file system takes the name.
 */
export function listExportFileName(
  naming: ListExportNaming,
  extension: string,
  now: number,
  zone: DisplayZone = displayZone(),
): string {
  const name = fileNamePart(naming.name) || 'export'
  const filtered = naming.filtered ? ['filtered'] : []
  const { range } = naming
  if (!range) return exportFileName([name, ...filtered].join('_'), now, extension)
  return `${[name, fileDay(range.start, zone), fileDay(range.end, zone), ...filtered].join('_')}.${extension}`
}
