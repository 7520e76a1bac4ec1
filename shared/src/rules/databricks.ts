import { MESSAGES } from '../messages.ts'
import type { Plan } from './plan.ts'
import { PICKERS, presetRange, type DateRange } from './date-presets.ts'
import { DATABRICKS_TAB_STATUSES, type AppStatusCode } from './status-maps.ts'

/** The Databricks lists that have tabs (02 §2). */
export type DatabricksList = 'jobRuns' | 'clusters'
export type DatabricksTab = 'inefficient' | 'finished' | 'running' | 'all'

/**
 * B191, B059: the tabs of a Databricks list. Only the clusters list has the inefficient tab (it
 * searches node events, not unified search), first, and freemium accounts do not get it.
 */
export function databricksListTabs(list: DatabricksList, plan: Plan): DatabricksTab[] {
  if (list === 'jobRuns') return ['all', 'finished', 'running']
  return plan === 'freemium' ? ['finished', 'running', 'all'] : ['inefficient', 'finished', 'running', 'all']
}

/** B191: the inefficient tab uses the events search; the others use unified search. */
export function databricksListSource(tab: DatabricksTab): 'events' | 'unified' {
  return tab === 'inefficient' ? 'events' : 'unified'
}

const DBWORKFLOWS = '/api/v1/dbworkflows/api/v1/databricks'

/** B192: with exactly one job selected, its runs come from that job's own runs call. */
export function jobRunsPath(jobIds: readonly string[]): string {
  const [only] = jobIds
  return jobIds.length === 1 && only !== undefined
    ? `${DBWORKFLOWS}/jobs/${encodeURIComponent(only)}/runs`
    : `${DBWORKFLOWS}/runs`
}

/** B194: the Databricks insights-actions page defaults. */
export const INSIGHTS_ACTIONS_DEFAULTS = {
  tab: 'remediation',
  pageSize: 10,
  sort: 'untappedSavings-desc',
} as const

/** B195: a run whose listed cost is 0 has not been priced yet; its actual cost is fetched on its own. */
export function needsActualCost(run: { cost?: number | null; costIsActual?: boolean }): boolean {
  return !run.costIsActual && (run.cost ?? 0) === 0
}

/** B195: the run once runs/{runId}/cost has answered, marked so it is not fetched again. */
export function withActualCost<R extends { cost?: number | null }>(
  run: R,
  cost: number,
): R & { costIsActual: true } {
  return { ...run, cost, costIsActual: true }
}

/** B196: the Databricks pipelines list's filters and their defaults ('all' = no restriction). */
export const DATABRICKS_PIPELINE_FILTER_DEFAULTS = {
  statuses: 'all',
  workspace: 'all',
  searchText: '',
} as const

/** B201: the workspace form's field groups when its metadata call fails. */
export function emptyWorkspaceFormMetadata(): { coreFields: []; aws: []; azure: [] } {
  return { coreFields: [], aws: [], azure: [] }
}

/** B201: the message an unexpected workspace save error shows (M051). */
export const WORKSPACE_SAVE_ERROR = MESSAGES.M051

/**
 * B202: the run info panel's text. A failed call shows M060 (C16: with the period); a run info
 * that cannot be serialised (e.g. a cycle) shows M062 rather than breaking the panel.
 */
export function runInfoText(runInfo: unknown, failed: boolean): string {
  if (failed || runInfo === undefined) return MESSAGES.M060
  try {
    return JSON.stringify(runInfo, null, 2)
  } catch {
    return MESSAGES.M062
  }
}

/**
 * B189, B190: a Databricks list after a tab change: the tab's status options all checked, the date
 * range recomputed from its label (so 'Last 7 Days' means the 7 days before now, not before the
 * moment it was first chosen), and the tags and app events to reload for the new window. An
 * unknown label falls back to the list's default, the last 7 days (B085).
 */
export function databricksTabChange(
  tab: Exclude<DatabricksTab, 'inefficient'> | 'inefficient',
  dateRangeLabel: string,
  now: number,
): { statuses: AppStatusCode[]; dateRange: DateRange; reload: ['tags', 'appEvents'] } {
  const preset = PICKERS.default.presets.find((p) => p.label === dateRangeLabel)
  const dateRange = (preset && presetRange(preset.value, now)) ??
    presetRange('7_d', now) ?? { start: now, end: now }
  const statuses = tab === 'inefficient' ? DATABRICKS_TAB_STATUSES.all : DATABRICKS_TAB_STATUSES[tab]
  return { statuses: [...statuses], dateRange, reload: ['tags', 'appEvents'] }
}
