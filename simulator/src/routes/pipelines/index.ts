import {
  ErrorSchema,
  PipelineListBodySchema,
  PipelineListResponseSchema,
  type PipelineListBody,
} from '@costlens/shared'
import type { AppInstance } from '../../app.ts'
import { listPipelines, pipelinesWindow } from '../../db/repositories/pipelines.ts'
import { scopeOf } from '../../plugins/auth.ts'

export default async function pipelineRoutes(app: AppInstance) {
  app.post(
    '/api/v1/ds/api/v1/workflows/list',
    {
      config: {
        access: {
          plan: (request, now) => {
            const body = request.body as PipelineListBody
            return { sortKey: body.sort_key, range: pipelinesWindow(body, now) }
          },
        },
      },
      schema: {
        tags: ['pipelines'],
        summary:
          'On-premises pipelines: runs per recurring name, cluster and type, the latest run and trends',
        description:
          'data.data is {results, metadata: {total}}; sort_key and sort_type order the rows (default ' +
          'startTime desc, the latest run); every row is returned (the table does not page, 02 §9).',
        body: PipelineListBodySchema,
        response: { 200: PipelineListResponseSchema, 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema },
        'x-spec-ids': ['E026'],
      },
    },
    async (request) =>
      listPipelines(app.db, request.body as PipelineListBody, app.clock.now(), scopeOf(request)),
  )
}
