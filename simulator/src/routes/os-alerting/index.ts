import type { FastifyInstance, FastifyRequest } from 'fastify'
import {
  bigqueryAlertingEndpoints,
  kubernetesAlertingEndpoints,
  snowflakeAlertingEndpoints,
} from '@costlens/shared'
import {
  acknowledgeAlerts,
  createMonitor,
  deleteMonitor,
  listAlerts,
  listMonitors,
  metricPreview,
  monitorOptions,
  setMonitorEnabled,
  updateMonitor,
  type AlertingActor,
} from '../../db/repositories/os-alerting.ts'
import { sessionOf } from '../../plugins/auth.ts'
import { route } from '../route.ts'

/**
 * OpenSearch alerting (issue 23 /os_alerting, E171): monitors and alerts stored in SQLite, each of
 * its maker's platform. Snowflake's, BigQuery's and Kubernetes' families answer at their own paths
 * with their own access (their entries'): the same handlers.
 */
export default async function osAlertingRoutes(app: FastifyInstance) {
  const actor = (request: FastifyRequest): AlertingActor => {
    const { platform, username } = sessionOf(request)
    return { platform, username, now: app.clock.now() }
  }
  const platformOf = (request: FastifyRequest) => sessionOf(request).platform
  for (const calls of [snowflakeAlertingEndpoints, bigqueryAlertingEndpoints, kubernetesAlertingEndpoints]) {
    route(app, calls.options, (request) => monitorOptions(app.db, platformOf(request)))
    route(app, calls.preview, (request) =>
      metricPreview(app.db, platformOf(request), request.query, app.clock.now()),
    )
    route(app, calls.monitors, (request) => listMonitors(app.db, platformOf(request), app.clock.now()))
    route(app, calls.createMonitor, (request) => createMonitor(app.db, request.body, actor(request)))
    route(app, calls.updateMonitor, (request) =>
      updateMonitor(app.db, request.params.id, request.body, actor(request)),
    )
    route(app, calls.removeMonitor, (request) => {
      deleteMonitor(app.db, request.params.id, platformOf(request))
      return { id: request.params.id, deleted: true }
    })
    route(app, calls.setMonitorEnabled, (request) =>
      setMonitorEnabled(app.db, request.params.id, request.body.enabled, actor(request)),
    )
    route(app, calls.alerts, (request) =>
      listAlerts(app.db, platformOf(request), request.query, app.clock.now()),
    )
    route(app, calls.acknowledge, (request) => acknowledgeAlerts(app.db, request.body.ids, actor(request)))
  }
}
