import {
  jobsEndpoints,
  pipelinesEndpoints,
  type PipelineListResponse,
  type PipelineRow,
} from '@costlens/shared'
import { api } from '../../api/api.ts'
import { endpointQuery } from '../../api/endpoint-query.ts'

/**
 * The Jobs tab's pipeline calls: the on-premises pipelines list (E026) and the scheduled-jobs
 * calendar, built from `pipelinesEndpoints` and `jobsEndpoints`. Both are list fetches whose
 * failures raise no toast (C25); the screens show them with a retry (components/panel-state),
 * never as an empty list.
 */
export const pipelinesApi = api.injectEndpoints({
  endpoints: (build) => ({
    // A newer filter supersedes a slower older answer (B285).
    pipelineList: endpointQuery(build, pipelinesEndpoints.pipelineList, {
      request: { group: 'pipelines:list', silent: true },
      providesTags: ['Apps'],
    }),
    jobSchedules: endpointQuery(build, jobsEndpoints.jobSchedules, {
      request: { group: 'jobs:schedules', silent: true },
    }),
  }),
})

export const { usePipelineListQuery, useJobSchedulesQuery } = pipelinesApi

/**
 * The rows of a workflows/list answer. 02 §7: data.data is a list or an object with results and
 * metadata, so both are read; a silent failure's `{}` is no rows.
 */
export function pipelineResults(response: PipelineListResponse | undefined): PipelineRow[] {
  const inner = (response?.data as { data?: unknown } | undefined)?.data
  if (Array.isArray(inner)) return inner as PipelineRow[]
  return (inner as { results?: PipelineRow[] } | undefined)?.results ?? []
}
