import { APP_EVENT_TYPES, type AppRow } from '../db/seed/applications.ts'
import { createPrng, type Prng } from '../db/seed/prng.ts'

/**
 * The columns of an application record the details are derived from (a reader that derives details
 * of many records selects these). Times are in one frame with the `now` passed beside them: either
 * both as stored, or both as read (see recordAsRead).
 */
export const DETAILS_COLUMNS = [
  'id',
  'kind',
  'status',
  'cluster_uid',
  'cluster_type',
  'user',
  'queue',
  'name',
  'start_time',
  'duration',
  'vcore_seconds',
  'memory_seconds',
  'dfs_read',
  'dfs_written',
  'event_mask',
  'map_tasks',
  'reduce_tasks',
  'num_jobs',
  'num_stages',
  'num_completed_stages',
  'num_skipped_stages',
  'app_attempts',
  'task_count',
  'setup_duration',
  'cleanup_duration',
  'input_tables',
  'output_tables',
  'diagnostics',
] as const satisfies readonly (keyof AppRow)[]

export type DetailsRecord = Pick<AppRow, (typeof DETAILS_COLUMNS)[number]>

/**
 * A stored record in the time frame the API shows: stored times move by the apps' time shift
 * (repositories/applications.ts appsTimeShift), so the details line up with the lists. The stored
 * duration is kept: for a running app it is the life the resources were seeded for, and what the
 * derivation sizes executors by, so they stay the same as the clock moves.
 */
export function recordAsRead<T extends DetailsRecord>(row: T, shift: number): T {
  return shift === 0 ? row : { ...row, start_time: row.start_time + shift }
}

/** Apps that are still going: their life ends now, and nothing of theirs ends after now. */
export const isRunning = (app: Pick<DetailsRecord, 'status'>) => app.status === 'R'

/**
 * The application's life: [start, end] where end is start + duration for a finished app and now
 * for a running one (never before its start). Everything derived lies inside it.
 */
export function appLife(app: DetailsRecord, now: number): { start: number; end: number } {
  const start = app.start_time
  const end = isRunning(app) ? Math.max(start, now) : start + Math.max(0, app.duration)
  return { start, end }
}

/** FNV-1a over the id: the seed of an app's own generator, so its details never change. */
function hashId(text: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  return h >>> 0
}

/**
 * A generator for one aspect of one app (`salt` names the aspect: 'spark', 'mr', 'failure'…), so an
 * aspect can be derived alone and adding a draw to one never shifts another.
 */
export function appPrng(app: Pick<DetailsRecord, 'id'>, salt: string): Prng {
  return createPrng(hashId(`${salt}:${app.id}`))
}

/**
 * Splits a whole `total` in proportion to `weights` so the parts add up to it exactly (largest
 * remainder). All-zero weights split evenly; a zero total gives zeros.
 */
export function apportion(total: number, weights: readonly number[]): number[] {
  const n = weights.length
  if (n === 0) return []
  let sum = 0
  for (const w of weights) sum += Math.max(0, w)
  const parts = new Array<number>(n)
  const remainders = new Float64Array(n)
  let given = 0
  for (let i = 0; i < n; i++) {
    const share = sum > 0 ? (Math.max(0, weights[i]!) / sum) * total : total / n
    parts[i] = Math.floor(share)
    remainders[i] = share - parts[i]!
    given += parts[i]!
  }
  let left = Math.round(total - given)
  if (left > 0) {
    const order = Array.from({ length: n }, (_, i) => i).sort(
      (a, b) => remainders[b]! - remainders[a]! || a - b,
    )
    for (let k = 0; left > 0; k = (k + 1) % n, left--) parts[order[k]!]!++
  }
  return parts
}

/**
 * Whole parts of `total`, each at least `min` when the total allows it, with random weights: the
 * tasks of a stage, the stages of a job.
 */
export function randomSplit(prng: Prng, total: number, parts: number, min = 1, spread = 1): number[] {
  if (parts <= 0) return []
  const floor = total >= parts * min ? min : 0
  const weights = Array.from({ length: parts }, () => Math.exp(spread * (prng.next() * 2 - 1)))
  return apportion(total - floor * parts, weights).map((p) => p + floor)
}

/** A value at quantile q of values sorted ascending, interpolated between ranks. */
export function quantileOfSorted(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return 0
  const at = q * (sorted.length - 1)
  const lo = Math.floor(at)
  const hi = Math.min(sorted.length - 1, lo + 1)
  return Math.round(sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (at - lo))
}

/** The counts of a 'succeeded/killed/failed' column (map_tasks, reduce_tasks). */
export function taskCounts(column: string): { succeeded: number; killed: number; failed: number } {
  const [succeeded = 0, killed = 0, failed = 0] = column.split('/').map((n) => Math.max(0, Number(n) || 0))
  return { succeeded, killed, failed }
}

/** The cluster time stamp and sequence of a YARN application id (application_<ts>_<seq>). */
export function yarnIdParts(app: Pick<DetailsRecord, 'id'>): { ts: string; seq: string } | null {
  const m = /^application_(\d+)_(\d+)$/.exec(app.id)
  return m ? { ts: m[1]!, seq: m[2]! } : null
}

/** A YARN container id of the app: container_<ts>_<seq>_<attempt>_<n>, or null for non-YARN work. */
export function containerId(app: Pick<DetailsRecord, 'id'>, attempt: number, n: number): string | null {
  const parts = yarnIdParts(app)
  if (!parts) return null
  return `container_${parts.ts}_${parts.seq}_${String(attempt).padStart(2, '0')}_${String(n).padStart(6, '0')}`
}

/**
 * The worker host that runs slot `n` of an app: EC2 private names on EMR, the cluster's own
 * worker names elsewhere.
 */
export function workerHost(app: Pick<DetailsRecord, 'cluster_uid' | 'cluster_type'>, n: number): string {
  const node = 1 + (Math.abs(hashId(`${app.cluster_uid}:${n}`)) % 48)
  if (app.cluster_type === 'EMR') return `ip-10-0-${16 + (node % 8)}-${20 + node * 3}.ec2.internal`
  return `${app.cluster_uid}-wn${String(node).padStart(2, '0')}.costlens.internal`
}

/** A log4j time stamp (yy/MM/dd HH:mm:ss, UTC), as Spark and Hadoop daemons print it. */
export function logTime(ms: number): string {
  const iso = new Date(ms).toISOString()
  return `${iso.slice(2, 4)}/${iso.slice(5, 7)}/${iso.slice(8, 10)} ${iso.slice(11, 19)}`
}

/** Whether the record carries the insight event of that name (its bit in event_mask). */
export function hasEvent(app: Pick<DetailsRecord, 'event_mask'>, name: string): boolean {
  const bit = APP_EVENT_TYPES.findIndex((e) => e.name === name)
  return bit >= 0 && (app.event_mask & (1 << bit)) !== 0
}
