import { describe, expect, it } from 'vitest'
import { buildExport, type ExportColumn } from './export-rows.ts'

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
