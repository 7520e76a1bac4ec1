import type { FastifyInstance, FastifyRequest } from 'fastify'
import { bigqueryAnomalyEndpoints, snowflakeAnomalyEndpoints } from '@costlens/shared'
import {
  createDetector,
  deleteDetector,
  detectorContributors,
  detectorOptions,
  detectorResults,
  listDetectors,
  setDetectorRunning,
  updateDetector,
  type DetectorActor,
} from '../../db/repositories/os-anomalies.ts'
import { sessionOf } from '../../plugins/auth.ts'
import { route } from '../route.ts'

/**
 * OpenSearch anomaly detection (issue 23 /osd_anomalies, E179): detectors stored in SQLite, each of
 * its maker's platform, their results scored when read. Snowflake's and BigQuery's families answer
 * at their own paths with their own access (admin only): the same handlers.
 */
export default async function osAnomaliesRoutes(app: FastifyInstance) {
  const actor = (request: FastifyRequest): DetectorActor => {
    const { platform, username } = sessionOf(request)
    return { platform, username, now: app.clock.now() }
  }
  const platformOf = (request: FastifyRequest) => sessionOf(request).platform
  for (const calls of [snowflakeAnomalyEndpoints, bigqueryAnomalyEndpoints]) {
    route(app, calls.options, (request) => detectorOptions(platformOf(request)))
    route(app, calls.detectors, (request) =>
      listDetectors(app.db, platformOf(request), request.query, app.clock.now()),
    )
    route(app, calls.createDetector, (request) => createDetector(app.db, request.body, actor(request)))
    route(app, calls.updateDetector, (request) =>
      updateDetector(app.db, request.params.id, request.body, actor(request)),
    )
    route(app, calls.removeDetector, (request) => {
      deleteDetector(app.db, request.params.id, platformOf(request))
      return { id: request.params.id, deleted: true }
    })
    route(app, calls.startDetector, (request) =>
      setDetectorRunning(app.db, request.params.id, true, actor(request)),
    )
    route(app, calls.stopDetector, (request) =>
      setDetectorRunning(app.db, request.params.id, false, actor(request)),
    )
    route(app, calls.results, (request) =>
      detectorResults(app.db, request.params.id, platformOf(request), request.query, app.clock.now()),
    )
    route(app, calls.contributors, (request) =>
      detectorContributors(app.db, request.params.id, platformOf(request), request.query, app.clock.now()),
    )
  }
}
