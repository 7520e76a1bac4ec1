import { workflowsEndpoints as calls } from '@costlens/shared'
import type { AppInstance } from '../../app.ts'
import {
  pipelineRuns,
  userSession,
  workflowAnnotation,
  workflowChildren,
} from '../../db/repositories/workflows.ts'
import { scopeOf } from '../../plugins/auth.ts'
import { route } from '../route.ts'

/**
 * The workflow calls (02 §7 Application details: workflows; E096-E098) and a pipeline's runs, from
 * `workflowsEndpoints`: a workflow is one pipeline run grouped in SQL on every call
 * (repositories/workflows.ts), checked against the user's clusters before anything else is read; and a query's interactive session (R110).
 */
export default async function workflowRoutes(app: AppInstance) {
  const { db, clock } = app
  route(app, calls.annotationByWfid, (request) =>
    workflowAnnotation(db, scopeOf(request), request.params.id, clock.now()),
  )
  route(app, calls.oozieChildren, (request) =>
    workflowChildren(db, scopeOf(request), request.params.id, clock.now()),
  )
  route(app, calls.annotation, (request) =>
    workflowAnnotation(db, scopeOf(request), request.params.id, clock.now(), request.params.cluster),
  )
  route(app, calls.pipelineRuns, (request) =>
    pipelineRuns(db, scopeOf(request), request.params.pipeline, request.query, clock.now()),
  )
  route(app, calls.session, (request) => userSession(db, scopeOf(request), request.params.id, clock.now()))
}
