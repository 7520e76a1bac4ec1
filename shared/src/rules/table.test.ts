import { describe, expect, it } from 'vitest'
import {
  defaultColumnWidth,
  defaultTableConfig,
  DOWNLOAD_DONE_MS,
  emptyTableText,
  EXPORT_BUSY_TEXT,
  EXPORT_FORMATS,
  filterRows,
  formatSignedSort,
  formatSortParam,
  isValidDownloadType,
  LIST_TABLE_DEFAULTS,
  matchesSearch,
  nextSort,
  parseSortParam,
  resizedColumnWidth,
  searchableKeys,
  TABLE_SEARCH_DEBOUNCE_MS,
  tableChange,
  type TableConfig,
  type TableEvent,
  tableReducer,
  type TableSort,
  type TableView,
} from './table.ts'

describe('B102 column sort clicks', () => {
  it.each([
    [{ key: 'startTime', direction: 'desc' }, 'cost', { key: 'cost', direction: 'asc' }],
    [{ key: 'cost', direction: 'asc' }, 'cost', { key: 'cost', direction: 'desc' }],
    [{ key: 'cost', direction: 'desc' }, 'cost', { key: 'cost', direction: 'asc' }],
    [null, 'cost', { key: 'cost', direction: 'asc' }],
  ] as [TableSort | null, string, TableSort][])('B102 sorted %j, click %s → %j', (current, column, next) => {
    expect(nextSort(current, column)).toEqual(next)
  })
})

describe('B103 B104 table actions', () => {
  const view: TableView = {
    page: 4,
    pageSize: 15,
    sort: { key: 'startTime', direction: 'desc' },
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

  it.each([
    ['a page change', { type: 'page', page: 5 }, 5],
    ['the same page size again', { type: 'pageSize', pageSize: 15 }, 4],
    ['the same (debounced) search again', { type: 'search', search: '' }, 4],
  ] as [string, TableEvent, number][])('B103 %s leaves the table on page %i', (_label, event, page) => {
    expect(tableReducer(view, event).page).toBe(page)
  })

  it('B102 B103 a header click sorts and returns to page 1 together', () => {
    expect(tableReducer(view, { type: 'sort', column: 'cost' })).toMatchObject({
      sort: { key: 'cost', direction: 'asc' },
      page: 1,
    })
  })

  it('B104 clicking row 3 while row 1 is active leaves only row 3 active', () => {
    expect(tableReducer(view, { type: 'rowClick', rowId: 'r3' }).activeRow).toBe('r3')
  })

  it('B104 a row click can open and then close its detail row; a plain click leaves it alone', () => {
    const open = tableReducer(view, { type: 'rowClick', rowId: 'r3', toggleDetail: true })
    expect(open.expandedRow).toBe('r3')
    expect(tableReducer(open, { type: 'rowClick', rowId: 'r2' }).expandedRow).toBe('r3')
    expect(tableReducer(open, { type: 'rowClick', rowId: 'r3', toggleDetail: true }).expandedRow).toBeNull()
  })

  it('B104 opening another row detail closes the first', () => {
    const open = tableReducer(view, { type: 'rowClick', rowId: 'r3', toggleDetail: true })
    expect(tableReducer(open, { type: 'rowClick', rowId: 'r5', toggleDetail: true })).toMatchObject({
      activeRow: 'r5',
      expandedRow: 'r5',
    })
  })
})

describe('B105 table search', () => {
  const keys = ['name', 'user', 'cost']
  it.each([
    ['SPARK', { name: 'spark-etl' }, true],
    ['=spark', { name: 'spark-etl' }, false],
    ['=spark', { name: 'spark' }, true],
    ['=SPARK', { name: 'spark' }, true],
    ['= spark ', { name: 'spark' }, true],
    ['=', { name: 'spark' }, true],
    ['etl bob', { name: 'spark-etl', user: 'bob' }, true],
    ['bob etl', { name: 'spark-etl', user: 'bob' }, true],
    ['etl ann', { name: 'spark-etl', user: 'bob' }, false],
    ['', { name: 'x' }, true],
    ['   ', { name: 'x' }, true],
    ['bob', { name: 'x', owner: 'bob' }, false],
    ['12.5', { name: 'x', cost: 12.5 }, true],
    ['=12', { name: 'x', cost: 12.5 }, false],
    ['object', { name: { nested: 'object' } }, false],
    ['x', { name: null }, false],
  ])('B105 %j against %j matches: %s', (search, row, match) => {
    expect(matchesSearch(row, search, keys)).toBe(match)
  })

  it('B105 filterRows keeps matching rows in their order', () => {
    const rows = [{ name: 'a-etl' }, { name: 'b' }, { name: 'c-ETL' }]
    expect(filterRows(rows, 'etl', ['name']).map((r) => r.name)).toEqual(['a-etl', 'c-ETL'])
    expect(filterRows(rows, '=b', ['name'])).toEqual([{ name: 'b' }])
  })

  it('B105 searchable keys: shown columns unless they opt out', () => {
    expect(
      searchableKeys([
        { key: 'name', title: 'Name' },
        { key: 'cost', title: 'Cost', searchable: false },
        { key: 'queue', title: 'Queue', displayable: false },
        { key: 'user', title: 'User', searchable: true },
      ]),
    ).toEqual(['name', 'user'])
  })

  it('B105 the search waits 300 ms', () => {
    expect(TABLE_SEARCH_DEBOUNCE_MS).toBe(300)
  })
})

describe('B106 B107 B108 B109 B110 B112 table widgets', () => {
  it.each([
    [100, null, 150],
    [100, undefined, 150],
    [150, null, 150],
    [200, null, 200],
    [100, 120, 120],
    [80, 90, 90],
    [300, 90, 300],
  ])('B106 dragging to %i (own width %s) gives %i', (drag, own, width) => {
    expect(resizedColumnWidth(drag, own)).toBe(width)
  })

  it.each([
    ['compare', 90],
    ['other', 150],
  ] as const)('B107 %s tables default to %i px', (table, width) => {
    expect(defaultColumnWidth(table)).toBe(width)
  })

  it('B108 the done state lasts 2000 ms', () => {
    expect(DOWNLOAD_DONE_MS).toBe(2000)
  })

  it.each([
    [0, undefined, 'select a column'],
    [0, 'No jobs yet', 'select a column'],
    [3, undefined, 'No Data Available'],
    [3, 'No jobs yet', 'No jobs yet'],
    [3, '  ', 'no data to display'],
  ])('B109 C14 %i visible columns, own empty text %j → %s', (columns, text, shown) => {
    expect(emptyTableText(columns, text)).toBe(shown)
  })

  it.each([
    ['json', false],
    ['csv', true],
    ['xls', true],
    ['pdf', true],
    ['doc', false],
    [['csv', 'json'], true],
    [['json'], true],
    [['doc'], false],
    [['csv', 'doc'], false],
    [[], false],
  ] as [string | string[], boolean][])('B110 download type %j valid: %s', (type, valid) => {
    expect(isValidDownloadType(type)).toBe(valid)
  })

  it('B110 the config type refuses a lone json string at compile time', () => {
    const download: TableConfig['download'] = { enable: true, name: 'jobs', type: ['csv', 'json'] }
    // @ts-expect-error B110: 'json' alone is not a valid single download type
    const lone: TableConfig['download'] = { enable: true, name: 'jobs', type: 'json' }
    expect([download.type, lone.type]).toEqual([['csv', 'json'], 'json'])
  })

  it('B112 the export control offers csv, xls, json and pdf, and says downloading meanwhile', () => {
    expect(EXPORT_FORMATS).toEqual(['csv', 'xls', 'json', 'pdf'])
    expect(EXPORT_BUSY_TEXT).toBe('downloading')
  })
})

describe('B111 table contract', () => {
  it.each([
    ['server', 15],
    ['client', 10],
  ] as const)('B111 a %s table pages by %i, from page 1, capped at 10,000', (type, perPage) => {
    expect(defaultTableConfig(type).pagination).toEqual({
      enable: true,
      type,
      recordsPerPage: perPage,
      currentPage: 1,
      totalRecords: 0,
      maxRecords: 10000,
    })
  })

  it('B111 the default config is a client table with sorting, search and a csv download', () => {
    expect(defaultTableConfig()).toEqual({
      pagination: {
        enable: true,
        type: 'client',
        recordsPerPage: 10,
        currentPage: 1,
        totalRecords: 0,
        maxRecords: 10000,
      },
      sorting: { enable: true },
      search: { enable: true, value: '' },
      download: { enable: true, name: 'table', type: 'csv' },
      compareSelection: { enable: false },
    })
    expect(defaultTableConfig('server', 'jobs').download.name).toBe('jobs')
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
    ['start-time-desc', { key: 'start-time', direction: 'desc' }],
    ['cost-DESC', { key: 'cost', direction: 'desc' }],
    [' cost-asc ', { key: 'cost', direction: 'asc' }],
    ['cost', null],
    ['cost-up', null],
    ['cost-', null],
    ['-desc', null],
    ['', null],
    [null, null],
    [undefined, null],
  ])('B249 %j → %j', (param, sort) => {
    expect(parseSortParam(param)).toEqual(sort)
  })

  it.each([
    [{ key: 'slotMs', direction: 'desc' }, 'slotMs-desc'],
    [{ key: 'start-time', direction: 'asc' }, 'start-time-asc'],
  ] as [TableSort, string][])('B246 %j is written %s and reads back the same', (sort, param) => {
    expect(formatSortParam(sort)).toBe(param)
    expect(parseSortParam(param)).toEqual(sort)
  })

  it('B100 descending is a leading minus for the Presto and BigQuery finished apps', () => {
    expect(formatSignedSort({ key: 'startTime', direction: 'desc' })).toBe('-startTime')
    expect(formatSignedSort({ key: 'startTime', direction: 'asc' })).toBe('startTime')
  })
})

describe('B239 B245 list table defaults', () => {
  it('B239 the Snowflake query list opens on 15 rows, cost descending, written s=cost-desc', () => {
    expect(LIST_TABLE_DEFAULTS.snowflakeQueries).toEqual({
      pageSize: 15,
      sort: { key: 'cost', direction: 'desc' },
    })
    expect(parseSortParam('cost-desc')).toEqual(LIST_TABLE_DEFAULTS.snowflakeQueries.sort)
  })

  it('B245 the BigQuery job list opens on 15 rows, createTime descending', () => {
    expect(LIST_TABLE_DEFAULTS.bigqueryJobs).toEqual({
      pageSize: 15,
      sort: { key: 'createTime', direction: 'desc' },
    })
  })
})
