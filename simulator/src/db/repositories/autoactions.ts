import type { RecentViolationsQuery, RecentViolationsResponse } from '@costlens/shared'
import { HttpError } from '../../errors.ts'
import type { Db } from '../open-database.ts'
import { appsTimeShift, instant } from './applications.ts'
import { scopedClusters, type ClusterScope } from './scope.ts'
import { cachedStatement } from '../statement-cache.ts'

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

/** The window [start_time, end_time) of the violations, default the last day. */
export function violationsWindow(q: RecentViolationsQuery, now: number): { start: number; end: number } {
  const end = windowEnd(q.end_time, now)
  const start = instant(q.start_time, 'start_time', 'querystring') ?? end - DAY
  if (start > end) throw new HttpError(400, 'querystring/start_time must not be after querystring/end_time')
  return { start, end }
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
  const shift = appsTimeShift(db)
  const limit = q.limit ?? 50
  const onClusters = 'a.cluster_uid IN (SELECT value FROM json_each(@clusters))'
  const params = {
    start: start - shift,
    end: end - shift,
    now: now - shift,
    limit,
    clusters: JSON.stringify(scopedClusters(scope, q.clusterUid ? [q.clusterUid] : undefined)),
  }
  // Each branch reads only its candidates, newest first, at most `limit` of them: the `limit` newest
  // of all are among them. A 7-day window at a million apps reads about 2,000 index entries for the
  // long-running apps, a few hundred unfinished ones and the last ~6,000 finished for the memory hogs,
  // where one query over the window's apps looked up every one of them (0.1-0.3 s).
  const newest = (select: string) =>
    `SELECT * FROM (${select} ORDER BY eventTime DESC, entityId LIMIT @limit)`
  const selects = SEEDED_POLICIES.flatMap((policy, index) => {
    if (!policy.enabled) return []
    const columns = `${index} AS policy, a.id AS entityId, a.cluster_uid AS clusterUid, a.user AS user, a.queue AS queue`
    const threshold = policy.threshold
    if (policy.rule === 'durationOver') {
      // Crossed the threshold at start + threshold: finished longer, or still running past it.
      const crossed = `a.start_time >= @start - ${threshold} AND a.start_time < @end - ${threshold}
            AND a.start_time + ${threshold} <= @now AND a.kind IN ${YARN_KINDS} AND ${onClusters}`
      return [
        // The apps that ran longer (1 % of them), from the duration index, which covers the rest...
        newest(`SELECT ${columns}, a.start_time + ${threshold} AS eventTime
           FROM applications a INDEXED BY applications_duration
          WHERE a.duration > ${threshold} AND ${crossed}`),
        // ...and the unfinished ones not among them (a few hundred).
        newest(`SELECT ${columns}, a.start_time + ${threshold} AS eventTime
           FROM applications a INDEXED BY applications_finished
          WHERE a.finished_time IS NULL AND (a.duration > ${threshold}) IS NOT 1 AND ${crossed}`),
      ]
    }
    // Read back from the window's end in finish order, until `limit` hogs (1.7 % of the apps).
    return [
      newest(`SELECT ${columns}, a.finished_time AS eventTime
         FROM applications a INDEXED BY applications_finished
        WHERE a.finished_time >= @start AND a.finished_time < @end AND a.kind IN ${YARN_KINDS}
          AND ${onClusters} AND a.memory_seconds > ${threshold}`),
    ]
  })
  const rows = cachedStatement(
    db,
    `${selects.join(' UNION ALL ')} ORDER BY eventTime DESC, entityId LIMIT @limit`,
  ).all(params) as ViolationRow[]
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
