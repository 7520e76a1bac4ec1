import type { AppDetailsSummary } from '@costlens/shared'

/**
 * The app a details tab is about: its id, the cluster it ran on, its type (the page's) and the
 * attempt shown. Each tab fetches its own calls from it, so a tab not open asks for nothing.
 */
export interface AppRef {
  id: string
  clusterUid: string
  /** The details page's type: spark, mr, hive, tez, … */
  type: string
  attempt: number
  summary: AppDetailsSummary
}
