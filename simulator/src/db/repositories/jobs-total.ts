import type { JobsTotalQuery, JobsTotalResponse } from '@costlens/shared'
import type { Db } from '../open-database.ts'
import { queryWindow } from './applications.ts'
import { jobCount, referenceInstant } from './jobs.ts'
import type { ClusterScope } from './scope.ts'

const DAY = 86_400_000

/**
 * GET /api/v1/jobs's window: the reference's start_time/end_time or the notes' from/to, each a
 * date (a date-only end being the end of that day) or a time; the last day by default.
 */
export function jobsTotalWindow(q: JobsTotalQuery, now: number): { start: number; end: number } {
  const start =
    referenceInstant(q.start_time, 'start_time', 'epoch-ms-or-iso', 'start') ??
    referenceInstant(q.from, 'from', 'epoch-s-or-iso', 'start')
  const end =
    referenceInstant(q.end_time, 'end_time', 'epoch-ms-or-iso', 'end') ??
    referenceInstant(q.to, 'to', 'epoch-s-or-iso', 'end')
  return queryWindow(
    start,
    end,
    {
      start: q.start_time === undefined && q.from !== undefined ? 'from' : 'start_time',
      end: q.end_time === undefined && q.to !== undefined ? 'to' : 'end_time',
    },
    DAY,
    now,
  )
}

/**
 * The reference's "total job count between a time period (1 hour interval)": jobs/count (E027) at 1h
 * over the same window with its groups (the apps' states) summed, so each hour's total is the number
 * of apps running in it, the figure the cluster overview's chart adds up.
 */
export function jobsTotal(db: Db, q: JobsTotalQuery, now: number, scope: ClusterScope): JobsTotalResponse {
  const window = jobsTotalWindow(q, now)
  const { date, ...groups } = jobCount(
    db,
    {
      start_time: String(window.start),
      // jobs/count's end is inclusive (a bucket starting at it is drawn); the window's is not.
      end_time: String(window.end - 1),
      interval: '1h',
      clusterName: q.clusterName,
    },
    now,
    scope,
  )
  const total: Record<string, number> = {}
  for (const hour of date) {
    const key = String(hour)
    total[key] = Object.values(groups).reduce(
      (sum, counts) => sum + ((counts as Record<string, number>)[key] ?? 0),
      0,
    )
  }
  return { date, total }
}
