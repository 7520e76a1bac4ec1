import type { FastifyInstance, FastifyRequest } from 'fastify'
import {
  bigqueryDashboardEndpoints,
  kubernetesDashboardEndpoints,
  snowflakeDashboardEndpoints,
} from '@costlens/shared'
import {
  copyDashboard,
  createDashboard,
  deleteDashboard,
  listDashboards,
  panelData,
  updateDashboard,
  type DashboardActor,
} from '../../db/repositories/os-dashboard.ts'
import { scopeOf, sessionOf } from '../../plugins/auth.ts'
import { route } from '../route.ts'

/**
 * OpenSearch dashboards (issue 23 /os_dashboard, E179): the platform's panel catalogue, prebuilt
 * and saved dashboards, and the panels' figures. Snowflake's, BigQuery's and Kubernetes' families
 * answer at their own paths with their own access (their entries'): the same handlers.
 */
export default async function osDashboardRoutes(app: FastifyInstance) {
  const actor = (request: FastifyRequest): DashboardActor => {
    const { platform, username } = sessionOf(request)
    return { platform, username, now: app.clock.now() }
  }
  for (const calls of [
    snowflakeDashboardEndpoints,
    bigqueryDashboardEndpoints,
    kubernetesDashboardEndpoints,
  ]) {
    route(app, calls.list, (request) => listDashboards(app.db, actor(request)))
    route(app, calls.create, (request) => createDashboard(app.db, request.body, actor(request)))
    route(app, calls.copy, (request) =>
      copyDashboard(app.db, request.params.id, request.body.name, actor(request)),
    )
    route(app, calls.update, (request) =>
      updateDashboard(app.db, request.params.id, request.body, actor(request)),
    )
    route(app, calls.remove, (request) => {
      deleteDashboard(app.db, request.params.id, actor(request))
      return { id: request.params.id, deleted: true }
    })
    route(app, calls.data, (request) =>
      panelData(app.db, sessionOf(request).platform, scopeOf(request), request.query, app.clock.now()),
    )
  }
}
