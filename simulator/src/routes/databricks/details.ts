import { databricksDetailsEndpoints as calls } from '@costlens/shared'
import type { FastifyRequest } from 'fastify'
import type { AppInstance } from '../../app.ts'
import {
  databricksAppSummary,
  databricksRunErrorView,
  databricksTaskConf,
  databricksTaskErrorView,
  databricksTaskProgram,
  databricksTaskResourceMetrics,
  databricksTaskResourceUsage,
  databricksTaskRuns,
  databricksTaskTags,
} from '../../db/repositories/databricks-run-details.ts'
import { sessionOf } from '../../plugins/auth.ts'
import { route } from '../route.ts'

/** A Databricks run's details (E127-E135), from `databricksDetailsEndpoints` (platform DB only). */
export async function databricksDetailsRoutes(app: AppInstance) {
  const { db, clock } = app
  // The free plan keeps 7 days (B090): a run older than that is not available to its users.
  const read = (request: FastifyRequest) => ({ now: clock.now(), plan: sessionOf(request).plan })
  route(app, calls.taskRuns, (request) => databricksTaskRuns(db, request.params.id, read(request)))
  route(app, calls.appSummary, (request) => databricksAppSummary(db, request.params.id, read(request)))
  route(app, calls.errorView, (request) => databricksRunErrorView(db, request.params.id, read(request)))
  route(app, calls.taskTags, (request) => databricksTaskTags(db, request.params, read(request)))
  route(app, calls.taskProgram, (request) => databricksTaskProgram(db, request.params, read(request)))
  route(app, calls.taskErrorView, (request) => databricksTaskErrorView(db, request.params, read(request)))
  route(app, calls.taskConf, (request) => databricksTaskConf(db, request.params, read(request)))
  route(app, calls.taskResourceMetrics, (request) =>
    databricksTaskResourceMetrics(db, request.params, request.query, read(request)),
  )
  route(app, calls.taskResourceUsage, (request) =>
    databricksTaskResourceUsage(db, request.params, request.query, read(request)),
  )
}
