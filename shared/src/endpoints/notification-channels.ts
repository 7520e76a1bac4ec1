import type { ClusterType, Role } from '../contracts/common.ts'
import {
  MAX_NOTIFICATION_CHANNELS,
  NotificationChannelDeletedSchema,
  NotificationChannelInputSchema,
  NotificationChannelListQuerySchema,
  NotificationChannelPageSchema,
  NotificationChannelParamsSchema,
  NotificationChannelSchema,
} from '../contracts/notification-channels.ts'
import { defineEndpoint, defineEndpoints } from './endpoint.ts'

/*
 * Notification channels (03 §2 Notification channels, §8; E176, E177). The spec shows the screens
 * and the messages, no call (03 §7: "notification channel ... calls are not shown"), so the paths
 * and verbs are ours (G01). One feature serves /manage/notification_channel (Hadoop, EMR,
 * Databricks) and /manage/os_notification_channels (BigQuery, Snowflake): a channel belongs to the
 * platform of the user who made it, and each platform's users read and change only theirs (another
 * platform's channel is a 404, as if it did not exist). Who may call is declared per entry and held
 * by the server in one place: every Snowflake manage page is admin only (01 §6), the others are read
 * by every role and changed by admins and users (read-only admins read), as budgets are; so
 * Snowflake's channels answer at paths of their own, the same calls for Snowflake's admins only.
 */

const INPUT =
  'name unique among your platform’s channels, compared without case or surrounding spaces (400 "Channel ' +
  'name already exists."); type email (emails: 1-20 addresses, comma-separated; 400 "Please enter an email ' +
  'address." or "Invalid email address/addresses."), slack (url: https://hooks.slack.com/…), webhook (url: ' +
  'an absolute http(s) URL with a host and no credentials, at most 2,048 characters; headers: at most 10, ' +
  'names of letters, digits, - _ ., not Host, Content-Length, Content-Type, Transfer-Encoding or Connection) ' +
  'or pagerduty (routingKey: the 32-character integration key). A bad URL is 400 "Invalid webhook URL.". ' +
  'Secrets (the URL, header values, the key) are never answered: the channel shows the URL’s host, the ' +
  'headers’ names and the key masked.'

const TEST =
  'Records a test send in SQLite, with its time, outcome and who asked, and answers the channel with it as ' +
  'lastTest. Nothing is sent: the simulator makes no network call. The outcome is what a send would meet: ' +
  'delivered, or failed for a host under .invalid (RFC 6761: never resolves).'

interface Family {
  /** Where the calls live: every path below is this and its children. */
  base: string
  /** The screens they serve, cited by the calls the catalogue has no row for. */
  routes: readonly string[]
  platforms: readonly ClusterType[]
  readers?: readonly Role[]
  writers: readonly Role[]
}

/** The channel calls of a family of platforms: the same calls, at its paths, with its access. */
function channelEndpoints({ base, routes, platforms, readers, writers }: Family) {
  const read = { platforms, ...(readers && { roles: readers }) }
  const write = { platforms, roles: writers }
  const tags = ['notifications'] as const
  return defineEndpoints({
    list: defineEndpoint({
      method: 'GET',
      path: base,
      specIds: ['E176'],
      pathIsOurs: true,
      tags,
      access: read,
      summary: "A page of the user's platform's notification channels, sorted and searched by the server",
      description:
        'search: part of the name, any case; type: one kind; sort: name, type, createdAt or lastTestAt, ' +
        '-asc or -desc (default name-asc); page from 1, pageSize 1-100 (default 15). errors: the channels ' +
        'whose last test failed.',
      querystring: NotificationChannelListQuerySchema,
      response: NotificationChannelPageSchema,
    }),
    create: defineEndpoint({
      method: 'POST',
      path: base,
      specIds: ['E177'],
      pathIsOurs: true,
      tags,
      access: write,
      summary: 'Creates a notification channel',
      description: `${INPUT} At most ${MAX_NOTIFICATION_CHANNELS} channels per platform of an install.`,
      body: NotificationChannelInputSchema,
      response: NotificationChannelSchema,
      changesState: true,
    }),
    update: defineEndpoint({
      method: 'PUT',
      path: `${base}/{id}`,
      specIds: ['E177'],
      pathIsOurs: true,
      tags,
      access: write,
      summary: 'Changes a notification channel (every field, as the form sends it)',
      description: `${INPUT} A secret left out is kept, when the channel keeps its type.`,
      params: NotificationChannelParamsSchema,
      body: NotificationChannelInputSchema,
      response: NotificationChannelSchema,
      errors: [404],
      changesState: true,
    }),
    remove: defineEndpoint({
      method: 'DELETE',
      path: `${base}/{id}`,
      specIds: routes,
      pathIsOurs: true,
      tags,
      access: write,
      summary: 'Deletes a notification channel and its test history',
      params: NotificationChannelParamsSchema,
      response: NotificationChannelDeletedSchema,
      errors: [404],
      changesState: true,
    }),
    sendTest: defineEndpoint({
      method: 'POST',
      path: `${base}/{id}/test`,
      specIds: routes,
      pathIsOurs: true,
      tags,
      access: write,
      summary: 'Records a test send of a channel (nothing is sent)',
      description: TEST,
      params: NotificationChannelParamsSchema,
      response: NotificationChannelSchema,
      errors: [404],
      changesState: true,
    }),
  })
}

/**
 * The channels of every platform but Snowflake (R047, R094, R170, R212; Kubernetes' monitors notify
 * them too): read by every role, changed by admins and users.
 */
export const notificationChannelEndpoints = channelEndpoints({
  base: '/api/v1/notification_channels',
  routes: ['R047', 'R094', 'R170', 'R212'],
  platforms: ['CDH', 'HDP', 'CDP', 'MAPR', 'EMR', 'DB', 'BIGQUERYV2', 'K8S'],
  writers: ['admin', 'user'],
})

/** Snowflake's channels (R141): a Snowflake manage page, admin only (01 §6, B046). */
export const snowflakeNotificationChannelEndpoints = channelEndpoints({
  base: '/api/v1/snowflake/notification_channels',
  routes: ['R141'],
  platforms: ['SNOWFLAKE'],
  readers: ['admin'],
  writers: ['admin'],
})
