import type { EndpointTable } from './endpoint.ts'
import { snowflakeEndpoints } from './snowflake.ts'
import { appsEndpoints } from './apps.ts'
import { jobsEndpoints } from './jobs.ts'
import { pipelinesEndpoints } from './pipelines.ts'
import { autoactionsEndpoints } from './autoactions.ts'
import { miscEndpoints } from './misc.ts'
import { systemUsageEndpoints } from './system-usage.ts'
import { ingestionEndpoints } from './ingestion.ts'
import { tagsEndpoints } from './tags.ts'
import { clustersEndpoints } from './clusters.ts'
import { chargebackEndpoints } from './chargeback.ts'
import { authEndpoints } from './auth.ts'
import { budgetEndpoints } from './budgets.ts'
import { awsAccountEndpoints } from './aws-accounts.ts'
import { emrEndpoints } from './emr.ts'
import { appDetailsEndpoints } from './app-details.ts'
import { sparkEndpoints } from './spark.ts'
import { tezEndpoints } from './tez.ts'
import { impalaDetailsEndpoints } from './impala-details.ts'
import { hiveEndpoints } from './hive.ts'
import { queryDetailsEndpoints } from './query-details.ts'
import { workflowsEndpoints } from './workflows.ts'
import { bigqueryEndpoints } from './bigquery.ts'
import { databricksManageEndpoints } from './databricks-manage.ts'
import { databricksDetailsEndpoints } from './databricks-details.ts'
import { databricksCostEndpoints } from './databricks-cost.ts'
import { databricksComputeEndpoints } from './databricks-compute.ts'
import { databricksRunsEndpoints } from './databricks-runs.ts'
import { databricksSqlEndpoints } from './databricks-sql.ts'
import { databricksDrillDownEndpoints } from './databricks-drilldowns.ts'
import { databricksInsightsEndpoints } from './databricks-insights.ts'
import { hbaseEndpoints } from './hbase.ts'
import { kafkaEndpoints } from './kafka.ts'
import { kubernetesEndpoints } from './kubernetes.ts'
import { kubernetesAppsEndpoints } from './kubernetes-apps.ts'
import { impalaUsageEndpoints } from './impala-usage.ts'
import { elasticsearchEndpoints, kibanaEndpoints, logstashEndpoints } from './elk.ts'
import { referenceAppEndpoints } from './reference-app.ts'
import { referenceOpsEndpoints } from './reference-ops.ts'
import {
  notificationChannelEndpoints,
  snowflakeNotificationChannelEndpoints,
} from './notification-channels.ts'
import { osAccessEndpoints } from './os-access.ts'
import {
  bigqueryAlertingEndpoints,
  kubernetesAlertingEndpoints,
  snowflakeAlertingEndpoints,
} from './os-alerting.ts'
import { bigqueryAnomalyEndpoints, snowflakeAnomalyEndpoints } from './os-anomalies.ts'
import {
  bigqueryDashboardEndpoints,
  kubernetesDashboardEndpoints,
  snowflakeDashboardEndpoints,
} from './os-dashboard.ts'

/**
 * Every domain's endpoint table, by domain. The simulator's tests check each entry is served as
 * described; a new domain adds its table here.
 */
export const ENDPOINT_TABLES: Readonly<Record<string, EndpointTable>> = {
  snowflake: snowflakeEndpoints,
  apps: appsEndpoints,
  jobs: jobsEndpoints,
  pipelines: pipelinesEndpoints,
  autoactions: autoactionsEndpoints,
  misc: miscEndpoints,
  systemUsage: systemUsageEndpoints,
  tags: tagsEndpoints,
  clusters: clustersEndpoints,
  chargeback: chargebackEndpoints,
  auth: authEndpoints,
  budgets: budgetEndpoints,
  awsAccounts: awsAccountEndpoints,
  emr: emrEndpoints,
  appDetails: appDetailsEndpoints,
  spark: sparkEndpoints,
  tez: tezEndpoints,
  impalaDetails: impalaDetailsEndpoints,
  hive: hiveEndpoints,
  queryDetails: queryDetailsEndpoints,
  workflows: workflowsEndpoints,
  bigquery: bigqueryEndpoints,
  databricksManage: databricksManageEndpoints,
  databricksDetails: databricksDetailsEndpoints,
  databricksCost: databricksCostEndpoints,
  databricksCompute: databricksComputeEndpoints,
  databricksRuns: databricksRunsEndpoints,
  databricksSql: databricksSqlEndpoints,
  databricksDrillDowns: databricksDrillDownEndpoints,
  databricksInsights: databricksInsightsEndpoints,
  hbase: hbaseEndpoints,
  kafka: kafkaEndpoints,
  kubernetes: kubernetesEndpoints,
  kubernetesApps: kubernetesAppsEndpoints,
  impalaUsage: impalaUsageEndpoints,
  elasticsearch: elasticsearchEndpoints,
  logstash: logstashEndpoints,
  kibana: kibanaEndpoints,
  referenceApp: referenceAppEndpoints,
  referenceOps: referenceOpsEndpoints,
  notificationChannels: notificationChannelEndpoints,
  snowflakeNotificationChannels: snowflakeNotificationChannelEndpoints,
  osAccess: osAccessEndpoints,
  snowflakeAlerting: snowflakeAlertingEndpoints,
  bigqueryAlerting: bigqueryAlertingEndpoints,
  kubernetesAlerting: kubernetesAlertingEndpoints,
  snowflakeAnomalies: snowflakeAnomalyEndpoints,
  bigqueryAnomalies: bigqueryAnomalyEndpoints,
  ingestion: ingestionEndpoints,
  snowflakeDashboards: snowflakeDashboardEndpoints,
  bigqueryDashboards: bigqueryDashboardEndpoints,
  kubernetesDashboards: kubernetesDashboardEndpoints,
}
