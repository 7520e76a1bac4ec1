import { databricksInsightsEndpoints as calls } from '@costlens/shared'
import type { AppInstance } from '../../app.ts'
import {
  databricksInsightActions,
  databricksInsightJobs,
  databricksInsightsMetadata,
  updateDatabricksInsightAction,
} from '../../db/repositories/databricks-insights.ts'
import {
  askedInsightRange,
  insightsConfiguration,
  realizedSavingsSummary,
} from '../../db/repositories/databricks-savings.ts'
import { sessionOf } from '../../plugins/auth.ts'
import { route } from '../route.ts'

/**
 * The Databricks insights and savings (E054, E180-E182, /jobs/insights and its actions page), from
 * `databricksInsightsEndpoints`. The free plan: its 7 days (a range asked for longer is refused; with
 * none, the server picks 7_d) and no cost sort, as the other Databricks lists.
 */
export async function databricksInsightsRoutes(app: AppInstance) {
  const { db, clock } = app
  route(
    app,
    calls.realizedSavingsSummary,
    (request) => realizedSavingsSummary(db, request.query, clock.now(), sessionOf(request).plan),
    {
      plan: (request, now) => {
        const { startTime, endTime } = request.query
        if (startTime === undefined) return {}
        return { range: { start: startTime, end: endTime ?? now } }
      },
    },
  )
  route(app, calls.configuration, (request) => insightsConfiguration(clock.now(), sessionOf(request).plan))
  route(app, calls.metadata, () => databricksInsightsMetadata())
  route(
    app,
    calls.jobs,
    (request) => databricksInsightJobs(db, request.query, clock.now(), sessionOf(request).plan),
    {
      plan: (request, now) => ({
        sortKey: request.query.sort?.replace(/-(asc|desc)$/, ''),
        range: askedInsightRange(request.query, now),
      }),
    },
  )
  route(
    app,
    calls.actions,
    (request) =>
      databricksInsightActions(
        db,
        request.params.jobName,
        request.query,
        clock.now(),
        sessionOf(request).plan,
      ),
    {
      plan: (request, now) => ({
        sortKey: request.query.sort?.replace(/-(asc|desc)$/, ''),
        range: askedInsightRange(request.query, now),
      }),
    },
  )
  route(app, calls.updateAction, (request) =>
    updateDatabricksInsightAction(db, request.body, sessionOf(request).username, clock.now()),
  )
}
