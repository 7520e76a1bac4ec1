import { Type, type Static } from 'typebox'
import { JOB_STATUS_BUCKETS } from '../rules/status-maps.ts'
import { WEEKDAY_KEYS } from '../rules/calendar.ts'
import { MAX_SERIES_POINTS } from '../rules/series.ts'
import { JOB_INTERVALS } from './apps.ts'
import { DateParamInteger, DateParamString, QueryInstantSchema } from './dates.ts'

/** E027: what job counts group by (REAL-API-NOTES §6). */
export const JOB_COUNT_GROUP_BYS = ['state', 'applicationType', 'user', 'queue'] as const
export type JobCountGroupBy = (typeof JOB_COUNT_GROUP_BYS)[number]

/** E027: the most buckets one series may have (30 days at 1m would be 43,200). */
export const MAX_JOB_COUNT_BUCKETS = MAX_SERIES_POINTS

/**
 * GET /api/v1/jobs/count (E027). The spec's start_time/end_time (epoch ms or ISO, default the last
 * day); the documented from/to in epoch seconds are accepted too (REAL-API-NOTES §6, §9.1), the spec's
 * names winning when both are sent. interval default 1h; buckets start at a multiple of it.
 * clusterName matches a cluster's id, name or display name ('*' every cluster). filterBy and key go
 * together: only apps whose filterBy dimension equals key. groupBy default state.
 */
export const JobCountQuerySchema = Type.Object(
  {
    start_time: Type.Optional(QueryInstantSchema),
    end_time: Type.Optional(QueryInstantSchema),
    from: Type.Optional(DateParamInteger('s')),
    to: Type.Optional(DateParamInteger('s')),
    interval: Type.Optional(Type.Enum(JOB_INTERVALS, { default: '1h' })),
    clusterName: Type.Optional(Type.String({ maxLength: 200, examples: ['*'] })),
    filterBy: Type.Optional(Type.Enum(JOB_COUNT_GROUP_BYS)),
    key: Type.Optional(Type.String({ maxLength: 200 })),
    groupBy: Type.Optional(Type.Enum(JOB_COUNT_GROUP_BYS, { default: 'state' })),
  },
  {
    additionalProperties: false,
    title: 'JobCountQuery',
    // The key is a value of filterBy: one without the other is a 400 (errors.ts words it).
    dependencies: { filterBy: ['key'], key: ['filterBy'] },
  },
)
export type JobCountQuery = Static<typeof JobCountQuerySchema>

/**
 * E027, REAL-API-NOTES §6: `date` lists the buckets (epoch ms); each group value (state SUCCESS,
 * RUNNING …; applicationType MAPREDUCE, SPARK …; or a user or queue name) maps every bucket, as a
 * string of its epoch ms, to the number of apps running during it. Numbers, not the documented
 * strings: the spec calls it a time-series map.
 */
export const JobCountResponseSchema = Type.Object(
  { date: Type.Array(Type.Integer({ description: 'epoch ms' })) },
  {
    title: 'JobCountResponse',
    additionalProperties: Type.Record(Type.String(), Type.Integer()),
  },
)
export type JobCountResponse = { date: number[] } & Record<string, Record<string, number> | number[]>

/**
 * GET /api/v1/jobs/{bystatus|bytype|byinefficiency} (E028–E030) and jobs/finished/… (E031–E033).
 * The running variants count apps running now (status R or P) whatever the window; the finished
 * ones count apps that finished (S, F, K) in the window, default the last day. kind: comma list.
 */
export const JobBucketsQuerySchema = Type.Object(
  {
    start_time: Type.Optional(QueryInstantSchema),
    end_time: Type.Optional(QueryInstantSchema),
    // The names the real product's reference gives these dates (REAL-API-NOTES §6: YYYY-MM-DD; epoch
    // seconds read too): the same window, a date-only `to` being the end of that day.
    from: Type.Optional(DateParamString('epoch-s-or-iso')),
    to: Type.Optional(DateParamString('epoch-s-or-iso')),
    kind: Type.Optional(Type.String({ maxLength: 500, description: 'comma-separated application kinds' })),
    clusterUid: Type.Optional(
      Type.String({
        maxLength: 200,
        description: "one cluster's id (the cluster the console adds, 01 §7); '*' all",
        examples: ['*'],
      }),
    ),
  },
  { additionalProperties: false, title: 'JobBucketsQuery' },
)
export type JobBucketsQuery = Static<typeof JobBucketsQuerySchema>

/**
 * GET /api/v1/jobs (the real product's reference 4.6: "total job count between a time period (1 hour
 * interval)", start_time/end_time as YYYY-MM-DD; REAL-API-NOTES §6 names them from/to; the answer is
 * undocumented). Both names are read, each a date, epoch (from/to: seconds; start_time/end_time: ms)
 * or ISO time; a date-only end is the end of that day; the window defaults to the last day.
 * clusterName as jobs/count ('*' every cluster).
 */
export const JobsTotalQuerySchema = Type.Object(
  {
    start_time: Type.Optional(QueryInstantSchema),
    end_time: Type.Optional(QueryInstantSchema),
    from: Type.Optional(DateParamString('epoch-s-or-iso')),
    to: Type.Optional(DateParamString('epoch-s-or-iso')),
    clusterName: Type.Optional(Type.String({ maxLength: 200, examples: ['*'] })),
  },
  { additionalProperties: false, title: 'JobsTotalQuery' },
)
export type JobsTotalQuery = Static<typeof JobsTotalQuerySchema>

/**
 * The jobs/count answer (REAL-API-NOTES §6) at 1h with its groups summed: `date` the hours (epoch ms)
 * and `total` each hour's count of apps running in it, keyed by the hour's epoch ms as a string.
 */
export const JobsTotalResponseSchema = Type.Object(
  {
    date: Type.Array(Type.Integer({ description: 'epoch ms of each hour' })),
    total: Type.Record(Type.String(), Type.Integer({ description: 'apps running in the hour' })),
  },
  { additionalProperties: false, title: 'JobsTotalResponse' },
)
export type JobsTotalResponse = Static<typeof JobsTotalResponseSchema>

/** B176: a job count bucket; count and doc_count are the same number (both names are read). */
export const JobBucketSchema = Type.Object(
  {
    key: Type.String(),
    ts: Type.Integer({ description: 'epoch ms the count holds at: now, or the end of the window' }),
    count: Type.Integer(),
    doc_count: Type.Integer(),
  },
  { title: 'JobBucket' },
)
export type JobBucket = Static<typeof JobBucketSchema>
export const JobBucketListSchema = Type.Array(JobBucketSchema, { title: 'JobBucketList' })

/** B176: the status buckets of each variant. */
export const RUNNING_JOB_BUCKETS = JOB_STATUS_BUCKETS.slice(0, 2)
export const FINISHED_JOB_BUCKETS = JOB_STATUS_BUCKETS.slice(2)

/** GET /api/v1/jobs/lastChecked (E034): when the job data was last refreshed. */
export const LastCheckedResponseSchema = Type.Object(
  { lastChecked: Type.Integer({ description: 'epoch ms' }) },
  { title: 'LastCheckedResponse' },
)
export type LastCheckedResponse = Static<typeof LastCheckedResponseSchema>

/**
 * GET /api/v1/jobs/schedules (no path in the spec): the /jobs/schedulejobs weekly calendar. Default
 * window: the last 7 days.
 */
export const JobSchedulesQuerySchema = Type.Object(
  {
    start_time: Type.Optional(QueryInstantSchema),
    end_time: Type.Optional(QueryInstantSchema),
    clusterName: Type.Optional(
      Type.String({
        maxLength: 200,
        description: "a cluster's id, name or display name; '*' every cluster",
        examples: ['*'],
      }),
    ),
  },
  { additionalProperties: false, title: 'JobSchedulesQuery' },
)
export type JobSchedulesQuery = Static<typeof JobSchedulesQuerySchema>

const HhMm = Type.String({
  pattern: '^([01]\\d|2[0-4]):[0-5]\\d$',
  description: 'HH:mm (24:00 ends the day)',
})
export const CalendarEventSchema = Type.Object(
  { startTime: HhMm, endTime: HhMm, label: Type.String() },
  { title: 'CalendarEvent' },
)
export type CalendarEventItem = Static<typeof CalendarEventSchema>

/**
 * A calendar series (03 §4): one scheduled job, with its events keyed by weekday (sunday to
 * saturday, B266). color is a palette key, series-0 … series-6, the same for jobs of one queue.
 */
export const CalendarSeriesSchema = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    color: Type.String({ description: 'series-0 … series-6: the chart colour slot' }),
    user: Type.String({ description: 'who submits it most often' }),
    queue: Type.String({ description: 'where it runs most often' }),
    data: Type.Object(
      Object.fromEntries(WEEKDAY_KEYS.map((d) => [d, Type.Array(CalendarEventSchema)])) as Record<
        (typeof WEEKDAY_KEYS)[number],
        ReturnType<typeof Type.Array<typeof CalendarEventSchema>>
      >,
    ),
  },
  { title: 'CalendarSeries' },
)
export type CalendarSeries = Static<typeof CalendarSeriesSchema>
export const JobSchedulesResponseSchema = Type.Array(CalendarSeriesSchema, { title: 'JobSchedulesResponse' })
export type JobSchedulesResponse = Static<typeof JobSchedulesResponseSchema>
