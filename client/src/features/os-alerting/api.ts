import {
  bigqueryAlertingEndpoints,
  kubernetesAlertingEndpoints,
  notificationChannelEndpoints,
  snowflakeAlertingEndpoints,
  snowflakeNotificationChannelEndpoints,
  type ClusterType,
} from '@costlens/shared'
import { api } from '../../api/api.ts'
import { endpointMutation, endpointQuery } from '../../api/endpoint-query.ts'

/*
 * OpenSearch alerting (issue 23 /os_alerting, E171), built from its endpoint tables: the same calls
 * at Snowflake's, BigQuery's and Kubernetes' own paths (their access differs: admin only on the first
 * two). A monitor's write refetches the monitors and the alerts (it runs at once); an acknowledgement
 * the alerts and the monitors' states. The monitor form's channel picker reads the platform's
 * channels through the channel tables' list call (tagged as the channels screen tags it, so a new
 * channel shows here too).
 */
const alerting = api
  .enhanceEndpoints({ addTagTypes: ['OsMonitors', 'OsAlerts', 'NotificationChannels'] })
  .injectEndpoints({
    endpoints: (build) => {
      const family = (calls: typeof snowflakeAlertingEndpoints) => {
        const monitors = { providesTags: ['OsMonitors'] }
        const alerts = { providesTags: ['OsAlerts'] }
        const writes = { invalidatesTags: ['OsMonitors', 'OsAlerts'] }
        return {
          options: endpointQuery(build, calls.options),
          preview: endpointQuery(build, calls.preview),
          monitors: endpointQuery(build, calls.monitors, monitors),
          create: endpointMutation(build, calls.createMonitor, writes),
          update: endpointMutation(build, calls.updateMonitor, writes),
          remove: endpointMutation(build, calls.removeMonitor, writes),
          setEnabled: endpointMutation(build, calls.setMonitorEnabled, writes),
          alerts: endpointQuery(build, calls.alerts, alerts),
          acknowledge: endpointMutation(build, calls.acknowledge, writes),
        }
      }
      const sf = family(snowflakeAlertingEndpoints)
      const bq = family(bigqueryAlertingEndpoints)
      const k8s = family(kubernetesAlertingEndpoints)
      const channels = { providesTags: ['NotificationChannels'] }
      return {
        snowflakeMonitorOptions: sf.options,
        snowflakeMetricPreview: sf.preview,
        snowflakeMonitors: sf.monitors,
        createSnowflakeMonitor: sf.create,
        updateSnowflakeMonitor: sf.update,
        deleteSnowflakeMonitor: sf.remove,
        setSnowflakeMonitorEnabled: sf.setEnabled,
        snowflakeAlerts: sf.alerts,
        acknowledgeSnowflakeAlerts: sf.acknowledge,
        bigqueryMonitorOptions: bq.options,
        bigqueryMetricPreview: bq.preview,
        bigqueryMonitors: bq.monitors,
        createBigqueryMonitor: bq.create,
        updateBigqueryMonitor: bq.update,
        deleteBigqueryMonitor: bq.remove,
        setBigqueryMonitorEnabled: bq.setEnabled,
        bigqueryAlerts: bq.alerts,
        acknowledgeBigqueryAlerts: bq.acknowledge,
        kubernetesMonitorOptions: k8s.options,
        kubernetesMetricPreview: k8s.preview,
        kubernetesMonitors: k8s.monitors,
        createKubernetesMonitor: k8s.create,
        updateKubernetesMonitor: k8s.update,
        deleteKubernetesMonitor: k8s.remove,
        setKubernetesMonitorEnabled: k8s.setEnabled,
        kubernetesAlerts: k8s.alerts,
        acknowledgeKubernetesAlerts: k8s.acknowledge,
        monitorChannels: endpointQuery(build, notificationChannelEndpoints.list, channels),
        snowflakeMonitorChannels: endpointQuery(build, snowflakeNotificationChannelEndpoints.list, channels),
      }
    },
  })

/** The hooks the alerting screens call: one platform's family, the same in shape for each. */
export interface AlertingCalls {
  useOptions: typeof alerting.useSnowflakeMonitorOptionsQuery
  usePreview: typeof alerting.useSnowflakeMetricPreviewQuery
  useMonitors: typeof alerting.useSnowflakeMonitorsQuery
  useCreate: typeof alerting.useCreateSnowflakeMonitorMutation
  useUpdate: typeof alerting.useUpdateSnowflakeMonitorMutation
  useRemove: typeof alerting.useDeleteSnowflakeMonitorMutation
  useSetEnabled: typeof alerting.useSetSnowflakeMonitorEnabledMutation
  useAlerts: typeof alerting.useSnowflakeAlertsQuery
  useAcknowledge: typeof alerting.useAcknowledgeSnowflakeAlertsMutation
  useChannels: typeof alerting.useMonitorChannelsQuery
}

const SNOWFLAKE: AlertingCalls = {
  useOptions: alerting.useSnowflakeMonitorOptionsQuery,
  usePreview: alerting.useSnowflakeMetricPreviewQuery,
  useMonitors: alerting.useSnowflakeMonitorsQuery,
  useCreate: alerting.useCreateSnowflakeMonitorMutation,
  useUpdate: alerting.useUpdateSnowflakeMonitorMutation,
  useRemove: alerting.useDeleteSnowflakeMonitorMutation,
  useSetEnabled: alerting.useSetSnowflakeMonitorEnabledMutation,
  useAlerts: alerting.useSnowflakeAlertsQuery,
  useAcknowledge: alerting.useAcknowledgeSnowflakeAlertsMutation,
  useChannels: alerting.useSnowflakeMonitorChannelsQuery,
}

const BIGQUERY: AlertingCalls = {
  useOptions: alerting.useBigqueryMonitorOptionsQuery,
  usePreview: alerting.useBigqueryMetricPreviewQuery,
  useMonitors: alerting.useBigqueryMonitorsQuery,
  useCreate: alerting.useCreateBigqueryMonitorMutation,
  useUpdate: alerting.useUpdateBigqueryMonitorMutation,
  useRemove: alerting.useDeleteBigqueryMonitorMutation,
  useSetEnabled: alerting.useSetBigqueryMonitorEnabledMutation,
  useAlerts: alerting.useBigqueryAlertsQuery,
  useAcknowledge: alerting.useAcknowledgeBigqueryAlertsMutation,
  useChannels: alerting.useMonitorChannelsQuery,
}

const KUBERNETES: AlertingCalls = {
  useOptions: alerting.useKubernetesMonitorOptionsQuery,
  usePreview: alerting.useKubernetesMetricPreviewQuery,
  useMonitors: alerting.useKubernetesMonitorsQuery,
  useCreate: alerting.useCreateKubernetesMonitorMutation,
  useUpdate: alerting.useUpdateKubernetesMonitorMutation,
  useRemove: alerting.useDeleteKubernetesMonitorMutation,
  useSetEnabled: alerting.useSetKubernetesMonitorEnabledMutation,
  useAlerts: alerting.useKubernetesAlertsQuery,
  useAcknowledge: alerting.useAcknowledgeKubernetesAlertsMutation,
  useChannels: alerting.useMonitorChannelsQuery,
}

/** The calls of the signed-in user's platform (the page is in the Snowflake, BigQuery and K8S layouts only). */
export function alertingCallsFor(platform: ClusterType): AlertingCalls {
  return platform === 'SNOWFLAKE' ? SNOWFLAKE : platform === 'BIGQUERYV2' ? BIGQUERY : KUBERNETES
}
