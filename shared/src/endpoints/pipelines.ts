import { PipelineListBodySchema, PipelineListResponseSchema } from '../contracts/pipelines.ts'
import { defineEndpoints } from './endpoint.ts'

/** The on-premises pipelines list of the Jobs tab (02 §7, §9; E026). */
export const pipelinesEndpoints = defineEndpoints({
  pipelineList: {
    method: 'POST',
    path: '/api/v1/ds/api/v1/workflows/list',
    specIds: ['E026'],
    tags: ['pipelines'],
    summary: 'On-premises pipelines: runs per recurring name, cluster and type, the latest run and trends',
    description:
      'data.data is {results, metadata: {total}}; sort_key and sort_type order the rows (default ' +
      'startTime desc, the latest run); every row is returned (the table does not page, 02 §9).',
    body: PipelineListBodySchema,
    response: PipelineListResponseSchema,
  },
})
