import { APP_STATUS_LABELS, type JobCountGroupBy } from '@costlens/shared'
import type { Db } from '../open-database.ts'
import { appsDerived, type RewrittenApp } from './app-read-cache.ts'
import { byName } from '../seed/name-codes.ts'

/*
 * E027 jobs/count over a compact in-process index of every application: what the count reads of an
 * app (its run's start and end as seeded, and codes of its status, kind, cluster, user and queue) in
 * typed arrays, built once per database (about 30 MB and a second at a million apps; right after the
 * server listens, warm-app-indexes.ts) and patched in place by a kill or a move (app-read-cache.ts). The finished apps are kept cluster by cluster in finish
 * order: a count scans, for each cluster it asks, the apps from the window's start on, so a day's
 * window on one platform reads that day's apps of its clusters, and thirty days at most a million.
 *
 * Why not app_rollups: the apps are read shifted by appsTimeShift, a whole number of ms but not of
 * hours, so no bucket of a response lines up with a rollup bucket cut in seeded time; an exact count
 * would read the apps around every bucket boundary, which is most of a 1-minute grid.
 */

/** The apps as jobs/count reads them: finished ones in finish order, then the unfinished ones. */
export interface JobCountIndex {
  /** Finished apps: how many lead the arrays, cluster by cluster, each cluster's by `end`. */
  finished: number
  /** Cluster code c's finished apps are positions [clusterFrom[c], clusterFrom[c + 1]). */
  clusterFrom: Uint32Array
  /** Start of the run as jobs/count takes it: finish - duration (finished), start_time (unfinished). */
  start: Float64Array
  /** Finish time (finished apps only). */
  end: Float64Array
  status: Uint8Array
  kind: Uint8Array
  cluster: Uint16Array
  user: Uint32Array
  queue: Uint32Array
  /** The app's event bits (APP_EVENT_TYPES), for the bucket routes' inefficiency counts. */
  events: Uint16Array
  /** Each app's rowid: the finished apps lists' pages (finishedPage) are read back by it. */
  rowid: Float64Array
  /**
   * The vcores and MB it holds while it runs: vcore_seconds (memory_seconds) × 1000 / max(duration, 1),
   * the rates the resource group-bys (E060, E061: usageDeltas) add up.
   */
  vcoreRate: Float64Array
  memoryRate: Float64Array
  /** The unfinished apps' ids, in their order (positions [finished, total)): what a kill or move names. */
  unfinishedIds: string[]
  /** Each code's value, per dimension. */
  statuses: string[]
  kinds: string[]
  clusters: string[]
  users: string[]
  queues: string[]
}

/** A dictionary of the values of one column: codes in order of first sight. */
class Codes {
  readonly values: string[] = []
  private readonly codes = new Map<string, number>()
  code(value: string): number {
    let code = this.codes.get(value)
    if (code === undefined) {
      code = this.values.length
      this.codes.set(value, code)
      this.values.push(value)
    }
    return code
  }
}

function buildIndex(db: Db): JobCountIndex {
  const total = db.prepare('SELECT count(*) FROM applications').pluck().get() as number
  const start = new Float64Array(total)
  const end = new Float64Array(total)
  const status = new Uint8Array(total)
  const kind = new Uint8Array(total)
  const cluster = new Uint16Array(total)
  const user = new Uint32Array(total)
  const queue = new Uint32Array(total)
  const events = new Uint16Array(total)
  const rowid = new Float64Array(total)
  const vcoreRate = new Float64Array(total)
  const memoryRate = new Float64Array(total)
  const dims = {
    status: new Codes(),
    kind: new Codes(),
    cluster: new Codes(),
    user: new Codes(),
    queue: new Codes(),
  }
  let i = 0
  // The finished apps from the finish-time index alone (it covers these columns), in its order.
  const finishedRows = db
    .prepare(
      `SELECT finished_time - duration, finished_time, status, kind, cluster_uid, user, queue, event_mask, rowid,
              vcore_seconds * 1000.0 / max(duration, 1), memory_seconds * 1000.0 / max(duration, 1)
         FROM applications INDEXED BY applications_finished
        WHERE finished_time IS NOT NULL ORDER BY finished_time`,
    )
    .raw()
  const unfinishedRows = db
    .prepare(
      `SELECT start_time, NULL, status, kind, cluster_uid, user, queue, event_mask, rowid,
              vcore_seconds * 1000.0 / max(duration, 1), memory_seconds * 1000.0 / max(duration, 1), id
         FROM applications WHERE finished_time IS NULL`,
    )
    .raw()
  let finished = 0
  const unfinishedIds: string[] = []
  for (const rows of [finishedRows, unfinishedRows]) {
    for (const row of rows.iterate() as Iterable<
      [number, number | null, string, string, string, string, string, number, number, number, number, string?]
    >) {
      start[i] = row[0]
      end[i] = row[1] ?? Number.NaN
      status[i] = dims.status.code(row[2])
      kind[i] = dims.kind.code(row[3])
      cluster[i] = dims.cluster.code(row[4])
      user[i] = dims.user.code(row[5])
      queue[i] = dims.queue.code(row[6])
      events[i] = row[7]
      rowid[i] = row[8]
      vcoreRate[i] = row[9]
      memoryRate[i] = row[10]
      if (row[11] !== undefined) unfinishedIds.push(row[11])
      i++
    }
    if (rows === finishedRows) finished = i
  }
  // The finished apps cluster by cluster (a stable counting sort: each cluster's in finish order),
  // so a count reads only the clusters it asks for.
  const clusterCount = dims.cluster.values.length
  const clusterFrom = new Uint32Array(clusterCount + 1)
  for (let k = 0; k < finished; k++) clusterFrom[cluster[k]! + 1]! += 1
  for (let c = 0; c < clusterCount; c++) clusterFrom[c + 1]! += clusterFrom[c]!
  const next = clusterFrom.slice(0, clusterCount)
  const order = new Uint32Array(i)
  for (let k = 0; k < finished; k++) order[next[cluster[k]!]!++] = k
  for (let k = finished; k < i; k++) order[k] = k
  const permuted = <T extends Float64Array | Uint8Array | Uint16Array | Uint32Array>(arr: T): T => {
    const out = arr.slice(0, i) as T
    for (let k = 0; k < i; k++) out[k] = arr[order[k]!]!
    return out
  }
  return {
    finished,
    clusterFrom,
    start: permuted(start),
    end: permuted(end),
    status: permuted(status),
    kind: permuted(kind),
    cluster: permuted(cluster),
    user: permuted(user),
    queue: permuted(queue),
    events: permuted(events),
    rowid: permuted(rowid),
    vcoreRate: permuted(vcoreRate),
    memoryRate: permuted(memoryRate),
    unfinishedIds,
    statuses: dims.status.values,
    kinds: dims.kind.values,
    clusters: dims.cluster.values,
    users: dims.user.values,
    queues: dims.queue.values,
  }
}

/** Each finished app's position range [from, to) of one cluster (by code) whose finish is >= x. */
function finishedFrom(index: JobCountIndex, c: number, x: number): [number, number] {
  const to = index.clusterFrom[c + 1]!
  return [lowerBound(index.end, x, index.clusterFrom[c]!, to), to]
}

/** The code of `value` in a dimension's values, added when new (a move to a queue no app ran in). */
function codeOf(values: string[], value: string): number {
  const code = values.indexOf(value)
  return code >= 0 ? code : values.push(value) - 1
}

/**
 * A kill or a move, patched in place: both act on a running app only (app-writes.ts), so the app is
 * one of the unfinished ones, found by its id. A move rewrites its queue (and status) where it is; a
 * kill finishes it, so it moves into its cluster's finished apps at its finish time: the positions
 * between shift up by one (a few ms of copying at a million apps, where a rebuild takes seconds).
 * Returns false (the index is then built again) for an app it does not hold unfinished.
 */
function patchIndex(index: JobCountIndex, rows: readonly RewrittenApp[]): boolean {
  for (const row of rows) {
    const k = index.unfinishedIds.indexOf(row.id)
    const c = index.clusters.indexOf(row.cluster_uid)
    if (k < 0 || c < 0) return false
    const from = index.finished + k
    index.status[from] = codeOf(index.statuses, row.status)
    index.queue[from] = codeOf(index.queues, row.queue)
    if (row.finished_time === null) continue
    // Its place: after its cluster's finished apps ending no later (the SQL's finish order).
    let to = lowerBound(index.end, row.finished_time, index.clusterFrom[c]!, index.clusterFrom[c + 1]!)
    while (to < index.clusterFrom[c + 1]! && index.end[to] === row.finished_time) to++
    const arrays = [
      index.start,
      index.end,
      index.status,
      index.kind,
      index.cluster,
      index.user,
      index.queue,
      index.events,
      index.rowid,
      index.vcoreRate,
      index.memoryRate,
    ]
    for (const arr of arrays) {
      const value = arr[from]!
      arr.copyWithin(to + 1, to, from)
      arr[to] = value
    }
    index.start[to] = row.finished_time - row.duration
    index.end[to] = row.finished_time
    // A kill ends the run: its usage stays, spread over the run's new duration.
    index.vcoreRate[to] = (row.vcore_seconds * 1000) / Math.max(row.duration, 1)
    index.memoryRate[to] = (row.memory_seconds * 1000) / Math.max(row.duration, 1)
    for (let d = c + 1; d < index.clusterFrom.length; d++) index.clusterFrom[d]! += 1
    index.finished += 1
    index.unfinishedIds.splice(k, 1)
  }
  return true
}

/** This database's index, built on first use (or right after listen) and after a reset; patched by a kill or move. */
export function jobCountIndex(db: Db): JobCountIndex {
  return appsDerived(db, 'job-count-index', () => buildIndex(db), patchIndex)
}

/** E027's dimension values, as the SQL names them (STATE_SQL, the kind as YARN names it). */
const stateLabel = (code: string): string | null => {
  const label = (APP_STATUS_LABELS as Record<string, string>)[code]
  return label === undefined ? null : label.toUpperCase()
}
const typeLabel = (kind: string) => (kind === 'mr' ? 'MAPREDUCE' : kind.toUpperCase())

/** The codes of one dimension of the index, and each code's value as jobs/count reports it. */
function dimension(
  index: JobCountIndex,
  by: JobCountGroupBy,
): { codes: ArrayLike<number>; labels: (string | null)[] } {
  switch (by) {
    case 'state':
      return { codes: index.status, labels: index.statuses.map(stateLabel) }
    case 'applicationType':
      return { codes: index.kind, labels: index.kinds.map(typeLabel) }
    case 'user':
      return { codes: index.user, labels: index.users }
    case 'queue':
      return { codes: index.queue, labels: index.queues }
  }
}

export interface JobCountAsk {
  /** The window and the grid, in seeded time (the read frame minus appsTimeShift). */
  start: number
  end: number
  now: number
  first: number
  step: number
  n: number
  /** The clusters counted. */
  clusters: readonly string[]
  groupBy: JobCountGroupBy
  filter?: { by: JobCountGroupBy; key: string }
}

/** First position in [lo, hi) whose value is >= x (arr sorted ascending there). */
function lowerBound(arr: Float64Array, x: number, lo: number, hi: number): number {
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    if (arr[mid]! < x) lo = mid + 1
    else hi = mid
  }
  return lo
}

/**
 * How many apps ran during each bucket per group value, exactly as the SQL of jobs.ts counts: an app
 * runs from the bucket its start falls in to the one its end falls in (now, while unfinished). The
 * groups come in the SQL's order (NULL first, then by value); a group seen only outside the grid
 * gets zeros, as there.
 */
export function countRunning(index: JobCountIndex, ask: JobCountAsk): [string | null, Int32Array][] {
  const { start, end, now, first, step, n } = ask
  const clusterOk = new Uint8Array(index.clusters.length)
  const wanted = new Set(ask.clusters)
  index.clusters.forEach((c, code) => (clusterOk[code] = wanted.has(c) ? 1 : 0))
  let filterCodes: ArrayLike<number> | undefined
  let filterOk: Uint8Array | undefined
  if (ask.filter) {
    const d = dimension(index, ask.filter.by)
    filterCodes = d.codes
    filterOk = Uint8Array.from(d.labels, (l) => (l === ask.filter!.key ? 1 : 0))
  }
  const group = dimension(index, ask.groupBy)
  const groupCodes = group.codes
  // One row of n deltas per group label (two status codes may share a word), in one flat array;
  // a code's row is found on first sight.
  const labels: (string | null)[] = []
  const rowOfLabel = new Map<string | null, number>()
  const rowOfCode = new Int32Array(group.labels.length).fill(-1)
  let deltas = new Int32Array(0)
  const rowOf = (code: number): number => {
    const label = group.labels[code]!
    let row = rowOfLabel.get(label)
    if (row === undefined) {
      row = labels.length
      labels.push(label)
      rowOfLabel.set(label, row)
      if ((row + 1) * n > deltas.length) {
        const grown = new Int32Array(Math.max(4, 2 * (row + 1)) * n)
        grown.set(deltas)
        deltas = grown
      }
    }
    rowOfCode[code] = row
    return row
  }
  const { start: starts, end: ends, finished, cluster } = index
  const total = starts.length
  const count = (i: number, s: number, e: number) => {
    const code = groupCodes[i]!
    const base = (rowOfCode[code]! >= 0 ? rowOfCode[code]! : rowOf(code)) * n
    const b0 = Math.max(0, Math.trunc((s - first) / step))
    if (b0 < n) deltas[base + b0]! += 1
    const b1 = Math.trunc((e - first) / step) + 1
    if (b1 >= 0 && b1 < n) deltas[base + b1]! -= 1
  }
  // Each asked cluster's finished apps from the first that ends in the window...
  for (let c = 0; c < index.clusters.length; c++) {
    if (!clusterOk[c]) continue
    const [from, to] = finishedFrom(index, c, start)
    for (let i = from; i < to; i++) {
      const s = starts[i]!
      if (s <= end && !(filterOk && !filterOk[filterCodes![i]!])) count(i, s, ends[i]!)
    }
  }
  // ...then the unfinished ones, running until now.
  for (let i = finished; i < total; i++) {
    const s = starts[i]!
    if (s > end || !clusterOk[cluster[i]!] || (filterOk && !filterOk[filterCodes![i]!])) continue
    count(i, s, now)
  }
  const labelOf = new Map(labels.map((l, row) => [l, deltas.subarray(row * n, row * n + n)]))
  const out = [...labelOf.entries()].sort(([a], [b]) =>
    a === b ? 0 : a === null ? -1 : b === null ? 1 : a < b ? -1 : 1,
  )
  for (const [label, d] of out) {
    if (label === null) {
      d.fill(0)
      continue
    }
    for (let b = 1; b < n; b++) d[b]! += d[b - 1]!
  }
  return out
}

export interface BucketAsk {
  /**
   * running: the apps running (R, or pending P) at `at` (seeded time; `atNow` when that is now:
   * the unfinished ones); finished: the apps finished (S, F, K) in [start, end] (seeded time).
   */
  variant: 'running' | 'finished'
  at: number
  atNow: boolean
  start: number
  end: number
  clusters: readonly string[]
  /** Only these kinds, when given; pig and cascading never (B176). */
  kinds?: readonly string[]
  dropped: ReadonlySet<string>
}

export interface BucketCounts {
  /** Apps per status code (running: 'P' for a pending app without a finish, else 'R'). */
  byCode: Map<string, number>
  /** Apps per kind. */
  byKind: Map<string, number>
  /** Apps per event bit. */
  byBit: number[]
}

/**
 * E028–E033, as app-figures' runningNow / finishedInRange select them in SQL (jobs.ts
 * jobBucketsSql): the apps of the ask counted per status, kind and event bit in one pass.
 */
export function countBuckets(index: JobCountIndex, ask: BucketAsk, eventBits: number): BucketCounts {
  const clusterOk = new Uint8Array(index.clusters.length)
  const wanted = new Set(ask.clusters)
  index.clusters.forEach((c, code) => (clusterOk[code] = wanted.has(c) ? 1 : 0))
  const kinds = ask.kinds ? new Set(ask.kinds) : undefined
  const kindOk = Uint8Array.from(index.kinds, (k) =>
    !ask.dropped.has(k) && (!kinds || kinds.has(k)) ? 1 : 0,
  )
  const statusOf = index.statuses
  const byStatusCode = new Float64Array(statusOf.length)
  const pendingUnfinished = { n: 0 }
  const byKindCode = new Float64Array(index.kinds.length)
  const byBit = new Array<number>(eventBits).fill(0)
  const { start: starts, end: ends, finished, status, kind, cluster, events } = index
  const total = starts.length
  const count = (i: number, pending: boolean) => {
    if (!clusterOk[cluster[i]!] || !kindOk[kind[i]!]) return
    if (pending) pendingUnfinished.n++
    else byStatusCode[status[i]!]! += 1
    byKindCode[kind[i]!]! += 1
    const mask = events[i]!
    if (mask) for (let bit = 0; bit < eventBits; bit++) if ((mask >> bit) & 1) byBit[bit]! += 1
  }
  const R = statusOf.indexOf('R')
  const P = statusOf.indexOf('P')
  if (ask.variant === 'finished') {
    const finishedOk = Uint8Array.from(statusOf, (c) => (c === 'S' || c === 'F' || c === 'K' ? 1 : 0))
    for (let c = 0; c < index.clusters.length; c++) {
      if (!clusterOk[c]) continue
      const [from, to] = finishedFrom(index, c, ask.start)
      for (let i = from; i < to && ends[i]! <= ask.end; i++) if (finishedOk[status[i]!]) count(i, false)
    }
  } else {
    // Unfinished apps waiting or running (at a past instant: having started by then)...
    for (let i = finished; i < total; i++) {
      const st = status[i]!
      if ((st === R || st === P) && (ask.atNow || starts[i]! <= ask.at)) count(i, st === P)
    }
    // ...and, at a past instant, those that finished after it having started by then: running then.
    if (!ask.atNow)
      for (let c = 0; c < index.clusters.length; c++) {
        if (!clusterOk[c]) continue
        const [from, to] = finishedFrom(index, c, ask.at)
        for (let i = from; i < to; i++) if (ends[i]! > ask.at && starts[i]! <= ask.at) count(i, false)
      }
  }
  const byCode = new Map<string, number>()
  if (ask.variant === 'running') {
    let runningThen = 0
    byStatusCode.forEach((n) => (runningThen += n))
    if (runningThen) byCode.set('R', runningThen)
    if (pendingUnfinished.n) byCode.set('P', pendingUnfinished.n)
  } else byStatusCode.forEach((n, code) => n && byCode.set(statusOf[code]!, n))
  const byKind = new Map<string, number>()
  byKindCode.forEach((n, code) => n && byKind.set(index.kinds[code]!, n))
  return { byCode, byKind, byBit }
}

/**
 * E037: every user and every queue with an app on these clusters, sorted (as SQL's BINARY order):
 * one pass over the index's codes (a few ms at a million apps), where SQL's skip-scan of the
 * user and queue indexes checked every app of a cluster with few apps (0.1-0.4 s).
 */
export function distinctUsersAndQueues(
  index: JobCountIndex,
  clusters: readonly string[],
): { users: string[]; queues: string[] } {
  const wanted = new Set(clusters)
  const clusterOk = Uint8Array.from(index.clusters, (c) => (wanted.has(c) ? 1 : 0))
  const userSeen = new Uint8Array(index.users.length)
  const queueSeen = new Uint8Array(index.queues.length)
  const { cluster, user, queue } = index
  for (let i = 0; i < cluster.length; i++)
    if (clusterOk[cluster[i]!]) {
      userSeen[user[i]!] = 1
      queueSeen[queue[i]!] = 1
    }
  const seen = (values: readonly string[], marks: Uint8Array) =>
    values.filter((_, code) => marks[code]).sort(byName)
  return { users: seen(index.users, userSeen), queues: seen(index.queues, queueSeen) }
}

/**
 * E036: how many apps of these clusters started in [start, end] (seeded time), per user and per
 * queue, most apps first then by value (as SQL's `ORDER BY doc_count DESC, key`). A finished app
 * starts at its finish minus its duration, so the apps of each cluster from the first that ends at
 * or after `start` are read, then the unfinished ones: about 80,000 codes for a week at a million
 * apps (about a ms), where SQL grouped the window's index entries twice (80-110 ms).
 */
export function startedByUserAndQueue(
  index: JobCountIndex,
  clusters: readonly string[],
  start: number,
  end: number,
): { user: { key: string; doc_count: number }[]; queue: { key: string; doc_count: number }[] } {
  const wanted = new Set(clusters)
  const clusterOk = Uint8Array.from(index.clusters, (c) => (wanted.has(c) ? 1 : 0))
  const byUser = new Float64Array(index.users.length)
  const byQueue = new Float64Array(index.queues.length)
  const { start: starts, user, queue, cluster, finished } = index
  const count = (i: number) => {
    const s = starts[i]!
    if (s >= start && s <= end) {
      byUser[user[i]!]! += 1
      byQueue[queue[i]!]! += 1
    }
  }
  for (let c = 0; c < index.clusters.length; c++) {
    if (!clusterOk[c]) continue
    const [from, to] = finishedFrom(index, c, start)
    for (let i = from; i < to; i++) count(i)
  }
  for (let i = finished; i < starts.length; i++) if (clusterOk[cluster[i]!]) count(i)
  const ranked = (values: readonly string[], counts: Float64Array) =>
    values
      .map((key, code) => ({ key, doc_count: counts[code]! }))
      .filter((r) => r.doc_count > 0)
      .sort((a, b) => b.doc_count - a.doc_count || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
  return { user: ranked(index.users, byUser), queue: ranked(index.queues, byQueue) }
}

/** The sorts of the finished apps lists the index can order by (every other is read in SQL). */
export const FINISHED_PAGE_SORTS = [
  'startTime',
  'finishedTime',
  'duration',
  'totalProcessingTime',
  'user',
  'queue',
  'status',
  'kind',
] as const
export type FinishedPageSort = (typeof FINISHED_PAGE_SORTS)[number]

export interface FinishedPageAsk {
  /** The finish window, seeded time, both ends in. */
  start: number
  end: number
  clusters: readonly string[]
  kinds: readonly string[]
  user?: string
  queue?: string
  sort: FinishedPageSort
  desc: boolean
  from: number
  size: number
}

/** Each code's rank among a dimension's values in SQL's BINARY order, so a string sort is a number's. */
function ranks(values: readonly string[]): Float64Array {
  const order = values
    .map((_, code) => code)
    .sort((a, b) => (values[a]! < values[b]! ? -1 : values[a]! > values[b]! ? 1 : 0))
  const rank = new Float64Array(values.length)
  order.forEach((code, r) => (rank[code] = r))
  return rank
}

/**
 * E019-E022: the rowids of one page of the apps finished (S, F, K) in the window of these clusters
 * and kinds (a user's, a queue's), in the list's order (ties by rowid, the same way), and their
 * total, as the SQL over the finish-time index selects them: each cluster's window is a range of
 * the index, so a week at a million apps reads about 80,000 codes and sorts the matches.
 */
export function finishedPage(
  index: JobCountIndex,
  ask: FinishedPageAsk,
): { rowids: number[]; total: number } {
  const wanted = new Set(ask.clusters)
  const kinds = new Set(ask.kinds)
  const statusOk = Uint8Array.from(index.statuses, (c) => (c === 'S' || c === 'F' || c === 'K' ? 1 : 0))
  const kindOk = Uint8Array.from(index.kinds, (k) => (kinds.has(k) ? 1 : 0))
  const user = ask.user === undefined ? -1 : index.users.indexOf(ask.user)
  const queue = ask.queue === undefined ? -1 : index.queues.indexOf(ask.queue)
  if ((ask.user !== undefined && user < 0) || (ask.queue !== undefined && queue < 0))
    return { rowids: [], total: 0 }
  const matches: number[] = []
  for (let c = 0; c < index.clusters.length; c++) {
    if (!wanted.has(index.clusters[c]!)) continue
    const [from, to] = finishedFrom(index, c, ask.start)
    for (let i = from; i < to && index.end[i]! <= ask.end; i++)
      if (
        statusOk[index.status[i]!] &&
        kindOk[index.kind[i]!] &&
        (user < 0 || index.user[i] === user) &&
        (queue < 0 || index.queue[i] === queue)
      )
        matches.push(i)
  }
  const { start, end, rowid } = index
  const byRank = (codes: ArrayLike<number>, values: readonly string[]) => {
    const rank = ranks(values)
    return (i: number) => rank[codes[i]!]!
  }
  const key = (): ((i: number) => number) => {
    switch (ask.sort) {
      case 'startTime':
        return (i) => start[i]!
      case 'finishedTime':
        return (i) => end[i]!
      case 'duration':
      case 'totalProcessingTime':
        return (i) => end[i]! - start[i]!
      case 'user':
        return byRank(index.user, index.users)
      case 'queue':
        return byRank(index.queue, index.queues)
      case 'status':
        return byRank(index.status, index.statuses)
      case 'kind':
        return byRank(index.kind, index.kinds)
    }
  }
  const keyOf = key()
  const keys = new Float64Array(matches.length)
  matches.forEach((i, k) => (keys[k] = keyOf(i)))
  const dir = ask.desc ? -1 : 1
  /** Whether match a comes before match b in the list's order (keys, then rowids, the same way). */
  const before = (a: number, b: number) =>
    dir * (keys[a]! - keys[b]! || rowid[matches[a]!]! - rowid[matches[b]!]!) < 0
  // The first from + size of the order only (a page of a week's 80,000 matches): kept sorted as
  // they come, each placed by a binary search, instead of sorting them all.
  const pageEnd = Math.min(ask.from + ask.size, matches.length)
  const top: number[] = []
  for (let m = 0; m < matches.length && pageEnd > 0; m++) {
    if (top.length === pageEnd && !before(m, top[pageEnd - 1]!)) continue
    let lo = 0
    let hi = top.length
    while (lo < hi) {
      const mid = (lo + hi) >>> 1
      if (before(top[mid]!, m)) lo = mid + 1
      else hi = mid
    }
    top.splice(lo, 0, m)
    if (top.length > pageEnd) top.pop()
  }
  return {
    rowids: top.slice(ask.from).map((k) => rowid[matches[k]!]!),
    total: matches.length,
  }
}

export interface UsageDeltaAsk {
  /** The clusters whose apps count. */
  clusters: readonly string[]
  metric: 'cpu' | 'memory'
  groupBy: 'applicationType' | 'user' | 'queue'
  /** Only these group values (labels), when given. */
  values?: readonly string[]
  /** The apps' times are read shifted by this (the stored series' shift). */
  shift: number
  /** The grid: its first point, step, and where the points stop (the window end or now). */
  first: number
  step: number
  stop: number
}

/** One point's change of rate (d) and its rate × time after the point's start (q), summed. */
export interface PointDelta {
  d: number
  q: number
}

/**
 * E060, E061 (cluster-resources.ts taggedSeries): for each group value, each point's sum of the rate
 * changes of the apps that start or end in it, each app holding its rate from its start (or the
 * grid's first point) to its end (never, while running) — what the SQL reference taggedDeltasSql
 * computes with a GROUP BY over the window's apps, here a scan of the asked clusters' apps that end
 * after the first point (a week of a million apps: about 230,000 apps, a few ms instead of 250 ms).
 */
export function usageDeltas(index: JobCountIndex, ask: UsageDeltaAsk): Map<string, Map<number, PointDelta>> {
  const { first, step, stop, shift } = ask
  const rate = ask.metric === 'cpu' ? index.vcoreRate : index.memoryRate
  const { codes, labels } = dimension(index, ask.groupBy)
  const wanted = ask.values ? new Set(ask.values) : undefined
  const out = new Map<string, Map<number, PointDelta>>()
  const add = (label: string, t: number, v: number) => {
    const p = Math.trunc((t - first) / step)
    let deltas = out.get(label)
    if (!deltas) out.set(label, (deltas = new Map()))
    const delta = deltas.get(p)
    const q = v * (t - (first + p * step))
    if (delta) {
      delta.d += v
      delta.q += q
    } else deltas.set(p, { d: v, q })
  }
  const from = first - shift
  const to = stop - shift
  const visit = (k: number, finished: boolean) => {
    const start = index.start[k]!
    if (start >= to) return
    const label = labels[codes[k]!]
    if (label === null || label === undefined || (wanted && !wanted.has(label))) return
    const v = rate[k]!
    if (finished) {
      const end = start + Math.max(index.end[k]! - start, 1)
      if (end <= from) return
      add(label, Math.max(start + shift, first), v)
      if (end + shift < stop) add(label, end + shift, -v)
    } else add(label, Math.max(start + shift, first), v)
  }
  const asked = new Set(ask.clusters.map((uid) => index.clusters.indexOf(uid)).filter((c) => c >= 0))
  for (const c of asked) {
    const [lo, hi] = finishedFrom(index, c, from)
    for (let k = lo; k < hi; k++) visit(k, true)
  }
  for (let k = index.finished; k < index.start.length; k++) if (asked.has(index.cluster[k]!)) visit(k, false)
  return out
}
