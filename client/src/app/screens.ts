import { lazy, type ComponentType, type LazyExoticComponent } from 'react'
import { matchPath } from 'react-router-dom'
import { catalogueEntries } from '@costlens/shared'
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
  'snowflake-home': () => import('../features/snowflake/home-page.tsx'),
  'snowflake-cost': () => import('../features/snowflake/cost-page.tsx'),
  'snowflake-warehouses': () => import('../features/snowflake/warehouse-list-page.tsx'),
  'snowflake-warehouse-details': () => import('../features/snowflake/warehouse-details-page.tsx'),
  'snowflake-queries': () => import('../features/snowflake/query-list-page.tsx'),
  'snowflake-query-details': () => import('../features/snowflake/query-details-page.tsx'),
  'snowflake-query-compare': () => import('../features/snowflake/query-compare-page.tsx'),
  'global-search': () => import('../features/global-search/global-search-page.tsx'),
  'api-docs': () => import('../features/api-docs/api-docs-page.tsx'),
  'sim-control': () => import('../features/sim-control/sim-control-page.tsx'),
  'emr-cluster-list': () => import('../features/emr-clusters/cluster-list-page.tsx'),
  'emr-cluster-details': () => import('../features/emr-clusters/cluster-details-page.tsx'),
  'emr-cluster-insights': () => import('../features/emr-clusters/cluster-insights-page.tsx'),
  'emr-cost-trends': () => import('../features/emr-cost/cost-trends-page.tsx'),
  'emr-budgets': () => import('../features/emr-cost/budget-list-page.tsx'),
  'emr-budget-details': () => import('../features/emr-cost/budget-details-page.tsx'),
  'aws-account-settings': () => import('../features/aws-accounts/aws-accounts-page.tsx'),
  'app-details': () => import('../features/app-details/app-details-page.tsx'),
  'spark-job': () => import('../features/app-details/spark-job-page.tsx'),
  'app-dag': () => import('../features/app-details/tez-dag-page.tsx'),
  workflow: () => import('../features/workflow/workflow-page.tsx'),
  'pipeline-runs': () => import('../features/workflow/pipeline-page.tsx'),
  session: () => import('../features/workflow/session-page.tsx'),
}

/** The screens whose code has arrived, by key: a visit from then on renders them at once. */
const arrived = new Map<string, ComponentType>()

function load(key: string): ScreenModule {
  return LOADERS[key]!().then((module) => {
    arrived.set(key, module.default)
    return module
  })
}

/**
 * Built screens by their catalogue `screen` key. Each loads on first visit, so the first page
 * carries only the shell.
 */
const SCREENS: Record<string, LazyExoticComponent<ComponentType>> = Object.fromEntries(
  Object.keys(LOADERS).map((key) => [key, lazy(() => load(key))]),
)

/**
 * The component to mount for a screen: the screen itself once its code has arrived, else its lazy
 * wrapper. A lazy component suspends on its first render even when its code is already there, and
 * React then shows the fallback for at least 300 ms (its Suspense reveal throttle): a screen whose
 * code was fetched ahead (below) would still wait that long on every first visit.
 */
export function screenComponent(key: string): ComponentType | undefined {
  return arrived.get(key) ?? SCREENS[key]
}

/**
 * Starts fetching the code of the screen at the address the console opens on, while the token is
 * still being checked: otherwise the screen's chunk is asked for only once the check has answered,
 * and a deep link (a bookmark, a reload) waits for the two one after the other. An address of no
 * built screen loads nothing.
 */
export function preloadScreenAt(pathname: string): Promise<void> {
  const entry = catalogueEntries().find(
    (e) => e.status === 'built' && e.screen && LOADERS[e.screen] && matchPath(e.path, pathname),
  )
  if (!entry?.screen) return Promise.resolve()
  return load(entry.screen).then(
    () => undefined,
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
