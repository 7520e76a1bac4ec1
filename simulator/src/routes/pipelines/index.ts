import { pipelinesEndpoints as calls } from '@costlens/shared'
import type { AppInstance } from '../../app.ts'
import { listPipelines, pipelinesWindow } from '../../db/repositories/pipelines.ts'
import { scopeOf } from '../../plugins/auth.ts'
import { route } from '../route.ts'

/** The on-premises pipelines list (E026), from `pipelinesEndpoints`. */
export default async function pipelineRoutes(app: AppInstance) {
  route(
    app,
    calls.pipelineList,
    (request) => listPipelines(app.db, request.body, app.clock.now(), scopeOf(request)),
    {
      plan: (request, now) => ({ sortKey: request.body.sort_key, range: pipelinesWindow(request.body, now) }),
    },
  )
}
