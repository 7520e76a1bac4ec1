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

/** B252: the screen of a task kind, or null for a kind this console does not know. */
export function taskScreen(kind: string): string | null {
  return kind in TASK_SCREENS ? TASK_SCREENS[kind as TaskKind] : null
}

/** B254: capacity forecasting predicts 1 to 180 days. */
export const FORECAST_DAYS = { min: 1, max: 180 } as const

/** B254 */
export function forecastDaysProblem(days: number): string | null {
  if (days < FORECAST_DAYS.min) return MESSAGES.M080
  if (days > FORECAST_DAYS.max) return MESSAGES.M081
  return null
}

/** B255: queue analysis takes 1 to 5 queues. */
export const MAX_ANALYSED_QUEUES = 5

/** B255 */
export function queueSelectionProblem(queues: readonly string[]): string | null {
  if (queues.length === 0) return MESSAGES.M087
  if (queues.length > MAX_ANALYSED_QUEUES) return MESSAGES.M088
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

/** B292: PDF export settings (rendered by the server's sandboxed chromium). */
export const PDF_EXPORT = {
  renderWaitMs: 5000,
  format: 'A3',
  landscape: true,
  margin: { top: '0.5in', bottom: '0.5in', left: '1in', right: '1in' },
  defaultWidth: 1366,
} as const

/** B292: the page width a PDF is rendered at. */
export function pdfWidth(width?: number | null): number {
  return width && width > 0 ? width : PDF_EXPORT.defaultWidth
}

/** B292: a file name with a UTC date stamp: `name_YYYY-MM-DD_HH-mm-ss.pdf` (no characters a file system refuses). */
export function exportFileName(base: string, now: number, extension = 'pdf'): string {
  const [date, time] = formatDateTime(now).split(' ') as [string, string]
  const [mm, dd, yyyy] = date.split('/')
  const safe = base.trim().replace(/[^\w.-]+/g, '_') || 'export'
  return `${safe}_${yyyy}-${mm}-${dd}_${time.replace(/:/g, '-')}.${extension}`
}

/** B292: the toast after an export (M022 failure, M023 success). */
export function exportResultToast(ok: boolean): { type: 'success' | 'error'; msg: string } {
  return ok ? { type: 'success', msg: MESSAGES.M023 } : { type: 'error', msg: MESSAGES.M022 }
}

/** B293: the largest app package, in bytes (50 MB, binary as the byte formatter, B139). */
export const MAX_APP_PACKAGE_BYTES = 50 * 1024 * 1024

/** B293 */
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
 * B295: table printing. The spec makes both configurable without values: 25 rows a page keep an
 * A3 landscape page readable, and 12 columns fit its width at the default 1366 px.
 */
export const TABLE_PRINT = { rowsPerPage: 25, maxColumns: 12 } as const
