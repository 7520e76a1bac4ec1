import type { AppRow } from './applications.ts'

/**
 * The YARN / engine diagnostics of a failed (F) or killed (K) application, as the lists show them:
 * the words each engine really uses (a container killed for its memory with its GB, a
 * FetchFailedException naming the host, an OutOfMemoryError, a task's attempts used up, an AM
 * container's exit code, Hive's return code 2, Impala's and Presto's memory limits, BigQuery's
 * resources exceeded), with the app's own ids and stage numbers. The sentence is chosen by the
 * app's seq, never by the seed's generator: the texts can change without moving any other seeded
 * value. Every sentence names a failure kind failure.ts (failureKindOfText) recognises, one its
 * engine can have, so the details derived from the record tell the same story.
 */

/** The record's columns a diagnostics text is made from. */
export type DiagnosedApp = Pick<
  AppRow,
  | 'id'
  | 'kind'
  | 'status'
  | 'cluster_uid'
  | 'cluster_type'
  | 'user'
  | 'num_stages'
  | 'num_completed_stages'
  | 'num_skipped_stages'
  | 'app_attempts'
  | 'map_tasks'
  | 'input_tables'
  | 'output_tables'
>

/** A well-mixed 32-bit hash of (seq, salt): each choice of a sentence draws on its own bits. */
function mix(seq: number, salt: number): number {
  let h = Math.imul(seq + 1, 0x9e3779b1) ^ Math.imul(salt + 1, 0x85ebca6b)
  h ^= h >>> 15
  h = Math.imul(h, 0x2c1b3c6d)
  h ^= h >>> 12
  h = Math.imul(h, 0x297a2d39)
  h ^= h >>> 15
  return h >>> 0
}

const pick = <T>(items: readonly T[], seq: number, salt: number): T => items[mix(seq, salt) % items.length]!

/** Picks by relative weight, like the details' own failure draws (failure.ts candidateKinds). */
function weighted<T>(items: readonly [T, number][], seq: number, salt: number): T {
  const total = items.reduce((n, [, w]) => n + w, 0)
  let roll = (mix(seq, salt) / 2 ** 32) * total
  for (const [item, w] of items) if ((roll -= w) < 0) return item
  return items[items.length - 1]![0]
}

const pad = (n: number, width: number) => String(n).padStart(width, '0')
const gb = (value: number) => value.toFixed(1)

/** The cluster time stamp and sequence of a YARN id (application_<ts>_<seq>). */
function yarnParts(id: string): { ts: string; seq: string } {
  const m = /^application_(\d+)_(\d+)$/.exec(id)
  return m ? { ts: m[1]!, seq: m[2]! } : { ts: '0', seq: '0000' }
}

/** A worker of the app's cluster, named as the details name them (record.ts workerHost's form). */
function host(app: Pick<AppRow, 'cluster_uid' | 'cluster_type'>, seq: number): string {
  const node = 1 + (mix(seq, 11) % 48)
  return app.cluster_type === 'EMR'
    ? `ip-10-0-${16 + (node % 8)}-${20 + node * 3}.ec2.internal`
    : `${app.cluster_uid}-wn${pad(node, 2)}.costlens.internal`
}

/** Container sizes (GB) and how far past them a killed container got. */
function memory(seq: number): { limit: number; used: string; virtualUsed: string; virtualLimit: string } {
  const limit = pick([2, 4, 6, 8, 10, 12, 16], seq, 3)
  const over = 1.01 + (mix(seq, 4) % 12) / 100
  return {
    limit,
    used: gb(limit * over),
    virtualUsed: gb(limit * 1.8),
    virtualLimit: gb(limit * 2.1),
  }
}

/** The user-code errors a query or a task throws; failure.ts USER_EXCEPTIONS names the Java ones. */
export const USER_CODE_ERRORS = [
  'java.lang.NumberFormatException: For input string: "N/A"',
  'java.lang.NullPointerException',
  'java.lang.ArrayIndexOutOfBoundsException: Index 7 out of bounds for length 7',
  'org.apache.spark.SparkArithmeticException: [DIVIDE_BY_ZERO] Division by zero.',
] as const

function sparkFailed(app: DiagnosedApp, seq: number): string {
  const total = Math.max(0, app.num_stages)
  const skipped = Math.min(Math.max(0, app.num_skipped_stages), total)
  const completed = Math.min(Math.max(0, app.num_completed_stages), total - skipped)
  const failing = completed + skipped < total ? completed + skipped : null
  const { ts, seq: yseq } = yarnParts(app.id)
  const attempts = Math.max(1, app.app_attempts)
  const appAttempt = `appattempt_${ts}_${yseq}_${pad(attempts, 6)}`
  if (failing === null) {
    // Every stage finished: the driver (the AM) died after them.
    const kind = weighted<'am-memory' | 'am-heap' | 'am-user'>(
      [
        ['am-memory', 3],
        ['am-heap', 3],
        ['am-user', 4],
      ],
      seq,
      1,
    )
    const m = memory(seq)
    if (kind === 'am-memory')
      return `Application ${app.id} failed ${attempts} times due to AM Container for ${appAttempt} exited with exitCode: -104\nFailing this attempt.Diagnostics: Container [pid=${31_000 + (mix(seq, 5) % 9000)},containerID=container_${ts}_${yseq}_${pad(attempts, 2)}_000001] is running beyond physical memory limits. Current usage: ${m.used} GB of ${m.limit}.0 GB physical memory used; ${m.virtualUsed} GB of ${m.virtualLimit} GB virtual memory used. Killing container.`
    if (kind === 'am-heap')
      return `Application ${app.id} failed ${attempts} times due to AM Container for ${appAttempt} exited with exitCode: 15\nFailing this attempt.Diagnostics: User class threw exception: java.lang.OutOfMemoryError: Java heap space`
    const table = (app.output_tables ?? app.input_tables ?? 'sales.orders').replace('.', '`.`')
    return `User class threw exception: org.apache.spark.sql.AnalysisException: [TABLE_OR_VIEW_NOT_FOUND] The table or view \`${table}_v2\` cannot be found.`
  }
  const kind = weighted<'memory' | 'heap' | 'gc' | 'fetch' | 'user'>(
    [
      ['memory', 35],
      ['heap', 15],
      ['gc', 10],
      // A fetch fails in a stage that reads another's shuffle output: never the first stage.
      ['fetch', failing > 0 ? 20 : 0],
      ['user', 20],
    ],
    seq,
    1,
  )
  const task = mix(seq, 6) % 200
  const executor = 1 + (mix(seq, 7) % 40)
  const where = host(app, seq)
  const tid = 1000 + (mix(seq, 8) % 40_000)
  const lost = (error: string) =>
    `Job aborted due to stage failure: Task ${task} in stage ${failing}.0 failed 4 times, most recent failure: Lost task ${task}.3 in stage ${failing}.0 (TID ${tid}) (${where} executor ${executor}): ${error}`
  const m = memory(seq)
  switch (kind) {
    case 'memory':
      return lost(
        `ExecutorLostFailure (executor ${executor} exited caused by one of the running tasks) Reason: Container killed by YARN for exceeding physical memory limits. ${m.used} GB of ${m.limit}.0 GB physical memory used. Consider boosting spark.executor.memoryOverhead.`,
      )
    case 'heap':
      return lost('java.lang.OutOfMemoryError: Java heap space')
    case 'gc':
      return lost('java.lang.OutOfMemoryError: GC overhead limit exceeded')
    case 'fetch':
      return `Job aborted due to stage failure: ShuffleMapStage ${failing} has failed the maximum allowable number of times: 4. Most recent failure reason: org.apache.spark.shuffle.FetchFailedException: Failed to connect to ${where}:7337`
    default:
      return lost(pick(USER_CODE_ERRORS, seq, 9))
  }
}

/** What a MapReduce (or Hive-on-MR, Tez) task attempt dies of, first line. */
function taskCause(seq: number, kinds: readonly [string, number][]): string {
  const m = memory(seq)
  switch (weighted(kinds, seq, 1)) {
    case 'memory':
      return `Container [pid=${4000 + (mix(seq, 5) % 50_000)},containerID=container_x] is running beyond physical memory limits. Current usage: ${m.used} GB of ${m.limit}.0 GB physical memory used; ${m.virtualUsed} GB of ${m.virtualLimit} GB virtual memory used. Killing container.`
    case 'heap':
      return 'Error: java.lang.OutOfMemoryError: Java heap space'
    case 'gc':
      return 'Error: java.lang.OutOfMemoryError: GC overhead limit exceeded'
    default:
      return `Error: ${pick(USER_CODE_ERRORS.slice(0, 3), seq, 9)}`
  }
}

const YARN_TASK_KINDS: readonly [string, number][] = [
  ['memory', 40],
  ['heap', 20],
  ['gc', 10],
  ['user', 30],
]

function mrFailed(app: DiagnosedApp, seq: number): string {
  const { ts, seq: yseq } = yarnParts(app.id)
  const [, km = '0', fm = '1'] = app.map_tasks.split('/')
  const taskId = `task_${ts}_${yseq}_m_${pad(mix(seq, 6) % Math.max(1, Number(app.map_tasks.split('/')[0]) + 1), 6)}`
  const cause = taskCause(seq, YARN_TASK_KINDS).replace(
    'container_x',
    `container_${ts}_${yseq}_01_${pad(2 + (mix(seq, 7) % 400), 6)}`,
  )
  return `Task failed ${taskId}\nJob failed as tasks failed. failedMaps:${fm} failedReduces:0 killedMaps:${km} killedReduces: 0\nMax number of failed attempts (4) reached for ${taskId}; last attempt ${taskId.replace('task_', 'attempt_')}_3: ${cause}`
}

function hiveFailed(_app: DiagnosedApp, seq: number): string {
  const cause =
    weighted(YARN_TASK_KINDS, seq, 1) === 'user'
      ? 'java.lang.RuntimeException: org.apache.hadoop.hive.ql.metadata.HiveException: Hive Runtime Error while processing row {"order_id":"N/A","amount":null}'
      : taskCause(seq, YARN_TASK_KINDS).replace(',containerID=container_x', '')
  return `FAILED: Execution Error, return code 2 from org.apache.hadoop.hive.ql.exec.mr.MapRedTask. ${cause}`
}

function tezFailed(app: DiagnosedApp, seq: number): string {
  const { ts, seq: yseq } = yarnParts(app.id)
  const vertex = `vertex_${ts}_${yseq}_1_00`
  const cause = taskCause(seq, YARN_TASK_KINDS).replace('container_x', `container_${ts}_${yseq}_01_000012`)
  return `Vertex failed, vertexName=Map 1, vertexId=${vertex}, diagnostics=[Task failed, taskId=task_${ts}_${yseq}_1_00_${pad(mix(seq, 6) % 400, 6)}, diagnostics=[TaskAttempt 3 failed, info=[${cause}]], Vertex did not succeed due to OWN_TASK_FAILURE, failedTasks:1 killedTasks:0]`
}

/** A query engine's failures: a bit over half run out of memory, the rest are the user's SQL. */
const isUserError = (seq: number) =>
  weighted(
    [
      ['memory', 55],
      ['user', 45],
    ] as const,
    seq,
    1,
  ) === 'user'

function impalaFailed(app: DiagnosedApp, seq: number): string {
  const table = app.input_tables ?? 'sales.orders'
  if (isUserError(seq))
    return pick(
      [
        `AnalysisException: Could not resolve column/field reference: 'order_ts' in ${table}`,
        `AnalysisException: Table does not exist: ${table}_v2`,
      ],
      seq,
      9,
    )
  const node = pick(['EXCHANGE_NODE (id=4)', 'HASH_JOIN_NODE (id=3)', 'AGGREGATION_NODE (id=5)'], seq, 10)
  const limit = pick([2, 4, 8, 16], seq, 3)
  return `Memory limit exceeded: Failed to allocate row batch\n${node} could not allocate ${pick(['8.00 MB', '16.00 MB', '2.00 MB'], seq, 12)} without exceeding limit.\nError occurred on backend ${host(app, seq)}:22000\nQuery(${app.id}): Limit=${limit}.00 GB Reservation=${gb(limit * 0.8)} GB Peak=${limit}.00 GB`
}

function prestoFailed(_app: DiagnosedApp, seq: number): string {
  if (isUserError(seq))
    return pick(
      [
        "line 3:15: Column 'order_ts' cannot be resolved",
        'Division by zero',
        "line 1:22: Table 'hive.sales.orders_v2' does not exist",
      ],
      seq,
      9,
    )
  const limit = pick([2, 4, 8], seq, 3)
  return pick(
    [
      `Query exceeded per-node memory limit of ${limit}GB [Allocated: ${limit}.00GB, Delta: 12.31MB, Top Consumers: {HashBuilderOperator=${gb(limit * 0.8)}GB, ExchangeOperator=612.45MB}]`,
      `Query exceeded per-node user memory limit of ${limit}GB [Allocated: ${limit}.00GB, Delta: 3.05MB, Top Consumers: {HashAggregationOperator=${gb(limit * 0.9)}GB}]`,
      `Query exceeded distributed user memory limit of ${limit * 10}GB`,
    ],
    seq,
    10,
  )
}

function killed(app: DiagnosedApp, seq: number): string {
  const ip = `10.0.${16 + (mix(seq, 13) % 8)}.${20 + (mix(seq, 14) % 200)}`
  const { ts, seq: yseq } = yarnParts(app.id)
  switch (app.kind) {
    case 'impala':
      return pick(["Cancelled from Impala's debug web interface", `Cancelled by user ${app.user}`], seq, 15)
    case 'presto':
      return pick(
        ['Query killed. Message: Killed by user', `Query was canceled by user ${app.user}`],
        seq,
        15,
      )
    case 'mr':
      return pick(
        [
          // The address the MapReduce details' job names (mr.ts): the user's own client.
          `Kill job job_${ts}_${yseq} received from ${app.user} (auth:SIMPLE) at 10.0.${16 + (app.user.length % 8)}.${20 + app.user.length}\nJob received Kill while in RUNNING state.`,
          'Application killed by user.',
        ],
        seq,
        15,
      )
    default:
      return pick(
        ['Application killed by user.', `Application ${app.id} was killed by user ${app.user} at ${ip}`],
        seq,
        15,
      )
  }
}

/**
 * What the seed stores as an app's diagnostics: '' for a failed or killed app, whose sentence is
 * made again from the record and its seed sequence when it is read
 * (repositories/app-row-as-shown.ts), so a million apps do not carry about 18 MB of text (issue
 * 18); NULL otherwise. A text written later (a kill, a move) is stored whole.
 */
export const DERIVED_DIAGNOSTICS = ''
export const storedSeedDiagnostics = (status: string): string | null =>
  status === 'F' || status === 'K' ? DERIVED_DIAGNOSTICS : null

/** The diagnostics of a seeded application: null unless it failed or was killed. */
export function seededDiagnostics(app: DiagnosedApp, seq: number): string | null {
  if (app.status === 'K') return killed(app, seq)
  if (app.status !== 'F') return null
  switch (app.kind) {
    case 'spark':
      return sparkFailed(app, seq)
    case 'mr':
      return mrFailed(app, seq)
    case 'hive':
      return hiveFailed(app, seq)
    case 'tez':
      return tezFailed(app, seq)
    case 'impala':
      return impalaFailed(app, seq)
    // Presto, and any other query engine: BigQuery jobs are bq_jobs, not applications (issue 19).
    default:
      return prestoFailed(app, seq)
  }
}
