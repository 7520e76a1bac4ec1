import {
  SNOWFLAKE_PATHS,
  type SnowflakeCostBreakdown,
  type SnowflakeCostOverview,
  type SnowflakeCostQueries,
  type SnowflakeCostQuery,
  type SnowflakeWarehouseDetails,
  type SnowflakeWarehouseList,
  type SnowflakeWindowQuery,
  type SnowflakeQueryDetails,
  type SnowflakeQueryMetadata,
  type SnowflakeQueryMetadataQuery,
  type SnowflakeQuerySearchBody,
  type SnowflakeQuerySearchResponse,
} from '@costlens/shared'
import { api } from '../../api/api.ts'

/**
 * A Snowflake path with its `{name}` parameters filled in (each URL-encoded). Paths come from
 * SNOWFLAKE_PATHS only, so a real backend's paths are swapped in at one place (G01).
 */
export function snowflakePath(
  key: keyof typeof SNOWFLAKE_PATHS,
  params: Readonly<Record<string, string>> = {},
): string {
  return SNOWFLAKE_PATHS[key].replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(params[name] ?? ''),
  )
}

/**
 * The Snowflake query calls (03 §7, E158-E160). Unlike the silent list fetches of other screens,
 * a failure here is an error the screen shows with a retry: 03 §8 leaves the Snowflake response to
 * server errors open, and an empty list would read as "no inefficient queries", which misleads.
 */
export const snowflakeApi = api.injectEndpoints({
  endpoints: (build) => ({
    querySearch: build.query<SnowflakeQuerySearchResponse, SnowflakeQuerySearchBody>({
      query: (body) => ({
        url: snowflakePath('querySearch'),
        method: 'POST',
        body,
        // A newer search supersedes one still in flight (B285), so answers never arrive out of order.
        group: 'snowflake:querySearch',
      }),
    }),
    /** The same search for a download: ungrouped, so its pages neither abort nor are aborted by the list. */
    querySearchPage: build.query<SnowflakeQuerySearchResponse, SnowflakeQuerySearchBody>({
      query: (body) => ({ url: snowflakePath('querySearch'), method: 'POST', body }),
      keepUnusedDataFor: 0,
    }),
    queryMetadata: build.query<SnowflakeQueryMetadata, SnowflakeQueryMetadataQuery>({
      query: (params) => ({ url: snowflakePath('queryMetadata'), params }),
    }),
    queryDetails: build.query<SnowflakeQueryDetails, string>({
      query: (queryUid) => ({ url: snowflakePath('queryDetails', { queryUid }) }),
    }),
    warehouses: build.query<SnowflakeWarehouseList, SnowflakeWindowQuery>({
      query: (params) => ({ url: snowflakePath('warehouses'), params }),
    }),
    warehouseDetails: build.query<SnowflakeWarehouseDetails, SnowflakeWindowQuery & { warehouseUid: string }>(
      {
        query: ({ warehouseUid, ...params }) => ({
          url: snowflakePath('warehouseDetails', { warehouseUid }),
          params,
        }),
      },
    ),
    costOverview: build.query<SnowflakeCostOverview, SnowflakeCostQuery>({
      query: (params) => ({ url: snowflakePath('costOverview'), params }),
    }),
    costBreakdown: build.query<
      SnowflakeCostBreakdown,
      SnowflakeCostQuery & { by: 'costUsers' | 'costWarehouses' | 'costTags' }
    >({
      query: ({ by, ...params }) => ({ url: snowflakePath(by), params }),
    }),
    costQueries: build.query<SnowflakeCostQueries, SnowflakeCostQuery>({
      query: (params) => ({ url: snowflakePath('costQueries'), params }),
    }),
  }),
})

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
