import { describe, expect, it } from 'vitest'
import {
  ALERTS_DEFAULTS,
  appPackageProblem,
  exportFileName,
  exportResultToast,
  FORECAST_DAYS,
  forecastDaysProblem,
  isSensorLate,
  MAX_ANALYSED_QUEUES,
  MAX_APP_PACKAGE_BYTES,
  PDF_EXPORT,
  pdfFileName,
  pdfWidth,
  queueSelectionProblem,
  SENSOR_HEARTBEAT_MS,
  TABLE_PRINT,
  tablePrintLayout,
  TASK_SCREENS,
  taskScreen,
} from './reports.ts'

const MB = 1024 * 1024
const HOUR = 3_600_000

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
  ])('B252 %s opens %s', (task, screen) => {
    expect(taskScreen(task)).toBe(screen)
  })

  it.each(['mystery_task', '', 'toString', 'CLUSTER_DISCOVERY_TASK'])(
    'B252 an unknown kind %j opens nothing',
    (task) => {
      expect(taskScreen(task)).toBeNull()
    },
  )

  it('B252 exactly ten task kinds', () => {
    expect(Object.keys(TASK_SCREENS)).toHaveLength(10)
  })
})

describe('B254 capacity forecasting days', () => {
  it.each([
    [0, 'Minimum number of days to predict is 1.'],
    [-3, 'Minimum number of days to predict is 1.'],
    [Number.NaN, 'Minimum number of days to predict is 1.'],
    [1, null],
    [90, null],
    [180, null],
    [181, 'Maximum number of days to predict is 180.'],
    [Number.POSITIVE_INFINITY, 'Maximum number of days to predict is 180.'],
  ])('B254 %s days → %j', (days, problem) => {
    expect(forecastDaysProblem(days)).toBe(problem)
  })

  it('B254 the range is 1 to 180', () => {
    expect(FORECAST_DAYS).toEqual({ min: 1, max: 180 })
  })
})

describe('B255 queue analysis', () => {
  const queues = (n: number) => Array.from({ length: n }, (_, i) => `q${i}`)

  it.each([
    [1, null],
    [5, null],
    [6, 'You can only select 5 Queues'],
    [0, "Queue can't be empty"],
  ])('B255 %i queues → %j', (count, problem) => {
    expect(queueSelectionProblem(queues(count))).toBe(problem)
  })

  it.each([
    [['', '  '], "Queue can't be empty"],
    [['q1', 'q1', 'q2', 'q3', 'q4', 'q5'], null],
    [[' q1 ', 'q1'], null],
  ])('B255 %j → %j', (picked, problem) => {
    expect(queueSelectionProblem(picked)).toBe(problem)
  })

  it('B255 at most 5 queues', () => expect(MAX_ANALYSED_QUEUES).toBe(5))
})

describe('B258 alerts defaults', () => {
  it('B258 15 rows by created_at descending, tab all, auto-actions over the last year keyed by instance_id', () => {
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
  it('B292 waits 5 s, A3 landscape, margins 0.5 and 1 inch, width 1366', () => {
    expect(PDF_EXPORT).toEqual({
      renderWaitMs: 5000,
      format: 'A3',
      landscape: true,
      margin: { top: '0.5in', bottom: '0.5in', left: '1in', right: '1in' },
      defaultWidth: 1366,
    })
  })

  it.each([
    [null, 1366],
    [undefined, 1366],
    [0, 1366],
    [-100, 1366],
    [Number.NaN, 1366],
    [Number.POSITIVE_INFINITY, 1366],
    [1920, 1920],
  ])('B292 options.width %s → %i', (width, used) => {
    expect(pdfWidth(width)).toBe(used)
  })

  const NOW = Date.parse('2026-11-22T09:05:07Z')

  it.each([
    ['Cost report / June', 'Cost_report_June_2026-11-22_09-05-07.pdf'],
    ['chargeback', 'chargeback_2026-11-22_09-05-07.pdf'],
    ['chargeback.PDF', 'chargeback_2026-11-22_09-05-07.pdf'],
    ['  ', 'export_2026-11-22_09-05-07.pdf'],
    ['<report>', 'report_2026-11-22_09-05-07.pdf'],
  ])('B292 %j → %s', (base, name) => {
    expect(pdfFileName(base, NOW)).toBe(name)
  })

  it('B292 the date stamp is in UTC and sorts by time', () => {
    expect(pdfFileName('a', Date.parse('2026-01-02T23:59:59Z'))).toBe('a_2026-01-02_23-59-59.pdf')
    expect(exportFileName('a', NOW, 'csv')).toBe('a_2026-11-22_09-05-07.csv')
  })

  it.each([
    [false, { type: 'error', msg: 'Failed to download the file. Please try again later.' }],
    [true, { type: 'success', msg: 'The file has been successfully downloaded.' }],
  ])('B292 ok %s → %j', (ok, toast) => {
    expect(exportResultToast(ok)).toEqual(toast)
  })
})

describe('B293 app package limit', () => {
  it.each([
    [0, null],
    [50 * MB, null],
    [50 * MB + 1, 'The app package exceeds the permitted file size limit of 50 MB.'],
    [51 * MB, 'The app package exceeds the permitted file size limit of 50 MB.'],
  ])('B293 %i bytes → %j', (bytes, problem) => {
    expect(appPackageProblem(bytes)).toBe(problem)
  })

  it('B293 50 MB is counted in binary megabytes', () => expect(MAX_APP_PACKAGE_BYTES).toBe(52_428_800))
})

describe('B294 sensor heartbeat', () => {
  it('B294 Kafka and Spark sensors beat every 6 hours', () => {
    expect(SENSOR_HEARTBEAT_MS).toBe(6 * HOUR)
  })

  it.each([
    [6 * HOUR, false],
    [12 * HOUR, false],
    [12 * HOUR + 1, true],
  ])('B294 %i ms after the last beat, late: %s', (since, late) => {
    expect(isSensorLate(0, since)).toBe(late)
  })
})

describe('B295 table print', () => {
  it('B295 a page break every 25 rows, at most 12 columns', () => {
    expect(TABLE_PRINT).toEqual({ rowsPerPage: 25, maxColumns: 12 })
  })

  it.each([
    [0, 5, { pages: 1, columns: 5, omittedColumns: 0 }],
    [25, 12, { pages: 1, columns: 12, omittedColumns: 0 }],
    [26, 13, { pages: 2, columns: 12, omittedColumns: 1 }],
    [100, 20, { pages: 4, columns: 12, omittedColumns: 8 }],
  ])('B295 %i rows and %i columns print as %j', (rows, columns, layout) => {
    expect(tablePrintLayout(rows, columns)).toEqual(layout)
  })

  it('B295 both values can be configured', () => {
    expect(tablePrintLayout(30, 8, { rowsPerPage: 10, maxColumns: 6 })).toEqual({
      pages: 3,
      columns: 6,
      omittedColumns: 2,
    })
  })
})
