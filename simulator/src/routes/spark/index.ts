import { gzipSync } from 'node:zlib'
import { SPARK_TYPED_RESOURCES, sparkEndpoints as calls } from '@costlens/shared'
import type { AppInstance } from '../../app.ts'
import {
  sparkAllStages,
  sparkAnnotation,
  sparkAppMeta,
  sparkBatches,
  sparkDag,
  sparkExecutions,
  sparkExecutorLog,
  sparkExecutors,
  sparkJobStages,
  sparkJobs,
  sparkStageDetail,
  sparkStream,
  sparkStreamingQueries,
} from '../../db/repositories/spark-details.ts'
import { scopeOf } from '../../plugins/auth.ts'
import { route } from '../route.ts'

/**
 * The Spark details calls (02 §7, E035 and E099-E112), from `sparkEndpoints`. Each starts with the
 * access check of the details (repositories/app-access.ts) and answers from the app's derivation.
 * The router takes them all together: a static segment (jobs, allstages, executions, appmeta,
 * streaming) wins over {section}, so the generic section route is left the executors; the names of
 * the generic per-attempt calls pass it by (sectionEntry).
 */
/**
 * The section route as the router reads it: {section} never matches a generic resource name
 * (SPARK_TYPED_RESOURCES), so /api/v1/spark/{id}/{attempt}/analysis and its siblings fall through
 * to the generic /{type}/{id}/{attempt}/{resource} routes (find-my-way backtracks when a parameter's
 * pattern fails). The API document shows the path as the entry writes it.
 */
const sectionEntry = {
  ...calls.section,
  path: calls.section.path.replace(
    '{section}',
    `:section(^(?!(?:${SPARK_TYPED_RESOURCES.join('|')})$).+$)`,
  ) as typeof calls.section.path,
}

export default async function sparkRoutes(app: AppInstance) {
  const { db, clock } = app
  route(app, calls.annotation, (request) =>
    sparkAnnotation(db, scopeOf(request), request.params.id, request.query.clusterUid, clock.now()),
  )
  route(app, calls.jobs, (request) =>
    sparkJobs(db, scopeOf(request), request.params.cluster, request.params.appId, clock.now()),
  )
  route(app, calls.jobStages, (request) => {
    const { cluster, appId, n } = request.params
    return sparkJobStages(db, scopeOf(request), cluster, appId, n, clock.now())
  })
  route(app, calls.allStages, (request) =>
    sparkAllStages(db, scopeOf(request), request.params.cluster, request.params.appId, clock.now()),
  )
  route(app, calls.jobDag, (request) => {
    const { cluster, appId, n } = request.params
    return sparkDag(db, scopeOf(request), cluster, appId, n, clock.now())
  })
  route(app, calls.executorLog, (request) =>
    sparkExecutorLog(db, scopeOf(request), request.params.appId, request.params.executorId, clock.now()),
  )
  route(app, calls.executorLogCommon, (request, reply) => {
    const log = sparkExecutorLog(
      db,
      scopeOf(request),
      request.params.appId,
      request.params.executorId,
      clock.now(),
    )
    if (!request.query.compress) return log
    // A Buffer is sent as it is (no serializer): the JSON, gzipped, and the header that says so.
    return reply
      .header('content-encoding', 'gzip')
      .type('application/json; charset=utf-8')
      .send(gzipSync(JSON.stringify(log)))
  })
  route(app, sectionEntry, (request) =>
    // The only section this route is reached with (SPARK_SECTIONS): the others have static routes.
    sparkExecutors(db, scopeOf(request), request.params.platform, request.params.id, clock.now()),
  )
  route(app, calls.executions, (request) =>
    sparkExecutions(
      db,
      scopeOf(request),
      request.params.platform,
      request.params.id,
      request.query.id,
      clock.now(),
    ),
  )
  route(app, calls.platformAllStages, (request) =>
    sparkAllStages(db, scopeOf(request), request.params.platform, request.params.id, clock.now()),
  )
  route(app, calls.appMeta, (request) => sparkAppMeta(db, scopeOf(request), request.params.id, clock.now()))
  route(app, calls.stream, (request) =>
    sparkStream(db, scopeOf(request), request.params.id, request.query, clock.now()),
  )
  route(app, calls.streamingQueries, (request) =>
    sparkStreamingQueries(db, scopeOf(request), request.params, clock.now()),
  )
  route(app, calls.batches, (request) =>
    sparkBatches(db, scopeOf(request), request.params, request.query, clock.now()),
  )
  route(app, calls.stageDetail, (request) =>
    sparkStageDetail(db, scopeOf(request), request.params, request.query, clock.now()),
  )
}
