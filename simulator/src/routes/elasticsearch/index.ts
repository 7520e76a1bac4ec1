import { elasticsearchEndpoints as calls } from '@costlens/shared'
import type { AppInstance } from '../../app.ts'
import { esClusterList, esIndexList, esNodeList } from '../../db/repositories/elk-es.ts'
import { esClusterKpi } from '../../db/repositories/elk-es-cluster-kpi.ts'
import { esIndexKpi, esNodeKpi } from '../../db/repositories/elk-es-series.ts'
import { scopeOf } from '../../plugins/auth.ts'
import { route, seriesPlan, windowPlan } from '../route.ts'

/**
 * The Elasticsearch calls (02 §2; E153), from `elasticsearchEndpoints`: Hadoop platforms with
 * elkEnabled on, by their entries' access.
 */
export default async function elasticsearchRoutes(app: AppInstance) {
  const { db, clock } = app
  route(
    app,
    calls.clusters,
    (request) => esClusterList(db, scopeOf(request), request.query, clock.now()),
    windowPlan,
  )
  route(
    app,
    calls.nodes,
    (request) => esNodeList(db, scopeOf(request), request.params.cluster, request.query, clock.now()),
    windowPlan,
  )
  route(
    app,
    calls.clusterKpi,
    (request) => esClusterKpi(db, scopeOf(request), request.params.cluster, request.query, clock.now()),
    seriesPlan,
  )
  route(
    app,
    calls.nodeKpi,
    (request) => esNodeKpi(db, scopeOf(request), request.params.cluster, request.query, clock.now()),
    seriesPlan,
  )
  route(
    app,
    calls.indices,
    (request) => esIndexList(db, scopeOf(request), request.params.cluster, request.query, clock.now()),
    windowPlan,
  )
  route(
    app,
    calls.indexKpi,
    (request) => esIndexKpi(db, scopeOf(request), request.params.cluster, request.query, clock.now()),
    seriesPlan,
  )
}
