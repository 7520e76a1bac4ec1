import { logstashEndpoints as calls } from '@costlens/shared'
import type { AppInstance } from '../../app.ts'
import { logstashKpis, logstashNodes, logstashPipelines } from '../../db/repositories/elk-logstash.ts'
import {
  logstashNodeKpi,
  logstashOverviewKpi,
  logstashPipelineKpi,
} from '../../db/repositories/elk-logstash-series.ts'
import { scopeOf } from '../../plugins/auth.ts'
import { route, seriesPlan, windowPlan } from '../route.ts'

/**
 * The Logstash calls (02 §2; E153), from `logstashEndpoints`: Hadoop platforms with elkEnabled on,
 * by their entries' access. They span every deployment of the user's unless `cluster` keeps one (G103).
 */
export default async function logstashRoutes(app: AppInstance) {
  const { db, clock } = app
  route(
    app,
    calls.kpis,
    (request) => logstashKpis(db, scopeOf(request), request.query, clock.now()),
    windowPlan,
  )
  route(
    app,
    calls.nodes,
    (request) => logstashNodes(db, scopeOf(request), request.query, clock.now()),
    windowPlan,
  )
  route(
    app,
    calls.nodesKpi,
    (request) => logstashOverviewKpi(db, scopeOf(request), request.query, clock.now()),
    seriesPlan,
  )
  route(
    app,
    calls.nodeKpi,
    (request) => logstashNodeKpi(db, scopeOf(request), request.params.node, request.query, clock.now()),
    seriesPlan,
  )
  route(
    app,
    calls.pipelines,
    (request) => logstashPipelines(db, scopeOf(request), request.query, clock.now()),
    windowPlan,
  )
  route(
    app,
    calls.pipelinesKpi,
    (request) => logstashPipelineKpi(db, scopeOf(request), null, request.query, clock.now()),
    seriesPlan,
  )
  route(
    app,
    calls.pipelineKpi,
    (request) =>
      logstashPipelineKpi(db, scopeOf(request), request.params.pipeline, request.query, clock.now()),
    seriesPlan,
  )
}
