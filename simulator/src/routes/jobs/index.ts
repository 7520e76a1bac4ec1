import {
  ErrorSchema,
  JobBucketListSchema,
  JobBucketsQuerySchema,
  JobCountQuerySchema,
  JobCountResponseSchema,
  JobSchedulesQuerySchema,
  JobSchedulesResponseSchema,
  LastCheckedResponseSchema,
  type JobBucketsQuery,
  type JobCountQuery,
  type JobSchedulesQuery,
} from '@costlens/shared'
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

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema }

/** E028–E033: the six bucket routes, running and finished, by status, type and inefficiency. */
const BUCKET_ROUTES: readonly { variant: JobVariant; by: JobBreakdown; id: string }[] = [
  { variant: 'running', by: 'status', id: 'E028' },
  { variant: 'running', by: 'type', id: 'E029' },
  { variant: 'running', by: 'inefficiency', id: 'E030' },
  { variant: 'finished', by: 'status', id: 'E031' },
  { variant: 'finished', by: 'type', id: 'E032' },
  { variant: 'finished', by: 'inefficiency', id: 'E033' },
]

export default async function jobRoutes(app: AppInstance) {
  app.get(
    '/api/v1/jobs/count',
    {
      config: {
        access: { plan: (request, now) => ({ range: jobCountWindow(request.query as JobCountQuery, now) }) },
      },
      schema: {
        tags: ['jobs'],
        summary: 'Apps running in each time bucket, per state, application type, user or queue',
        description:
          'Response of REAL-API-NOTES §6 with numbers: {date: [ms…], <group value>: {"<ms>": count}}. ' +
          'At most 2,000 buckets.',
        querystring: JobCountQuerySchema,
        response: { 200: JobCountResponseSchema, ...errors },
        'x-spec-ids': ['E027'],
      },
    },
    async (request) => jobCount(app.db, request.query as JobCountQuery, app.clock.now(), scopeOf(request)),
  )

  for (const { variant, by, id } of BUCKET_ROUTES)
    app.get(
      `/api/v1/jobs/${variant === 'finished' ? 'finished/' : ''}by${by}`,
      {
        // The buckets' window defaults to the last day (jobs.ts).
        config: {
          access: {
            plan: (request, now) => ({ range: jobBucketsWindow(request.query as JobBucketsQuery, now) }),
          },
        },
        schema: {
          tags: ['jobs'],
          summary:
            variant === 'running'
              ? `Apps running (R) or pending (P) at the window's end (now, for a window ending now) by ${by}`
              : `Apps finished (S, F, K) in the window by ${by}`,
          querystring: JobBucketsQuerySchema,
          response: { 200: JobBucketListSchema, ...errors },
          'x-spec-ids': [id],
        },
      },
      async (request) =>
        jobBuckets(app.db, variant, by, request.query as JobBucketsQuery, app.clock.now(), scopeOf(request)),
    )

  app.get(
    '/api/v1/jobs/lastChecked',
    {
      schema: {
        tags: ['jobs'],
        summary: 'When the job data was last refreshed: the simulated now',
        response: { 200: LastCheckedResponseSchema, 401: ErrorSchema },
        'x-spec-ids': ['E034'],
      },
    },
    async () => ({ lastChecked: app.clock.now() }),
  )

  app.get(
    '/api/v1/jobs/schedules',
    {
      config: {
        access: {
          plan: (request, now) => ({
            range: jobSchedulesWindow(request.query as JobSchedulesQuery, now),
          }),
        },
      },
      schema: {
        tags: ['jobs'],
        summary: 'The recurring scheduled jobs of the window as weekly calendar series',
        description:
          'No path in the spec (the /jobs/schedulejobs page, 02 §2 weekly calendar); series as 03 §4 ' +
          'Calendar series: id, name, color, data keyed sunday … saturday with HH:mm events.',
        querystring: JobSchedulesQuerySchema,
        response: { 200: JobSchedulesResponseSchema, ...errors },
        // No catalogue row: the path is costlens's; it serves the scheduled-jobs calendar (R019, R066).
        'x-spec-ids': ['R019', 'R066'],
      },
    },
    async (request) =>
      jobSchedules(app.db, request.query as JobSchedulesQuery, app.clock.now(), scopeOf(request)),
  )
}
