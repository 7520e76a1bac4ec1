import { Type, type Static } from 'typebox'
import { MESSAGES } from '../messages.ts'
import {
  CHANNEL_TARGET_MESSAGES,
  CHANNEL_TYPES,
  MAX_CHANNEL_NAME_LENGTH,
  MAX_EMAIL_LIST_LENGTH,
  MAX_HEADER_NAME_LENGTH,
  MAX_HEADER_VALUE_LENGTH,
  MAX_WEBHOOK_HEADERS,
  MAX_WEBHOOK_URL_LENGTH,
  PAGERDUTY_KEY_LENGTH,
} from '../rules/channel-targets.ts'
import { ClusterTypeSchema, ERROR_MESSAGE_KEYWORD } from './common.ts'

/*
 * Notification channels (E176, E177; 03 §2 Notification channels, §8): where alerts and budgets'
 * warnings go. The spec shows the two routes and the three messages, no call or field (03 §7), so
 * the fields are ours (G01). A channel belongs to the platform of the user who made it, as a budget
 * does, and its secrets (a Slack or webhook URL, header values, a PagerDuty key) are written, never
 * read back: the answers carry the URL's host, the headers' names and the key masked.
 */

/** The most channels a platform of an install keeps: a list a person can still read. */
export const MAX_NOTIFICATION_CHANNELS = 100
/** The list's pages: 15 rows by default (03 §9), at most 100. */
export const CHANNEL_PAGE_SIZE = 15
export const MAX_CHANNEL_PAGE_SIZE = 100
/** What the list sorts by, each either way. */
export const CHANNEL_SORT_KEYS = ['name', 'type', 'createdAt', 'lastTestAt'] as const
export type ChannelSortKey = (typeof CHANNEL_SORT_KEYS)[number]
export const CHANNEL_SORTS = CHANNEL_SORT_KEYS.flatMap((key) => [`${key}-asc`, `${key}-desc`] as const)
export const DEFAULT_CHANNEL_SORT = 'name-asc'
/** How a test send went: the simulator sends nothing, and says what a send would have met. */
export const CHANNEL_TEST_OUTCOMES = ['delivered', 'failed'] as const
export type ChannelTestOutcome = (typeof CHANNEL_TEST_OUTCOMES)[number]

export const WebhookHeaderSchema = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: MAX_HEADER_NAME_LENGTH, description: 'e.g. X-Api-Key' }),
    value: Type.String({ maxLength: MAX_HEADER_VALUE_LENGTH, description: 'written, never answered' }),
  },
  { additionalProperties: false, title: 'WebhookHeader' },
)

/** POST and PUT body: a channel as its form writes it; the fields of its type, the others left out. */
export const NotificationChannelInputSchema = Type.Object(
  {
    name: Type.String({
      minLength: 1,
      maxLength: MAX_CHANNEL_NAME_LENGTH,
      // Not only spaces: the name is what a monitor's channel picker shows.
      pattern: String.raw`\S`,
      description: 'unique among your platform’s channels, compared without case or surrounding spaces',
    }),
    type: Type.Enum(CHANNEL_TYPES),
    emails: Type.Optional(
      Type.String({
        maxLength: MAX_EMAIL_LIST_LENGTH,
        description: 'email: one to 20 addresses, comma-separated',
        [ERROR_MESSAGE_KEYWORD]: MESSAGES.M074,
      }),
    ),
    url: Type.Optional(
      Type.String({
        maxLength: MAX_WEBHOOK_URL_LENGTH,
        description:
          'slack: https://hooks.slack.com/…; webhook: an absolute http(s) URL with a host and no credentials. ' +
          'Left out of an update, the stored one is kept.',
        [ERROR_MESSAGE_KEYWORD]: MESSAGES.M075,
      }),
    ),
    headers: Type.Optional(
      Type.Array(WebhookHeaderSchema, {
        maxItems: MAX_WEBHOOK_HEADERS,
        description: 'webhook: headers sent with each post. Left out of an update, the stored ones are kept.',
      }),
    ),
    routingKey: Type.Optional(
      Type.String({
        maxLength: PAGERDUTY_KEY_LENGTH + 8,
        description: `pagerduty: the service's ${PAGERDUTY_KEY_LENGTH}-character integration key. Left out of an update, the stored one is kept.`,
        [ERROR_MESSAGE_KEYWORD]: CHANNEL_TARGET_MESSAGES.badPagerDutyKey,
      }),
    ),
  },
  { additionalProperties: false, title: 'NotificationChannelInput' },
)
export type NotificationChannelInput = Static<typeof NotificationChannelInputSchema>

export const NotificationChannelParamsSchema = Type.Object(
  { id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) },
  { additionalProperties: false },
)

export const NotificationChannelListQuerySchema = Type.Object(
  {
    search: Type.Optional(
      Type.String({ maxLength: MAX_CHANNEL_NAME_LENGTH, description: 'part of the name, any case' }),
    ),
    type: Type.Optional(Type.Enum(CHANNEL_TYPES)),
    sort: Type.Optional(
      Type.Enum(CHANNEL_SORTS, { description: `key-direction, default ${DEFAULT_CHANNEL_SORT}` }),
    ),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000, description: 'from 1' })),
    pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_CHANNEL_PAGE_SIZE })),
  },
  { additionalProperties: false, title: 'NotificationChannelListQuery' },
)
export type NotificationChannelListQuery = Static<typeof NotificationChannelListQuerySchema>

export const ChannelTestSchema = Type.Object(
  {
    at: Type.Integer({ description: 'epoch ms' }),
    outcome: Type.Enum(CHANNEL_TEST_OUTCOMES),
    detail: Type.String({ description: 'what a real send would have met; nothing is sent' }),
    by: Type.String({ description: 'who asked for it' }),
  },
  { title: 'ChannelTest' },
)
export type ChannelTest = Static<typeof ChannelTestSchema>

/** A stored channel as it is shown: where it sends, its secrets masked. */
export const NotificationChannelSchema = Type.Object(
  {
    id: Type.Integer(),
    name: Type.String(),
    type: Type.Enum(CHANNEL_TYPES),
    platform: ClusterTypeSchema,
    target: Type.String({
      description: 'what the list shows: the addresses, the URL’s host, or the integration key masked',
    }),
    emails: Type.Array(Type.String(), { description: 'email: the addresses' }),
    urlHost: Type.Union([Type.String(), Type.Null()], { description: 'slack, webhook: the URL’s host' }),
    headerNames: Type.Array(Type.String(), { description: 'webhook: the names of its headers' }),
    routingKeyHint: Type.Union([Type.String(), Type.Null()], { description: 'pagerduty: the key masked' }),
    createdBy: Type.String(),
    createdAt: Type.Integer({ description: 'epoch ms' }),
    updatedAt: Type.Integer({ description: 'epoch ms' }),
    lastTest: Type.Union([ChannelTestSchema, Type.Null()], { description: 'the latest test send, if any' }),
  },
  { title: 'NotificationChannel' },
)
export type NotificationChannel = Static<typeof NotificationChannelSchema>

/** E176: a page of the platform's channels; `errors` names the channels whose last test failed. */
export const NotificationChannelPageSchema = Type.Object(
  {
    platform: ClusterTypeSchema,
    total: Type.Integer({ description: 'channels matching the search and type' }),
    channels: Type.Array(NotificationChannelSchema, { maxItems: MAX_CHANNEL_PAGE_SIZE }),
    errors: Type.Array(Type.String()),
    limit: Type.Integer({ description: 'the most channels a platform of an install keeps' }),
  },
  { title: 'NotificationChannelPage' },
)
export type NotificationChannelPage = Static<typeof NotificationChannelPageSchema>

export const NotificationChannelDeletedSchema = Type.Object({ id: Type.Integer(), deleted: Type.Boolean() })
