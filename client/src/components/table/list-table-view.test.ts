import { describe, expect, it } from 'vitest'
import { listTableChange, listTableView } from './list-table-view.ts'

const current = listTableView({ page: 3, pageSize: 15, sort: { key: 'startTime', direction: 'desc' } })

describe('a server-paged list and its table (B102-B104)', () => {
  it.each([
    [
      'a new sort',
      { sort: { key: 'user', direction: 'asc' as const }, page: 1 },
      { type: 'sort', sort: { key: 'user', direction: 'asc' } },
    ],
    [
      'the same column the other way',
      { sort: { key: 'startTime', direction: 'asc' as const }, page: 1 },
      { type: 'sort', sort: { key: 'startTime', direction: 'asc' } },
    ],
    ['a new page size', { pageSize: 50, page: 1 }, { type: 'pageSize', pageSize: 50 }],
    ['a new page', { page: 4 }, { type: 'page', page: 4 }],
    ['nothing the list keeps (a row click)', { activeRow: 'app_1' }, null],
  ])('B103 %s', (_name, change, expected) => {
    expect(listTableChange(current, { ...current, ...change })).toEqual(expected)
  })

  it('B111 the table state of a list has no search and no active or open row', () => {
    expect(current).toEqual({
      page: 3,
      pageSize: 15,
      sort: { key: 'startTime', direction: 'desc' },
      search: '',
      activeRow: null,
      expandedRow: null,
    })
  })
})
