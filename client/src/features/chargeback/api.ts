import {
  CHARGEBACK_ABORTED,
  CHARGEBACK_CALLS,
  FINISHED_APPS_CALLS,
  chargebackEndpoints,
  chargebackRequestKey,
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
} = chargebackApi
