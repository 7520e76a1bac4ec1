import { describe, expect, it } from 'vitest'
import { deriveFailure } from './diagnostics.ts'
import { failureKind, failureKindOfText } from './failure.ts'
import { NOW, record } from './test-records.ts'

describe('failure kinds', () => {
  it.each([
    ['Application killed by user.', 'killed-by-user'],
    ['Job execution was cancelled: User requested cancellation', 'killed-by-user'],
    ['org.apache.spark.shuffle.FetchFailedException: Failed to connect to host:7337', 'fetch-failed'],
    ['Shuffle Error: Exceeded MAX_FAILED_UNIQUE_FETCHES; bailing-out.', 'fetch-failed'],
    ['java.lang.OutOfMemoryError: GC overhead limit exceeded', 'gc-overhead-limit'],
    ['java.lang.OutOfMemoryError: Java heap space', 'java-heap-space'],
    [
      'Job aborted due to stage failure: Task 12 in stage 4.0 failed 4 times, most recent failure: ExecutorLostFailure (executor 7 exited caused by one of the running tasks) Reason: Container killed by YARN for exceeding memory limits.',
      'container-memory-limit',
    ],
    [
      "Container [pid=1,containerID=c] is running 1B beyond the 'PHYSICAL' memory limit.",
      'container-memory-limit',
    ],
    ['Memory limit exceeded: Failed to allocate row batch', 'container-memory-limit'],
    ['Query exceeded per-node memory limit of 4GB', 'container-memory-limit'],
    ['Resources exceeded during query execution', 'container-memory-limit'],
    ['line 3:15: Column order_ts cannot be resolved', null],
    [null, null],
  ])('%s → %s', (text, kind) => {
    expect(failureKindOfText(text)).toBe(kind)
  })

  it('only failed and killed apps have a failure', () => {
    for (const status of ['S', 'R', 'U', 'W', 'P'])
      expect(failureKind(record('spark', { status }))).toBeNull()
    expect(failureKind(record('spark', { status: 'K' }))).toBe('killed-by-user')
  })

  it("a cause the engine cannot have gives way to the engine's most common one", () => {
    const rec = record('mr', { status: 'F', map_tasks: '9/0/1', diagnostics: 'FetchFailedException' })
    expect(failureKind(rec)).toBe('container-memory-limit')
  })

  it('failed apps without a text still fail in each of their engine’s usual ways', () => {
    const kinds = new Set(
      Array.from({ length: 200 }, (_, i) =>
        failureKind(
          record('spark', {
            id: `application_1761099553_${String(i).padStart(6, '0')}`,
            status: 'F',
            num_completed_stages: 5,
          }),
        ),
      ),
    )
    expect([...kinds].sort()).toEqual([
      'container-memory-limit',
      'fetch-failed',
      'gc-overhead-limit',
      'java-heap-space',
      'user-exception',
    ])
  })
})

describe('failures of every engine', () => {
  it.each([
    ['impala', 'F', 'Memory limit exceeded', 'memory'],
    ['presto', 'F', 'Query exceeded per-node memory limit', 'memory'],
    ['bigquery', 'F', 'Resources exceeded during query execution', 'memory'],
    ['tez', 'F', 'Vertex failed', 'memory'],
    ['hive', 'F', 'return code 2 from org.apache.hadoop.hive.ql.exec.mr.MapRedTask', 'memory'],
    ['impala', 'K', "Cancelled from Impala's debug web interface", 'killed'],
    ['presto', 'K', 'Query killed. Message: Killed by user', 'killed'],
    ['bigquery', 'K', 'User requested cancellation', 'killed'],
  ])('%s %s: the engine’s own words (%s), category %s', (kind, status, words, category) => {
    const rec = record(kind, {
      status,
      diagnostics:
        status === 'F'
          ? 'Container killed by YARN for exceeding memory limits.'
          : 'Application killed by user.',
    })
    const failure = deriveFailure(rec, NOW)!
    expect(failure.category).toBe(category)
    expect(failure.errors[0]!.message).toContain(words)
  })

  it("the record's killed text is shown as it is", () => {
    expect(
      deriveFailure(record('spark', { status: 'K', diagnostics: 'Application killed by user.' }), NOW)!
        .diagnostics,
    ).toBe('Application killed by user.')
  })

  it('a Spark app whose stages all finished failed in its driver, and says so', () => {
    const rec = record('spark', {
      status: 'F',
      num_stages: 4,
      num_completed_stages: 4,
      num_skipped_stages: 0,
      diagnostics:
        'Job aborted due to stage failure: Task 12 in stage 4.0 failed 4 times, most recent failure: ExecutorLostFailure (executor 7 exited caused by one of the running tasks) Reason: Container killed by YARN for exceeding memory limits.',
    })
    const failure = deriveFailure(rec, NOW)!
    expect(failure.errors[0]!.source).toBe('am')
    expect(failure.diagnostics).toMatch(
      /failed 1 times due to AM Container for appattempt_1761099553_\d+_000001 exited with exitCode: -104/,
    )
    expect(failure.diagnostics).not.toContain('stage 4.0')
  })

  it("a Spark stage failure keeps the record's words, pointed at the task and stage that failed", () => {
    const rec = record('spark', {
      status: 'F',
      num_stages: 9,
      num_completed_stages: 6,
      num_skipped_stages: 1,
      diagnostics:
        'Job aborted due to stage failure: Task 12 in stage 4.0 failed 4 times, most recent failure: ExecutorLostFailure (executor 7 exited caused by one of the running tasks) Reason: Container killed by YARN for exceeding memory limits.',
    })
    const failure = deriveFailure(rec, NOW)!
    const root = failure.errors[0]!
    expect(root.stageId).toBe(7)
    expect(failure.diagnostics).toBe(
      `Job aborted due to stage failure: Task ${root.taskIndex} in stage 7.0 failed 4 times, most recent failure: ExecutorLostFailure (executor ${root.executorId} exited caused by one of the running tasks) Reason: Container killed by YARN for exceeding memory limits.`,
    )
    expect(failure.errors.map((e) => e.source)).toEqual(['yarn', 'task', 'driver'])
  })
})
