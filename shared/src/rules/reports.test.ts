import { describe, expect, it } from 'vitest'
import {
  ALERTS_DEFAULTS,
  appPackageProblem,
  exportFileName,
  exportResultToast,
  forecastDaysProblem,
  isSensorLate,
  PDF_EXPORT,
  pdfWidth,
  queueSelectionProblem,
  SENSOR_HEARTBEAT_MS,
  TABLE_PRINT,
  taskScreen,
} from './reports.ts'

describe('B252 background task screens', () => {
  it.each([
    ['cluster_discovery_task', 'cluster discovery'],
    ['cloud_reports_task', 'cloud mapping'],
    ['slicedice_task', 'workload fit'],
    ['services_compatibility_task', 'version compatibility'],
    ['small_files_report', 'small files'],
    ['etl_fsimage', 'file report'],
    ['cluster_app_param_task', 'cluster tuning'],
    ['queue_analysis_task', 'queue analysis'],
    ['topx_report', 'top-X view'],
    ['capacity_prediction_task', 'forecasting'],
    ['mystery_task', null],
  ])('B252 %s opens %s', (task, screen) => {
    expect(taskScreen(task)).toBe(screen)
  })
})

describe('B254 B255 report forms', () => {
  it.each([
    [0, 'Minimum number of days to predict is 1.'],
    [1, null],
    [180, null],
    [181, 'Maximum number of days to predict is 180.'],
  ])('B254 %i days → %j', (days, problem) => {
    expect(forecastDaysProblem(days)).toBe(problem)
  })

  it.each([
    [5, null],
    [6, 'You can only select 5 Queues'],
    [0, "Queue can't be empty"],
  ])('B255 %i queues → %j', (count, problem) => {
    expect(queueSelectionProblem(Array.from({ length: count }, (_, i) => `q${i}`))).toBe(problem)
  })
})

describe('B258 alerts defaults', () => {
  it('B258 15 rows by created_at descending, tab all, auto-actions over the last year', () => {
    expect(ALERTS_DEFAULTS).toEqual({
      autoActionRange: '1_y',
      pageSize: 15,
      sort: { key: 'created_at', direction: 'desc' },
      tab: 'all',
      autoActionKey: 'instance_id',
    })
  })
})

describe('B292 PDF export', () => {
  it('B292 waits 5 s, A3 landscape, margins 0.5 and 1 inch', () => {
    expect(PDF_EXPORT).toMatchObject({ renderWaitMs: 5000, format: 'A3', landscape: true })
    expect(PDF_EXPORT.margin).toEqual({ top: '0.5in', bottom: '0.5in', left: '1in', right: '1in' })
  })

  it.each([
    [null, 1366],
    [undefined, 1366],
    [1920, 1920],
  ])('B292 width %s → %i', (width, used) => {
    expect(pdfWidth(width)).toBe(used)
  })

  it('B292 the file name carries a date stamp and no unsafe characters', () => {
    expect(exportFileName('Cost report / June', Date.parse('2026-11-22T09:05:07Z'))).toBe(
      'Cost_report_June_2026-11-22_09-05-07.pdf',
    )
  })

  it.each([
    [false, { type: 'error', msg: 'Failed to download the file. Please try again later.' }],
    [true, { type: 'success', msg: 'The file has been successfully downloaded.' }],
  ])('B292 ok %s → %j', (ok, toast) => {
    expect(exportResultToast(ok)).toEqual(toast)
  })
})

describe('B293 B294 B295 limits', () => {
  it.each([
    [50 * 1024 * 1024, null],
    [51 * 1024 * 1024, 'The app package exceeds the permitted file size limit of 50 MB.'],
  ])('B293 %i bytes → %j', (bytes, problem) => {
    expect(appPackageProblem(bytes)).toBe(problem)
  })

  it('B294 sensors beat every 6 hours; late after two missed beats', () => {
    expect(SENSOR_HEARTBEAT_MS).toBe(21_600_000)
    expect(isSensorLate(0, 12 * 3_600_000)).toBe(false)
    expect(isSensorLate(0, 12 * 3_600_000 + 1)).toBe(true)
  })

  it('B295 table print: 25 rows a page, at most 12 columns', () => {
    expect(TABLE_PRINT).toEqual({ rowsPerPage: 25, maxColumns: 12 })
  })
})
