import { describe, expect, it } from 'vitest'
import {
  defaultColumnWidth,
  defaultTableConfig,
  DOWNLOAD_DONE_MS,
  emptyTableText,
  EXPORT_FORMATS,
  formatSignedSort,
  formatSortParam,
  isValidDownloadType,
  matchesSearch,
  nextSort,
  parseSortParam,
  resizedColumnWidth,
  searchRows,
  tableChange,
  type TableEvent,
  tableReducer,
  type TableView,
} from './table.ts'

describe('B102 column sort clicks', () => {
  it.each([
    [{ key: 'startTime', direction: 'desc' }, 'cost', { key: 'cost', direction: 'asc' }],
    [{ key: 'cost', direction: 'asc' }, 'cost', { key: 'cost', direction: 'desc' }],
    [{ key: 'cost', direction: 'desc' }, 'cost', { key: 'cost', direction: 'asc' }],
    [null, 'cost', { key: 'cost', direction: 'asc' }],
  ] as const)('B102 sorted %j, click %s → %j', (current, column, next) => {
    expect(nextSort(current, column)).toEqual(next)
  })
})

describe('B103 B104 table actions', () => {
  const view: TableView = {
    page: 4,
    pageSize: 15,
    sort: null,
    search: '',
    activeRow: 'r1',
    expandedRow: null,
  }
  it.each([
    ['page size 15 → 50', { type: 'pageSize', pageSize: 50 }],
    ["search 'spark'", { type: 'search', search: 'spark' }],
    ['sort by cost', { type: 'sort', column: 'cost' }],
  ] as [string, TableEvent][])('B103 %s goes back to page 1', (_label, event) => {
    expect(tableReducer(view, event).page).toBe(1)
  })

  it('B103 paging keeps the page asked for', () => {
    expect(tableReducer(view, { type: 'page', page: 5 }).page).toBe(5)
  })

  it('B104 clicking row 3 while row 1 is active leaves only row 3 active', () => {
    expect(tableReducer(view, { type: 'rowClick', rowId: 'r3' }).activeRow).toBe('r3')
  })

  it('B104 a row click can toggle its detail row', () => {
    const open = tableReducer(view, { type: 'rowClick', rowId: 'r3', toggleDetail: true })
    expect(open.expandedRow).toBe('r3')
    expect(tableReducer(open, { type: 'rowClick', rowId: 'r3', toggleDetail: true }).expandedRow).toBeNull()
  })
})

describe('B105 table search', () => {
  const searchable = ['name', 'user']
  it.each([
    ['SPARK', { name: 'spark-etl' }, true],
    ['=spark', { name: 'spark-etl' }, false],
    ['=spark', { name: 'spark' }, true],
    ['=SPARK', { name: 'spark' }, true],
    ['etl bob', { name: 'spark-etl', user: 'bob' }, true],
    ['etl ann', { name: 'spark-etl', user: 'bob' }, false],
    ['', { name: 'x' }, true],
    ['bob', { name: 'x', owner: 'bob' }, false],
  ])('B105 %j against %j matches: %s', (search, row, match) => {
    expect(matchesSearch(row, search, searchable)).toBe(match)
  })

  it('B105 keeps matching rows in order', () => {
    const rows = [{ name: 'a-etl' }, { name: 'b' }, { name: 'c-etl' }]
    expect(searchRows(rows, 'etl', ['name']).map((r) => r.name)).toEqual(['a-etl', 'c-etl'])
  })
})

describe('B106 B107 B108 B109 B110 B112 table widgets', () => {
  it.each([
    [100, null, 150],
    [200, null, 200],
    [100, 120, 120],
    [80, 90, 90],
  ])('B106 dragging to %i (own width %s) gives %i', (drag, own, width) => {
    expect(resizedColumnWidth(drag, own)).toBe(width)
  })

  it('B107 compare tables 90 px, others 150', () => {
    expect(defaultColumnWidth('compare')).toBe(90)
    expect(defaultColumnWidth('other')).toBe(150)
  })

  it('B108 the done state lasts 2000 ms', () => {
    expect(DOWNLOAD_DONE_MS).toBe(2000)
  })

  it.each([
    [0, undefined, 'select a column'],
    [3, undefined, 'No Data Available'],
    [3, 'No jobs yet', 'No jobs yet'],
  ])('B109 %i visible columns, empty text %s → %s', (columns, text, shown) => {
    expect(emptyTableText(columns, text)).toBe(shown)
  })

  it.each([
    ['json', false],
    ['csv', true],
    [['csv', 'json'], true],
    [['doc'], false],
    [[], false],
  ] as [string | string[], boolean][])('B110 download type %j valid: %s', (type, valid) => {
    expect(isValidDownloadType(type)).toBe(valid)
  })

  it('B112 the export control offers csv, xls, json and pdf', () => {
    expect(EXPORT_FORMATS).toEqual(['csv', 'xls', 'json', 'pdf'])
  })
})

describe('B111 table contract', () => {
  it('B111 server tables page by 15 with the 10,000 cap, client tables by 10', () => {
    expect(defaultTableConfig('server').pagination).toEqual({
      enable: true,
      type: 'server',
      recordsPerPage: 15,
      currentPage: 1,
      totalRecords: 0,
      maxRecords: 10000,
    })
    expect(defaultTableConfig('client').pagination.recordsPerPage).toBe(10)
  })

  it('B111 the table emits pagination, sorting and searchString', () => {
    expect(
      tableChange({
        page: 2,
        pageSize: 25,
        sort: { key: 'cost', direction: 'desc' },
        search: 'etl',
        activeRow: null,
        expandedRow: null,
      }),
    ).toEqual({
      pagination: { recordsPerPage: 25, currentPage: 2 },
      sorting: { key: 'cost', direction: 'desc' },
      searchString: 'etl',
    })
  })
})

describe('B246 B249 sort parameters', () => {
  it.each([
    ['untappedSavings-desc', { key: 'untappedSavings', direction: 'desc' }],
    ['a-b-asc', { key: 'a-b', direction: 'asc' }],
    ['totalCost-desc', { key: 'totalCost', direction: 'desc' }],
    ['cost', null],
    ['cost-up', null],
    ['-desc', null],
    [null, null],
  ])('B249 %j → %j', (param, sort) => {
    expect(parseSortParam(param)).toEqual(sort)
  })

  it('B246 key and direction are joined with a dash', () => {
    expect(formatSortParam({ key: 'slotMs', direction: 'desc' })).toBe('slotMs-desc')
  })

  it('B100 descending is a leading minus for the Presto and BigQuery finished apps', () => {
    expect(formatSignedSort({ key: 'startTime', direction: 'desc' })).toBe('-startTime')
    expect(formatSignedSort({ key: 'startTime', direction: 'asc' })).toBe('startTime')
  })
})
