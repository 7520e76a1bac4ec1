import { databricksRunsEndpoints as calls, type DatabricksRunSearchBody } from '@costlens/shared'
import type { AppInstance } from '../../app.ts'
import { HttpError } from '../../errors.ts'
import { jobListWindow, listJobs, searchJobNames } from '../../db/repositories/databricks-jobs.ts'
import {
  runCost,
  runFilterValues,
  runSearchWindow,
  searchRuns,
} from '../../db/repositories/databricks-runs.ts'
import { sessionOf } from '../../plugins/auth.ts'
import { route } from '../route.ts'

/**
 * The Databricks job runs, jobs and pipelines lists (02 §7; E015-E018, E053), from
 * `databricksRunsEndpoints`. The free plan's 7 days and its ban on tags are checked from what
 * each search declares (plugins/auth.ts), never here.
 */
export async function databricksRunsRoutes(app: AppInstance) {
  const { db, clock } = app
  const runsPlan = {
    plan: (request: { body: DatabricksRunSearchBody }, now: number) => planOfRuns(request.body, now),
  }
  route(app, calls.runs, (request) => searchRuns(db, request.body, clock.now()), runsPlan)
  route(app, calls.runsPublic, (request) => searchRuns(db, request.body, clock.now()), runsPlan)
  route(
    app,
    calls.jobRuns,
    (request) => searchRuns(db, request.body, clock.now(), { jobId: request.params.jobId }),
    runsPlan,
  )
  route(app, calls.runCost, (request) => {
    const cost = runCost(db, request.params.runId, clock.now())
    if (!cost) throw new HttpError(404, `Databricks run ${request.params.runId} not found.`)
    return cost
  })
  route(app, calls.jobs, (request) => listJobs(db, request.body, clock.now()), {
    plan: (request, now) => ({ range: jobListWindow(request.body, now) }),
  })
  route(app, calls.jobSearch, (request) => searchJobNames(db, request.body))
  route(
    app,
    calls.runFilters,
    (request) => runFilterValues(db, request.query, clock.now(), sessionOf(request).plan !== 'freemium'),
    { plan: (request, now) => ({ range: runSearchWindow(request.query, now) }) },
  )
}

function planOfRuns(body: DatabricksRunSearchBody, now: number) {
  const sortKey = body.sort?.[0] ? Object.keys(body.sort[0])[0] : undefined
  return {
    sortKey,
    tags: Object.values(body.appTags ?? {}).some((values) => values.length > 0),
    inefficient: Boolean(body.insights?.length),
    range: runSearchWindow(body, now),
  }
}
