import { Type, type Static } from 'typebox'
import { QueryInstantSchema } from './dates.ts'

/**
 * GET /api/v1/autoactions/recent_violations (REAL-API-NOTES §7): the violations of the enabled
 * auto-action policies, newest first, as the raw Elasticsearch hits the real product returns.
 * start_time/end_time are YYYY-MM-DD there (a date `end_time` is the end of that day); epoch ms and
 * ISO dates are read too, which the console sends. clusterUid (costlens's addition, as on the job
 * buckets) narrows to one cluster; without it, every cluster of the user's platform.
 */
export const RecentViolationsQuerySchema = Type.Object(
  {
    start_time: Type.Optional(QueryInstantSchema),
    end_time: Type.Optional(QueryInstantSchema),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 50 })),
    clusterUid: Type.Optional(Type.String({ maxLength: 200, examples: ['*'] })),
    // The real product's documented filters (public REST reference 4.6), for its scripts.
    from: Type.Optional(QueryInstantSchema),
    to: Type.Optional(QueryInstantSchema),
    appId: Type.Optional(Type.String({ maxLength: 200, description: 'one application id' })),
    appType: Type.Optional(
      Type.String({
        maxLength: 20,
        description: 'MR, SPARK, TEZ, HIVE, IMPALA or WORKFLOWS',
        examples: ['SPARK'],
      }),
    ),
    user: Type.Optional(Type.String({ maxLength: 200 })),
    eventType: Type.Optional(
      Type.String({
        maxLength: 100,
        description: 'AUTO_ACTION_VIOLATION (or AAVA, the reference 4.6 name), the type of every violation',
      }),
    ),
  },
  { additionalProperties: false, title: 'RecentViolationsQuery' },
)
export type RecentViolationsQuery = Static<typeof RecentViolationsQuerySchema>

export const ViolationHitSchema = Type.Object(
  {
    _source: Type.Object(
      {
        eventName: Type.String({ description: 'the policy that fired' }),
        eventType: Type.String({ description: 'AUTO_ACTION_VIOLATION' }),
        eventTime: Type.Integer({ description: 'epoch ms' }),
        entityType: Type.String({ description: 'APP: the entity the policy watched' }),
        entityId: Type.String({ description: 'the application id' }),
        policyId: Type.String(),
        clusterUid: Type.String(),
        user: Type.String(),
        queue: Type.String(),
        actions: Type.Array(Type.String(), { description: 'what the policy did: send_email, kill_app, …' }),
      },
      { additionalProperties: false },
    ),
    sort: Type.Array(Type.Integer(), { description: '[eventTime]' }),
  },
  { additionalProperties: false, title: 'ViolationHit' },
)
export type ViolationHit = Static<typeof ViolationHitSchema>

export const RecentViolationsResponseSchema = Type.Array(ViolationHitSchema, {
  title: 'RecentViolationsResponse',
})
export type RecentViolationsResponse = Static<typeof RecentViolationsResponseSchema>
