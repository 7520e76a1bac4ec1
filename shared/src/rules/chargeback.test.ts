import { describe, expect, it } from 'vitest'
import {
  bigQueryCostUsd,
  canAddGroupBy,
  chargebackClusterParam,
  chargebackDefaultGroupValues,
  chargebackPercent,
  chargebackRequestKey,
  chargebackTypes,
  type ChargebackClusterType,
  CHARGEBACK_ABORTED,
  CHARGEBACK_DEFAULT_CLUSTER,
  clusterRowLabel,
  costFromAmount,
  COST_TREND_BREAKDOWNS,
  COST_TREND_GRANULARITY,
  COST_TREND_UNITS,
  databricksCbType,
  databricksChargeback,
  databricksCost,
  dbuPrice,
  drillBack,
  drillDown,
  drillPathAfterTagsRefresh,
  emrDollars,
  EMPTY_GROUP_BY_DELAY_MS,
  GROUP_BY_OPTIONS,
  IMPALA_CHARGEBACK_CSV_COLUMNS,
  IMPALA_CHARGEBACK_SERIES,
  initialChargebackType,
  mergeUserLists,
  removeTrendItem,
  resourceAppTypes,
  switchChargebackType,
  trendBreakdownParam,
  trendDate,
  usageTrendingCalls,
} from './chargeback.ts'

describe('B146 chargeback types by cluster type', () => {
  it.each([
    ['DB', false, ['Cluster', 'JobRun']],
    ['CDH', false, ['Yarn', 'Impala']],
    ['CDP', true, ['Yarn', 'Impala', 'Presto']],
    ['HDP', false, ['Yarn']],
    ['MAPR', false, ['Yarn']],
    ['HDI', false, ['Yarn']],
    ['DATAPROC', false, ['Yarn']],
    ['GCP', false, ['BigQuery', 'Yarn']],
    ['BIGQUERY', false, ['BigQuery', 'Yarn']],
    ['EMR', false, ['EMR', 'Yarn']],
    ['BIGQUERYV2', false, []],
    ['SNOWFLAKE', true, []],
  ] as [ChargebackClusterType, boolean, string[]][])(
    'B146 %s (presto %s) offers %j',
    (type, presto, types) => {
      expect(chargebackTypes(type, presto)).toEqual(types)
    },
  )
})

describe('B147 B148 chargeback type state', () => {
  it('B147 the first available type loads', () => {
    expect(initialChargebackType(chargebackTypes('CDH'))).toEqual({ type: 'Yarn', noClusters: false })
  })

  it('B147 no types: the no-clusters state', () => {
    expect(initialChargebackType([])).toEqual({ type: null, noClusters: true })
  })

  it('B148 Yarn → Impala → Yarn restores the Yarn drill state', () => {
    const yarnState = { drill: ['user=bob'] }
    const toImpala = switchChargebackType({}, 'Yarn', yarnState, 'Impala', { drill: [] })
    expect(toImpala.state).toEqual({ drill: [] })
    const back = switchChargebackType(toImpala.saved, 'Impala', toImpala.state, 'Yarn', { drill: [] })
    expect(back.state).toEqual(yarnState)
  })
})

describe('B149 B150 drill-down', () => {
  const groupBys = ['User', 'Queue', 'Application type']

  it('B149 drilling into User=bob adds it and moves to Queue', () => {
    expect(drillDown(groupBys, [], 'User', 'bob')).toEqual({
      path: [{ groupBy: 'User', value: 'bob' }],
      next: 'Queue',
    })
  })

  it('B149 with every group-by used there is no further drill', () => {
    const path = [
      { groupBy: 'User', value: 'bob' },
      { groupBy: 'Queue', value: 'etl' },
    ]
    expect(drillDown(groupBys, path, 'Application type', 'spark')).toEqual({ path, next: null })
  })

  it('B149 going back to level 1 truncates the path', () => {
    const path = [
      { groupBy: 'User', value: 'bob' },
      { groupBy: 'Queue', value: 'etl' },
    ]
    expect(drillBack(path, 1)).toEqual([{ groupBy: 'User', value: 'bob' }])
    expect(drillBack(path, 0)).toEqual([])
  })

  it.each([
    [[{ groupBy: 'tag:env', value: 'prod' }], { team: ['a'] }, []],
    [[{ groupBy: 'tag:env', value: 'prod' }], { env: ['dev'] }, []],
    [
      [{ groupBy: 'tag:env', value: 'prod' }],
      { env: ['prod', 'dev'] },
      [{ groupBy: 'tag:env', value: 'prod' }],
    ],
    [[{ groupBy: 'User', value: 'bob' }], {}, [{ groupBy: 'User', value: 'bob' }]],
  ])('B150 path %j after tags %j is %j', (path, tags, expected) => {
    expect(drillPathAfterTagsRefresh(path, tags)).toEqual(expected)
  })
})

describe('B151 B152 B153 group-bys and cluster', () => {
  it.each([
    ['Yarn', 2, false],
    ['Yarn', 1, true],
    ['EMR', 1, false],
    ['EMR', 0, true],
    ['BigQuery', 1, true],
    ['BigQuery', 2, false],
  ] as const)('B151 %s with %i selected can add one: %s', (type, selected, allowed) => {
    expect(canAddGroupBy(type, selected)).toBe(allowed)
  })

  it("B152 the default cluster is '*'", () => {
    expect(CHARGEBACK_DEFAULT_CLUSTER).toBe('*')
  })

  it.each([
    ['Yarn', ['Application type', 'User', 'Queue']],
    ['Cluster', ['User', 'Workspace', 'Cluster', 'Cluster Type', 'Tag Key']],
    ['Impala', ['User', 'Queue']],
    ['EMR', ['Cluster']],
  ] as const)('B153 %s groups by %j', (type, labels) => {
    expect(GROUP_BY_OPTIONS[type].map((o) => o.label)).toEqual(labels)
  })

  it('B153 Databricks and Impala users are realuser; the Databricks workspace is queue', () => {
    expect(GROUP_BY_OPTIONS.Cluster.find((o) => o.label === 'Workspace')?.field).toBe('queue')
    expect(GROUP_BY_OPTIONS.Impala.find((o) => o.label === 'User')?.field).toBe('realuser')
  })
})

describe('B154-B159 chargeback values', () => {
  it('B154 a cluster-uid row is name[uid]', () => {
    expect(clusterRowLabel('prod', 'c-1')).toBe('prod[c-1]')
  })

  it.each([
    [
      { ms: 250, vs: 0 },
      { dbus: 2.5, cost: 0 },
    ],
    [
      { ms: 0, vs: 1234 },
      { dbus: 0, cost: 12.34 },
    ],
  ])('B155 Databricks %j → %j', (row, expected) => {
    expect(databricksChargeback(row)).toEqual(expected)
  })

  it.each([
    [30, 120, '25.00%'],
    [0, 0, '0.00%'],
    [5, 0, '500.00%'],
    [5, null, '500.00%'],
    [1, 3, '33.33%'],
  ])('B156 %s of %s is %s', (value, total, share) => {
    expect(chargebackPercent(value, total)).toBe(share)
  })

  it.each([
    [10, 0.123, 1.23],
    [3, 0.3333, 1.0],
    [1.005, 1, 1.01],
  ])('B157 %s × %s = %s', (value, amount, cost) => {
    expect(costFromAmount(value, amount)).toBe(cost)
  })

  it('B157 EMR dollars to 2 decimals', () => {
    expect(emrDollars(12.3456)).toBe(12.35)
  })

  it('B158 BigQuery 1234 cents is $12.34', () => {
    expect(bigQueryCostUsd(1234)).toBe(12.34)
  })

  it.each([
    ['standard', { standard: 0.15, premium: 0.3 }, 0.15],
    ['premium', { standard: 0.15, premium: 0.3 }, 0.3],
    ['enterprise', { standard: 0.15, premium: 0.3 }, 0.3],
    ['enterprise', { premium: 0.3, enterprise: 0.4 }, 0.4],
  ] as const)('B159 C23 a %s tier with prices %j costs %s per DBU', (tier, prices, price) => {
    expect(dbuPrice(tier, prices)).toBe(price)
  })

  it('B159 Databricks cost = cents plus DBUs at the price', () => {
    expect(databricksCost(1250, 10, 0.3)).toBe(15.5)
  })
})

describe('B160-B168 chargeback requests', () => {
  it.each([
    ['cb', '*', {}],
    ['cb', 'c1', { clusterUid: 'c1' }],
    ['bqcb', 'c1', {}],
    ['icb', null, {}],
  ] as const)('B160 search/%s with cluster %s sends %j', (search, uid, params) => {
    expect(chargebackClusterParam(search, uid)).toEqual(params)
  })

  it('B161 the spark and db user lists merge without repeats', () => {
    expect(mergeUserLists(['a', 'b'], ['b', 'c'])).toEqual(['a', 'b', 'c'])
  })

  it.each([
    ['Cluster', 'DBX_CLUSTER'],
    ['JobRun', 'DBX_JOB_RUN'],
  ] as const)('B162 %s sends cbType %s', (type, cbType) => {
    expect(databricksCbType(type)).toBe(cbType)
  })

  it('B163 the same search with its parameters in any order has one key; the aborted one says request-aborted', () => {
    expect(chargebackRequestKey('cb', { a: 1, b: 2 })).toBe(chargebackRequestKey('cb', { b: 2, a: 1 }))
    expect(chargebackRequestKey('cb', { a: 1 })).not.toBe(chargebackRequestKey('icb', { a: 1 }))
    expect(CHARGEBACK_ABORTED).toBe('request-aborted')
  })

  it.each([
    [
      ['a', 'b', 'c', 'd', 'e'],
      ['a', 'b', 'c', 'd'],
    ],
    [
      ['a', 'b'],
      ['a', 'b'],
    ],
    [[], []],
  ])('B164 values %j start with %j selected', (values, selected) => {
    expect(chargebackDefaultGroupValues(values)).toEqual(selected)
  })

  it('B164 an empty group-by waits 50 ms', () => {
    expect(EMPTY_GROUP_BY_DELAY_MS).toBe(50)
  })

  it.each([
    [Date.parse('2025-06-01T13:00Z'), '2025-06-01'],
    [Date.parse('2025-06-01T23:59:59Z'), '2025-06-01'],
  ])('B165 %i is sent as %s', (t, day) => {
    expect(trendDate(t)).toBe(day)
  })

  it.each([
    ['user', 'userName'],
    ['workspace', 'workspace'],
  ])('B165 breakdown %s is sent as %s', (type, param) => {
    expect(trendBreakdownParam(type)).toBe(param)
  })

  it('B166 trend units, granularity and breakdowns', () => {
    expect(COST_TREND_UNITS).toEqual(['USD', 'DBU'])
    expect(COST_TREND_GRANULARITY).toEqual(['daily', 'weekly'])
    expect(COST_TREND_BREAKDOWNS).toEqual(['workspaces', 'users', 'tags'])
  })

  it('B167 two selected tags make two usage calls', () => {
    expect(usageTrendingCalls(['env', 'team'], { from: 1 })).toEqual([
      { from: 1, tag: 'env' },
      { from: 1, tag: 'team' },
    ])
  })

  it('B168 removing the only selected item selects the last and renumbers', () => {
    expect(removeTrendItem([{ index: 1, selected: true }, { index: 2 }, { index: 3 }], 1)).toEqual([
      { index: 1 },
      { index: 2, selected: true },
    ])
  })

  it('B168 a remaining selection is kept', () => {
    expect(removeTrendItem([{ index: 1 }, { index: 2, selected: true }, { index: 3 }], 3)).toEqual([
      { index: 1 },
      { index: 2, selected: true },
    ])
  })
})

describe('B296 B299 resource types and Impala chargeback', () => {
  it.each([
    ['CDP', ['Yarn', 'Impala']],
    ['EMR', ['Yarn']],
    ['GCP', ['Yarn']],
    ['DB', []],
  ] as const)('B296 %s → %j', (type, types) => {
    expect(resourceAppTypes(type)).toEqual(types)
  })

  it('B299 Impala series and CSV columns', () => {
    expect(IMPALA_CHARGEBACK_SERIES.map((s) => s.field)).toEqual(['count', 'vs', 'ms'])
    expect(IMPALA_CHARGEBACK_SERIES.map((s) => s.label)).toEqual(['Jobs', 'CPU hours', 'Memory hours'])
    expect(IMPALA_CHARGEBACK_CSV_COLUMNS).toEqual([
      'Job count',
      'CPU hours',
      'CPU %',
      'CPU cost',
      'Memory hours',
      'Memory %',
      'Memory cost',
    ])
  })
})
