import type { FastifyInstance, FastifyRequest } from 'fastify'
import { notificationChannelEndpoints, snowflakeNotificationChannelEndpoints } from '@costlens/shared'
import {
  createChannel,
  deleteChannel,
  listChannels,
  recordChannelTest,
  updateChannel,
  type ChannelActor,
} from '../../db/repositories/notification-channels.ts'
import { sessionOf } from '../../plugins/auth.ts'
import { route } from '../route.ts'

/**
 * Notification channels (E176, E177): stored in SQLite, each of its maker's platform. Snowflake's
 * answer at paths of their own, for its admins only (their entries' access): the same handlers.
 */
export default async function notificationChannelRoutes(app: FastifyInstance) {
  const actor = (request: FastifyRequest): ChannelActor => {
    const { platform, username } = sessionOf(request)
    return { platform, username, now: app.clock.now() }
  }
  for (const calls of [notificationChannelEndpoints, snowflakeNotificationChannelEndpoints]) {
    route(app, calls.list, (request) => listChannels(app.db, sessionOf(request).platform, request.query))
    route(app, calls.create, (request) => createChannel(app.db, request.body, actor(request)))
    route(app, calls.update, (request) =>
      updateChannel(app.db, request.params.id, request.body, actor(request)),
    )
    route(app, calls.remove, (request) => {
      deleteChannel(app.db, request.params.id, sessionOf(request).platform)
      return { id: request.params.id, deleted: true }
    })
    route(app, calls.sendTest, (request) => recordChannelTest(app.db, request.params.id, actor(request)))
  }
}
