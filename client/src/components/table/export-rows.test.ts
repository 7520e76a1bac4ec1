import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { setDisplayZone } from '@costlens/shared'
import { buildExport, exportColumns, type ClientExportFormat, type ExportColumn } from './export-rows.ts'
import type { DataColumn } from './table-types.ts'
import { timeColumn } from './time-column.ts'

interface Row {
  cell: unknown
}
const columns: ExportColumn<Row>[] = [{ key: 'cell', title: 'Cell', value: (row) => row.cell }]
const NOW = Date.parse('2026-11-24T09:05:07Z')

async function exported(format: 'csv' | 'xls', cell: unknown) {
  return buildExport(format, 'cells', columns, [{ cell }], NOW).blob.text()
}

describe('B114 every export format neutralises the same cells', () => {
  it.each([
    ['\tx', "'\tx"],
    ['\rx', "'\rx"],
    ['-5+cmd', "'-5+cmd"],
    ['=1+1', "'=1+1"],
    ['-5', '-5'],
    ['plain', 'plain'],
  ])('%j is written as %j in the CSV and the XLS workbook', async (cell, safe) => {
    const csv = await exported('csv', cell)
    expect(csv.split('\r\n')[1]).toBe(/[\r,"]/.test(safe) ? `"${safe}"` : safe)
    const xml = safe.replace("'", '&apos;').replace('\r', '&#13;')
    expect(await exported('xls', cell)).toContain(`<Cell><Data ss:Type="String">${xml}</Data></Cell>`)
  })

  it('writes a number as a number in both', async () => {
    expect((await exported('csv', -5)).split('\r\n')[1]).toBe('-5')
    expect(await exported('xls', -5)).toContain('<Cell><Data ss:Type="Number">-5</Data></Cell>')
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

async function runFile(format: ClientExportFormat) {
  return buildExport(format, 'runs', exportColumns(runColumns), runs, NOW).blob.text()
}

describe('01 §2.5 a file names the display zone in every time heading and writes its times in it', () => {
  beforeAll(() => {
    // The browser's zone when local time is chosen: New York, 5 hours behind UTC in November and 4
    // in July (daylight saving), so both the heading and the times differ from UTC's.
    vi.stubEnv('TZ', 'America/New_York')
  })
  afterEach(() => setDisplayZone('utc'))
  afterAll(() => vi.unstubAllEnvs())

  it('in UTC: "Start Time (UTC)", the times as the screen shows them in UTC', async () => {
    setDisplayZone('utc')
    expect((await runFile('csv')).split('\r\n')).toEqual([
      'Run,Start Time (UTC),End Time (UTC)',
      'run_1,11/24/2026 09:05:07,11/24/2026 23:30:00',
      'run_2,07/01/2026 00:15:00,',
      '',
    ])
  })

  it("in local time: the heading names New York's zone in both seasons, the times are New York's", async () => {
    setDisplayZone('local')
    expect((await runFile('csv')).split('\r\n')).toEqual([
      'Run,Start Time (EST/EDT),End Time (EST/EDT)',
      // 23:30 UTC is still the same evening in New York; a July night is the previous day there.
      'run_1,11/24/2026 04:05:07,11/24/2026 18:30:00',
      'run_2,06/30/2026 20:15:00,',
      '',
    ])
  })

  it('the Excel workbook and the JSON file say the same', async () => {
    setDisplayZone('local')
    const xls = await runFile('xls')
    expect(xls).toContain('<Cell><Data ss:Type="String">Start Time (EST/EDT)</Data></Cell>')
    expect(xls).toContain('<Cell><Data ss:Type="String">11/24/2026 04:05:07</Data></Cell>')
    setDisplayZone('utc')
    expect(JSON.parse(await runFile('json'))).toEqual([
      { id: 'run_1', startTime: '11/24/2026 09:05:07', endTime: '11/24/2026 23:30:00' },
      { id: 'run_2', startTime: '07/01/2026 00:15:00', endTime: null },
    ])
  })
})
