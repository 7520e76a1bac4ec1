import {
  bigqueryDashboardEndpoints,
  kubernetesDashboardEndpoints,
  snowflakeDashboardEndpoints,
  type ClusterType,
} from '@costlens/shared'
import { api } from '../../api/api.ts'
import { endpointMutation, endpointQuery } from '../../api/endpoint-query.ts'

/*
 * OpenSearch dashboards (issue 23 /os_dashboard), built from their endpoint tables: the same calls at
 * Snowflake's, BigQuery's and Kubernetes' own paths (admin only on the first two). A write refetches
 * the dashboards' list; the panels' figures are keyed by their query alone (panels, window, interval).
 */
const dashboards = api.enhanceEndpoints({ addTagTypes: ['OsDashboards'] }).injectEndpoints({
  endpoints: (build) => {
    const family = (calls: typeof snowflakeDashboardEndpoints) => {
      const writes = { invalidatesTags: ['OsDashboards'] }
      return {
        list: endpointQuery(build, calls.list, { providesTags: ['OsDashboards'] }),
        create: endpointMutation(build, calls.create, writes),
        copy: endpointMutation(build, calls.copy, writes),
        update: endpointMutation(build, calls.update, writes),
        remove: endpointMutation(build, calls.remove, writes),
        data: endpointQuery(build, calls.data),
      }
    }
    const sf = family(snowflakeDashboardEndpoints)
    const bq = family(bigqueryDashboardEndpoints)
    const k8s = family(kubernetesDashboardEndpoints)
    return {
      snowflakeDashboards: sf.list,
      createSnowflakeDashboard: sf.create,
      copySnowflakeDashboard: sf.copy,
      updateSnowflakeDashboard: sf.update,
      deleteSnowflakeDashboard: sf.remove,
      snowflakePanelData: sf.data,
      bigqueryDashboards: bq.list,
      createBigqueryDashboard: bq.create,
      copyBigqueryDashboard: bq.copy,
      updateBigqueryDashboard: bq.update,
      deleteBigqueryDashboard: bq.remove,
      bigqueryPanelData: bq.data,
      kubernetesDashboards: k8s.list,
      createKubernetesDashboard: k8s.create,
      copyKubernetesDashboard: k8s.copy,
      updateKubernetesDashboard: k8s.update,
      deleteKubernetesDashboard: k8s.remove,
      kubernetesPanelData: k8s.data,
    }
  },
})

/** The hooks the dashboards page calls: one platform's family, the same in shape for each. */
export interface DashboardCalls {
  useList: typeof dashboards.useSnowflakeDashboardsQuery
  useCopy: typeof dashboards.useCopySnowflakeDashboardMutation
  useUpdate: typeof dashboards.useUpdateSnowflakeDashboardMutation
  useRemove: typeof dashboards.useDeleteSnowflakeDashboardMutation
  useData: typeof dashboards.useSnowflakePanelDataQuery
}

const SNOWFLAKE: DashboardCalls = {
  useList: dashboards.useSnowflakeDashboardsQuery,
  useCopy: dashboards.useCopySnowflakeDashboardMutation,
  useUpdate: dashboards.useUpdateSnowflakeDashboardMutation,
  useRemove: dashboards.useDeleteSnowflakeDashboardMutation,
  useData: dashboards.useSnowflakePanelDataQuery,
}

const BIGQUERY: DashboardCalls = {
  useList: dashboards.useBigqueryDashboardsQuery,
  useCopy: dashboards.useCopyBigqueryDashboardMutation,
  useUpdate: dashboards.useUpdateBigqueryDashboardMutation,
  useRemove: dashboards.useDeleteBigqueryDashboardMutation,
  useData: dashboards.useBigqueryPanelDataQuery,
}

const KUBERNETES: DashboardCalls = {
  useList: dashboards.useKubernetesDashboardsQuery,
  useCopy: dashboards.useCopyKubernetesDashboardMutation,
  useUpdate: dashboards.useUpdateKubernetesDashboardMutation,
  useRemove: dashboards.useDeleteKubernetesDashboardMutation,
  useData: dashboards.useKubernetesPanelDataQuery,
}

/** The calls of the signed-in user's platform (the page is in the Snowflake, BigQuery and K8S layouts only). */
export function dashboardCallsFor(platform: ClusterType): DashboardCalls {
  return platform === 'SNOWFLAKE' ? SNOWFLAKE : platform === 'BIGQUERYV2' ? BIGQUERY : KUBERNETES
}
