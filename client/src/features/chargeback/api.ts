import {
  CHARGEBACK_ABORTED,
  CHARGEBACK_CALLS,
  FINISHED_APPS_CALLS,
  chargebackEndpoints,
  chargebackRequestKey,
  databricksCostEndpoints,
  emrEndpoints,
  type ChargebackQuery,
  type FinishedAppsQuery,
  type FinishedAppsResponse,
  type ChargebackResponse,
  type ChargebackSearch,
  type ChargebackTagsResponse,
  type DcbQuery,
  type DcbResponse,
} from '@costlens/shared'
import { api } from '../../api/api.ts'
import type { ApiError } from '../../api/base-query.ts'
import { endpointQuery, endpointRequest } from '../../api/endpoint-query.ts'

/** One chargeback search: the flavour's call, its one or two group keys, and its query. */
export interface ChargebackArgs {
  search: Extract<ChargebackSearch, 'cb' | 'icb' | 'pcb' | 'bqcb'>
  groups: readonly string[]
  params: ChargebackQuery
}

/** The finished apps of the flavour below the charts (02 §2: Impala, Presto and BigQuery finished apps). */
export type ChargebackFinishedList = 'fapps' | 'fiapps' | 'fpapps' | 'fbqapps'
export interface FinishedAppsArgs {
  list: ChargebackFinishedList
  params: FinishedAppsQuery
}

/**
 * The chargeback calls (02 §7 Chargeback, E042 E043 E045 E046, E151), from `chargebackEndpoints`.
 * Their failures raise no toast (C25); the screen shows them with a retry (components/panel-state).
 * A search repeated while the same search is still in flight aborts the first (B163); the aborted
 * one ends as 'request-aborted', which the screen ignores.
 */
export const chargebackApi = api.injectEndpoints({
  endpoints: (build) => ({
    chargeback: build.query<Partial<ChargebackResponse>, ChargebackArgs>({
      providesTags: ['Apps'],
      query: ({ search, groups, params }) => {
        const [group1 = '', group2] = groups
        const calls = CHARGEBACK_CALLS[search]
        return endpointRequest(
          group2 === undefined ? calls.oneGroup : calls.twoGroups,
          { group1, ...(group2 !== undefined && { group2 }), ...params },
          { group: chargebackRequestKey(search, { groups: groups.join('/'), ...params }), silent: true },
        )
      },
      // B163: the superseded search's failure reads 'request-aborted'; the screen ignores it.
      transformErrorResponse: (error: ApiError) =>
        error.aborted ? { ...error, message: CHARGEBACK_ABORTED } : error,
    }),
    // E019-E022: one page of the finished apps (B100: from, size, a signed sort).
    chargebackFinishedApps: build.query<FinishedAppsResponse<ChargebackFinishedList>, FinishedAppsArgs>({
      providesTags: ['Apps'],
      query: ({ list, params }) => endpointRequest(FINISHED_APPS_CALLS[list], params, { silent: true }),
    }),
    // E044: the EMR flavour's clusters with their EC2, EMR and EBS costs (one group-by, the cluster).
    emrChargeback: endpointQuery(build, emrEndpoints.chargeback, {
      request: { group: 'emr:chargeback', silent: true },
    }),
    // The same call over every cluster, for the cluster filter's choices while one cluster is
    // shown: its own group, so it never cancels the narrowed search it runs beside (B285).
    emrChargebackClusters: endpointQuery(build, emrEndpoints.chargeback, {
      request: { group: 'emr:chargeback-clusters', silent: true },
    }),
    // E047: the Databricks chargeback (dcb) of one type (kind spark or db), one or two group keys.
    databricksChargeback: build.query<DcbResponse, { groups: readonly string[]; params: DcbQuery }>({
      providesTags: ['Apps'],
      query: ({ groups, params }) => {
        const [group1 = '', group2] = groups
        return endpointRequest(
          group2 === undefined ? chargebackEndpoints.dcbOneGroup : chargebackEndpoints.dcbTwoGroups,
          { group1, ...(group2 !== undefined && { group2 }), ...params },
          { group: `dcb:${params.kind ?? 'db'}`, silent: true },
        )
      },
      transformErrorResponse: (error: ApiError) =>
        error.aborted ? { ...error, message: CHARGEBACK_ABORTED } : error,
    }),
    // The Databricks tags of a window (its key:value pairs, from the cost trends' tag breakdown,
    // E051): the Tag Key group-bys and the tag filter of the Databricks types.
    databricksTags: build.query<{ key: string; values: string[] }[], { gte: string; lte: string }>({
      query: ({ gte, lte }) =>
        endpointRequest(databricksCostEndpoints.costTrends, { gte, lte, type: 'tags' }, { silent: true }),
      transformResponse: (response: { values: string[] }) => {
        const tags = new Map<string, string[]>()
        for (const pair of response.values) {
          const at = pair.indexOf(':')
          if (at > 0)
            tags.set(pair.slice(0, at), [...(tags.get(pair.slice(0, at)) ?? []), pair.slice(at + 1)])
        }
        return [...tags]
          .map(([key, values]) => ({ key, values: values.sort() }))
          .sort((a, b) => a.key.localeCompare(b.key))
      },
    }),
    chargebackTags: build.query<Partial<ChargebackTagsResponse>, { from: number; to: number }>({
      query: ({ from, to }) =>
        endpointRequest(
          chargebackEndpoints.chargebackTags,
          { from: String(from), to: String(to) },
          { silent: true },
        ),
    }),
  }),
})

export const {
  useChargebackQuery,
  useChargebackTagsQuery,
  useChargebackFinishedAppsQuery,
  useEmrChargebackQuery,
  useEmrChargebackClustersQuery,
  useDatabricksChargebackQuery,
  useDatabricksTagsQuery,
} = chargebackApi
