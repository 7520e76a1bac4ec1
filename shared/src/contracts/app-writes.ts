import { Type, type Static } from 'typebox'
import { DetailsAppIdSchema, DetailsClusterSchema } from './app-details-common.ts'

/**
 * The writes of application details (02 §4 log loading, Yarn kill and move; 02 §5 move queue;
 * 02 §7 send_comment and recent_violations_by_app; issue 17). Every one is stored in SQLite, so it
 * survives a restart, and a /__sim/reset returns to the seed.
 */

/** A comment: free text, trimmed non-empty, at most 2,000 characters. */
export const AppCommentBodySchema = Type.Object(
  { comment: Type.String({ minLength: 1, maxLength: 2000 }) },
  { additionalProperties: false, title: 'AppCommentBody' },
)
export type AppCommentBody = Static<typeof AppCommentBodySchema>

export const AppCommentSchema = Type.Object({
  id: Type.Integer(),
  appId: Type.String(),
  author: Type.String({ description: 'the username of the signed-in user who wrote it' }),
  comment: Type.String(),
  createdAt: Type.Integer({ description: 'epoch ms on the simulated clock' }),
})
export type AppComment = Static<typeof AppCommentSchema>
export const AppCommentsSchema = Type.Array(AppCommentSchema)

/** A queue name as YARN takes it: letters, digits and . _ - (a dotted path of a queue). */
export const MoveQueueQuerySchema = Type.Object(
  { queue: Type.String({ minLength: 0, maxLength: 100, pattern: '^\\s*[A-Za-z0-9_.-]*\\s*$' }) },
  { additionalProperties: false, title: 'MoveQueueQuery' },
)
export type MoveQueueQuery = Static<typeof MoveQueueQuerySchema>

/** What kill_app and move_app answer: the app's status, queue and finish time after the call. */
export const YarnActionResultSchema = Type.Object({
  id: Type.String(),
  success: Type.Literal(true),
  message: Type.String(),
  status: Type.String({ description: 'the status code after the call: K after a kill' }),
  queue: Type.String(),
  finishedTime: Type.Union([Type.Integer(), Type.Null()], { description: 'epoch ms; null while running' }),
})
export type YarnActionResult = Static<typeof YarnActionResultSchema>

export const LoadLogsQuerySchema = Type.Object(
  { app_type: Type.Literal('spark'), app_id: DetailsAppIdSchema },
  { additionalProperties: false, title: 'LoadLogsQuery' },
)
export type LoadLogsQuery = Static<typeof LoadLogsQuerySchema>

export const LoadLogsResponseSchema = Type.Object({
  task_id: Type.String(),
  alreadyLoaded: Type.Boolean({
    description: 'true when the logs were loaded before: task_id is the task that did it',
  }),
})
export type LoadLogsResponse = Static<typeof LoadLogsResponseSchema>

/** A log-load task id: lt- and 16 hex digits. */
export const LogTaskIdSchema = Type.String({ minLength: 1, maxLength: 40, pattern: '^lt-[0-9a-f]{1,32}$' })

export const LogStatusQuerySchema = Type.Object(
  { app_id: DetailsAppIdSchema, task_id: Type.Optional(LogTaskIdSchema) },
  { additionalProperties: false, title: 'LogStatusQuery' },
)
export type LogStatusQuery = Static<typeof LogStatusQuerySchema>

export const LOG_TASK_STATUSES = ['STARTED', 'SUCCESS', 'FAILURE'] as const
export const LogTaskStatusSchema = Type.Object({
  task_id: Type.String(),
  task_status: Type.Union([Type.Literal('STARTED'), Type.Literal('SUCCESS'), Type.Literal('FAILURE')]),
  failure_message: Type.Union([Type.String(), Type.Null()]),
})
export type LogTaskStatus = Static<typeof LogTaskStatusSchema>
export const LogTaskStatusesSchema = Type.Array(LogTaskStatusSchema)

export const ViolationsByAppQuerySchema = Type.Object(
  {
    app_id: DetailsAppIdSchema,
    clusterUid: Type.Optional(DetailsClusterSchema),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 10 })),
  },
  { additionalProperties: false, title: 'ViolationsByAppQuery' },
)
export type ViolationsByAppQuery = Static<typeof ViolationsByAppQuerySchema>

export const AppViolationSchema = Type.Object({
  eventTime: Type.Integer({ description: 'epoch ms: when the policy fired' }),
  eventName: Type.String({ description: 'the policy' }),
  policyId: Type.String(),
})
export type AppViolation = Static<typeof AppViolationSchema>
export const AppViolationsSchema = Type.Array(AppViolationSchema)

/** A tag key or value as the tag filters show it: letters, digits and . _ - : / @, no blanks around. */
const TagWordSchema = (maxLength: number) =>
  Type.String({ minLength: 1, maxLength, pattern: '^[A-Za-z0-9_.:/@-]+( [A-Za-z0-9_.:/@-]+)*$' })

/**
 * PUT /apps/{id}/tags (ours): the app's whole tag set, replacing the one stored. RealUser is the
 * owner's identity (01 §3), not a tag a user sets: it is kept and may not be sent.
 */
export const AppTagsBodySchema = Type.Object(
  {
    tags: Type.Array(
      Type.Object({ key: TagWordSchema(64), value: TagWordSchema(128) }, { additionalProperties: false }),
      { maxItems: 50 },
    ),
  },
  { additionalProperties: false, title: 'AppTagsBody' },
)
export type AppTagsBody = Static<typeof AppTagsBodySchema>
