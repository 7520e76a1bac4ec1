import { describe, expect, it } from 'vitest'
import {
  APP_STATUS_LABELS,
  AUTOACTION_STATES,
  BIGQUERY_JOB_STATUS,
  BIGQUERY_JOB_TYPES,
  borderClass,
  BUDGET_PERIODS,
  BUDGET_STATUSES,
  COUNT_BADGE_COLOURS,
  DATABRICKS_TAB_STATUSES,
  EMR_LIST_TABS,
  EMR_STATUS_GROUPS,
  emrStateStyle,
  extraKinds,
  hbaseAlertStatus,
  HEALTH_LABELS,
  impalaFragmentStyle,
  impalaQueryStatus,
  isRunningAnnotation,
  JOB_STATUS_BUCKETS,
  listedKinds,
  REPORT_STATUSES,
  runningYarnRow,
  SNOWFLAKE_QUERY_STATUS,
  tezStatusCode,
} from './status-maps.ts'

describe('B174 application status codes', () => {
  it.each([
    ['S', 'success'],
    ['F', 'failed'],
    ['K', 'killed'],
    ['P', 'pending'],
    ['R', 'running'],
    ['U', 'unknown'],
    ['W', 'waiting'],
  ] as const)('B174 %s is %s', (code, label) => {
    expect(APP_STATUS_LABELS[code]).toBe(label)
  })

  it.each([
    ['E', 'error'],
    ['F', 'error'],
    ['K', 'killed'],
    ['W', 'waiting'],
    ['Z', 'unknown'],
  ])('B174 border class of %s is %s', (code, style) => {
    expect(borderClass(code)).toBe(style)
  })
})

describe('B175 running YARN apps', () => {
  it('B175 kind lowercased, duration = now - startedTime', () => {
    expect(
      runningYarnRow({ applicationType: 'SPARK', startedTime: 400000, state: 'RUNNING' }, 1000000),
    ).toEqual({
      kind: 'spark',
      duration: 600000,
      borderClass: 'running',
    })
  })

  it.each([
    ['ACCEPTED', 'pending'],
    ['ERRORS', 'error'],
    ['FAILED', 'error'],
    ['KILLED', 'killed'],
    ['UNKOWN', 'unknown'],
    ['WAITING', 'waiting'],
    ['NEW_SAVING', 'unknown'],
  ])('B175 state %s gives border %s', (state, style) => {
    expect(runningYarnRow({ applicationType: 'MAPREDUCE', startedTime: 0, state }, 0).borderClass).toBe(style)
  })
})

describe('B176 job buckets and dropped kinds', () => {
  it('B176 pig and cascading are dropped', () => {
    expect(listedKinds(['spark', 'pig', 'cascading', 'hive'])).toEqual(['spark', 'hive'])
  })

  it('B176 other kinds become extra types', () => {
    expect(extraKinds(['spark', 'presto', 'pig', 'flink'], ['spark', 'hive'])).toEqual(['presto', 'flink'])
  })

  it('B176 the buckets', () => {
    expect(JOB_STATUS_BUCKETS).toEqual(['running', 'pending', 'success', 'failed', 'killed'])
  })
})

describe('B217 annotation status', () => {
  it.each([
    ['R', true],
    ['running', true],
    ['RUNNING', true],
    ['S', false],
    [null, false],
  ])('B217 %s means running: %s', (status, running) => {
    expect(isRunningAnnotation(status)).toBe(running)
  })
})

describe('B219 Tez statuses', () => {
  it.each([
    ['SUCCEEDED', 'S'],
    ['FAILED', 'F'],
    ['KILLED', 'K'],
    ['RUNNING', 'R'],
    ['SCHEDULED', 'P'],
    ['INITED', 'P'],
  ])('B219 %s → %s', (word, code) => {
    expect(tezStatusCode(word)).toBe(code)
  })
})

describe('B212 B213 Impala statuses', () => {
  it.each([
    ['S', 'success'],
    ['F', 'error'],
    ['R', 'error'],
  ])('B212 fragment status %s is %s', (status, style) => {
    expect(impalaFragmentStyle(status)).toBe(style)
  })

  it.each([
    ['success', { code: 'S', label: 'success' }],
    ['S', { code: 'S', label: 'success' }],
    ['killed', { code: 'K', label: 'killed' }],
    ['K/F', { code: 'K', label: 'killed' }],
    ['failed', { code: 'F', label: 'failed' }],
    ['waiting', { code: 'W', label: 'waiting' }],
    ['U', { code: 'U', label: 'unknown' }],
    ['xyz', { code: 'P', label: 'Pending' }],
  ])('B213 %s → %j', (status, expected) => {
    expect(impalaQueryStatus(status)).toEqual(expected)
  })
})

describe('B232 Snowflake query statuses', () => {
  it.each([
    ['S', 'success'],
    ['R', 'running'],
    ['F', 'error'],
    ['W', 'waiting'],
    ['U', 'waiting'],
    ['P', 'error'],
  ])('B232 %s → %s', (status, style) => {
    expect(SNOWFLAKE_QUERY_STATUS[status]?.style).toBe(style)
  })
})

describe('B242 B243 BigQuery statuses and types', () => {
  it('B242 W is Pending', () => {
    expect(BIGQUERY_JOB_STATUS).toEqual({ S: 'Success', R: 'Running', F: 'Failed', W: 'Pending' })
  })

  it('B243 L is Load', () => {
    expect(BIGQUERY_JOB_TYPES.L).toBe('Load')
    expect(Object.values(BIGQUERY_JOB_TYPES)).toEqual(['Copy', 'Load', 'Extract', 'Query'])
  })
})

describe('B203 B205 EMR cluster states', () => {
  it.each([
    ['bootstrapping', 'success'],
    ['starting', 'success'],
    ['terminating', 'success'],
    ['WAITING', 'success'],
    ['terminated', 'waiting'],
    ['terminated_with_errors', 'error'],
    ['failed', 'error'],
  ])('B203 %s → %s', (state, style) => {
    expect(emrStateStyle(state)).toBe(style)
  })

  it('B205 the tabs and status groups', () => {
    expect(EMR_LIST_TABS).toEqual(['all', 'active', 'inefficient'])
    expect(Object.keys(EMR_STATUS_GROUPS)).toEqual(['active', 'terminated', 'failed'])
    for (const state of EMR_STATUS_GROUPS.failed) expect(emrStateStyle(state)).toBe('error')
    for (const state of EMR_STATUS_GROUPS.active) expect(emrStateStyle(state)).toBe('success')
  })
})

describe('B190 Databricks statuses per tab', () => {
  it.each([
    ['all', ['S', 'F', 'K', 'P', 'R', 'U', 'W']],
    ['finished', ['K', 'F', 'S']],
    ['running', ['R']],
  ] as const)('B190 %s offers %j', (tab, statuses) => {
    expect(DATABRICKS_TAB_STATUSES[tab]).toEqual(statuses)
  })
})

describe('B208 HBase alerts', () => {
  it.each([
    ['High latency', { status: 'Killed', alert: 'High latency' }],
    [null, { status: 'Success', alert: 'Good' }],
    ['', { status: 'Success', alert: 'Good' }],
  ])('B208 alert %j → %j', (alert, expected) => {
    expect(hbaseAlertStatus(alert)).toEqual(expected)
  })
})

describe('B142 B253 B256 B259 B271 status vocabularies', () => {
  it('B142 health labels', () => {
    expect(HEALTH_LABELS).toEqual(['Uncontrolled', 'Poor', 'Managed', 'Optimized'])
  })

  it('B253 report statuses', () => {
    expect(REPORT_STATUSES).toEqual(['started', 'failure', 'success', 'unknown', 'loading'])
  })

  it('B256 budgets: Ok, At Risk, Exceeded; weekly is not offered', () => {
    expect(BUDGET_STATUSES).toEqual(['Ok', 'At Risk', 'Exceeded'])
    expect(BUDGET_PERIODS).not.toContain('weekly')
  })

  it('B259 an autoaction is enabled or disabled', () => {
    expect(AUTOACTION_STATES).toEqual(['enabled', 'disabled'])
  })

  it.each([
    ['fatal', 'red'],
    ['error', 'orange'],
    ['warning', 'yellow'],
  ] as const)('B271 %s badges are %s', (level, colour) => {
    expect(COUNT_BADGE_COLOURS[level]).toBe(colour)
  })
})
