import { MESSAGES } from '../messages.ts'
import { formatDateTime } from '../format/dates.ts'

/** Reports, forms around them, and exports (02 §2 Reports, 03 §2, §5, §9). */

/** B252: background task kinds and the screen each opens. */
export const TASK_SCREENS = {
  cluster_discovery_task: 'cluster discovery',
  cloud_reports_task: 'cloud mapping',
  slicedice_task: 'workload fit',
  services_compatibility_task: 'version compatibility',
  small_files_report: 'small files',
  etl_fsimage: 'file report',
  cluster_app_param_task: 'cluster tuning',
  queue_analysis_task: 'queue analysis',
  topx_report: 'top-X view',
  capacity_prediction_task: 'forecasting',
} as const
export type TaskKind = keyof typeof TASK_SCREENS

/** B252: the screen of a task kind, or null for a kind this console does not know (own keys only: not 'toString'). */
export function taskScreen(kind: string): string | null {
  return Object.hasOwn(TASK_SCREENS, kind) ? TASK_SCREENS[kind as TaskKind] : null
}

/** B254: capacity forecasting predicts 1 to 180 days. */
export const FORECAST_DAYS = { min: 1, max: 180 } as const

/** B254: a blank or non-numeric entry (NaN) gets the minimum message: it is not at least 1. */
export function forecastDaysProblem(days: number): string | null {
  if (Number.isNaN(days) || days < FORECAST_DAYS.min) return MESSAGES.M080
  if (days > FORECAST_DAYS.max) return MESSAGES.M081
  return null
}

/** B255: queue analysis takes 1 to 5 queues. */
export const MAX_ANALYSED_QUEUES = 5

/** B255: blank entries do not count as queues, and a queue picked twice counts once. */
export function queueSelectionProblem(queues: readonly string[]): string | null {
  const count = new Set(queues.map((q) => q.trim()).filter(Boolean)).size
  if (count === 0) return MESSAGES.M087
  if (count > MAX_ANALYSED_QUEUES) return MESSAGES.M088
  return null
}

/** B258: the alerts screen's initial state. */
export const ALERTS_DEFAULTS = {
  autoActionRange: '1_y',
  pageSize: 15,
  sort: { key: 'created_at', direction: 'desc' },
  tab: 'all',
  autoActionKey: 'instance_id',
} as const

/**
 * B292: PDF export settings (rendered by the server's sandboxed chromium). 'Margins 0.5 and 1
 * inch' is read in CSS shorthand order, `margin: 0.5in 1in`: 0.5 top and bottom, 1 at the sides.
 */
export const PDF_EXPORT = {
  renderWaitMs: 5000,
  format: 'A3',
  landscape: true,
  margin: { top: '0.5in', bottom: '0.5in', left: '1in', right: '1in' },
  defaultWidth: 1366,
} as const

/** B292: the page width a PDF is rendered at: options.width when it is a usable width, else 1366. */
export function pdfWidth(width?: number | null): number {
  return typeof width === 'number' && Number.isFinite(width) && width > 0 ? width : PDF_EXPORT.defaultWidth
}

/**
 * B292: a file name with a UTC date stamp: `name_YYYY-MM-DD_HH-mm-ss.ext`. The stamp sorts by time
 * and has no characters a file system refuses; so does the name (runs of them become one '_'), and
 * an extension already typed is not doubled.
 */
export function exportFileName(base: string, now: number, extension = 'pdf'): string {
  const [date, time] = formatDateTime(now, 'utc').split(' ') as [string, string]
  const [mm, dd, yyyy] = date.split('/')
  const trimmed = base.trim()
  const suffix = `.${extension}`.toLowerCase()
  const bare = trimmed.toLowerCase().endsWith(suffix) ? trimmed.slice(0, -suffix.length) : trimmed
  const safe = bare.replace(/[^\w.-]+/g, '_').replace(/^_+|_+$/g, '') || 'export'
  return `${safe}_${yyyy}-${mm}-${dd}_${time.replace(/:/g, '-')}.${extension}`
}

/** B292: the PDF export's file name, e.g. `Cost_report_2026-11-22_09-05-07.pdf`. */
export function pdfFileName(base: string, nowMs: number): string {
  return exportFileName(base, nowMs, 'pdf')
}

/** B292: the toast after an export (M022 failure, M023 success). */
export function exportResultToast(ok: boolean): { type: 'success' | 'error'; msg: string } {
  return ok ? { type: 'success', msg: MESSAGES.M023 } : { type: 'error', msg: MESSAGES.M022 }
}

/** B293: the largest app package, in MB. */
export const MAX_APP_PACKAGE_MB = 50
/** B293: the same in bytes, binary like the byte formatter (B139), so '50 MB' on screen is the limit. */
export const MAX_APP_PACKAGE_BYTES = MAX_APP_PACKAGE_MB * 1024 * 1024

/** B293: exactly 50 MB is accepted; one byte more is refused with M013. */
export function appPackageProblem(bytes: number): string | null {
  return bytes > MAX_APP_PACKAGE_BYTES ? MESSAGES.M013 : null
}

/** B294: Kafka and Spark sensors report every 6 hours. */
export const SENSOR_HEARTBEAT_MS = 6 * 3_600_000

/**
 * B294: a sensor is late once two heartbeats are missed (12 h): one missed beat can be a restart,
 * two mean the sensor is down.
 */
export function isSensorLate(lastHeartbeat: number, now: number): boolean {
  return now - lastHeartbeat > 2 * SENSOR_HEARTBEAT_MS
}

/**
 * B295: table printing. The spec makes both configurable without giving values: a page break every
 * 25 rows keeps an A3 landscape page readable with its header repeated, and 12 columns fit its
 * width at the default 1366 px (about 110 px each) without wrapping every cell.
 */
export const TABLE_PRINT = { rowsPerPage: 25, maxColumns: 12 } as const

/**
 * B295: how a table prints: its rows in pages of `rowsPerPage` (at least one page, so an empty
 * table still prints its header), the first `maxColumns` columns kept in their order, and how many
 * were left out so the print can say so.
 */
export function tablePrintLayout(
  rowCount: number,
  columnCount: number,
  config: { rowsPerPage?: number; maxColumns?: number } = {},
): { pages: number; columns: number; omittedColumns: number } {
  const perPage = Math.max(1, config.rowsPerPage ?? TABLE_PRINT.rowsPerPage)
  const columns = Math.min(Math.max(0, columnCount), config.maxColumns ?? TABLE_PRINT.maxColumns)
  return {
    pages: Math.max(1, Math.ceil(Math.max(0, rowCount) / perPage)),
    columns,
    omittedColumns: Math.max(0, columnCount - columns),
  }
}
