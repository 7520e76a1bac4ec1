import { Type, type Static } from 'typebox'
import { DateParamString } from './dates.ts'

/**
 * The chargeback searches over applications (02 §7): search/cb (Yarn), icb (Impala), pcb
 * (Presto), bqcb (BigQuery). Their path segments after the flavour are the group-by keys (REAL-API-NOTES §5:
 * search/cb/appt/queue). `appt` is the application type; the spec's own field names (appType,
 * realuser, B153) are accepted as the same keys.
 */
export const CHARGEBACK_GROUP_KEYS = ['appt', 'appType', 'user', 'realuser', 'queue'] as const
export type ChargebackGroupKey = (typeof CHARGEBACK_GROUP_KEYS)[number]

/**
 * B153: the BigQuery flavour also groups by a tag: `tag:<key>` groups its jobs by the value they
 * carry for that key (jobs without it form one '' group). The prefix is the one drill paths use.
 */
export const TAG_GROUP_PREFIX = 'tag:'
const ChargebackGroupSchema = Type.Union([
  Type.Enum(CHARGEBACK_GROUP_KEYS),
  Type.String({ pattern: '^tag:[^/,]+$', maxLength: 104, description: 'tag:<key> (BigQuery only)' }),
])

export const ChargebackParamsSchema = Type.Object(
  {
    group1: ChargebackGroupSchema,
    group2: Type.Optional(ChargebackGroupSchema),
  },
  { additionalProperties: false, title: 'ChargebackParams' },
)
export type ChargebackParams = Static<typeof ChargebackParamsSchema>

/**
 * The date range as REAL-API-NOTES §5 documents it: from/to as YYYY-MM-DD or epoch seconds (epoch
 * ms and ISO dates are read too: a number above 10^11 is taken as ms). Default the last 7 days.
 * `appt`: a comma list of application kinds to include. clusterUid: one cluster ('*' or none: all
 * of the user's platform, B160). tags: `key:value` pairs, comma separated (paid plans only).
 */
export const ChargebackQuerySchema = Type.Object(
  {
    from: Type.Optional(DateParamString('epoch-s-or-iso')),
    to: Type.Optional(DateParamString('epoch-s-or-iso')),
    // The names the real product's reference gives these dates (REAL-API-NOTES §5): the same as from/to.
    gte: Type.Optional(DateParamString('epoch-s-or-iso')),
    lte: Type.Optional(DateParamString('epoch-s-or-iso')),
    appt: Type.Optional(Type.String({ maxLength: 200, description: 'comma-separated application kinds' })),
    clusterUid: Type.Optional(Type.String({ maxLength: 200, examples: ['*'] })),
    tags: Type.Optional(Type.String({ maxLength: 1000, description: 'key:value pairs, comma separated' })),
  },
  { additionalProperties: false, title: 'ChargebackQuery' },
)
export type ChargebackQuery = Static<typeof ChargebackQuerySchema>

/** Usage of one group: app count, vcore-seconds (vs), memory MB-seconds (ms), bytes read and written (io), cents. */
const usage = {
  count: Type.Integer({ minimum: 0 }),
  vs: Type.Integer({ minimum: 0, description: 'vcore-seconds (BigQuery: slot-seconds of its jobs)' }),
  ms: Type.Integer({
    minimum: 0,
    description: 'memory MB-seconds (BigQuery: 0, slots have no memory figure)',
  }),
  io: Type.Integer({ minimum: 0, description: 'bytes read and written (BigQuery: bytes billed)' }),
  cents: Type.Integer({ minimum: 0, description: 'cost in cents, from the same apps' }),
}

export const ChargebackInnerRowSchema = Type.Object(
  { v2: Type.String(), ...usage },
  { additionalProperties: false, title: 'ChargebackInnerRow' },
)

/** 02 §3 chargeback row: v1 and its label, usage, and with a second group-by the nested rows. */
export const ChargebackRowSchema = Type.Object(
  {
    v1: Type.String(),
    v1Label: Type.String(),
    ...usage,
    cb: Type.Optional(Type.Array(ChargebackInnerRowSchema)),
  },
  { additionalProperties: false, title: 'ChargebackRow' },
)
export type ChargebackRow = Static<typeof ChargebackRowSchema>

/**
 * The response: rows by v1 (most vcore-seconds first) and cbInfo, which the spec names without
 * fields; here it says what was asked (window in epoch ms, group-bys, cluster) and the totals the
 * percentages divide by (B156).
 */
/**
 * The real product's documented GET /chargeback/cb/appt[/queue|/user] (4.5.0.9+, REAL-API-NOTES §5):
 * a flat list, cpuHours a string of 2 decimals, memoryHours a text. The reference's example
 * ("2Y 8M 8D 16h 44m 45s") writes the memory figure as a duration; costlens writes the apps' memory
 * GB-seconds that way (years of 365 days, months of 30), an interpretation the reference leaves open.
 */
export const DocumentedChargebackRowSchema = Type.Object(
  {
    type: Type.String({ examples: ['mr'] }),
    appCount: Type.Integer({ minimum: 0 }),
    cpuHours: Type.String({ description: 'vcore-hours to 2 decimals', examples: ['3.66'] }),
    memoryHours: Type.String({
      description: 'memory GB-seconds as a duration text',
      examples: ['8D 16h 44m 45s'],
    }),
    queue: Type.Optional(Type.String()),
    user: Type.Optional(Type.String()),
  },
  { additionalProperties: false, title: 'DocumentedChargebackRow' },
)
export type DocumentedChargebackRow = Static<typeof DocumentedChargebackRowSchema>
export const DocumentedChargebackResponseSchema = Type.Array(DocumentedChargebackRowSchema, {
  title: 'DocumentedChargebackResponse',
})

export const ChargebackResponseSchema = Type.Object(
  {
    cb: Type.Array(ChargebackRowSchema),
    cbInfo: Type.Object(
      {
        from: Type.Integer({ description: 'epoch ms' }),
        to: Type.Integer({ description: 'epoch ms' }),
        groupBy: Type.Array(Type.String()),
        clusterUid: Type.String(),
        total: Type.Object(usage, { additionalProperties: false }),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false, title: 'ChargebackResponse' },
)
export type ChargebackResponse = Static<typeof ChargebackResponseSchema>

/** E151 (method and shape not shown; G24): the tag keys with their values seen in the window. */
export const ChargebackTagsResponseSchema = Type.Object(
  {
    tags: Type.Array(
      Type.Object({ key: Type.String(), values: Type.Array(Type.String()) }, { additionalProperties: false }),
    ),
  },
  { additionalProperties: false, title: 'ChargebackTagsResponse' },
)
export type ChargebackTagsResponse = Static<typeof ChargebackTagsResponseSchema>
