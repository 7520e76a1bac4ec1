import type { BudgetPlatform, ClusterType } from '@costlens/shared'
import { useAppSelector } from '../../app/hooks.ts'
import { DATABRICKS_COST_PARTS, EMR_COST_PARTS, type CostParts } from '../../kit/daily-cost-chart.tsx'

/**
 * What differs between the EMR budget pages (/cost/budget) and the Databricks ones
 * (/cost_explorer/budgets): their addresses, what "everything" is, the words for a budget's
 * scope and what a day's cost splits into. The calls are the same; the server answers each
 * platform's users their own budgets.
 */
export interface BudgetPlatformView {
  platform: BudgetPlatform
  /** The list's address. */
  listPath: string
  /** A budget's details' address. */
  detailsPath: (id: number) => string
  /** What a budget of scope 'all' covers, in words. */
  everything: string
  /** The list's one-line explanation. */
  intro: string
  /** The list's empty text for someone who may create one. */
  emptyText: string
  /** The list download's file name. */
  downloadName: string
  /** The radio labels of the three scopes the platform offers. */
  scopeLabels: { all: string; some: string; tag: string }
  /** The day's cost parts (chart columns, table split). */
  parts: CostParts
  /** The details chart's description of its columns. */
  partsText: string
}

const STATUS_TEXT =
  'At Risk: the forecast to the month end passes the alert threshold; Exceeded: this month’s spend is above the amount.'

export const EMR_BUDGETS: BudgetPlatformView = {
  platform: 'EMR',
  listPath: '/cost/budget',
  detailsPath: (id) => `/cost/budget/${id}/details/`,
  everything: 'All EMR clusters',
  intro: `Monthly EMR cost budgets (UTC months). ${STATUS_TEXT}`,
  emptyText: 'No budgets yet: create one to follow a month’s EMR spend.',
  downloadName: 'emr_budgets',
  scopeLabels: { all: 'All EMR clusters', some: 'Chosen clusters', tag: 'Clusters with a tag' },
  parts: EMR_COST_PARTS,
  partsText: "each day's EC2, EMR and EBS cost",
}

export const DATABRICKS_BUDGETS: BudgetPlatformView = {
  platform: 'DB',
  listPath: '/cost_explorer/budgets',
  detailsPath: (id) => `/cost_explorer/budgets/${id}/details/`,
  everything: 'All Databricks workspaces',
  intro:
    'Monthly Databricks cost budgets (UTC months; total cost: DBUs at their list price + cloud VMs, as the cost ' +
    `trends show it). ${STATUS_TEXT}`,
  emptyText: 'No budgets yet: create one to follow a month’s Databricks spend.',
  downloadName: 'databricks_budgets',
  scopeLabels: { all: 'All workspaces', some: 'Chosen workspaces', tag: 'Usage with a tag' },
  parts: DATABRICKS_COST_PARTS,
  partsText: "each day's DBU cost and cloud VM cost",
}

/** The budget pages of a platform. */
export const budgetPlatformView = (platform: ClusterType | BudgetPlatform): BudgetPlatformView =>
  platform === 'DB' ? DATABRICKS_BUDGETS : EMR_BUDGETS

/** The budget pages of the signed-in user's platform. */
export function useBudgetPlatform(): BudgetPlatformView {
  const user = useAppSelector((s) => s.session.user)!
  return budgetPlatformView(user.clusterType)
}
