import { JOB_BUCKET_CALLS, jobsEndpoints as calls } from '@costlens/shared'
import type { AppInstance } from '../../app.ts'
import { scopeOf } from '../../plugins/auth.ts'
import {
  jobBuckets,
  jobCount,
  jobBucketsWindow,
  jobCountWindow,
  jobSchedulesWindow,
  jobSchedules,
  type JobBreakdown,
  type JobVariant,
} from '../../db/repositories/jobs.ts'
import { jobsTotal, jobsTotalWindow } from '../../db/repositories/jobs-total.ts'
import { route } from '../route.ts'

/** The job counts and the scheduled-jobs calendar (02 §7), from `jobsEndpoints`. */
export default async function jobRoutes(app: AppInstance) {
  const { db, clock } = app

  route(app, calls.jobCount, (request) => jobCount(db, request.query, clock.now(), scopeOf(request)), {
    plan: (request, now) => ({ range: jobCountWindow(request.query, now) }),
  })

  // E028-E033: the six bucket calls; their window defaults to the last day (jobs.ts).
  for (const [variant, calls] of Object.entries(JOB_BUCKET_CALLS) as [
    JobVariant,
    typeof JOB_BUCKET_CALLS.running,
  ][])
    for (const [by, entry] of Object.entries(calls) as [JobBreakdown, (typeof calls)[JobBreakdown]][])
      route(
        app,
        entry,
        (request) => jobBuckets(db, variant, by, request.query, clock.now(), scopeOf(request)),
        {
          plan: (request, now) => ({ range: jobBucketsWindow(request.query, now) }),
        },
      )

  // The real product's documented total job count (issue 21): jobs/count at 1h, its groups summed.
  route(app, calls.jobsTotal, (request) => jobsTotal(db, request.query, clock.now(), scopeOf(request)), {
    plan: (request, now) => ({ range: jobsTotalWindow(request.query, now) }),
  })

  route(app, calls.lastChecked, () => ({ lastChecked: clock.now() }))

  route(
    app,
    calls.jobSchedules,
    (request) => jobSchedules(db, request.query, clock.now(), scopeOf(request)),
    {
      plan: (request, now) => ({ range: jobSchedulesWindow(request.query, now) }),
    },
  )
}
