import { describe, expect, it } from 'vitest'
import { defaultPipelineFilters, pipelineRunName, sortPipelines } from './pipelines.ts'

describe('B187 pipelines list', () => {
  it('B187 the pipeline-type filter starts with all four types checked', () => {
    expect(defaultPipelineFilters()).toEqual({
      types: ['hivemr', 'hivetz', 'impala', 'spark'],
      searchText: '',
    })
  })

  it.each([
    [{ key: 'etl_daily', runName: null }, 'etl_daily'],
    [{ key: 'etl_daily', runName: '' }, 'etl_daily'],
    [{ key: 'etl_daily', runName: 'Daily ETL' }, 'Daily ETL'],
  ])('B187 row %j is named %s', (row, name) => {
    expect(pipelineRunName(row)).toBe(name)
  })

  it.each([
    ['asc', ['a', 'b', 'c', 'none']],
    ['desc', ['c', 'b', 'a', 'none']],
  ] as const)('B187 sorting by duration %s returns to page 1', (direction, order) => {
    const rows = [
      { key: 'b', duration: 20 },
      { key: 'none', duration: null },
      { key: 'c', duration: 30 },
      { key: 'a', duration: 10 },
    ]
    const sorted = sortPipelines(rows, 'duration', direction)
    expect(sorted.page).toBe(1)
    expect(sorted.rows.map((r) => r.key)).toEqual(order)
  })
})
