import {
  ErrorSchema,
  PipelineListBodySchema,
  PipelineListResponseSchema,
  type PipelineListBody,
} from '@costlens/shared'
import type { AppInstance } from '../../app.ts'
import { listPipelines } from '../../db/repositories/pipelines.ts'

export async function pipelineRoutes(app: AppInstance) {
  app.post(
    '/api/v1/ds/api/v1/workflows/list',
    {
      schema: {
        tags: ['pipelines'],
        summary:
          'On-premises pipelines: runs per recurring name, cluster and type, the latest run and trends',
        description:
          'data.data is {results, metadata: {total}}; sort_key and sort_type order the rows (default ' +
          'startTime desc, the latest run); every row is returned (the table does not page, 02 §9).',
        body: PipelineListBodySchema,
        response: { 200: PipelineListResponseSchema, 400: ErrorSchema, 401: ErrorSchema },
        'x-spec-ids': ['E026'],
      },
    },
    async (request) => listPipelines(app.db, request.body as PipelineListBody, app.clock.now()),
  )
}
