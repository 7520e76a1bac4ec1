import { describe, expect, it } from 'vitest'
import { fitColumns } from '../table/column-fit.ts'
import { appColumns } from './app-columns.tsx'

// The room the applications table has beside its filter panel, measured in the browser.
describe('the application list fits the screen (issue 16)', () => {
  const columns = appColumns('all', { freemium: false })
  const shown = (available: number) => columns.filter((c) => fitColumns(columns, {}, available).has(c.key))

  it.each([
    {
      screen: '1440×900',
      available: 1104,
      expected: ['kind', 'status', 'user', 'name', 'startTime', 'duration', 'queue', 'cents'],
    },
    {
      screen: '1280×720',
      available: 944,
      expected: ['kind', 'status', 'user', 'name', 'startTime', 'duration', 'cents'],
    },
  ])(
    'at $screen shows name/id, status, type, user, start, duration and cost first',
    ({ available, expected }) => {
      expect(shown(available).map((c) => c.key)).toEqual(expected)
    },
  )

  it('the name and id column is the one that stays at the left', () => {
    expect(columns.filter((c) => c.sticky).map((c) => c.key)).toEqual(['name'])
  })
})
