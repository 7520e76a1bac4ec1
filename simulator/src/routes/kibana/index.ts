import { kibanaEndpoints as calls } from '@costlens/shared'
import type { AppInstance } from '../../app.ts'
import { kibanaClusterKpi, kibanaClusterList, kibanaInstances } from '../../db/repositories/elk-kibana.ts'
import { timeWindow } from '../../db/repositories/kafka-common.ts'
import { scopeOf } from '../../plugins/auth.ts'
import { route } from '../route.ts'

/** Every call reads a start_time/end_time window, which the free plan limits to 7 days. */
const windowPlan = {
  plan: (request: { query: { start_time?: string; end_time?: string } }, now: number) => ({
    range: timeWindow(request.query, now),
  }),
}

/**
 * The Kibana calls (02 §2; E153), from `kibanaEndpoints`: Hadoop platforms with elkEnabled on, by
 * their entries' access. {cluster} is the Elasticsearch cluster the instances serve (G98).
 */
export default async function kibanaRoutes(app: AppInstance) {
  const { db, clock } = app
  route(
    app,
    calls.clusters,
    (request) => kibanaClusterList(db, scopeOf(request), request.query, clock.now()),
    windowPlan,
  )
  route(
    app,
    calls.clusterKpi,
    (request) => kibanaClusterKpi(db, scopeOf(request), request.params.cluster, request.query, clock.now()),
    { ...windowPlan, plainJson: true },
  )
  route(
    app,
    calls.instances,
    (request) => kibanaInstances(db, scopeOf(request), request.params.cluster, request.query, clock.now()),
    windowPlan,
  )
}
