import { describe, expect, it } from 'vitest'
import {
  type AppListFilters,
  appTypeCodes,
  appTypeFilterOptions,
  APP_TYPE_BY_CODE,
  centsToDollars,
  clusterRangeEnd,
  clusterSearchParams,
  columnLabel,
  defaultAppListSort,
  DEFAULT_SORTS,
  initialSelection,
  isInefficientEvent,
  unifiedSearchFilters,
  visibleClusterKpis,
} from './app-lists.ts'

describe('B171 application type filter', () => {
  it.each([
    ['CDH', false, ['hive', 'mr', 'spark', 'tez', 'impala']],
    ['CDP', false, ['hive', 'mr', 'spark', 'tez', 'impala']],
    ['HDP', false, ['hive', 'mr', 'spark', 'tez']],
    ['HDP', true, ['hive', 'mr', 'spark', 'tez', 'bigquery']],
    // costlens: Spark applications are all Kubernetes runs.
    ['K8S', false, ['spark']],
  ] as const)('B171 %s (bigQueryEnabled %s) offers %j', (clusterType, bq, options) => {
    expect(appTypeFilterOptions(clusterType, bq)).toEqual(options)
  })

  it('B171 offers presto to a user with Presto enabled (costlens: the lists show their queries)', () => {
    expect(appTypeFilterOptions('CDH', false, true)).toEqual([
      'hive',
      'mr',
      'spark',
      'tez',
      'impala',
      'presto',
    ])
    expect(appTypeFilterOptions('EMR', false, true)).toEqual(['hive', 'mr', 'spark', 'tez', 'presto'])
  })
})

describe('B172 application type codes', () => {
  it.each([
    ['spark', [2, 6]],
    ['tez', [15]],
    ['impala', [16]],
    ['mr', [0]],
    ['hive', [1]],
    ['bigquery', [11]],
  ] as const)('B172 %s has codes %j', (type, codes) => {
    expect(appTypeCodes(type)).toEqual(codes)
  })

  it('B172 code 6 is spark', () => {
    expect(APP_TYPE_BY_CODE[6]).toBe('spark')
  })
})

const none: AppListFilters = {
  statuses: [],
  users: [],
  queues: [],
  appTypes: [],
  tags: {},
  duration: null,
  cost: null,
  insights: [],
}
const range = { start: 1000, end: 2000 }

describe('B173 B178 B179 unified search filters', () => {
  it('B173 B178 running: status R, no dates, and user and cost filters are not sent', () => {
    const body = unifiedSearchFilters(
      'running',
      { ...none, users: ['bob'], cost: { min: 1, max: 2 }, statuses: ['F'] },
      range,
    )
    expect(body).toEqual({ appStatus: ['R'] })
  })

  it('B178 running: queue, tag and type filters still apply', () => {
    const filters = { ...none, queues: ['etl'], tags: { team: ['a'] }, appTypes: ['spark'] }
    expect(unifiedSearchFilters('running', filters, range)).toEqual({
      appStatus: ['R'],
      queues: ['etl'],
      appTags: { team: ['a'] },
      appTypes: ['spark'],
    })
  })

  it('B173 the events slider is sent as numEvents on the dated lists, never on the running list', () => {
    const filters = { ...none, events: { min: 1, max: 3 } }
    expect(unifiedSearchFilters('all', filters, range)).toMatchObject({ numEvents: { min: 1, max: 3 } })
    expect(unifiedSearchFilters('running', filters, range)).not.toHaveProperty('numEvents')
  })

  it('B178 insights and pricing filters start with all options selected', () => {
    expect(initialSelection(['IR', 'IA'])).toEqual(['IR', 'IA'])
  })

  it('B173 finished: S, F and K with queryOnFinishedTime', () => {
    expect(unifiedSearchFilters('finished', none, range)).toEqual({
      appStatus: ['S', 'F', 'K'],
      queryOnFinishedTime: true,
      start_time: 1000,
      end_time: 2000,
    })
  })

  it('B173 finished keeps the chosen finished statuses only', () => {
    expect(unifiedSearchFilters('finished', { ...none, statuses: ['F', 'R'] }, range).appStatus).toEqual([
      'F',
    ])
  })

  it('B178 inefficient: the insights filter and event types 2 and 6 are sent', () => {
    expect(unifiedSearchFilters('inefficient', { ...none, insights: ['IR'] }, range)).toMatchObject({
      insights: ['IR'],
      eventTypes: [2, 6],
    })
  })

  it('B178 all: users, queues, tags, duration and cost are sent when set', () => {
    expect(
      unifiedSearchFilters(
        'all',
        {
          ...none,
          users: ['ann'],
          queues: ['q'],
          tags: { team: ['a'] },
          duration: { min: 1, max: 9 },
          cost: { min: 0, max: 5 },
        },
        range,
      ),
    ).toEqual({
      start_time: 1000,
      end_time: 2000,
      users: ['ann'],
      queues: ['q'],
      appTags: { team: ['a'] },
      durations: { min: 1, max: 9 },
      cost: { min: 0, max: 5 },
    })
  })

  it.each([
    [true, true],
    [false, false],
  ])('B179 bigQueryEnabled %s: executed_by_unravel present %s', (enabled, present) => {
    expect(
      'executed_by_unravel' in unifiedSearchFilters('all', none, range, { bigQueryEnabled: enabled }),
    ).toBe(present)
  })
})

describe('B180 default sorts', () => {
  it.each([
    ['finished', { key: 'finishedTime', direction: 'desc' }],
    ['inefficient', { key: 'duration', direction: 'desc' }],
    ['all', { key: 'startTime', direction: 'desc' }],
    ['running', { key: 'startTime', direction: 'desc' }],
  ] as const)('B180 %s sorts by %j', (list, sort) => {
    expect(defaultAppListSort(list)).toEqual(sort)
  })

  it('B180 insights actions sort by untapped savings, global search by start time', () => {
    expect(DEFAULT_SORTS.insightsActions).toEqual({ key: 'untappedSavings', direction: 'desc' })
    expect(DEFAULT_SORTS.globalSearch).toEqual({ key: 'startTime', direction: 'desc' })
    expect(DEFAULT_SORTS.pipelines).toEqual({ key: 'startTime', direction: 'desc' })
  })
})

describe('B181 cluster search', () => {
  it('B181 Databricks adds db_all_purpose, job clusters and vendor data', () => {
    expect(clusterSearchParams('DB')).toEqual({
      size: 100,
      clusterType: 'db_all_purpose',
      includeDbJobClusters: true,
      useVendorData: true,
    })
  })

  it('B181 others search 100 clusters', () => {
    expect(clusterSearchParams('CDH', { customQ: 'prod' })).toEqual({ size: 100, customQ: 'prod' })
  })
})

describe('B182 inefficient events', () => {
  it.each([
    [2, true],
    [6, true],
    [3, false],
  ])('B182 event type %i is inefficient: %s', (type, inefficient) => {
    expect(isInefficientEvent(type)).toBe(inefficient)
  })
})

describe('B183 application cost in cents', () => {
  it.each([
    [1234, 12.34],
    [0, 0],
    [null, null],
  ])('B183 %s cents is $%s', (cents, dollars) => {
    expect(centsToDollars(cents)).toBe(dollars)
  })
})

describe('B185 cluster KPIs', () => {
  const zero = { autoActionAlerts: 0, running: 0, success: 0, failed: 0, killed: 0, inefficient: 0 }
  it.each([
    [zero, ['running', 'success']],
    [{ ...zero, failed: 2 }, ['running', 'success', 'failed']],
    [
      { ...zero, autoActionAlerts: 1, inefficient: 4 },
      ['running', 'success', 'inefficient', 'autoActionAlerts'],
    ],
  ])('B185 %j shows %j', (kpis, shown) => {
    expect(visibleClusterKpis(kpis)).toEqual(shown)
  })
})

describe('B186 cluster range end', () => {
  it.each([
    [{ status: 'R', finishedTime: null }, 5000],
    [{ status: 'S', finishedTime: 4000 }, 4000],
    [{ status: 'F', finishedTime: null }, 5000],
  ])('B186 %j ends at %i', (cluster, end) => {
    expect(clusterRangeEnd(cluster, 5000)).toBe(end)
  })
})

describe('B300 queue shown as Workspace on Databricks', () => {
  it.each([
    ['queue', 'DB', 'Workspace'],
    ['queue', 'CDH', 'Queue'],
    ['user', 'DB', 'Queue'],
  ] as const)('B300 %s on %s is labelled %s', (field, type, label) => {
    expect(columnLabel(field, 'Queue', type)).toBe(label)
  })
})
