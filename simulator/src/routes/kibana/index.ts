import { kibanaEndpoints as calls } from '@costlens/shared'
import type { AppInstance } from '../../app.ts'
import { kibanaClusterKpi, kibanaClusterList, kibanaInstances } from '../../db/repositories/elk-kibana.ts'
import { scopeOf } from '../../plugins/auth.ts'
import { route, seriesPlan, windowPlan } from '../route.ts'

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
    seriesPlan,
  )
  route(
    app,
    calls.instances,
    (request) => kibanaInstances(db, scopeOf(request), request.params.cluster, request.query, clock.now()),
    windowPlan,
  )
}
