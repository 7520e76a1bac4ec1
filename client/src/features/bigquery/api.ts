import { bigqueryEndpoints as calls } from '@costlens/shared'
import { api } from '../../api/api.ts'
import { endpointQuery } from '../../api/endpoint-query.ts'

/**
 * The BigQuery calls (03 §2-§4, E163-E167), built from `bigqueryEndpoints`. As on the Snowflake
 * screens, a failure is an error the screen shows with a retry: an empty list would read as "no
 * jobs", which misleads.
 */
export const bigqueryApi = api.injectEndpoints({
  endpoints: (build) => ({
    // A newer search supersedes one still in flight (B285), so answers never arrive out of order.
    jobSearch: endpointQuery(build, calls.jobSearch, { request: { group: 'bigquery:jobSearch' } }),
    /** The same search for a download: ungrouped, so its pages neither abort nor are aborted by the list. */
    jobSearchPage: endpointQuery(build, calls.jobSearch, { keepUnusedDataFor: 0 }),
    jobMetadata: endpointQuery(build, calls.jobMetadata),
    jobDetails: endpointQuery(build, calls.jobDetails),
    projects: endpointQuery(build, calls.projects),
    projectPage: endpointQuery(build, calls.projects, { keepUnusedDataFor: 0 }),
    projectMetadata: endpointQuery(build, calls.projectMetadata),
  }),
})

export const {
  useJobSearchQuery,
  useLazyJobSearchPageQuery,
  useJobMetadataQuery,
  useJobDetailsQuery,
  useProjectsQuery,
  useLazyProjectPageQuery,
  useProjectMetadataQuery,
} = bigqueryApi
