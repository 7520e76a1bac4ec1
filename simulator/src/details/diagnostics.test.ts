import { describe, expect, it } from 'vitest'
import { deriveFailure } from './diagnostics.ts'
import { failureKind, failureKindOfText } from './failure.ts'
import { NOW, record } from './test-records.ts'
import type { FailureKind } from '@costlens/shared'
import { USER_CODE_ERRORS, seededDiagnostics } from '../db/seed/app-diagnostics.ts'
import type { DetailsRecord } from './record.ts'

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
    ["line 3:15: Column 'order_ts' cannot be resolved", 'user-exception'],
    ['Query exceeded distributed user memory limit of 40GB', 'container-memory-limit'],
    ["Cancelled from Impala's debug web interface", 'killed-by-user'],
    ['Query was canceled by user etl_svc', 'killed-by-user'],
    ['The query finished late', null],
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
    ['tez', 'F', 'Vertex failed', 'memory'],
    ['hive', 'F', 'return code 2 from org.apache.hadoop.hive.ql.exec.mr.MapRedTask', 'memory'],
    ['impala', 'K', "Cancelled from Impala's debug web interface", 'killed'],
    ['presto', 'K', 'Query killed. Message: Killed by user', 'killed'],
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

  it.each([
    ['presto', 'F', 'Query exceeded distributed user memory limit of 40GB', 'memory'],
    ['impala', 'F', 'AnalysisException: Table does not exist: web.clicks_v2', 'user-code'],
    ['impala', 'K', 'Cancelled by user airflow', 'killed'],
    ['hive', 'K', 'Application application_1_000001 was killed by user hive at 10.0.17.73', 'killed'],
  ])("%s %s: the engine's error is the record's own text (%s)", (kind, status, text, category) => {
    const failure = deriveFailure(record(kind, { status, diagnostics: text }), NOW)!
    expect(failure.category).toBe(category)
    expect(failure.diagnostics).toBe(text)
    const root = failure.errors[0]!
    expect(root.exception ? `${root.exception}: ${root.message}` : root.message).toMatch(
      new RegExp(`${text.replace(/[[\]().]/g, '\\$&').replace(/^AnalysisException: /, '')}$`),
    )
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

describe('seeded diagnostics: varied, realistic, and every sentence names its failure', () => {
  const SPARK_STAGE = { num_stages: 9, num_completed_stages: 5, num_skipped_stages: 1 } as const
  const SPARK_DRIVER = { num_stages: 6, num_completed_stages: 5, num_skipped_stages: 1 } as const
  const MR = { map_tasks: '396/0/4' } as const
  const families: [string, string, string, Partial<DetailsRecord>, RegExp, FailureKind][] = [
    [
      'Spark: an executor container killed for its memory',
      'spark',
      'F',
      SPARK_STAGE,
      /Task \d+ in stage 6\.0 failed 4 times.*ExecutorLostFailure.*Container killed by YARN for exceeding physical memory limits\. \d+\.\d GB of \d+\.0 GB physical memory used/,
      'container-memory-limit',
    ],
    [
      'Spark: a task out of heap',
      'spark',
      'F',
      SPARK_STAGE,
      /Lost task \d+\.3 in stage 6\.0 \(TID \d+\) \(\S+ executor \d+\): java\.lang\.OutOfMemoryError: Java heap space$/,
      'java-heap-space',
    ],
    [
      'Spark: GC overhead',
      'spark',
      'F',
      SPARK_STAGE,
      /OutOfMemoryError: GC overhead limit exceeded$/,
      'gc-overhead-limit',
    ],
    [
      'Spark: a shuffle fetch from a lost host',
      'spark',
      'F',
      SPARK_STAGE,
      /^Job aborted due to stage failure: ShuffleMapStage 6 has failed the maximum allowable number of times: 4\. Most recent failure reason: org\.apache\.spark\.shuffle\.FetchFailedException: Failed to connect to \S+:7337$/,
      'fetch-failed',
    ],
    [
      'Spark: the user code throws',
      'spark',
      'F',
      SPARK_STAGE,
      /failed 4 times.*(NumberFormatException|NullPointerException|ArrayIndexOutOfBounds|DIVIDE_BY_ZERO)/,
      'user-exception',
    ],
    [
      'Spark: the AM container killed for its memory (exit code -104)',
      'spark',
      'F',
      SPARK_DRIVER,
      /due to AM Container for appattempt_\d+_\d+_000001 exited with exitCode: -104\n.*running beyond physical memory limits/,
      'container-memory-limit',
    ],
    [
      'Spark: the driver out of heap (AM exit code 15)',
      'spark',
      'F',
      SPARK_DRIVER,
      /exitCode: 15\n.*User class threw exception: java\.lang\.OutOfMemoryError: Java heap space/,
      'java-heap-space',
    ],
    [
      'Spark: the driver cannot find a table',
      'spark',
      'F',
      SPARK_DRIVER,
      /^User class threw exception: org\.apache\.spark\.sql\.AnalysisException: \[TABLE_OR_VIEW_NOT_FOUND\]/,
      'user-exception',
    ],
    [
      'MapReduce: a map task over its container memory',
      'mr',
      'F',
      MR,
      /^Task failed task_\d+_\d+_m_\d{6}\nJob failed as tasks failed\. failedMaps:4 [\s\S]*Max number of failed attempts \(4\) reached .*running beyond physical memory limits/,
      'container-memory-limit',
    ],
    [
      'MapReduce: a map task out of heap',
      'mr',
      'F',
      MR,
      /Max number of failed attempts \(4\) reached.*Error: java\.lang\.OutOfMemoryError: Java heap space$/,
      'java-heap-space',
    ],
    ['MapReduce: GC overhead', 'mr', 'F', MR, /GC overhead limit exceeded$/, 'gc-overhead-limit'],
    [
      'MapReduce: bad data',
      'mr',
      'F',
      MR,
      /last attempt attempt_.*Error: java\.lang\.(NumberFormat|NullPointer|ArrayIndexOutOfBounds)/,
      'user-exception',
    ],
    [
      'Hive: return code 2 from MapRedTask, memory',
      'hive',
      'F',
      {},
      /^FAILED: Execution Error, return code 2 from org\.apache\.hadoop\.hive\.ql\.exec\.mr\.MapRedTask\. Container .*physical memory/,
      'container-memory-limit',
    ],
    [
      'Hive: return code 2, a row the query cannot process',
      'hive',
      'F',
      {},
      /MapRedTask\. .*Hive Runtime Error while processing row/,
      'user-exception',
    ],
    [
      'Tez: a vertex failed, its task attempts used up',
      'tez',
      'F',
      {},
      /^Vertex failed, vertexName=Map 1, vertexId=vertex_\d+_\d+_1_00, .*TaskAttempt 3 failed.*OWN_TASK_FAILURE/,
      'container-memory-limit',
    ],
    [
      'Impala: memory limit exceeded',
      'impala',
      'F',
      {},
      /^Memory limit exceeded: Failed to allocate row batch\n\w+_NODE \(id=\d\) could not allocate/,
      'container-memory-limit',
    ],
    [
      'Impala: a column the query names is missing',
      'impala',
      'F',
      {},
      /^AnalysisException: /,
      'user-exception',
    ],
    [
      'Presto: per-node memory limit',
      'presto',
      'F',
      {},
      /^Query exceeded per-node (user )?memory limit of \dGB/,
      'container-memory-limit',
    ],
    [
      'Presto: distributed memory limit',
      'presto',
      'F',
      {},
      /^Query exceeded distributed user memory limit of \d+GB$/,
      'container-memory-limit',
    ],
    [
      'Presto: a bad query',
      'presto',
      'F',
      {},
      /cannot be resolved|Division by zero|does not exist/,
      'user-exception',
    ],
    [
      'YARN: killed by its user from an address',
      'spark',
      'K',
      {},
      /^Application application_\d+_\d+ was killed by user \S+ at 10\.0\.\d+\.\d+$/,
      'killed-by-user',
    ],
    [
      'MapReduce: a kill received from its user',
      'mr',
      'K',
      MR,
      /^Kill job job_\d+_\d+ received from \S+ \(auth:SIMPLE\)/,
      'killed-by-user',
    ],
    [
      'Impala: cancelled from the debug page',
      'impala',
      'K',
      {},
      /^Cancelled from Impala's debug web interface$/,
      'killed-by-user',
    ],
    [
      'Presto: killed by user',
      'presto',
      'K',
      {},
      /^Query (killed\. Message: Killed by user|was canceled by user)/,
      'killed-by-user',
    ],
  ]
  const appOf = (kind: string, status: string, shape: Partial<DetailsRecord>, seq: number) =>
    record(kind, { ...shape, status, id: `application_1761099553_${String(seq).padStart(6, '0')}` })

  it.each(families)('%s (%s %s)', (_name, kind, status, shape, words, failure) => {
    const texts = Array.from({ length: 400 }, (_, seq) =>
      seededDiagnostics(appOf(kind, status, shape, seq), seq)!,
    )
    const text = texts.find((t) => words.test(t))
    expect(text, `no ${kind} ${status} sentence matches ${words}`).toBeDefined()
    expect(failureKindOfText(text)).toBe(failure)
    // The details take the same kind from it: the record and its errors tell one story.
    expect(failureKind(appOf(kind, status, { ...shape, diagnostics: text! }, 0))).toBe(failure)
  })

  it('every sentence of every engine is recognised, and names a kind its engine can have', () => {
    const shapes: Partial<DetailsRecord>[] = [
      SPARK_STAGE,
      SPARK_DRIVER,
      MR,
      {},
      { num_completed_stages: 0, num_skipped_stages: 0 },
    ]
    const seen = new Set<string>()
    for (const kind of ['spark', 'mr', 'hive', 'tez', 'impala', 'presto'])
      for (const status of ['F', 'K'])
        for (const shape of shapes)
          for (let seq = 0; seq < 300; seq++) {
            const rec = appOf(kind, status, shape, seq)
            const text = seededDiagnostics(rec, seq)!
            seen.add(text.replace(/\d+/g, '#'))
            const named = failureKindOfText(text)
            expect(named, text).not.toBeNull()
            expect(named === 'killed-by-user', text).toBe(status === 'K')
            expect(failureKind({ ...rec, diagnostics: text }), text).toBe(named)
          }
    // Varied: dozens of different sentences, not one per status.
    expect(seen.size).toBeGreaterThan(40)
  })

  it("a killed MapReduce job's kill request names the address its AM log shows", () => {
    const texts = Array.from({ length: 60 }, (_, seq) => {
      const rec = appOf('mr', 'K', MR, seq)
      return { rec, text: seededDiagnostics(rec, seq)! }
    }).filter(({ text }) => text.startsWith('Kill job'))
    expect(texts.length).toBeGreaterThan(0)
    for (const { rec, text } of texts) {
      const root = deriveFailure({ ...rec, diagnostics: text }, NOW)!.errors[0]!
      expect(root.message.split('\n')[0]).toBe(text.split('\n')[0])
    }
  })

  it('other statuses carry no diagnostics; the same app always gets the same sentence', () => {
    for (const status of ['S', 'R', 'U', 'W'])
      expect(seededDiagnostics(record('spark', { status }), 3)).toBeNull()
    const rec = record('spark', { status: 'F' })
    expect(seededDiagnostics(rec, 17)).toBe(seededDiagnostics(rec, 17))
  })

  it("a failed app's errors agree with its seeded sentence: the same exception, task and stage", () => {
    for (let seq = 0; seq < 200; seq++) {
      const rec = appOf('spark', 'F', SPARK_STAGE, seq)
      const text = seededDiagnostics(rec, seq)!
      const failure = deriveFailure({ ...rec, diagnostics: text }, NOW)!
      expect(failure.kind).toBe(failureKindOfText(text))
      const root = failure.errors[0]!
      if (failure.kind === 'fetch-failed') continue
      expect(failure.diagnostics, text).toContain(`in stage ${root.stageId}.${root.stageAttemptId}`)
      expect(failure.diagnostics).toContain(`executor ${root.executorId})`)
      const named = USER_CODE_ERRORS.find((e) => text.includes(e))
      if (failure.kind === 'user-exception') expect(root.exception).toBe(named!.split(':')[0])
    }
  })
})
