import { emrEndpoints as calls } from '@costlens/shared'
import type { AppInstance } from '../../app.ts'
import { emrClusterDetails, searchEmrClusters } from '../../db/repositories/emr-clusters.ts'
import { emrAwsInfo, emrChargeback, emrCostTrends } from '../../db/repositories/emr-cost.ts'
import { emrInsights, listAnalysis } from '../../db/repositories/emr-sizing.ts'
import { scopeOf } from '../../plugins/auth.ts'
import { route } from '../route.ts'

/**
 * The EMR calls (02 §2, §7), from `emrEndpoints`: the cluster list, details, insights and cost
 * trends under /api/v1/emr, and awsinfo and the awscb chargeback under /api/v1/search beside the
 * other chargeback flavours. EMR-only by their entries' access.
 */
export default async function emrRoutes(app: AppInstance) {
  const { db, clock } = app
  route(app, calls.clusterSearch, (request) =>
    searchEmrClusters(db, scopeOf(request), request.body, clock.now()),
  )
  route(app, calls.clusterDetails, (request) =>
    emrClusterDetails(db, scopeOf(request), request.params.clusterId, clock.now()),
  )
  route(app, calls.awsInfo, (request) => emrAwsInfo(db, scopeOf(request), request.query, clock.now()))
  for (const entry of [calls.chargeback, calls.chargebackTwo])
    route(app, entry, (request) =>
      emrChargeback(db, scopeOf(request), request.params, request.query, clock.now()),
    )
  route(app, calls.listAnalysis, (request) => listAnalysis(db, scopeOf(request), request.body, clock.now()))
  route(app, calls.insights, (request) => emrInsights(db, scopeOf(request), request.query, clock.now()))
  route(app, calls.costTrends, (request) => emrCostTrends(db, scopeOf(request), request.query, clock.now()))
}
