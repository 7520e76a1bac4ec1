import type { RecentViolationsQuery, RecentViolationsResponse } from '@costlens/shared'
import { HttpError } from '../../errors.ts'
import type { Db } from '../open-database.ts'
import { appsTimeShift, instant } from './applications.ts'
import { scopedClusters, type ClusterScope } from './scope.ts'
import { cachedStatement } from '../statement-cache.ts'
import { appsDerived } from './app-read-cache.ts'

const HOUR = 3_600_000
const DAY = 24 * HOUR
/** 1 TiB held for an hour, in the MB·s the apps record. */
const TIB_HOUR_MB_SECONDS = 1024 * 1024 * 3600

/**
 * The auto-action policies every platform starts with (REAL-API-NOTES §7 policy fields, trimmed to
 * what a violation needs). A policy watches the Yarn apps and fires once per app, at the moment the
 * app crosses its threshold: so its violations are read from the apps themselves and always agree
 * with the application lists. Editable policies arrive with the autoactions screens (roadmap).
 */
export const SEEDED_POLICIES = [
  {
    id: 'aa-long-running',
    name: 'Long-running app over 4 hours',
    enabled: true,
    actions: ['send_email'],
    // Fires 4 h after the start, for an app still running then (or that ran longer).
    rule: 'durationOver',
    threshold: 4 * HOUR,
  },
  {
    id: 'aa-memory-hog',
    name: 'App holding over 1 TB·h of memory',
    enabled: true,
    actions: ['send_email', 'post_to_slack'],
    // Memory-seconds are only final at the finish, so it fires then.
    rule: 'memoryOver',
    threshold: TIB_HOUR_MB_SECONDS,
  },
  {
    id: 'aa-adhoc-runaway',
    name: 'Ad-hoc query over 1 hour',
    enabled: false,
    actions: ['kill_app'],
    rule: 'durationOver',
    threshold: HOUR,
  },
] as const

const YARN_KINDS = "('mr', 'hive', 'spark', 'tez')"

interface ViolationRow {
  policy: number
  eventTime: number
  entityId: string
  clusterUid: string
  user: string
  queue: string
}

/** A date-only end_time is the end of that day (REAL-API-NOTES §8: the real call takes dates). */
function windowEnd(value: string | undefined, now: number): number {
  const end = instant(value, 'end_time', 'querystring') ?? now
  return value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? end + DAY : end
}

/** The window [start_time, end_time) of the violations (from/to the same), default the last day. */
export function violationsWindow(q: RecentViolationsQuery, now: number): { start: number; end: number } {
  const end = windowEnd(q.end_time ?? q.to, now)
  const start = instant(q.start_time ?? q.from, 'start_time', 'querystring') ?? end - DAY
  if (start > end) throw new HttpError(400, 'querystring/start_time must not be after querystring/end_time')
  return { start, end }
}

/** The documented appType values (public REST reference 4.6) as the kinds they mean. */
const APP_TYPE_KINDS: Record<string, string> = {
  MR: 'mr',
  MAPREDUCE: 'mr',
  SPARK: 'spark',
  TEZ: 'tez',
  HIVE: 'hive',
  IMPALA: 'impala',
  WORKFLOWS: 'workflow',
}

/** The documented filters (appId, appType, user) as one test of a violation's app. */
function violationFilter(q: RecentViolationsQuery) {
  let kind: string | undefined
  if (q.appType !== undefined) {
    kind = APP_TYPE_KINDS[q.appType.trim().toUpperCase()]
    if (!kind)
      throw new HttpError(
        400,
        `querystring/appType: "${q.appType}" is not an app type; use one of ${Object.keys(APP_TYPE_KINDS).join(', ')}`,
      )
  }
  const { appId, user } = q
  return {
    kind,
    appId,
    user,
    sql: [kind && 'a.kind = @kind', appId && 'a.id = @appId', user && 'a.user = @user']
      .filter(Boolean)
      .map((clause) => ` AND ${clause}`)
      .join(''),
    keeps: (h: { kind: string; id: string; user: string }) =>
      (!kind || h.kind === kind) && (!appId || h.id === appId) && (!user || h.user === user),
  }
}

/**
 * The violations in [start_time, end_time) (default the last day) of the enabled policies, newest
 * first, at most `limit`: on one cluster, or on every cluster of the platform. Times are read from
 * the apps' seeded times plus their shift, like the application lists.
 */
export function recentViolations(
  db: Db,
  q: RecentViolationsQuery,
  now: number,
  scope: ClusterScope,
): RecentViolationsResponse {
  const { start, end } = violationsWindow(q, now)
  // Every violation is of this one type (AAVA: the reference 4.6's name for it): any other asks for none.
  if (
    q.eventType !== undefined &&
    !['AUTO_ACTION_VIOLATION', 'AAVA'].includes(q.eventType.trim().toUpperCase())
  )
    return []
  const filter = violationFilter(q)
  const shift = appsTimeShift(db)
  const limit = q.limit ?? 50
  const onClusters = 'a.cluster_uid IN (SELECT value FROM json_each(@clusters))'
  const params = {
    start: start - shift,
    end: end - shift,
    now: now - shift,
    limit,
    clusters: JSON.stringify(scopedClusters(scope, q.clusterUid ? [q.clusterUid] : undefined)),
    ...(filter.kind ? { kind: filter.kind } : {}),
    ...(filter.appId ? { appId: filter.appId } : {}),
    ...(filter.user ? { user: filter.user } : {}),
  }
  // Each branch reads only its candidates, newest first, at most `limit` of them: the `limit` newest
  // of all are among them. A 7-day window at a million apps reads about 2,000 index entries for the
  // long-running apps, a few hundred unfinished ones and a binary search of the memory hogs' list,
  // where one query over the window's apps looked up every one of them (0.1-0.3 s).
  const newest = (select: string) =>
    `SELECT * FROM (${select} ORDER BY eventTime DESC, entityId LIMIT @limit)`
  const selects = SEEDED_POLICIES.flatMap((policy, index) => {
    if (!policy.enabled) return []
    const columns = `${index} AS policy, a.id AS entityId, a.cluster_uid AS clusterUid, a.user AS user, a.queue AS queue`
    const threshold = policy.threshold
    if (policy.rule === 'durationOver') {
      // Crossed the threshold at start + threshold: finished longer, or still running past it. The
      // start bounds are written +a.start_time so the planner reads the duration index from the
      // threshold on: with the start as a range after the duration, the statistics of a large file
      // led it to a skip-scan over every distinct duration (0.25 s instead of a few ms).
      const crossed = `+a.start_time >= @start - ${threshold} AND +a.start_time < @end - ${threshold}
            AND a.start_time + ${threshold} <= @now`
      // The duration index holds kind and cluster as codes (schema.sql), the finished one the texts.
      const ofKindAndCluster = `a.kind IN ${YARN_KINDS} AND ${onClusters}`
      const ofCodes = `a.${YARN_KIND_CODES}
            AND a.cluster_code IN (SELECT code FROM app_rollup_names WHERE field = 'cluster'
                                     AND name IN (SELECT value FROM json_each(@clusters)))`
      return [
        // The apps that ran longer (1 % of them), from the duration index, which covers the rest...
        newest(`SELECT ${columns}, a.start_time + ${threshold} AS eventTime
           FROM applications a INDEXED BY applications_duration
          WHERE a.duration > ${threshold} AND ${crossed} AND ${ofCodes}${filter.sql}`),
        // ...and the unfinished ones not among them (a few hundred).
        newest(`SELECT ${columns}, a.start_time + ${threshold} AS eventTime
           FROM applications a INDEXED BY applications_finished
          WHERE a.finished_time IS NULL AND (a.duration > ${threshold}) IS NOT 1 AND ${crossed}
            AND ${ofKindAndCluster}${filter.sql}`),
      ]
    }
    // The memory hogs come from their in-process list (memoryHogs), merged below.
    return []
  })
  const sqlRows = selects.length
    ? (cachedStatement(
        db,
        `${selects.join(' UNION ALL ')} ORDER BY eventTime DESC, entityId LIMIT @limit`,
      ).all(params) as ViolationRow[])
    : []
  const memoryPolicy = SEEDED_POLICIES.findIndex((p) => p.enabled && p.rule === 'memoryOver')
  const hogRows =
    memoryPolicy < 0
      ? []
      : newestHogs(
          memoryHogs(db),
          params.start,
          params.end,
          new Set(JSON.parse(params.clusters) as string[]),
          filter.keeps,
          limit,
        ).map((h): ViolationRow => ({
          policy: memoryPolicy,
          eventTime: h.finished,
          entityId: h.id,
          clusterUid: h.cluster,
          user: h.user,
          queue: h.queue,
        }))
  const rows = [...sqlRows, ...hogRows].sort(newestFirst).slice(0, limit)
  return rows.map((r) => {
    const policy = SEEDED_POLICIES[r.policy]!
    const eventTime = r.eventTime + shift
    return {
      _source: {
        eventName: policy.name,
        eventType: 'AUTO_ACTION_VIOLATION',
        eventTime,
        entityType: 'APP',
        entityId: r.entityId,
        policyId: policy.id,
        clusterUid: r.clusterUid,
        user: r.user,
        queue: r.queue,
        actions: [...policy.actions],
      },
      sort: [eventTime],
    }
  })
}

/** One finished app over the memory policy's threshold (seeded time). */
interface MemoryHog {
  finished: number
  id: string
  kind: string
  cluster: string
  user: string
  queue: string
}

const MEMORY_THRESHOLD = SEEDED_POLICIES.find((p) => p.rule === 'memoryOver')!.threshold

/** A violation row before another: newer first, then by id (SQL's BINARY order). */
const newestFirst = (a: ViolationRow, b: ViolationRow) =>
  b.eventTime - a.eventTime || (a.entityId < b.entityId ? -1 : a.entityId > b.entityId ? 1 : 0)

const byFinish = (a: MemoryHog, b: MemoryHog) =>
  a.finished - b.finished || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)

/** The Yarn kinds as their codes (the chargeback and duration indexes hold kind_code, schema.sql). */
const YARN_KIND_CODES = `kind_code IN (SELECT code FROM app_rollup_names WHERE field = 'kind' AND name IN ${YARN_KINDS})`

const HOG_SQL = `SELECT a.finished_time AS finished, a.id, a.kind, a.cluster_uid AS cluster, a.user, a.queue FROM applications a
  WHERE a.finished_time IS NOT NULL AND a.kind IN ${YARN_KINDS} AND a.memory_seconds > ${MEMORY_THRESHOLD}`

/**
 * The Yarn apps that finished over the memory policy's threshold (1.7 % of them: about 14,000 at a
 * million apps), in finish order: the memory policy's violations are a range of it. Built once per
 * database from the chargeback index (it covers memory_seconds and kind_code) and the hogs' rows
 * (warm-app-indexes.ts builds it after listen); a kill or a move re-reads the rewritten app.
 * Why not SQL over the window: memory_seconds is in no finish-ordered index, so a window's hogs
 * cost a row lookup per app finished in it (6,000 for the newest 100 of a week).
 */
export function memoryHogs(db: Db): MemoryHog[] {
  return appsDerived(
    db,
    'memory-hogs',
    () =>
      db
        .prepare(
          `${HOG_SQL} AND a.rowid IN (SELECT rowid FROM applications INDEXED BY applications_chargeback
                                       WHERE memory_seconds > ${MEMORY_THRESHOLD} AND ${YARN_KIND_CODES})
           ORDER BY a.finished_time, a.id`,
        )
        .all() as MemoryHog[],
    (hogs, rows) => {
      for (const row of rows) {
        const at = hogs.findIndex((h) => h.id === row.id)
        if (at >= 0) hogs.splice(at, 1)
        const hog = cachedStatement(db, `${HOG_SQL} AND a.id = ?`).get(row.id) as MemoryHog | undefined
        if (!hog) continue
        let k = hogs.length
        while (k > 0 && byFinish(hogs[k - 1]!, hog) > 0) k--
        hogs.splice(k, 0, hog)
      }
    },
  )
}

/** The newest `limit` hogs (and any tied with the last) finished in [start, end) on these clusters. */
function newestHogs(
  hogs: readonly MemoryHog[],
  start: number,
  end: number,
  clusters: ReadonlySet<string>,
  keeps: (hog: MemoryHog) => boolean,
  limit: number,
) {
  let lo = 0
  let hi = hogs.length
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    if (hogs[mid]!.finished < end) lo = mid + 1
    else hi = mid
  }
  const out: MemoryHog[] = []
  for (let i = lo - 1; i >= 0 && hogs[i]!.finished >= start; i--) {
    const h = hogs[i]!
    if (out.length >= limit && h.finished < out[out.length - 1]!.finished) break
    if (clusters.has(h.cluster) && keeps(h)) out.push(h)
  }
  return out
}
