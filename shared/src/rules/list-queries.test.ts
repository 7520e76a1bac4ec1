import { describe, expect, it } from 'vitest'
import { listTransition, type ListState } from './list-state.ts'
import {
  BIGQUERY_JOB_LIST_TYPES,
  bigQueryJobFilterDefaults,
  type BigQueryJobFilters,
  bigQueryJobListBody,
  bigQueryJobListType,
  type BigQueryJobFilterOptions,
  lastApplications,
  LIST_QUERY_SIZES,
  type ListQueryKind,
  listQuerySize,
  SNOWFLAKE_EMPTY_FILTERS,
  snowflakeFiltersAfterListTypeChange,
  snowflakeListType,
  snowflakeMetadataParams,
  snowflakeQueryListBody,
} from './list-queries.ts'

const range = { start: Date.UTC(2024, 5, 15), end: Date.UTC(2024, 5, 15, 13, 45) }
const START = '2024-06-15T00:00:00.000Z'
const END = '2024-06-15T13:45:00.000Z'

describe('B101 fetch sizes', () => {
  it.each([
    ['stream', 10_000],
    ['table', 10_000],
    ['resourceTable', 100],
    ['runningJobModal', 100],
  ] as [ListQueryKind, number][])('B101 a %s query asks for %i', (kind, size) => {
    expect(listQuerySize(kind)).toBe(size)
    expect(LIST_QUERY_SIZES[kind]).toBe(size)
  })

  it('B101 the resource table keeps the last 100 applications, newest first', () => {
    const apps = Array.from({ length: 150 }, (_, i) => ({ id: `app-${i}`, startTime: i * 1000 }))
    const shown = lastApplications(apps)
    expect(shown).toHaveLength(100)
    expect(shown[0]?.id).toBe('app-149')
    expect(shown[99]?.id).toBe('app-50')
    expect(apps[0]?.id).toBe('app-0')
  })

  it('B101 fewer than 100 applications are all shown', () => {
    expect(lastApplications([{ startTime: 1 }, { startTime: 3 }, { startTime: 2 }])).toEqual([
      { startTime: 3 },
      { startTime: 2 },
      { startTime: 1 },
    ])
  })
})

describe('B233 Snowflake list type', () => {
  it.each([
    [null, 'inefficient'],
    [undefined, 'inefficient'],
    ['', 'inefficient'],
    ['bogus', 'inefficient'],
    ['inefficient', 'inefficient'],
    ['all', 'all'],
    ['running', 'running'],
  ])('B233 tab %j opens %s', (tab, listType) => {
    expect(snowflakeListType(tab)).toBe(listType)
  })

  it('B233 changing the list type clears insights and keeps the other filters', () => {
    const filters = { ...SNOWFLAKE_EMPTY_FILTERS, insights: ['X'], userName: ['bob'], cost: [1, 2] as const }
    expect(snowflakeFiltersAfterListTypeChange(filters)).toEqual({ ...filters, insights: [] })
  })
})

describe('B240 B238 B236 Snowflake list request', () => {
  it.each([
    ['inefficient', true],
    ['all', false],
    ['running', false],
  ] as const)('B240 the %s tab sends showInefficientOnly %s with ISO times', (listType, only) => {
    expect(snowflakeMetadataParams(listType, range)).toEqual({
      startTime: START,
      endTime: END,
      showInefficientOnly: only,
    })
  })

  it('B240 an untouched list sends the times and the tab only', () => {
    expect(snowflakeQueryListBody({ listType: 'all', range, filters: SNOWFLAKE_EMPTY_FILTERS })).toEqual({
      startTime: START,
      endTime: END,
      showInefficientOnly: false,
    })
  })

  it('B238 a queryId sends the id alone, whatever else is set', () => {
    expect(
      snowflakeQueryListBody({
        listType: 'inefficient',
        range,
        filters: { ...SNOWFLAKE_EMPTY_FILTERS, userName: ['bob'], status: ['F'] },
        queryId: '01ab',
      }),
    ).toEqual({ id: '01ab' })
  })

  it('B238 a blank queryId is no queryId', () => {
    expect(
      snowflakeQueryListBody({ listType: 'all', range, filters: SNOWFLAKE_EMPTY_FILTERS, queryId: '  ' }),
    ).toHaveProperty('startTime', START)
  })

  it('B240 B233 every filter goes under its E158 name; insights only on the inefficient tab', () => {
    const filters = {
      insights: ['Full table scan'],
      accounts: ['acc1'],
      clientConnectors: ['JDBC'],
      userName: ['bob'],
      warehouseUid: ['wh-1'],
      status: ['F', 'P'],
      signature: ' sig ',
      cost: [1.2345, 3.4561] as const,
      duration: [5, 60] as const,
    }
    const metadata = { cost: [-0.01, 5] as const, duration: [0, 600] as const }
    const rest = {
      accounts: ['acc1'],
      clientConnectors: ['JDBC'],
      userName: ['bob'],
      warehouseUid: ['wh-1'],
      status: ['F', 'P'],
      signature: 'sig',
      minCost: 1.234,
      maxCost: 3.457,
      minDuration: 5,
      maxDuration: 60,
    }
    expect(snowflakeQueryListBody({ listType: 'inefficient', range, filters, metadata })).toEqual({
      startTime: START,
      endTime: END,
      showInefficientOnly: true,
      insights: ['Full table scan'],
      ...rest,
    })
    expect(snowflakeQueryListBody({ listType: 'all', range, filters, metadata })).toEqual({
      startTime: START,
      endTime: END,
      showInefficientOnly: false,
      ...rest,
    })
  })

  it.each([
    ['a cost equal to the full range, whose negative minimum reads as 0', { cost: [0, 5] }, {}],
    ['a duration equal to the full range', { duration: [0, 600] }, {}],
    ['a cost of [0, 0]', { cost: [0, 0] }, {}],
    ['a narrower cost', { cost: [0, 2.5] }, { minCost: 0, maxCost: 2.5 }],
  ] as const)('B236 B125 %s sends %j', (_label, change, sent) => {
    const body = snowflakeQueryListBody({
      listType: 'all',
      range,
      filters: { ...SNOWFLAKE_EMPTY_FILTERS, ...change },
      metadata: { cost: [-0.01, 5], duration: [-1, 600] },
    })
    expect(body).toEqual({ startTime: START, endTime: END, showInefficientOnly: false, ...sent })
  })

  it('B240 B125 before metadata arrives a touched cost is sent at 2 decimals', () => {
    expect(
      snowflakeQueryListBody({
        listType: 'all',
        range,
        filters: { ...SNOWFLAKE_EMPTY_FILTERS, cost: [1.239, 7.891] },
      }),
    ).toMatchObject({ minCost: 1.23, maxCost: 7.9 })
  })
})

describe('B244 BigQuery job list', () => {
  const metadata: BigQueryJobFilterOptions = {
    insights: ['Slot contention', 'Large shuffle'],
    pricing: ['on-demand', 'flat-rate'],
    duration: [0, 3600],
    slotMs: [0, 1e6],
    billedBytes: [0, 1e9],
  }
  const defaults = bigQueryJobFilterDefaults(metadata)
  const busy: BigQueryJobFilters = {
    ...defaults,
    jobId: 'job_1',
    userName: ['bob'],
    status: ['F'],
    tags: { env: ['prod'], team: [] },
    insights: ['Slot contention'],
    pricing: ['on-demand'],
    duration: [60, 600],
    slotMs: [10, 500],
    billedBytes: [0, 1e9],
  }

  it.each([
    [null, 'all'],
    ['bogus', 'all'],
    ['all', 'all'],
    ['running', 'running'],
    ['inefficient', 'inefficient'],
  ])('B244 type %j reads as %s', (value, type) => {
    expect(BIGQUERY_JOB_LIST_TYPES).toEqual(['all', 'running', 'inefficient'])
    expect(bigQueryJobListType(value)).toBe(type)
  })

  it('B244 the filters start cleared, with every insight and pricing option selected', () => {
    expect(defaults).toMatchObject({
      userName: [],
      status: [],
      tags: {},
      insights: ['Slot contention', 'Large shuffle'],
      pricing: ['on-demand', 'flat-rate'],
      duration: null,
      slotMs: null,
      billedBytes: null,
    })
    expect(bigQueryJobFilterDefaults().insights).toEqual([])
  })

  it.each([
    ['listType', { type: 'listType', listType: 'inefficient' }],
    ['dateRange', { type: 'dateRange', dateRange: { start: 0, end: 1 } }],
  ] as const)('B244 a %s change resets the filters to their defaults', (_label, event) => {
    const state: ListState<BigQueryJobFilters> = {
      listType: 'all',
      dateRange: range,
      datesChanged: false,
      clusters: [],
      filters: busy,
      sort: { key: 'createTime', direction: 'desc' },
      page: 3,
      pageSize: 15,
    }
    const next = listTransition(state, event, { ...state, filters: defaults })
    expect(next.state.filters).toEqual(defaults)
    expect(next.state.page).toBe(1)
  })

  it('B244 a running list ignores date, user, status and range filters (userName not sent)', () => {
    expect(bigQueryJobListBody({ listType: 'running', range, filters: busy, metadata })).toEqual({
      filterType: 'running',
      id: 'job_1',
      tags: [{ key: 'env', value: 'prod' }],
      pricing: ['on-demand'],
    })
  })

  it('B244 B068 B127 an inefficient list sends insights, narrowed ranges and checked tags', () => {
    expect(bigQueryJobListBody({ listType: 'inefficient', range, filters: busy, metadata })).toEqual({
      filterType: 'inefficient',
      id: 'job_1',
      tags: [{ key: 'env', value: 'prod' }],
      startTime: START,
      endTime: END,
      insights: ['Slot contention'],
      pricing: ['on-demand'],
      userName: ['bob'],
      status: ['F'],
      minDuration: 60,
      maxDuration: 600,
      minSlotMs: 10,
      maxSlotMs: 500,
    })
  })

  it('B244 the all list leaves insights out even when some are chosen', () => {
    expect(bigQueryJobListBody({ listType: 'all', range, filters: busy, metadata })).not.toHaveProperty(
      'insights',
    )
  })

  it('B244 defaults send nothing but the type and dates: all-selected insights and pricing filter nothing', () => {
    expect(bigQueryJobListBody({ listType: 'inefficient', range, filters: defaults, metadata })).toEqual({
      filterType: 'inefficient',
      startTime: START,
      endTime: END,
    })
  })

  it('B244 B127 several values of one tag key become one pair each', () => {
    const body = bigQueryJobListBody({
      listType: 'all',
      range,
      filters: { ...defaults, tags: { env: ['prod', 'dev'], team: ['data'] } },
    })
    expect(body.tags).toEqual([
      { key: 'env', value: 'prod' },
      { key: 'env', value: 'dev' },
      { key: 'team', value: 'data' },
    ])
  })
})
