import { describe, expect, it } from 'vitest'
import { fitColumns } from '../../components/table/column-fit.ts'
import { QUERY_COLUMNS } from './query-columns.tsx'

// The room the query table has beside its filter panel, less its selection column (measured).
describe('the Snowflake query list fits the screen (issue 16)', () => {
  const shown = (available: number) =>
    QUERY_COLUMNS.filter((c) => fitColumns(QUERY_COLUMNS, {}, available).has(c.key)).map((c) => c.key)

  it.each([
    {
      screen: '1440×900',
      available: 1124 - 44,
      expected: ['id', 'status', 'cost', 'usage', 'duration', 'insights', 'userName', 'startTime'],
    },
    {
      screen: '1280×720',
      available: 964 - 44,
      expected: ['id', 'status', 'cost', 'usage', 'duration', 'insights', 'startTime'],
    },
  ])(
    'at $screen shows the query, status, cost, credits, duration, insights and start',
    ({ available, expected }) => {
      expect(shown(available)).toEqual(expected)
    },
  )
})
