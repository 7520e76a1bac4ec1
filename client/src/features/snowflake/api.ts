import {
  fillPath,
  type DateRange,
  snowflakeEndpoints as calls,
  type EndpointArgs,
  type EndpointResponse,
} from '@costlens/shared'
import { api } from '../../api/api.ts'
import { endpointQuery, endpointRequest } from '../../api/endpoint-query.ts'

/** A Snowflake path with its `{name}` parameters filled in (tests mock the calls by it). */
export function snowflakePath(
  key: keyof typeof calls,
  params: Readonly<Record<string, string>> = {},
): string {
  return fillPath(calls[key].path, params)
}

/** A window as the Snowflake calls take it: ISO instants (B240). */
export function windowParams(range: DateRange): { startTime: string; endTime: string } {
  return { startTime: new Date(range.start).toISOString(), endTime: new Date(range.end).toISOString() }
}

/**
 * The Snowflake calls (03 §7, E158-E162), built from `snowflakeEndpoints`. Unlike the silent list
 * fetches of other screens, a failure here is an error the screen shows with a retry: 03 §8 leaves
 * the Snowflake response to server errors open, and an empty list would read as "no inefficient
 * queries", which misleads.
 */
export const snowflakeApi = api.injectEndpoints({
  endpoints: (build) => ({
    // A newer search supersedes one still in flight (B285), so answers never arrive out of order.
    querySearch: endpointQuery(build, calls.querySearch, { request: { group: 'snowflake:querySearch' } }),
    /** The same search for a download: ungrouped, so its pages neither abort nor are aborted by the list. */
    querySearchPage: endpointQuery(build, calls.querySearch, { keepUnusedDataFor: 0 }),
    queryMetadata: endpointQuery(build, calls.queryMetadata),
    queryDetails: build.query<EndpointResponseOf<'queryDetails'>, string>({
      query: (queryUid) => endpointRequest(calls.queryDetails, { queryUid }),
    }),
    warehouses: endpointQuery(build, calls.warehouses),
    warehouseDetails: endpointQuery(build, calls.warehouseDetails),
    costOverview: endpointQuery(build, calls.costOverview),
    costBreakdown: build.query<
      EndpointResponseOf<'costUsers'>,
      EndpointArgs<typeof calls.costUsers> & { by: 'costUsers' | 'costWarehouses' | 'costTags' }
    >({
      query: ({ by, ...params }) => endpointRequest(calls[by], params),
    }),
    costQueries: endpointQuery(build, calls.costQueries),
  }),
})

type EndpointResponseOf<K extends keyof typeof calls> = EndpointResponse<(typeof calls)[K]>

export const {
  useWarehousesQuery,
  useWarehouseDetailsQuery,
  useCostOverviewQuery,
  useCostBreakdownQuery,
  useCostQueriesQuery,
  useQuerySearchQuery,
  useLazyQuerySearchPageQuery,
  useQueryMetadataQuery,
  useQueryDetailsQuery,
} = snowflakeApi
