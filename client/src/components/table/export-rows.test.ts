import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { setDisplayZone } from '@costlens/shared'
import { readWorkbook } from './export/workbook-test-helpers.ts'
import { buildExport, exportColumns, type ClientExportFormat, type ExportColumn } from './export-rows.ts'
import type { DataColumn } from './table-types.ts'
import { timeColumn } from './time-column.ts'

interface Row {
  cell: unknown
}
const columns: ExportColumn<Row>[] = [{ key: 'cell', title: 'Cell', value: (row) => row.cell }]
const NOW = Date.parse('2026-11-24T09:05:07Z')

const exported = (format: ClientExportFormat, cell: unknown) =>
  buildExport(format, columns, [{ cell }], { name: 'cells', now: NOW })

describe('B114 every export format neutralises the same cells', () => {
  it.each([
    ['\tx', "'\tx"],
    ['\rx', "'\rx"],
    ['-5+cmd', "'-5+cmd"],
    ['=1+1', "'=1+1"],
    ['-5', '-5'],
    ['plain', 'plain'],
  ])('%j is written as %j in the CSV and the Excel workbook', async (cell, safe) => {
    const csv = await (await exported('csv', cell)).blob.text()
    expect(csv.split('\r\n')[1]).toBe(/[\r,"]/.test(safe) ? `"${safe}"` : safe)
    const workbook = await readWorkbook((await exported('xls', cell)).blob)
    // A spreadsheet's line break is a line feed.
    expect(workbook.rows).toEqual([[safe.replace('\r', '\n')]])
    expect(workbook.types[0]![0]).not.toBe('Formula')
  })

  it('writes a number as a number in both', async () => {
    expect((await (await exported('csv', -5)).blob.text()).split('\r\n')[1]).toBe('-5')
    const workbook = await readWorkbook((await exported('xls', -5)).blob)
    expect(workbook.rows).toEqual([[-5]])
    expect(workbook.types).toEqual([['Number']])
  })

  it('names each file after what it holds, with the workbook as .xlsx', async () => {
    expect((await exported('csv', 1)).fileName).toBe('cells_2026-11-24_09-05-07.csv')
    expect((await exported('xls', 1)).fileName).toBe('cells_2026-11-24_09-05-07.xlsx')
    const week = { start: Date.parse('2026-11-17T09:05:07Z'), end: NOW }
    const file = await buildExport('json', columns, [], {
      name: 'applications_finished',
      naming: { range: week, filtered: true },
      now: NOW,
    })
    expect(file.fileName).toBe('applications_finished_2026-11-17_2026-11-24_filtered.json')
  })
})

interface Run {
  id: string
  startTime: number
  endTime: number | null
}
const runColumns: DataColumn<Run>[] = [
  { key: 'id', title: 'Run' },
  timeColumn<Run>('startTime', 'Start Time', (r) => r.startTime),
  timeColumn<Run>('endTime', 'End Time', (r) => r.endTime),
]
const runs: Run[] = [
  { id: 'run_1', startTime: Date.parse('2026-11-24T09:05:07Z'), endTime: Date.parse('2026-11-24T23:30:00Z') },
  { id: 'run_2', startTime: Date.parse('2026-07-01T00:15:00Z'), endTime: null },
]

const runFile = async (format: ClientExportFormat) =>
  (await buildExport(format, exportColumns(runColumns), runs, { name: 'runs', now: NOW })).blob

describe('01 §2.5, issue 22: a file writes times in the display zone, as ISO 8601 with its offset', () => {
  beforeAll(() => {
    // The browser's zone when local time is chosen: New York, 5 hours behind UTC in November and 4
    // in July (daylight saving), so both the heading and the times differ from UTC's.
    vi.stubEnv('TZ', 'America/New_York')
  })
  afterEach(() => setDisplayZone('utc'))
  afterAll(() => vi.unstubAllEnvs())

  it('in UTC: "Start Time (UTC)", each time ending in Z', async () => {
    setDisplayZone('utc')
    expect((await (await runFile('csv')).text()).split('\r\n')).toEqual([
      'Run,Start Time (UTC),End Time (UTC)',
      'run_1,2026-11-24T09:05:07Z,2026-11-24T23:30:00Z',
      'run_2,2026-07-01T00:15:00Z,',
      '',
    ])
  })

  it("in local time: the heading names New York's zone, each time carries that season's offset", async () => {
    setDisplayZone('local')
    expect((await (await runFile('csv')).text()).split('\r\n')).toEqual([
      'Run,Start Time (EST/EDT),End Time (EST/EDT)',
      // 23:30 UTC is still the same evening in New York; a July night is the previous day there.
      'run_1,2026-11-24T04:05:07-05:00,2026-11-24T18:30:00-05:00',
      'run_2,2026-06-30T20:15:00-04:00,',
      '',
    ])
  })

  it('the JSON file says the same; the workbook has dates showing the clock of the zone named', async () => {
    setDisplayZone('utc')
    expect(JSON.parse(await (await runFile('json')).text())).toEqual([
      { id: 'run_1', startTime: '2026-11-24T09:05:07Z', endTime: '2026-11-24T23:30:00Z' },
      { id: 'run_2', startTime: '2026-07-01T00:15:00Z', endTime: null },
    ])
    setDisplayZone('local')
    const workbook = await readWorkbook(await runFile('xls'))
    expect(workbook.headings).toEqual(['Run', 'Start Time (EST/EDT)', 'End Time (EST/EDT)'])
    expect(workbook.types).toEqual([
      ['String', 'Date', 'Date'],
      ['String', 'Date', 'Null'],
    ])
    // A spreadsheet date has no zone: its fields are New York's clock, as the screen shows it.
    expect(workbook.rows[0]![1]).toEqual(new Date('2026-11-24T04:05:07Z'))
    expect(workbook.rows[1]![1]).toEqual(new Date('2026-06-30T20:15:00Z'))
    expect(workbook.numberFormats[1]).toBe('yyyy-mm-dd hh:mm:ss')
  })
})
