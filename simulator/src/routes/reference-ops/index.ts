import {
  ALL_CLUSTERS,
  referenceOpsEndpoints as calls,
  type ReferenceWorkflowsQuery,
  type ResourceMetric,
  type ResourceSeriesQuery,
} from '@costlens/shared'
import type { AppInstance } from '../../app.ts'
import { killApp, moveApp } from '../../db/repositories/app-writes.ts'
import { resolveYarnTarget, resourceSeries, resourceWindow } from '../../db/repositories/cluster-resources.ts'
import { jobBucketsWindow } from '../../db/repositories/jobs.ts'
import {
  checkAppCluster,
  clusterNames,
  clusterNamesWindow,
  finishedApps,
  missingSla,
  runningApps,
  workflows,
  workflowsWindow,
} from '../../db/repositories/reference-ops.ts'
import { scopeOf, sessionOf } from '../../plugins/auth.ts'
import { route } from '../route.ts'

/** The resource window, which the free plan limits to 7 days (as the cluster resource calls). */
const resourcePlan = {
  plan: (
    request: { query: Pick<ResourceSeriesQuery, 'start_time' | 'end_time' | 'from' | 'to'> },
    now: number,
  ) => ({
    range: resourceWindow(request.query, now),
  }),
}

/** The real product's documented operations beside the console's (issue 21), from `referenceOpsEndpoints`. */
export default async function referenceOpsRoutes(app: AppInstance) {
  const { db, clock } = app

  // A lifetime window, limited on the free plan as every window (from its start, when it has one).
  route(app, calls.clusterNames, (request) => clusterNames(db, scopeOf(request), request.query), {
    plan: (request, now) => {
      const { from, to } = clusterNamesWindow(request.query)
      return from === undefined ? {} : { range: { start: from, end: to ?? now } }
    },
  })

  const jobsPlan = {
    plan: (request: { query: Parameters<typeof jobBucketsWindow>[0] }, now: number) => ({
      range: jobBucketsWindow(request.query, now),
    }),
  }
  route(
    app,
    calls.runningApps,
    (request) => runningApps(db, request.query, clock.now(), scopeOf(request)),
    jobsPlan,
  )
  route(
    app,
    calls.finishedApps,
    (request) => finishedApps(db, request.query, clock.now(), scopeOf(request)),
    jobsPlan,
  )

  // What the documented /clusters/resources/{metric}/allocated answers: every Yarn cluster's allocation.
  for (const [metric, entry] of [
    ['cpu', calls.appsCpuAllocated],
    ['memory', calls.appsMemoryAllocated],
  ] as const satisfies readonly (readonly [ResourceMetric, unknown])[])
    route(
      app,
      entry,
      (request) => {
        const everyCluster = resolveYarnTarget(db, scopeOf(request).platform, ALL_CLUSTERS)
        const series = resourceSeries(db, everyCluster, metric, 'allocated', request.query, clock.now())
        // As documented: cpu values are strings, memory values numbers.
        return Object.fromEntries(series.avg.map(([t, v]) => [String(t), metric === 'cpu' ? String(v) : v]))
      },
      resourcePlan,
    )

  route(app, calls.killApp, (request) => {
    const { appid, clusterid } = request.query
    checkAppCluster(db, scopeOf(request), appid, clusterid)
    return killApp(db, scopeOf(request), appid, sessionOf(request), clock.now())
  })
  route(app, calls.moveApp, (request) => {
    const { appid, clusterid, queue } = request.query
    checkAppCluster(db, scopeOf(request), appid, clusterid)
    return moveApp(db, scopeOf(request), appid, queue, sessionOf(request))
  })

  const workflowsPlan = {
    plan: (request: { query: ReferenceWorkflowsQuery }, now: number) => ({
      range: workflowsWindow(request.query, now),
    }),
  }
  route(
    app,
    calls.workflows,
    (request) => workflows(db, scopeOf(request), request.query, clock.now()),
    workflowsPlan,
  )
  route(
    app,
    calls.missingSla,
    (request) => missingSla(db, scopeOf(request), request.query, clock.now()),
    workflowsPlan,
  )
}
