import type {
  CalendarEventItem,
  CalendarSeries,
  JobBucket,
  JobBucketsQuery,
  JobCountGroupBy,
  JobCountQuery,
  JobCountResponse,
  JobSchedulesQuery,
  JobSchedulesResponse,
} from '@costlens/shared'
import {
  APP_STATUS_LABELS,
  JOB_INTERVAL_MS,
  DROPPED_KINDS,
  FINISHED_JOB_BUCKETS,
  INEFFICIENT_EVENT_TYPES,
  RUNNING_JOB_BUCKETS,
  WEEKDAY_KEYS,
  seriesGrid,
} from '@costlens/shared'
import type { Db } from '../open-database.ts'
import { APP_EVENT_TYPES, PIPELINE_NAMES } from '../seed/applications.ts'
import {
  appsTimeShift,
  clusterUidsOf,
  countedEvents,
  eventCounts,
  inList,
  queryWindow,
  type Where,
} from './applications.ts'
import { referenceInstant } from './reference-dates.ts'
import { scopedClusters, type ClusterScope } from './scope.ts'
import { listParam } from './app-lists.ts'
import { figureSql } from './app-figures.ts'
import { assertSeriesPoints } from './series.ts'
import { countBuckets, countRunning, jobCountIndex } from './job-count-index.ts'
import { pipelineIndex, startBound } from './pipeline-index.ts'

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/** Status codes to the state words of jobs/count, as SQL over the schema's own codes (no user text). */
const STATE_SQL = `CASE a.status ${Object.entries(APP_STATUS_LABELS)
  .map(([code, label]) => `WHEN '${code}' THEN '${label.toUpperCase()}'`)
  .join(' ')} END`

/** E027: each dimension as SQL; only these reach the query. MAPREDUCE as YARN names it (REAL-API-NOTES §6). */
const DIMENSIONS: Record<JobCountGroupBy, string> = {
  state: STATE_SQL,
  applicationType: "CASE a.kind WHEN 'mr' THEN 'MAPREDUCE' ELSE upper(a.kind) END",
  user: 'a.user',
  queue: 'a.queue',
}

/** B176: pig and cascading are never counted. */
function dropRetiredKinds(where: Where) {
  const names = [...DROPPED_KINDS].map((k, i) => {
    where.params[`dk${i}`] = k
    return `@dk${i}`
  })
  where.clauses.push(`a.kind NOT IN (${names.join(', ')})`)
}

/** E027's window: start_time/end_time (ms or ISO) or from/to (epoch seconds), default the last day. */
export function jobCountWindow(q: JobCountQuery, now: number): { start: number; end: number } {
  const seconds = (s: number | undefined) => (s === undefined ? undefined : String(s * 1000))
  return queryWindow(
    q.start_time ?? seconds(q.from),
    q.end_time ?? seconds(q.to),
    {
      start: q.start_time === undefined && q.from !== undefined ? 'from' : 'start_time',
      end: q.end_time === undefined && q.to !== undefined ? 'to' : 'end_time',
    },
    DAY,
    now,
  )
}

/**
 * What jobCount and jobCountSql share: E027's window and grid (the response's bucket starts: first,
 * step, n; the point cap checked) and the same ask in seeded time (the read frame minus
 * appsTimeShift) with the clusters counted.
 */
function jobCountGrid(db: Db, q: JobCountQuery, now: number, scope: ClusterScope) {
  const window = jobCountWindow(q, now)
  const interval = q.interval ?? '1h'
  const step = JOB_INTERVAL_MS[interval]
  const { first, n } = seriesGrid(window.start, window.end, step)
  assertSeriesPoints(n, interval)
  const shift = appsTimeShift(db)
  return {
    first,
    step,
    n,
    ask: {
      start: window.start - shift,
      end: window.end - shift,
      now: now - shift,
      first: first - shift,
      step,
      n,
      clusters: scopedClusters(scope, clusterUidsOf(db, q.clusterName)),
    },
  }
}

/**
 * E027: how many apps ran during each bucket of the window, per group value. An app runs in every
 * bucket from the one it starts in to the one it ends in (now, while running). Counted over the
 * in-process index of the apps (job-count-index.ts): a few ms for any window up to 30 days, where
 * the SQL below (jobCountSql, kept as the reference the tests compare with) takes 0.1–0.5 s.
 */
export function jobCount(db: Db, q: JobCountQuery, now: number, scope: ClusterScope): JobCountResponse {
  const { ask, first, step, n } = jobCountGrid(db, q, now, scope)
  const groups = countRunning(jobCountIndex(db), {
    ...ask,
    groupBy: q.groupBy ?? 'state',
    filter: q.filterBy === undefined ? undefined : { by: q.filterBy, key: String(q.key) },
  })
  const result: JobCountResponse = { date: Array.from({ length: n }, (_, i) => first + i * step) }
  for (const [label, counts] of groups) {
    const series: Record<string, number> = {}
    for (let b = 0; b < n; b++) series[String(first + b * step)] = counts[b]!
    result[String(label)] = series
  }
  return result
}

/**
 * E027 in SQL, the reference jobCount must equal (simulator/test/job-count-index.test.ts): +1 in
 * the bucket an app starts in, -1 after the one it ends in, and a running sum over the buckets.
 */
export function jobCountSql(db: Db, q: JobCountQuery, now: number, scope: ClusterScope): JobCountResponse {
  const { ask, first, step, n } = jobCountGrid(db, q, now, scope)
  const where: Where = { clauses: [], params: {}, index: 'applications_finished' }
  inList(where, 'a.cluster_uid', 'cl', ask.clusters)
  if (q.filterBy !== undefined) {
    where.clauses.push(`${DIMENSIONS[q.filterBy]} = @key`)
    where.params.key = q.key
  }
  const filters = where.clauses.map((c) => ` AND ${c}`).join('')
  const group = DIMENSIONS[q.groupBy ?? 'state']
  // Parameters bind as REAL: bucket numbers are cast back to integers.
  // Finished apps from the finish-time index alone (their start is finish - duration); the few
  // without a finish time (running, pending) run until now.
  const rows = db
    .prepare(
      `WITH runs AS MATERIALIZED (
         SELECT ${group} AS g, a.finished_time - a.duration AS s, a.finished_time AS e
           FROM applications a INDEXED BY applications_finished
          WHERE a.finished_time >= @start AND a.finished_time - a.duration <= @end${filters}
         UNION ALL
         SELECT ${group}, a.start_time, @now FROM applications a
          WHERE a.finished_time IS NULL AND a.start_time <= @end${filters}
       ),
       deltas AS (
         SELECT g, max(0, CAST((s - @first) / @step AS INTEGER)) AS b, 1 AS d FROM runs
         UNION ALL
         SELECT g, CAST((e - @first) / @step AS INTEGER) + 1, -1 FROM runs
          WHERE CAST((e - @first) / @step AS INTEGER) + 1 < @n
       ),
       sums AS (SELECT g, b, sum(d) AS d FROM deltas GROUP BY g, b),
       buckets(b) AS (SELECT 0 UNION ALL SELECT b + 1 FROM buckets WHERE b + 1 < @n),
       groups AS (SELECT DISTINCT g FROM runs)
       SELECT gr.g AS g, bu.b AS b, sum(coalesce(s.d, 0)) OVER (PARTITION BY gr.g ORDER BY bu.b) AS n
         FROM groups gr CROSS JOIN buckets bu LEFT JOIN sums s ON s.g = gr.g AND s.b = bu.b
        ORDER BY gr.g, bu.b`,
    )
    .all({ ...where.params, start: ask.start, end: ask.end, now: ask.now, first: ask.first, step, n }) as {
    g: string
    b: number
    n: number
  }[]
  const result: JobCountResponse = { date: Array.from({ length: n }, (_, i) => first + i * step) }
  for (const r of rows) {
    const series = (result[r.g] ??= {}) as Record<string, number>
    series[String(first + r.b * step)] = r.n
  }
  return result
}

export type JobVariant = 'running' | 'finished'
export type JobBreakdown = 'status' | 'type' | 'inefficiency'

/** Status codes to the job status buckets (B176). */
const BUCKET_OF_CODE: Record<string, string> = {
  R: 'running',
  P: 'pending',
  S: 'success',
  F: 'failed',
  K: 'killed',
}

/**
 * E028–E033, B176: the jobs of the window (default the last day), by status, kind or inefficient
 * event. Running: the apps running at the window's end (shared app-figures `runningNow`: now, for a
 * window that ends now; what ran then, for one that ended before) and the pending ones; finished:
 * the apps that finished (S, F, K) in the window (`finishedInRange`).
 */
/**
 * E028–E033's window: start_time/end_time, or the reference's from/to (YYYY-MM-DD or epoch seconds;
 * a date-only `to` is the end of that day), default the last day.
 */
export function jobBucketsWindow(q: JobBucketsQuery, now: number): { start: number; end: number } {
  return queryWindow(
    q.start_time ?? referenceInstant(q.from, 'from', 'epoch-s-or-iso', 'start'),
    q.end_time ?? referenceInstant(q.to, 'to', 'epoch-s-or-iso', 'end'),
    {
      start: q.start_time === undefined && q.from !== undefined ? 'from' : 'start_time',
      end: q.end_time === undefined && q.to !== undefined ? 'to' : 'end_time',
    },
    DAY,
    now,
  )
}

/**
 * What jobBuckets and jobBucketsSql share: the window, the shift, the clusters and kinds asked, and
 * a bucket of the answer, stamped at the window's end (running: at now, for a window reaching past it).
 */
function jobBucketsAsk(db: Db, variant: JobVariant, q: JobBucketsQuery, now: number, scope: ClusterScope) {
  const window = jobBucketsWindow(q, now)
  const ts = variant === 'running' ? Math.min(now, window.end) : window.end
  return {
    window,
    shift: appsTimeShift(db),
    clusters: scopedClusters(scope, q.clusterUid ? [q.clusterUid] : undefined),
    kinds: listParam(q.kind),
    bucket: (key: string, count: number): JobBucket => ({ key, ts, count, doc_count: count }),
  }
}

export function jobBuckets(
  db: Db,
  variant: JobVariant,
  by: JobBreakdown,
  q: JobBucketsQuery,
  now: number,
  scope: ClusterScope,
): JobBucket[] {
  const { window, shift, clusters, kinds, bucket } = jobBucketsAsk(db, variant, q, now, scope)
  const at = Math.min(window.end, now)
  const counts = countBuckets(
    jobCountIndex(db),
    {
      variant,
      at: at - shift,
      atNow: at >= now,
      start: window.start - shift,
      end: window.end - shift,
      clusters,
      kinds,
      dropped: DROPPED_KINDS,
    },
    APP_EVENT_TYPES.length,
  )
  if (by === 'inefficiency')
    return countedEvents([...INEFFICIENT_EVENT_TYPES], (bit) => counts.byBit[bit] ?? 0).map((e) =>
      bucket(e.name, e.count),
    )
  if (by === 'type')
    return [...counts.byKind]
      .sort(([k1, n1], [k2, n2]) => n2 - n1 || (k1 < k2 ? -1 : k1 > k2 ? 1 : 0))
      .map(([k, n]) => bucket(k, n))
  const byBucket = new Map([...counts.byCode].map(([code, n]) => [BUCKET_OF_CODE[code], n]))
  const keys: readonly string[] = variant === 'running' ? RUNNING_JOB_BUCKETS : FINISHED_JOB_BUCKETS
  return keys.map((k) => bucket(k, byBucket.get(k) ?? 0))
}

/**
 * E028–E033 in SQL over the applications: the reference jobBuckets must equal
 * (simulator/test/job-count-index.test.ts).
 */
export function jobBucketsSql(
  db: Db,
  variant: JobVariant,
  by: JobBreakdown,
  q: JobBucketsQuery,
  now: number,
  scope: ClusterScope,
): JobBucket[] {
  const { window, shift, clusters, kinds, bucket } = jobBucketsAsk(db, variant, q, now, scope)
  // Running: the figure's apps and the pending ones beside them (B176's pending bucket).
  const figure = figureSql(variant === 'running' ? 'runningNow' : 'finishedInRange', window, now, shift, {
    pending: true,
  })
  const where: Where = { clauses: figure.clauses, params: figure.params, index: figure.index }
  dropRetiredKinds(where)
  if (kinds) inList(where, 'a.kind', 'kd', kinds)
  inList(where, 'a.cluster_uid', 'cl', clusters)
  if (by === 'inefficiency')
    return eventCounts(db, where, [...INEFFICIENT_EVENT_TYPES]).map((e) => bucket(e.name, e.count))
  const sql = `FROM applications a INDEXED BY ${where.index} WHERE ${where.clauses.join(' AND ')}`
  if (by === 'type')
    return (
      db
        .prepare(`SELECT a.kind AS key, count(*) AS n ${sql} GROUP BY a.kind ORDER BY n DESC, a.kind`)
        .all(where.params) as { key: string; n: number }[]
    ).map((r) => bucket(r.key, r.n))
  // What ran at a past window's end may have finished since: it counts as running there.
  const code =
    variant === 'running'
      ? "CASE WHEN a.status = 'P' AND a.finished_time IS NULL THEN 'P' ELSE 'R' END"
      : 'a.status'
  const byCode = new Map(
    (
      db.prepare(`SELECT ${code} AS code, count(*) AS n ${sql} GROUP BY code`).all(where.params) as {
        code: string
        n: number
      }[]
    ).map((r) => [BUCKET_OF_CODE[r.code], r.n]),
  )
  const keys: readonly string[] = variant === 'running' ? RUNNING_JOB_BUCKETS : FINISHED_JOB_BUCKETS
  return keys.map((k) => bucket(k, byCode.get(k) ?? 0))
}

const SLOT = 30 * MINUTE
const pad = (n: number) => String(n).padStart(2, '0')
const hhmm = (minutes: number) => `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`
/** The chart's series colour slots (B269: seven). */
const SERIES_COLOURS = 7

/**
 * The /jobs/schedulejobs calendar: each recurring pipeline (a seeded pipeline name) is a scheduled
 * job; on each weekday it ran in the window (default the last 7 days) it is placed at the hour it
 * most often started then, for its average run time rounded up to whole 30-minute slots (B265),
 * ending at 24:00 at the latest (B267). It runs as its most frequent user and queue; jobs of one
 * queue share a colour. clusterName narrows to one cluster, as jobs/count does ('*' every cluster).
 */
/** The scheduled-jobs calendar's window: start_time/end_time, default the last 7 days. */
export function jobSchedulesWindow(q: JobSchedulesQuery, now: number): { start: number; end: number } {
  return queryWindow(q.start_time, q.end_time, { start: 'start_time', end: 'end_time' }, 7 * DAY, now)
}

export function jobSchedules(
  db: Db,
  q: JobSchedulesQuery,
  now: number,
  scope: ClusterScope,
): JobSchedulesResponse {
  const { slots, owners } = scheduleRuns(db, q, now, scope)
  return calendar(slots, owners)
}

interface ScheduleSlot {
  name: string
  /** Weekday (0 Sunday) and hour (UTC) of the slot, and the mean run time there, whole ms. */
  wd: number
  hr: number
  ms: number
}
interface ScheduleOwner {
  name: string
  user: string
  queue: string
}

/**
 * The calendar's figures over the pipeline index's runs (pipeline-index.ts, every top-level run of a
 * recurring name, typed or not): each name's most frequent start hour per weekday with its mean run
 * time (ties by the earlier hour), and its most frequent user and queue (ties by user, then queue),
 * as jobSchedulesSql selects them. The window's runs of each group are a range found by two binary
 * searches: a week at a million apps reads about 26,000 runs (a few ms) where the SQL took 0.2-0.6 s.
 */
function scheduleRuns(db: Db, q: JobSchedulesQuery, now: number, scope: ClusterScope) {
  const window = jobSchedulesWindow(q, now)
  const shift = appsTimeShift(db)
  const clusters = new Set(scopedClusters(scope, clusterUidsOf(db, q.clusterName)))
  const index = pipelineIndex(db)
  const perName = new Map<
    string,
    { slots: Map<number, { n: number; ms: number }>; owners: Map<string, number> }
  >()
  for (const g of [...index.groups, ...index.untypedGroups]) {
    if (!clusters.has(g.clusterUid)) continue
    const from = startBound(index, window.start - shift, g.from, g.to)
    const to = startBound(index, window.end - shift, from, g.to, true)
    if (from === to) continue
    let name = perName.get(g.name)
    if (!name) perName.set(g.name, (name = { slots: new Map(), owners: new Map() }))
    for (let i = from; i < to; i++) {
      const at = index.start[i]! + shift
      // 1970-01-01 was a Thursday (weekday 4); hours in UTC, as strftime reads them.
      const slot = ((Math.floor(at / DAY) + 4) % 7) * 24 + (Math.floor(at / HOUR) % 24)
      const s = name.slots.get(slot)
      if (s) {
        s.n++
        s.ms += index.duration[i]!
      } else name.slots.set(slot, { n: 1, ms: index.duration[i]! })
      const owner = `${index.user[i]}\u0000${index.queue[i]}`
      name.owners.set(owner, (name.owners.get(owner) ?? 0) + 1)
    }
  }
  const slots: ScheduleSlot[] = []
  const owners: ScheduleOwner[] = []
  for (const name of [...perName.keys()].sort()) {
    const { slots: bySlot, owners: byOwner } = perName.get(name)!
    const best = new Map<number, { hr: number; n: number; ms: number }>()
    for (const [slot, { n, ms }] of bySlot) {
      const wd = Math.floor(slot / 24)
      const hr = slot % 24
      const b = best.get(wd)
      if (!b || n > b.n || (n === b.n && hr < b.hr)) best.set(wd, { hr, n, ms: Math.trunc(ms / n) })
    }
    for (const wd of [...best.keys()].sort((x, y) => x - y)) slots.push({ name, wd, ...best.get(wd)! })
    let top: { user: string; queue: string; n: number } | undefined
    for (const [key, n] of byOwner) {
      const [user, queue] = key.split('\u0000') as [string, string]
      if (!top || n > top.n || (n === top.n && (user < top.user || (user === top.user && queue < top.queue))))
        top = { user, queue, n }
    }
    owners.push({ name, user: top!.user, queue: top!.queue })
  }
  return { slots, owners }
}

/**
 * The calendar in SQL over the applications, the reference jobSchedules must equal
 * (simulator/test/jobs.test.ts).
 */
export function jobSchedulesSql(
  db: Db,
  q: JobSchedulesQuery,
  now: number,
  scope: ClusterScope,
): JobSchedulesResponse {
  const window = jobSchedulesWindow(q, now)
  const shift = appsTimeShift(db)
  const where: Where = { clauses: [], params: {}, index: 'applications_start' }
  inList(where, 'a.cluster_uid', 'cl', scopedClusters(scope, clusterUidsOf(db, q.clusterName)))
  const runs = `WITH runs AS MATERIALIZED (
      SELECT a.name AS name, a.user AS user, a.queue AS queue, a.duration AS duration,
             CAST(strftime('%w', (a.start_time + @shift) / 1000, 'unixepoch') AS INTEGER) AS wd,
             CAST(strftime('%H', (a.start_time + @shift) / 1000, 'unixepoch') AS INTEGER) AS hr
        FROM applications a INDEXED BY applications_start
       WHERE a.start_time >= @start AND a.start_time <= @end AND a.parent_id IS NULL
         AND a.name IN (SELECT value FROM json_each(@names))${where.clauses.map((c) => ` AND ${c}`).join('')}
    )`
  const params = {
    ...where.params,
    start: window.start - shift,
    end: window.end - shift,
    shift,
    names: JSON.stringify(PIPELINE_NAMES),
  }
  const slots = db
    .prepare(
      `${runs}, slots AS (
         SELECT name, wd, hr, CAST(avg(duration) AS INTEGER) AS ms,
                row_number() OVER (PARTITION BY name, wd ORDER BY count(*) DESC, hr) AS rank
           FROM runs GROUP BY name, wd, hr
       )
       SELECT name, wd, hr, ms FROM slots WHERE rank = 1 ORDER BY name, wd`,
    )
    .all(params) as ScheduleSlot[]
  const owners = db
    .prepare(
      `${runs}, owners AS (
         SELECT name, user, queue,
                row_number() OVER (PARTITION BY name ORDER BY count(*) DESC, user, queue) AS rank
           FROM runs GROUP BY name, user, queue
       )
       SELECT name, user, queue FROM owners WHERE rank = 1 ORDER BY name`,
    )
    .all(params) as ScheduleOwner[]
  return calendar(slots, owners)
}

/** The calendar's series: one per scheduled job, its slots on the weekdays it ran. */
function calendar(slots: readonly ScheduleSlot[], owners: readonly ScheduleOwner[]): JobSchedulesResponse {
  const queues = [...new Set(owners.map((o) => o.queue))].sort()
  return owners.map((o): CalendarSeries => {
    const data = Object.fromEntries(
      WEEKDAY_KEYS.map((d): [string, CalendarEventItem[]] => [d, []]),
    ) as CalendarSeries['data']
    for (const s of slots.filter((s) => s.name === o.name)) {
      const start = s.hr * 60
      const length = (Math.max(1, Math.ceil(s.ms / SLOT)) * SLOT) / MINUTE
      data[WEEKDAY_KEYS[s.wd]!].push({
        startTime: hhmm(start),
        endTime: hhmm(Math.min(24 * 60, start + length)),
        label: o.name,
      })
    }
    return {
      id: o.name,
      name: o.name,
      color: `series-${queues.indexOf(o.queue) % SERIES_COLOURS}`,
      user: o.user,
      queue: o.queue,
      data,
    }
  })
}
