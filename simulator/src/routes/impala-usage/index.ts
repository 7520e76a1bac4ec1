import { impalaUsageEndpoints as calls } from '@costlens/shared'
import type { AppInstance } from '../../app.ts'
import { impalaMetrics } from '../../db/repositories/impala-usage-daemons.ts'
import { impalaSearch } from '../../db/repositories/impala-usage-search.ts'
import { impalaQueryop, impalaStats } from '../../db/repositories/impala-usage-series.ts'
import { scopeOf } from '../../plugins/auth.ts'
import { route, windowPlan } from '../route.ts'

/**
 * The Impala usage calls (02 §2 Impala, §7 Impala; E074-E077), from `impalaUsageEndpoints`: CDH and
 * CDP only, by their entries' access (B296).
 */
export default async function impalaUsageRoutes(app: AppInstance) {
  const { db, clock } = app
  route(
    app,
    calls.queryop,
    (request) => impalaQueryop(db, scopeOf(request), request.query, clock.now()),
    windowPlan,
  )
  route(
    app,
    calls.stats,
    (request) => impalaStats(db, scopeOf(request), request.query, clock.now()),
    windowPlan,
  )
  route(
    app,
    calls.metrics,
    (request) => impalaMetrics(db, scopeOf(request), request.query, clock.now()),
    windowPlan,
  )
  route(
    app,
    calls.search,
    (request) => impalaSearch(db, scopeOf(request), request.query, clock.now()),
    windowPlan,
  )
}
