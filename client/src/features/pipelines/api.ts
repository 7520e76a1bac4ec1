import type {
  JobSchedulesQuery,
  JobSchedulesResponse,
  PipelineListBody,
  PipelineListResponse,
  PipelineRow,
} from '@costlens/shared'
import { api } from '../../api/api.ts'

/**
 * The Jobs tab's pipeline calls: the on-premises pipelines list (E026) and the scheduled-jobs
 * calendar. Both are list fetches whose failures raise no toast (C25); the screens show them with a
 * retry (components/panel-state), never as an empty list.
 */
export const pipelinesApi = api.injectEndpoints({
  endpoints: (build) => ({
    pipelineList: build.query<PipelineListResponse, PipelineListBody>({
      query: (body) => ({
        url: '/api/v1/ds/api/v1/workflows/list',
        method: 'POST',
        body,
        // A newer filter supersedes a slower older answer (B285).
        group: 'pipelines:list',
        silent: true,
      }),
    }),
    jobSchedules: build.query<JobSchedulesResponse, JobSchedulesQuery>({
      query: (params) => ({ url: '/api/v1/jobs/schedules', params, group: 'jobs:schedules', silent: true }),
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
