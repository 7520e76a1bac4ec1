import { describe, expect, it } from 'vitest'
import {
  allocatedMbToBytes,
  appAccessOutcome,
  type AccessCheckResponse,
  LOG_LOAD_FAILURE_NOTICE_MS,
  logLoadPollStep,
  logLoadStart,
  nullOnFailure,
  SNOWFLAKE_MS_METRICS,
  tezVersions,
  visibleViolations,
  yarnActionResult,
  yarnKillAction,
  yarnMoveAction,
} from './app-details.ts'
import { MESSAGES } from '../messages.ts'

describe('B050 application access check', () => {
  it.each([
    [{ canAccessApp: false, appExist: true }, 'Information for this application app_1 is forbidden.'],
    [{}, 'Information for this application app_1 is forbidden.'],
    [null, 'Information for this application app_1 is forbidden.'],
    [{ canAccessApp: false, appExist: false }, 'Information for this application app_1 is not available.'],
    [{ canAccessApp: true, appExist: false }, 'Information for this application app_1 is not available.'],
    ['failed', 'API error'],
  ] as [AccessCheckResponse, string][])('B050 %j refuses with "%s"', (response, message) => {
    expect(appAccessOutcome('app_1', response)).toEqual({ allowed: false, message })
  })

  it('B050 access granted when the application exists and may be read', () => {
    expect(appAccessOutcome('app_1', { canAccessApp: true, appExist: true })).toEqual({ allowed: true })
  })
})

describe('B218 Tez and DAG versions', () => {
  it.each([
    [{ dagVersion: null }, { tezVersion: 'v1', dagVersion: 'v1' }],
    [
      { tezVersion: 'v2', dagVersion: '' },
      { tezVersion: 'v2', dagVersion: 'v1' },
    ],
    [
      { tezVersion: 'v2', dagVersion: 'v3' },
      { tezVersion: 'v2', dagVersion: 'v3' },
    ],
  ])('B218 %j → %j', (app, expected) => {
    expect(tezVersions(app)).toEqual(expected)
  })
})

describe('B220 allocated memory', () => {
  it.each([
    [0, 0],
    [1, 1_048_576],
    [4096, 4_294_967_296],
  ])('B220 %i MB is %i bytes (binary)', (mb, bytes) => {
    expect(allocatedMbToBytes(mb)).toBe(bytes)
  })
})

describe('B221 policy violations', () => {
  it.each([
    [0, 0],
    [9, 9],
    [10, 10],
    [25, 10],
  ])('B221 %i violations show %i', (count, shown) => {
    expect(visibleViolations(Array.from({ length: count }, (_, i) => i))).toHaveLength(shown)
  })

  it('B221 keeps the first ones in order', () => {
    expect(visibleViolations(['a', 'b', 'c'], 2)).toEqual(['a', 'b'])
  })
})

describe('B145 Snowflake time metrics in ms', () => {
  it('B145 names the six metrics that are milliseconds', () => {
    expect(SNOWFLAKE_MS_METRICS).toHaveLength(6)
    expect(SNOWFLAKE_MS_METRICS).toContain('list_external_files_time')
  })
})

describe('B222 B223 log loading', () => {
  it('B222 logs already loaded: an info notice and no load call', () => {
    expect(logLoadStart({ executorLogsLoaded: true })).toEqual({
      notice: { kind: 'info', message: MESSAGES.M038 },
      callLoadLogs: false,
    })
  })

  it('B222 otherwise a running notice, then load_logs', () => {
    expect(logLoadStart({})).toEqual({
      notice: { kind: 'running', message: MESSAGES.M037 },
      callLoadLogs: true,
    })
    expect(logLoadStart(null).callLoadLogs).toBe(true)
  })

  it.each([
    [
      'SUCCESS',
      { task_id: 't1', task_status: 'SUCCESS' },
      { kind: 'success', message: MESSAGES.M040 },
      false,
      true,
    ],
    [
      'STARTED',
      { task_id: 't1', task_status: 'STARTED' },
      { kind: 'running', message: MESSAGES.M041 },
      true,
      false,
    ],
    [
      'FAILURE with a reason',
      { task_id: 't1', task_status: 'FAILURE', failure_message: 'disk full' },
      { kind: 'danger', message: `disk full ${MESSAGES.M039}` },
      false,
      false,
    ],
    [
      'FAILURE without a reason',
      { task_id: 't1', task_status: 'FAILURE' },
      { kind: 'danger', message: MESSAGES.M039 },
      false,
      false,
    ],
    [
      'an entry without task_status',
      { task_id: 't1' },
      { kind: 'danger', message: MESSAGES.M042 },
      false,
      false,
    ],
    [
      'no entry for the task',
      undefined,
      { kind: 'danger', message: 'The log-loading task t1 was not found.' },
      false,
      false,
    ],
  ])('B222 a poll with %s', (_label, entry, notice, keepPolling, reloadEnabled) => {
    expect(logLoadPollStep('t1', entry)).toEqual({ notice, keepPolling, reloadEnabled })
  })

  it('B223 failure notices stay 7000 ms', () => {
    expect(LOG_LOAD_FAILURE_NOTICE_MS).toBe(7000)
  })
})

describe('B224 Yarn kill', () => {
  it('B224 cluster "-": a cluster-error notice and no kill call', () => {
    expect(yarnKillAction('app_1', '-')).toEqual({
      call: false,
      notice: { kind: 'danger', message: MESSAGES.M032 },
    })
  })

  it('B224 a known cluster: running, then success or danger', () => {
    expect(yarnKillAction('app_1', 'c1')).toEqual({
      call: true,
      notice: { kind: 'running', message: MESSAGES.M029 },
      path: 'yarn_rm/kill_app/app_1',
    })
    expect(yarnActionResult('kill', true)).toEqual({ kind: 'success', message: MESSAGES.M030 })
    expect(yarnActionResult('kill', false)).toEqual({ kind: 'danger', message: MESSAGES.M031 })
  })
})

describe('B225 Yarn move', () => {
  it.each(['', '   ', '\t'])('B225 queue %j: a queue-error notice and no call', (queue) => {
    expect(yarnMoveAction('app_1', queue)).toEqual({
      call: false,
      notice: { kind: 'danger', message: MESSAGES.M036 },
    })
  })

  it('B225 the queue is sent trimmed', () => {
    expect(yarnMoveAction('app_1', ' root.etl ')).toMatchObject({
      call: true,
      path: 'yarn_rm/move_app/app_1',
      query: { queue: 'root.etl' },
    })
    expect(yarnActionResult('move', true).kind).toBe('success')
    expect(yarnActionResult('move', false)).toEqual({ kind: 'danger', message: MESSAGES.M035 })
  })
})

describe('B226 optional detail panels', () => {
  it('B226 a failed comment call returns null', async () => {
    await expect(nullOnFailure(() => Promise.reject(new Error('500')))).resolves.toBeNull()
  })

  it('B226 a successful call returns its value', async () => {
    await expect(nullOnFailure(() => Promise.resolve({ summary: 'ok' }))).resolves.toEqual({ summary: 'ok' })
  })
})
