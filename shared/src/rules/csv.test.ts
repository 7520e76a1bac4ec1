import { describe, expect, it } from 'vitest'
import { csvCell, toCsv } from './csv.ts'

describe('B113 quotes are doubled', () => {
  it('B113 say "hi" becomes a quoted cell with doubled quotes', () => {
    expect(csvCell('say "hi"')).toBe('"say ""hi"""')
  })
})

describe('B114 formula injection (C03: starting-with)', () => {
  it.each([
    ['=SUM(A1)', "'=SUM(A1)"],
    ['@cmd', "'@cmd"],
    ['+1', "'+1"],
    ['-5', "'-5"],
    ['a-b', 'a-b'],
    ['x=y', 'x=y'],
    ['ops@example.com', 'ops@example.com'],
    ['plain', 'plain'],
    ['2024-01-01', '2024-01-01'],
  ])('B114 %s is written as %s', (value, expected) => {
    expect(csvCell(value)).toBe(expected)
  })

  it('B114 a dangerous value with a comma is both prefixed and quoted', () => {
    expect(csvCell('=1+2,3')).toBe(`"'=1+2,3"`)
  })
})

describe('CSV document', () => {
  it('writes a header and rows with CRLF, empty cells for missing values', () => {
    const csv = toCsv(
      [
        { key: 'user', title: 'User' },
        { key: 'cost', title: 'Cost, USD' },
      ],
      [{ user: 'alice', cost: 1.5 }, { user: '=cmd' }],
    )
    expect(csv).toBe(`User,"Cost, USD"\r\nalice,1.5\r\n'=cmd,\r\n`)
  })
})
