import type { FastifyInstance, FastifyRequest } from 'fastify'
import { ingestionEndpoints as calls } from '@costlens/shared'
import { ingestionMonitor, ingestionRuns } from '../../db/repositories/ingestion.ts'
import { kafkaConsumption } from '../../db/repositories/ingestion-kafka.ts'
import { sessionOf } from '../../plugins/auth.ts'
import { route } from '../route.ts'

/**
 * The console's own data collection (issue 23): the ingestion monitor and its runs (R130) and the
 * ingestion topics' consumption (R131, R165), of the user's platform; access from the entries.
 */
export default async function ingestionRoutes(app: FastifyInstance) {
  const platformOf = (request: FastifyRequest) => sessionOf(request).platform
  route(app, calls.monitor, (request) =>
    ingestionMonitor(app.db, platformOf(request), request.query, app.clock.now()),
  )
  route(app, calls.runs, (request) =>
    ingestionRuns(app.db, platformOf(request), request.params.source, request.query, app.clock.now()),
  )
  route(app, calls.kafka, (request) =>
    kafkaConsumption(app.db, platformOf(request), request.query, app.clock.now()),
  )
}
