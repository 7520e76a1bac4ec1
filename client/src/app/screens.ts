import { lazy, type ComponentType, type LazyExoticComponent } from 'react'

/**
 * Built screens by their catalogue `screen` key. Each loads on first visit, so the first page
 * carries only the shell.
 */
export const SCREENS: Record<string, LazyExoticComponent<ComponentType>> = {
  applications: lazy(() => import('../features/jobs/applications-page.tsx')),
  pipelines: lazy(() => import('../features/pipelines/pipelines-page.tsx')),
  'schedule-jobs': lazy(() => import('../features/pipelines/schedule-jobs-page.tsx')),
  'global-search': lazy(() => import('../features/global-search/global-search-page.tsx')),
  'api-docs': lazy(() => import('../features/api-docs/api-docs-page.tsx')),
  'sim-control': lazy(() => import('../features/sim-control/sim-control-page.tsx')),
}
