import { describe, expect, it } from 'vitest'
import { fileNumber, unitHeading, type ValueUnit } from './file-units.ts'

describe('issue 22: a number with a unit is written in the unit a spreadsheet adds up', () => {
  it.each<[ValueUnit, unknown, number | null]>([
    ['ms', 90_500, 90.5],
    ['ms', 1, 0.001],
    ['ms', 0, 0],
    ['s', 42, 42],
    ['bytes', 1_073_741_824, 1_073_741_824],
    ['cents', 1234, 12.34],
    ['cents', -5, -0.05],
    ['usd', 12.3456, 12.3456],
    ['usd', '7.25', 7.25],
    ['ms', null, null],
    ['ms', undefined, null],
    ['cents', '', null],
    ['bytes', 'n/a', null],
    ['bytes', Number.NaN, null],
  ])('%s %j → %j', (unit, value, expected) => {
    expect(fileNumber(value, unit)).toBe(expected)
  })

  it.each<[string, ValueUnit | undefined, string]>([
    ['Duration', 'ms', 'Duration (s)'],
    ['Read', 'bytes', 'Read (bytes)'],
    ['Cost', 'cents', 'Cost (USD)'],
    ['Cost', 'usd', 'Cost (USD)'],
    // A heading that names its unit already keeps one mention of it.
    ['Cost (USD)', 'usd', 'Cost (USD)'],
    ['Events', undefined, 'Events'],
  ])('the heading %j in %s reads %j', (title, unit, expected) => {
    expect(unitHeading(title, unit)).toBe(expected)
  })
})
