import fs from 'node:fs'
import { expect, test, type Page } from '@playwright/test'
import * as ExcelJs from 'exceljs'
import { pdfPages } from '../simulator/test/pdf-text.ts'
import { openSignedIn } from './helpers.ts'

/**
 * Issue 22: the application list's downloads are files other tools open. With a filter in the
 * address, each format holds every filtered row (the ids of the rows shown among them), the id in
 * a column of its own, and the file is named after the list, its window and the filter.
 */

// The library is CommonJS: Node hands its exports over as the default export.
const excel = ((ExcelJs as { default?: typeof ExcelJs }).default ?? ExcelJs) as typeof ExcelJs

const FILTERED = '/jobs/applications?appListType=finished&dateRangeLabel=7_d&status=F'
const NAME = /^applications_finished_\d{4}-\d\d-\d\d_\d{4}-\d\d-\d\d_filtered\.(csv|xlsx|json)$/

const table = (page: Page) => page.getByRole('table', { name: /applications$/ })
const total = async (page: Page) =>
  Number((await page.getByText(/^[\d,]+ records?$/).innerText()).split(' ')[0]!.replace(/,/g, ''))

/** Downloads the list in one format (the menu item's name) and returns the file's name and path. */
async function download(page: Page, format: string) {
  await page.getByRole('button', { name: 'Download Finished applications' }).click()
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: format }).click(),
  ])
  return { name: file.suggestedFilename(), path: (await file.path())! }
}

/** One CSV line's cells: quoted cells may hold commas and doubled quotes (RFC 4180). */
function csvCells(line: string): string[] {
  return [...line.matchAll(/(?:"((?:[^"]|"")*)"|([^,]*))(?:,|$)/g)]
    .slice(0, -1)
    .map((m) => (m[1] !== undefined ? m[1].replace(/""/g, '"') : m[2]!))
}

test.describe('issue 22: the filtered application list downloads as CSV, Excel and JSON', () => {
  let shownRows: string[] = []
  let count = 0

  test.beforeEach(async ({ page }) => {
    await openSignedIn(page, 'admin', FILTERED)
    await expect(table(page)).toBeVisible()
    const rows = table(page).locator('tbody tr[data-status]')
    await expect(rows.first()).toBeVisible()
    shownRows = await rows.allInnerTexts()
    count = await total(page)
    expect(count).toBeGreaterThan(0)
  })

  /** Every filtered row is in the file, once: the id of each row shown among them. */
  const expectShownIds = (ids: readonly string[]) => {
    expect(ids).toHaveLength(count)
    const inFile = new Set(ids)
    expect(inFile.size).toBe(count)
    // A row's cells as words: its id is one of them, whole.
    for (const text of shownRows) expect(text.split(/\s+/).filter((word) => inFile.has(word))).toHaveLength(1)
  }

  test('CSV: App ID in its own column, statuses in words, durations in seconds', async ({ page }) => {
    const file = await download(page, 'CSV')
    expect(file.name).toMatch(NAME)
    const [headings = [], ...rows] = fs.readFileSync(file.path, 'utf8').trimEnd().split('\r\n').map(csvCells)
    expect(headings).toEqual(expect.arrayContaining(['App ID', 'App Name', 'Status', 'Duration (s)']))
    const column = (heading: string) => rows.map((r) => r[headings.indexOf(heading)]!)
    expectShownIds(column('App ID'))
    expect(new Set(column('Status'))).toEqual(new Set(['failed']))
    for (const seconds of column('Duration (s)')) expect(Number(seconds)).toBeGreaterThanOrEqual(0)
  })

  test('Excel: an .xlsx whose cells are typed, under a frozen header row', async ({ page }) => {
    const file = await download(page, 'Excel (xlsx)')
    expect(file.name).toMatch(NAME)
    const workbook = new excel.Workbook()
    await workbook.xlsx.readFile(file.path)
    const sheet = workbook.worksheets[0]!
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 })
    const headings = (sheet.getRow(1).values as unknown[]).slice(1)
    const at = (heading: string) => headings.indexOf(heading) + 1
    const cells = (heading: string) =>
      Array.from({ length: sheet.rowCount - 1 }, (_, i) => sheet.getRow(i + 2).getCell(at(heading)))
    expectShownIds(cells('App ID').map((c) => String(c.value)))
    for (const c of cells('Duration (s)')) expect(c.type).toBe(excel.ValueType.Number)
    for (const c of cells('Start Time (UTC)')) expect(c.type).toBe(excel.ValueType.Date)
  })

  test('JSON: the same records, keyed by field, times in ISO 8601', async ({ page }) => {
    const file = await download(page, 'JSON')
    expect(file.name).toMatch(NAME)
    const records = JSON.parse(fs.readFileSync(file.path, 'utf8')) as Record<string, unknown>[]
    expectShownIds(records.map((r) => String(r.id)))
    for (const r of records) {
      expect(r.status).toBe('failed')
      expect(typeof r.duration).toBe('number')
      expect(r.startTime).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/)
    }
  })
})

test.describe('issue 22: the PDF of the page and its print layout', () => {
  test('PDF: the filtered list as shown, A3 landscape, its title and first rows in the text', async ({
    page,
  }) => {
    await openSignedIn(page, 'admin', FILTERED)
    const rows = table(page).locator('tbody tr[data-status]')
    await expect(rows.first()).toBeVisible()
    const firstId = (await rows.first().innerText())
      .split(/\s+/)
      .find((word) => /^application_\d+_\d+$/.test(word))
    expect(firstId).toBeTruthy()
    const file = await download(page, 'PDF (this page)')
    expect(file.name).toMatch(
      /^applications_finished_\d{4}-\d\d-\d\d_\d{4}-\d\d-\d\d_filtered_\d{4}-\d\d-\d\d_\d\d-\d\d-\d\d\.pdf$/,
    )
    await expect(page.getByText('The file has been successfully downloaded.')).toBeVisible()
    const [first] = await pdfPages(fs.readFileSync(file.path))
    // A3 landscape: 420 × 297 mm in points.
    expect(Math.round(first!.width / (72 / 25.4))).toBe(420)
    expect(Math.round(first!.height / (72 / 25.4))).toBe(297)
    expect(first!.text).toContain('Applications')
    expect(first!.text).toContain(firstId!)
    // The navigation and the export control are not in the file.
    expect(first!.text).not.toContain('Download')
  })

  test('print: the navigation is left out and the list keeps its rows', async ({ page }) => {
    await openSignedIn(page, 'admin', FILTERED)
    await expect(table(page).locator('tbody tr[data-status]').first()).toBeVisible()
    await page.emulateMedia({ media: 'print' })
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden()
    await expect(page.getByRole('button', { name: 'Download Finished applications' })).toBeHidden()
    await expect(table(page).locator('tbody tr[data-status]').first()).toBeVisible()
  })
})
