import { afterEach, describe, expect, it, vi } from 'vitest'
import { formatAppType, headingZoneLabel, setDisplayZone, type AppRecord } from '@costlens/shared'
import { testAppRecord } from '../../../test/apps.ts'
import { chosenColumns } from '../table/column-fit.ts'
import { readWorkbook } from '../table/export/workbook-test-helpers.ts'
import { buildExport, exportColumns, type ClientExportFormat } from '../table/export-rows.ts'
import { appColumns } from './app-columns.tsx'

const NOW = Date.parse('2026-11-25T09:05:07Z')
const apps: AppRecord[] = [
  testAppRecord(1, {
    status: 'F',
    duration: 125_500,
    cents: 1234,
    parentId: 'application_1700000000000_0000',
  }),
  testAppRecord(2, { status: 'S', duration: 3_600_000, cents: 5 }),
  testAppRecord(3, { status: 'K', duration: 0, cents: 0, totalDfsBytesRead: 0 }),
]
const columns = appColumns('finished', { freemium: false })
/**
 * The columns the table shows when nothing was chosen (tests lay nothing out: every default one),
 * or all of them, as a download reads them: when it is made, in the zone shown then.
 */
const visible = () => exportColumns(chosenColumns(columns, {}))
const all = () => exportColumns(columns)

async function file(format: ClientExportFormat, which = visible) {
  return buildExport(format, which(), apps, { name: 'applications_finished', now: NOW })
}
/** The CSV's rows, split at commas: these apps hold no comma, quote or line break in any field. */
async function csvRows(which = visible) {
  return (await (await file('csv', which)).blob.text())
    .trimEnd()
    .split('\r\n')
    .map((line) => line.split(','))
}
/** Each CSV row as a record by heading. */
async function csvRecords(which = visible) {
  const [headings = [], ...rows] = await csvRows(which)
  return rows.map((cells) => Object.fromEntries(headings.map((h, i) => [h, cells[i]])))
}

const VISIBLE_HEADINGS = [
  'Type',
  'Status',
  'User',
  'App ID',
  'App Name',
  'Insights',
  'Cluster',
  'Start Time (UTC)',
  'End Time (UTC)',
  'Duration (s)',
  'Queue',
  'Read (bytes)',
  'Write (bytes)',
  'Events',
  'Cost (USD)',
]

describe('issue 22: the application list downloads as files other tools read', () => {
  afterEach(() => {
    setDisplayZone('utc')
    vi.unstubAllEnvs()
  })

  it('CSV: the id in its own column, durations in seconds, statuses in words, bytes and dollars as numbers', async () => {
    expect((await csvRows())[0]).toEqual(VISIBLE_HEADINGS)
    const records = await csvRecords()
    expect(records.map((r) => r['App ID'])).toEqual(apps.map((a) => a.id))
    expect(records.map((r) => r['App Name'])).toEqual(apps.map((a) => a.name))
    expect(records.map((r) => r['Status'])).toEqual(['failed', 'success', 'killed'])
    expect(records.map((r) => r['Duration (s)'])).toEqual(['125.5', '3600', '0'])
    expect(records.map((r) => r['Cost (USD)'])).toEqual(['12.34', '0.05', '0'])
    expect(records.map((r) => r['Read (bytes)'])).toEqual([String(3 * 1024 ** 3), String(3 * 1024 ** 3), '0'])
    expect(records[0]!['Type']).toBe(formatAppType('spark'))
    expect(records[0]!['Start Time (UTC)']).toBe('2026-11-23T11:29:00Z')
    expect(records[0]!['End Time (UTC)']).toBe('2026-11-23T11:31:05Z')
  })

  it('CSV with every column: the ones hidden on screen too, the id still once', async () => {
    const [headings = []] = await csvRows(all)
    expect(headings).toEqual([...VISIBLE_HEADINGS.slice(0, 13), 'Parent App', ...VISIBLE_HEADINGS.slice(13)])
    expect(headings.filter((h) => h === 'App ID')).toHaveLength(1)
    expect((await csvRecords(all))[0]!['Parent App']).toBe('application_1700000000000_0000')
  })

  it('CSV in local time: each time with its offset, under a heading naming the zone', async () => {
    vi.stubEnv('TZ', 'Europe/Paris')
    setDisplayZone('local')
    const [headings = [], first = []] = await csvRows()
    const start = headings.findIndex((h) => h.startsWith('Start Time ('))
    expect(headings[start]).toBe(`Start Time (${headingZoneLabel('local')})`)
    expect(first[start]).toBe('2026-11-23T12:29:00+01:00')
  })

  it('JSON: the same values, keyed by field, numbers as numbers', async () => {
    const records = JSON.parse(await (await file('json')).blob.text()) as Record<string, unknown>[]
    expect(records[0]).toMatchObject({
      id: apps[0]!.id,
      name: apps[0]!.name,
      status: 'failed',
      duration: 125.5,
      cents: 12.34,
      totalDfsBytesRead: 3 * 1024 ** 3,
      startTime: '2026-11-23T11:29:00Z',
    })
    expect(records.map((r) => r.id)).toEqual(apps.map((a) => a.id))
  })

  it('Excel: an .xlsx with a frozen header row, typed cells and the columns as wide as on screen', async () => {
    const built = await file('xls')
    expect(built.fileName).toBe('applications_finished_2026-11-25_09-05-07.xlsx')
    const workbook = await readWorkbook(built.blob)
    expect(workbook.headings).toEqual(VISIBLE_HEADINGS)
    expect(workbook.frozenRows).toBe(1)
    const at = (heading: string) => VISIBLE_HEADINGS.indexOf(heading)
    expect(workbook.rows.map((r) => r[at('App ID')])).toEqual(apps.map((a) => a.id))
    expect(workbook.rows.map((r) => r[at('Duration (s)')])).toEqual([125.5, 3600, 0])
    expect(workbook.rows.map((r) => r[at('Status')])).toEqual(['failed', 'success', 'killed'])
    expect(workbook.rows[0]![at('Start Time (UTC)')]).toEqual(new Date('2026-11-23T11:29:00Z'))
    const types = workbook.types[0]!
    expect(types[at('App ID')]).toBe('String')
    for (const heading of ['Duration (s)', 'Read (bytes)', 'Write (bytes)', 'Events', 'Cost (USD)'])
      expect(types[at(heading)], heading).toBe('Number')
    for (const heading of ['Start Time (UTC)', 'End Time (UTC)'])
      expect(types[at(heading)], heading).toBe('Date')
    // The name column is 220 px on screen; a date column fits its 19 characters.
    expect(workbook.widths[at('App Name')]).toBeGreaterThanOrEqual(30)
    expect(workbook.widths[at('Start Time (UTC)')]).toBeGreaterThanOrEqual(19)
  })
})
