import type { FailureCategory, FailureKind } from '@costlens/shared'
import { USER_CODE_ERRORS } from '../db/seed/app-diagnostics.ts'
import { appPrng, type DetailsRecord } from './record.ts'

/** The category a user filters on, for each failure costlens tells apart. */
export const FAILURE_CATEGORY_OF: Readonly<Record<FailureKind, FailureCategory>> = {
  'container-memory-limit': 'memory',
  'java-heap-space': 'memory',
  'gc-overhead-limit': 'memory',
  'fetch-failed': 'shuffle',
  'user-exception': 'user-code',
  'killed-by-user': 'killed',
}

/**
 * The failure a diagnostics text tells of, from the words engines and YARN use for it; null when
 * the text names none of them (it is then shown as it is, and the kind comes from the app's own
 * draw).
 */
export function failureKindOfText(text: string | null | undefined): FailureKind | null {
  if (!text) return null
  const rules: readonly [RegExp, FailureKind][] = [
    [
      /killed by user|cancell?ed (by|from) user|user requested cancellation|received kill|debug web interface/i,
      'killed-by-user',
    ],
    [/FetchFailed|Shuffle Error|MAX_FAILED_UNIQUE_FETCHES/i, 'fetch-failed'],
    [/GC overhead limit exceeded/i, 'gc-overhead-limit'],
    [/Java heap space/i, 'java-heap-space'],
    [
      /exceed(ing|ed)? (physical )?memory limits?|beyond (the '?PHYSICAL'? )?(physical )?memory limit|Memory limit exceeded|exceeded (per-node|distributed) (user |total )?memory limit|Resources exceeded/i,
      'container-memory-limit',
    ],
    // The user's code or query: what engines throw for bad data, a bad column or a missing table.
    [
      /NumberFormatException|NullPointerException|ArrayIndexOutOfBounds|DIVIDE_BY_ZERO|Division by zero|AnalysisException|Hive Runtime Error|cannot be resolved|does not exist|Unrecognized name|Syntax error/i,
      'user-exception',
    ],
  ]
  return rules.find(([re]) => re.test(text))?.[1] ?? null
}

/**
 * Where a failed Spark app failed: the first stage left unfinished (stage ids run in submission
 * order, so it is stage num_stages - rest), or the driver when every stage finished.
 */
export function sparkFailingStageId(app: DetailsRecord): number | null {
  const { rest, total } = sparkStageCounts(app)
  return rest > 0 ? total - rest : null
}

/** The record's stage counts made consistent: skipped and completed never exceed the stages. */
export function sparkStageCounts(app: DetailsRecord): {
  total: number
  skipped: number
  completed: number
  rest: number
} {
  const total = Math.max(0, app.num_stages)
  const skipped = Math.min(Math.max(0, app.num_skipped_stages), total)
  const completed = Math.min(Math.max(0, app.num_completed_stages), total - skipped)
  return { total, skipped, completed, rest: total - skipped - completed }
}

/** Relative frequencies of the failures of each engine when the record's text names none. */
function candidateKinds(app: DetailsRecord): readonly [FailureKind, number][] {
  if (app.kind === 'spark') {
    const failingStage = sparkFailingStageId(app)
    if (failingStage === null)
      return [
        ['container-memory-limit', 3],
        ['java-heap-space', 3],
        ['user-exception', 4],
      ]
    return [
      ['container-memory-limit', 35],
      ['java-heap-space', 15],
      ['gc-overhead-limit', 10],
      // A fetch fails in a stage that reads another's shuffle output: never the first stage.
      ...(failingStage > 0 ? [['fetch-failed', 20] as [FailureKind, number]] : []),
      ['user-exception', 20],
    ]
  }
  if (app.kind === 'mr' || app.kind === 'hive' || app.kind === 'tez')
    return [
      ['container-memory-limit', 40],
      ['java-heap-space', 20],
      ['gc-overhead-limit', 10],
      ['user-exception', 30],
    ]
  return [
    ['container-memory-limit', 55],
    ['user-exception', 45],
  ]
}

/**
 * Why a failed (F) or killed (K) application ended; null for any other status. The record's own
 * diagnostics text decides when it names a cause (the lists show the same text); otherwise the
 * app's own draw picks one of its engine's usual failures. A cause the engine cannot have (a
 * shuffle fetch in a first stage) falls back to the engine's most common one.
 */
export function failureKind(app: DetailsRecord): FailureKind | null {
  if (app.status === 'K') return 'killed-by-user'
  if (app.status !== 'F') return null
  const candidates = candidateKinds(app)
  const named = failureKindOfText(app.diagnostics)
  if (named && named !== 'killed-by-user')
    return candidates.some(([kind]) => kind === named) ? named : candidates[0]![0]
  const prng = appPrng(app, 'failure-kind')
  const total = candidates.reduce((n, [, w]) => n + w, 0)
  let roll = prng.next() * total
  for (const [kind, w] of candidates) if ((roll -= w) < 0) return kind
  return candidates[candidates.length - 1]![0]
}

/** Where a Spark task attempt ran, as its messages name it. */
export interface SparkTaskRef {
  stageId: number
  stageAttemptId: number
  taskIndex: number
  attempt: number
  tid: number
  executorId: string
  host: string
}

/**
 * The user-code exception an app throws: the one its diagnostics name (the lists show them), else
 * always the same one for the same app.
 */
export function userException(app: Pick<DetailsRecord, 'id' | 'diagnostics'>): string {
  const named = USER_CODE_ERRORS.find((e) => app.diagnostics?.includes(e))
  return named ?? appPrng(app, 'user-exception').pick(USER_CODE_ERRORS)
}

/** GB with one decimal, as YARN's memory messages print them. */
export const gb = (mb: number) => (mb / 1024).toFixed(1)

/** YARN's words when it kills a container for its physical memory (NodeManager ContainersMonitor). */
export function yarnMemoryKill(memoryMB: number): string {
  return `Container killed by YARN for exceeding physical memory limits. ${gb(memoryMB * 1.04)} GB of ${gb(memoryMB)} GB physical memory used. Consider boosting spark.executor.memoryOverhead.`
}

/**
 * The error of one failed attempt of a Spark task, as TaskSetManager logs it and the stage page
 * shows it (the first line of the stack). `lost` is the map-side executor a fetch failed against.
 */
export function sparkTaskError(
  app: Pick<DetailsRecord, 'id' | 'diagnostics'>,
  kind: FailureKind,
  ref: SparkTaskRef,
  memoryMB: number,
  lost?: { executorId: string; host: string; shuffleId: number },
): string {
  switch (kind) {
    case 'container-memory-limit':
      return `ExecutorLostFailure (executor ${ref.executorId} exited caused by one of the running tasks) Reason: ${yarnMemoryKill(memoryMB)}`
    case 'java-heap-space':
      return 'java.lang.OutOfMemoryError: Java heap space'
    case 'gc-overhead-limit':
      return 'java.lang.OutOfMemoryError: GC overhead limit exceeded'
    case 'fetch-failed':
      return `FetchFailed(BlockManagerId(${lost?.executorId ?? '1'}, ${lost?.host ?? ref.host}, 7337, None), shuffleId=${lost?.shuffleId ?? 0}, mapIndex=${ref.taskIndex % 7}, mapId=${ref.tid}, reduceId=${ref.taskIndex}, message=org.apache.spark.shuffle.FetchFailedException: Failed to connect to ${lost?.host ?? ref.host}:7337)`
    default:
      return userException(app)
  }
}

/** Spark's "Lost task 12.3 in stage 4.0 (TID 3456) (host executor 7): …" line. */
export function sparkLostTask(ref: SparkTaskRef, error: string): string {
  return `Lost task ${ref.taskIndex}.${ref.attempt} in stage ${ref.stageId}.${ref.stageAttemptId} (TID ${ref.tid}) (${ref.host} executor ${ref.executorId}): ${error}`
}

/** The reason a job's stage fails it (DAGScheduler's abort message), as the failed stage and job show it. */
export function sparkStageAbort(
  kind: FailureKind,
  ref: SparkTaskRef,
  error: string,
  stage: { name: string; isResult: boolean },
): string {
  if (kind === 'fetch-failed')
    return `Job aborted due to stage failure: ${stage.isResult ? 'ResultStage' : 'ShuffleMapStage'} ${ref.stageId} (${stage.name}) has failed the maximum allowable number of times: 4. Most recent failure reason: ${error}`
  return `Job aborted due to stage failure: Task ${ref.taskIndex} in stage ${ref.stageId}.${ref.stageAttemptId} failed 4 times, most recent failure: ${sparkLostTask(ref, error)}`
}

/** Spark's words for the stages and jobs a stopped SparkContext (a killed app) leaves behind. */
export const SPARK_CONTEXT_SHUT_DOWN = 'Stage cancelled because SparkContext was shut down'
