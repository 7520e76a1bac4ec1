import { lazy, type ComponentType, type LazyExoticComponent } from 'react'
import { matchPath } from 'react-router-dom'
import { catalogueEntries } from '@costlens/shared'

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
  'global-search': () => import('../features/global-search/global-search-page.tsx'),
  'api-docs': () => import('../features/api-docs/api-docs-page.tsx'),
  'sim-control': () => import('../features/sim-control/sim-control-page.tsx'),
}

/**
 * Built screens by their catalogue `screen` key. Each loads on first visit, so the first page
 * carries only the shell.
 */
export const SCREENS: Record<string, LazyExoticComponent<ComponentType>> = Object.fromEntries(
  Object.entries(LOADERS).map(([key, load]) => [key, lazy(load)]),
)

/**
 * Starts fetching the code of the screen at the address the console opens on, while the token is
 * still being checked: otherwise the screen's chunk is asked for only once the check has answered,
 * and a deep link (a bookmark, a reload) waits for the two one after the other. The browser keeps
 * the module, so the lazy screen later gets it at once; an address of no built screen loads nothing.
 */
export function preloadScreenAt(pathname: string): void {
  const entry = catalogueEntries().find(
    (e) => e.status === 'built' && e.screen && LOADERS[e.screen] && matchPath(e.path, pathname),
  )
  if (entry?.screen) void LOADERS[entry.screen]!().catch(() => undefined)
}
