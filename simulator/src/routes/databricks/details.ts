import { databricksDetailsEndpoints as calls } from '@costlens/shared'
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
import { route } from '../route.ts'

/** A Databricks run's details (E127-E135), from `databricksDetailsEndpoints` (platform DB only). */
export async function databricksDetailsRoutes(app: AppInstance) {
  const { db, clock } = app
  route(app, calls.taskRuns, (request) => databricksTaskRuns(db, request.params.id, clock.now()))
  route(app, calls.appSummary, (request) => databricksAppSummary(db, request.params.id, clock.now()))
  route(app, calls.errorView, (request) => databricksRunErrorView(db, request.params.id, clock.now()))
  route(app, calls.taskTags, (request) => databricksTaskTags(db, request.params, clock.now()))
  route(app, calls.taskProgram, (request) => databricksTaskProgram(db, request.params, clock.now()))
  route(app, calls.taskErrorView, (request) => databricksTaskErrorView(db, request.params, clock.now()))
  route(app, calls.taskConf, (request) => databricksTaskConf(db, request.params, clock.now()))
  route(app, calls.taskResourceMetrics, (request) =>
    databricksTaskResourceMetrics(db, request.params, request.query, clock.now()),
  )
  route(app, calls.taskResourceUsage, (request) =>
    databricksTaskResourceUsage(db, request.params, request.query, clock.now()),
  )
}
