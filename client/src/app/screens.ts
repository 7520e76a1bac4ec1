import type { ComponentType } from 'react'
import { matchPath } from 'react-router-dom'
import { catalogueEntries, type CurrentUser } from '@costlens/shared'
import { startOpeningClock } from '../kit/page-clock.ts'
import { storedUser } from './session-storage.ts'
import type { AppDispatch } from './store.ts'
import { whenIdle } from './when-idle.ts'

type ScreenModule = Promise<{ default: ComponentType }>

/** How each built screen's code is fetched, by its catalogue `screen` key. */
const LOADERS: Record<string, () => ScreenModule> = {
  applications: () => import('../features/jobs/applications-page.tsx'),
  pipelines: () => import('../features/pipelines/pipelines-page.tsx'),
  'schedule-jobs': () => import('../features/pipelines/schedule-jobs-page.tsx'),
  chargeback: () => import('../features/chargeback/chargeback-page.tsx'),
  'clusters-overview': () => import('../features/clusters/overview-page.tsx'),
  'clusters-jobs': () => import('../features/clusters/jobs-page.tsx'),
  'cluster-resources': () => import('../features/cluster-resources/resources-page.tsx'),
  'queue-analysis': () => import('../features/cluster-resources/queue-analysis-page.tsx'),
  'cluster-workload': () => import('../features/cluster-resources/cluster-workload-page.tsx'),
  hbase: () => import('../features/hbase/hbase-page.tsx'),
  kafka: () => import('../features/kafka/cluster-page.tsx'),
  'kafka-metrics': () => import('../features/kafka/metrics-page.tsx'),
  'kafka-topic': () => import('../features/kafka/topic-page.tsx'),
  'kafka-consumer': () => import('../features/kafka/consumer-page.tsx'),
  elasticsearch: () => import('../features/elk/elasticsearch-page.tsx'),
  logstash: () => import('../features/elk/logstash-page.tsx'),
  kibana: () => import('../features/elk/kibana-page.tsx'),
  'snowflake-home': () => import('../features/snowflake/home-page.tsx'),
  'snowflake-cost': () => import('../features/snowflake/cost-page.tsx'),
  'snowflake-warehouses': () => import('../features/snowflake/warehouse-list-page.tsx'),
  'snowflake-warehouse-details': () => import('../features/snowflake/warehouse-details-page.tsx'),
  'snowflake-queries': () => import('../features/snowflake/query-list-page.tsx'),
  'snowflake-query-details': () => import('../features/snowflake/query-details-page.tsx'),
  'snowflake-query-compare': () => import('../features/snowflake/query-compare-page.tsx'),
  'bigquery-jobs': () => import('../features/bigquery/job-list-page.tsx'),
  'bigquery-job-details': () => import('../features/bigquery/job-details-page.tsx'),
  'bigquery-job-compare': () => import('../features/bigquery/job-compare-page.tsx'),
  'bigquery-projects': () => import('../features/bigquery/project-list-page.tsx'),
  'bigquery-cost': () => import('../features/bigquery-cost/cost-page.tsx'),
  'bigquery-insights': () => import('../features/bigquery-insights/insights-overview-page.tsx'),
  'system-usage': () => import('../features/system-usage/system-usage-page.tsx'),
  'ingestion-monitor': () => import('../features/ingestion/ingestion-monitor-page.tsx'),
  'kafka-consumption': () => import('../features/ingestion/kafka-consumption-page.tsx'),
  'kubernetes-topx': () => import('../features/kubernetes/topx-page.tsx'),
  'kubernetes-usage-trends': () => import('../features/kubernetes/usage-trends-page.tsx'),
  'kubernetes-app-metrics': () => import('../features/kubernetes/app-metrics-page.tsx'),
  'kubernetes-logs': () => import('../features/kubernetes/logs-page.tsx'),
  'bigquery-data': () => import('../features/bigquery-data/data-page.tsx'),
  'databricks-home': () => import('../features/databricks-home/home-page.tsx'),
  'databricks-clusters': () => import('../features/databricks-compute/cluster-list-page.tsx'),
  'databricks-cluster-summary': () => import('../features/databricks-compute/cluster-summary-page.tsx'),
  'databricks-runs': () => import('../features/databricks-runs/runs-list-page.tsx'),
  'databricks-jobs': () => import('../features/databricks-runs/jobs-list-page.tsx'),
  'databricks-pipelines': () => import('../features/databricks-runs/pipelines-list-page.tsx'),
  'databricks-insights': () => import('../features/databricks-insights/insight-jobs-page.tsx'),
  'databricks-insight-actions': () => import('../features/databricks-insights/insight-actions-page.tsx'),
  'global-search': () => import('../features/global-search/global-search-page.tsx'),
  'api-docs': () => import('../features/api-docs/api-docs-page.tsx'),
  'sim-control': () => import('../features/sim-control/sim-control-page.tsx'),
  'emr-cluster-list': () => import('../features/emr-clusters/cluster-list-page.tsx'),
  'emr-cluster-details': () => import('../features/emr-clusters/cluster-details-page.tsx'),
  'emr-cluster-insights': () => import('../features/emr-clusters/cluster-insights-page.tsx'),
  'emr-cost-trends': () => import('../features/emr-cost/cost-trends-page.tsx'),
  'databricks-cost-trends': () => import('../features/databricks-cost/trends-page.tsx'),
  'databricks-sql-overview': () => import('../features/databricks-sql/overview-page.tsx'),
  'databricks-sql-users': () => import('../features/databricks-sql/users-page.tsx'),
  'databricks-sql-warehouses': () => import('../features/databricks-sql/warehouses-page.tsx'),
  'databricks-sql-queries': () => import('../features/databricks-sql/queries-page.tsx'),
  'databricks-cost-drilldowns': () => import('../features/databricks-drilldowns/drilldowns-page.tsx'),
  'emr-budgets': () => import('../features/budgets/budget-list-page.tsx'),
  'emr-budget-details': () => import('../features/budgets/budget-details-page.tsx'),
  'databricks-budgets': () => import('../features/budgets/budget-list-page.tsx'),
  'databricks-budget-details': () => import('../features/budgets/budget-details-page.tsx'),
  'aws-account-settings': () => import('../features/aws-accounts/aws-accounts-page.tsx'),
  'databricks-workspaces': () => import('../features/databricks-manage/workspaces-page.tsx'),
  'databricks-billing': () => import('../features/databricks-manage/billing-page.tsx'),
  'notification-channels': () => import('../features/notification-channels/notification-channels-page.tsx'),
  'snowflake-notification-channels': () =>
    import('../features/notification-channels/snowflake-channels-page.tsx'),
  'os-users': () => import('../features/os-access/users-page.tsx'),
  'os-alerting': () => import('../features/os-alerting/alerting-page.tsx'),
  'os-anomalies': () => import('../features/os-anomalies/anomalies-page.tsx'),
  'os-dashboard': () => import('../features/os-dashboard/dashboard-page.tsx'),
  'os-roles': () => import('../features/os-access/roles-page.tsx'),
  'app-details': () => import('../features/app-details/app-details-page.tsx'),
  'spark-job': () => import('../features/app-details/spark-job-page.tsx'),
  'app-dag': () => import('../features/app-details/tez-dag-page.tsx'),
  workflow: () => import('../features/workflow/workflow-page.tsx'),
  'pipeline-runs': () => import('../features/workflow/pipeline-page.tsx'),
  session: () => import('../features/workflow/session-page.tsx'),
}

/** What a screen's first calls need, known before it mounts: its address, the clock, the user. */
export interface ScreenOpening {
  search: string
  now: number
  user: CurrentUser
}
type ScreenPrefetch = (dispatch: AppDispatch, opening: ScreenOpening) => void

/**
 * Screens that can start their first calls before they mount (a page load of their address), by
 * their catalogue `screen` key: small modules of their own, so the calls start as early as
 * possible. The console's first screen, the applications list, is the one that matters.
 */
const PREFETCHES: Record<string, () => Promise<ScreenPrefetch>> = {
  applications: () =>
    import('../features/jobs/applications-prefetch.ts').then((module) => module.prefetchApplications),
}

/** The screens whose code has arrived, by key: a visit from then on renders them at once. */
const arrived = new Map<string, ComponentType>()

function load(key: string): ScreenModule {
  return LOADERS[key]!().then((module) => {
    arrived.set(key, module.default)
    return module
  })
}

/** Whether the client has code for the screen of this catalogue `screen` key. */
export const isScreen = (key: string): boolean => key in LOADERS

/** A screen's component once its code has arrived, by its catalogue `screen` key (else undefined). */
export const arrivedScreen = (key: string): ComponentType | undefined => arrived.get(key)

/**
 * Fetches a screen's code (once: the browser keeps the module) and resolves to its component.
 * RouteScreen mounts it without Suspense (useLoadedComponent): a lazy component suspends on its
 * first render even when its code is already there, and React then shows the fallback for at least
 * 300 ms (its Suspense reveal throttle), on a page load as on every first visit.
 */
export const loadScreen = (key: string): Promise<ComponentType> => load(key).then((module) => module.default)

/**
 * Starts fetching the code of the screen at the address the console opens on, while the token is
 * still being checked: otherwise the screen's chunk is asked for only once the check has answered,
 * and a deep link (a bookmark, a reload) waits for the two one after the other. An address of no
 * built screen loads nothing.
 */
export function preloadScreenAt(pathname: string): Promise<void> {
  const entry = builtScreenAt(pathname)
  if (!entry?.screen) return Promise.resolve()
  return load(entry.screen).then(
    () => undefined,
    () => undefined,
  )
}

function builtScreenAt(pathname: string) {
  return catalogueEntries().find(
    (e) => e.status === 'built' && e.screen && LOADERS[e.screen] && matchPath(e.path, pathname),
  )
}

/**
 * On a page load with a stored token (main.tsx): the first calls of the screen at the address,
 * started while the token is still being checked rather than after the check and the screen's
 * mount, one after the other. The page's clock starts here (startOpeningClock) so the page builds
 * the same requests and RTK Query hands it these. Without a stored user record, or at an address
 * of no such screen, nothing starts; the token check still decides who is signed in (a failed check
 * logs out, and a 401 from these calls does the same).
 */
export function prefetchScreenAt(
  location: { pathname: string; search: string },
  dispatch: AppDispatch,
): Promise<void> {
  const key = builtScreenAt(location.pathname)?.screen
  const user = storedUser()
  if (!key || !PREFETCHES[key] || !user) return Promise.resolve()
  const now = startOpeningClock(location.pathname)
  return PREFETCHES[key]().then(
    (prefetch) => prefetch(dispatch, { search: location.search, now, user }),
    () => undefined,
  )
}

/**
 * Fetches the code of the given screens one after another while the browser is idle, so that
 * opening one of them later renders it at once. A failed fetch is left for the visit to retry.
 */
export function preloadScreensWhenIdle(keys: readonly string[]): void {
  const waiting = keys.filter((key) => LOADERS[key] && !arrived.has(key))
  const next = () => {
    const key = waiting.shift()
    if (key === undefined) return
    void load(key)
      .catch(() => undefined)
      .finally(() => whenIdle(next))
  }
  whenIdle(next)
}
