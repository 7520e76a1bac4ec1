import {
  JobBucketListSchema,
  JobBucketsQuerySchema,
  JobCountQuerySchema,
  JobCountResponseSchema,
  JobSchedulesQuerySchema,
  JobsTotalQuerySchema,
  JobsTotalResponseSchema,
  JobSchedulesResponseSchema,
  LastCheckedResponseSchema,
} from '../contracts/jobs.ts'
import { defineEndpoint, defineEndpoints } from './endpoint.ts'

const tags = ['jobs'] as const

/** E028-E033: apps running now or finished in the window, by status, type or inefficiency. */
const jobBuckets = (
  variant: 'running' | 'finished',
  by: 'status' | 'type' | 'inefficiency',
  specId: string,
) =>
  defineEndpoint({
    method: 'GET',
    path: `/api/v1/jobs/${variant === 'finished' ? 'finished/' : ''}by${by}`,
    specIds: [specId],
    tags,
    summary:
      variant === 'running'
        ? `Apps running (R) or pending (P) at the window's end (now, for a window ending now) by ${by}`
        : `Apps finished (S, F, K) in the window by ${by}`,
    querystring: JobBucketsQuerySchema,
    response: JobBucketListSchema,
  })

/** The job counts of the cluster overview and the scheduled-jobs calendar (02 §7 Jobs; E027-E034). */
export const jobsEndpoints = defineEndpoints({
  jobCount: {
    method: 'GET',
    path: '/api/v1/jobs/count',
    specIds: ['E027'],
    tags,
    summary: 'Apps running in each time bucket, per state, application type, user or queue',
    description:
      'Response of REAL-API-NOTES §6 with numbers: {date: [ms…], <group value>: {"<ms>": count}}. ' +
      'At most 2,000 buckets.',
    querystring: JobCountQuerySchema,
    response: JobCountResponseSchema,
  },
  jobsTotal: {
    method: 'GET',
    path: '/api/v1/jobs',
    // No row of its own: E027's counts (apps running in each hour) at the reference's path.
    specIds: ['E027'],
    tags,
    summary: "The real product's documented total job count: apps running in each hour of the window",
    description:
      "Not in the spec: the real product's public REST reference (4.6) documents GET /jobs as the total " +
      'job count between start_time and end_time (YYYY-MM-DD) at a 1 hour interval, with an undocumented ' +
      "answer. costlens answers jobs/count's shape at 1h with the groups summed: {date: [ms…], total: " +
      '{"<ms>": count}}. from/to are read too (REAL-API-NOTES §6); a date-only end includes that whole day; ' +
      'the window defaults to the last day; at most 2,000 hours.',
    querystring: JobsTotalQuerySchema,
    response: JobsTotalResponseSchema,
  },
  runningByStatus: jobBuckets('running', 'status', 'E028'),
  runningByType: jobBuckets('running', 'type', 'E029'),
  runningByInefficiency: jobBuckets('running', 'inefficiency', 'E030'),
  finishedByStatus: jobBuckets('finished', 'status', 'E031'),
  finishedByType: jobBuckets('finished', 'type', 'E032'),
  finishedByInefficiency: jobBuckets('finished', 'inefficiency', 'E033'),
  lastChecked: {
    method: 'GET',
    path: '/api/v1/jobs/lastChecked',
    specIds: ['E034'],
    tags,
    summary: 'When the job data was last refreshed: the simulated now',
    response: LastCheckedResponseSchema,
  },
  jobSchedules: {
    method: 'GET',
    path: '/api/v1/jobs/schedules',
    // No catalogue row: the path is costlens's; it serves the scheduled-jobs calendar (R019, R066).
    specIds: ['R019', 'R066'],
    pathIsOurs: true,
    tags,
    summary: 'The recurring scheduled jobs of the window as weekly calendar series',
    description:
      'The /jobs/schedulejobs page (02 §2 weekly calendar); series as 03 §4 ' +
      'Calendar series: id, name, color, data keyed sunday … saturday with HH:mm events.',
    querystring: JobSchedulesQuerySchema,
    response: JobSchedulesResponseSchema,
  },
})

/** The bucket calls by variant and breakdown, as the cluster overview asks for them. */
export const JOB_BUCKET_CALLS = {
  running: {
    status: jobsEndpoints.runningByStatus,
    type: jobsEndpoints.runningByType,
    inefficiency: jobsEndpoints.runningByInefficiency,
  },
  finished: {
    status: jobsEndpoints.finishedByStatus,
    type: jobsEndpoints.finishedByType,
    inefficiency: jobsEndpoints.finishedByInefficiency,
  },
} as const
