import { tagsEndpoints } from '@costlens/shared'
import { api } from './api.ts'
import { endpointQuery } from './endpoint-query.ts'

/** E009 GET search/awstags: the EMR clusters' AWS tags (a budget or a trend over a tag picks one). */
export const awsTagsApi = api.injectEndpoints({
  endpoints: (build) => ({ awsTags: endpointQuery(build, tagsEndpoints.awsTags) }),
})

export const { useAwsTagsQuery } = awsTagsApi
