import type { JobsTotalQuery, JobsTotalResponse } from '@costlens/shared'
import type { Db } from '../open-database.ts'
import { jobCount } from './jobs.ts'
import { referenceWindow } from './reference-dates.ts'
import type { ClusterScope } from './scope.ts'

const DAY = 86_400_000

/** GET /api/v1/jobs's window (start_time/end_time as epoch ms or ISO, or dates): the last day by default. */
export const jobsTotalWindow = (q: JobsTotalQuery, now: number) =>
  referenceWindow(q, now, DAY, 'epoch-ms-or-iso')

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
