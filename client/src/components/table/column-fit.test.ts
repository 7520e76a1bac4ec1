import { describe, expect, it } from 'vitest'
import { chosenColumns, fitColumns, type ColumnChoices, type FitColumn } from './column-fit.ts'

const shown = (columns: readonly FitColumn[], available: number | null, choices: ColumnChoices = {}) =>
  columns.filter((c) => fitColumns(columns, choices, available).has(c.key)).map((c) => c.key)

const columns: FitColumn[] = [
  { key: 'name', width: 200, priority: 1 },
  { key: 'status', width: 100, priority: 2 },
  { key: 'user', width: 150, priority: 3 },
  { key: 'cost', width: 100, priority: 2 },
  { key: 'queue', width: 150, priority: 4 },
  { key: 'notes', width: 150, displayable: false },
]

describe('fitColumns: the columns a table has room for', () => {
  it.each([
    {
      available: null,
      expected: ['name', 'status', 'user', 'cost', 'queue'],
      why: 'not measured yet: all chosen',
    },
    { available: 150, expected: ['name'], why: 'priority 1 shows even without room' },
    { available: 400, expected: ['name', 'status', 'cost'], why: 'priority 2 before 3' },
    { available: 549, expected: ['name', 'status', 'cost'], why: 'a column 1 px too wide stays out' },
    { available: 550, expected: ['name', 'status', 'user', 'cost'], why: 'then priority 3' },
    {
      available: 2000,
      expected: ['name', 'status', 'user', 'cost', 'queue'],
      why: 'never a hidden-by-default one',
    },
  ])('$available px → $expected ($why)', ({ available, expected }) => {
    expect(shown(columns, available)).toEqual(expected)
  })

  it('stops at the first column that does not fit, so a less important narrow one never shows instead', () => {
    const wide: FitColumn[] = [
      { key: 'name', width: 200, priority: 1 },
      { key: 'sql', width: 300, priority: 2 },
      { key: 'flag', width: 50, priority: 3 },
    ]
    expect(shown(wide, 450)).toEqual(['name'])
  })

  it('a table that declares no priority shows every chosen column at any width, as before', () => {
    const plain: FitColumn[] = [{ key: 'a' }, { key: 'b' }, { key: 'c', displayable: false }]
    expect(shown(plain, 100)).toEqual(['a', 'b'])
  })

  it("the user's choices win: a ticked column shows even without room, an unticked one never", () => {
    // The two ticked columns take the room the status and cost had: the table scrolls only for them.
    expect(shown(columns, 400, { notes: true, queue: true })).toEqual(['name', 'queue', 'notes'])
    expect(shown(columns, 600, { notes: true })).toEqual(['name', 'status', 'cost', 'notes'])
    expect(shown(columns, 2000, { name: false, cost: false })).toEqual(['status', 'user', 'queue'])
  })

  it('a column the user hid makes room for the next one by priority', () => {
    expect(shown(columns, 450)).toEqual(['name', 'status', 'cost'])
    expect(shown(columns, 450, { status: false })).toEqual(['name', 'user', 'cost'])
  })

  it('a download takes the chosen columns, whatever the width', () => {
    expect(chosenColumns(columns, { notes: true, user: false }).map((c) => c.key)).toEqual([
      'name',
      'status',
      'cost',
      'queue',
      'notes',
    ])
  })
})
