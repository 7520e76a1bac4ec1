import { describe, expect, it } from 'vitest'
import { csvCell, neutraliseFormula, toCsv } from './csv.ts'

describe('B113 quotes are doubled', () => {
  it('B113 say "hi" becomes a quoted cell with doubled quotes', () => {
    expect(csvCell('say "hi"')).toBe('"say ""hi"""')
  })
})

describe('B114 formula injection (C03: starting-with, OWASP: = + - @ TAB CR)', () => {
  it.each([
    ['=1+1', "'=1+1"],
    ['=SUM(A1)', "'=SUM(A1)"],
    ['+1', "'+1"],
    ['@x', "'@x"],
    ['@cmd', "'@cmd"],
    // A leading tab or carriage return is read as the cell's start by some spreadsheets.
    ['\tx', "'\tx"],
    ['\t=cmd', "'\t=cmd"],
    ['\rx', `"'\rx"`],
    // A minus sign starts a formula unless the whole cell is a plain number.
    ['-5+cmd', "'-5+cmd"],
    ['-cmd', "'-cmd"],
    ['-1e3+cmd', "'-1e3+cmd"],
    ['-', "'-"],
    ['-5', '-5'],
    ['-1.5e3', '-1.5e3'],
    ['-0.25', '-0.25'],
    ['-.5', '-.5'],
    ['-2E-7', '-2E-7'],
    ['a-b', 'a-b'],
    ['x=y', 'x=y'],
    ['ops@example.com', 'ops@example.com'],
    ['plain', 'plain'],
    ['2024-01-01', '2024-01-01'],
  ])('B114 %j is written as %j', (value, expected) => {
    expect(csvCell(value)).toBe(expected)
  })

  it.each([
    [-5, '-5'],
    [-1500, '-1500'],
    [-0.5, '-0.5'],
    [1.5, '1.5'],
    [0, '0'],
    [-1e-7, '-1e-7'],
  ])('B114 the number %d stays the number %s', (value, expected) => {
    expect(csvCell(value)).toBe(expected)
  })

  it('B114 a dangerous value with a comma is both prefixed and quoted', () => {
    expect(csvCell('=1+2,3')).toBe(`"'=1+2,3"`)
  })

  it('B114 the same text is neutralised for every export format', () => {
    expect(neutraliseFormula('\t=cmd')).toBe("'\t=cmd")
    expect(neutraliseFormula('-5')).toBe('-5')
    expect(neutraliseFormula('plain')).toBe('plain')
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
