import { MESSAGES } from '../messages.ts'

/** Insight categories of an application's details (02 §2, §4, §9; 03 §2 Insights). */

/** B227: the categories, in tab order, with their labels. */
export const INSIGHT_CATEGORIES = {
  RE: 'Recommendations',
  EF: 'Efficiency',
  AF: 'Application Failure',
  SE: 'SLA Management',
  AV: 'AutoAction Violation',
  NA: 'Uncategorized',
} as const
export type InsightCategory = keyof typeof INSIGHT_CATEGORIES

const CATEGORY_ORDER = Object.keys(INSIGHT_CATEGORIES) as InsightCategory[]

export interface InsightTab {
  id: InsightCategory
  label: string
  count: number
  disabled: boolean
}

/** B227: every category tab in order; an empty one stays visible but disabled, so the set never shifts. */
export function insightTabs(counts: Readonly<Partial<Record<InsightCategory, number>>>): InsightTab[] {
  return CATEGORY_ORDER.map((id) => {
    const count = counts[id] ?? 0
    return { id, label: INSIGHT_CATEGORIES[id], count, disabled: count <= 0 }
  })
}

/** Failed or killed: the app statuses for which failure, not tuning, comes first (B228, B229). */
const FAILED = new Set(['F', 'K'])

/**
 * B229, G16: the category of an event by its vt. SU (a suggestion) is a recommendation, except
 * for failed or killed apps. G16: there it goes to Uncategorized: tuning advice is not what a
 * failed run needs first, but it must not vanish either. AV and CM are dropped (null): the
 * AutoAction Violation tab is fed by the policy violations, and comments are not insights.
 */
export function insightCategoryOf(vt: string, appStatus: string): InsightCategory | null {
  switch (vt) {
    case 'SU':
      return FAILED.has(appStatus) ? 'NA' : 'RE'
    case 'IR':
    case 'IA':
      return 'EF'
    case 'AF':
      return 'AF'
    case 'SE':
      return 'SE'
    case 'AV':
    case 'CM':
      return null
    default:
      return 'NA'
  }
}

/** B227, B229: an app's events grouped by category (dropped events left out), ready for {@link insightTabs}. */
export function groupInsightEvents<E extends { vt: string }>(
  events: readonly E[],
  appStatus: string,
): Record<InsightCategory, E[]> {
  const groups = Object.fromEntries(CATEGORY_ORDER.map((c) => [c, [] as E[]])) as Record<InsightCategory, E[]>
  for (const event of events) {
    const category = insightCategoryOf(event.vt, appStatus)
    if (category) groups[category].push(event)
  }
  return groups
}

/**
 * B228, G16: the category open first. Recommendations when present and the app has not failed;
 * failed or killed apps open on Application Failure, else SLA Management ('else' read as 'when
 * AF is absent'); successful apps on SLA Management if present, else Efficiency. G16: a running
 * (or pending, unknown) app opens like a successful one: its advice is still actionable while it
 * runs. When none of those is present the first non-empty tab opens, never a disabled one; null
 * when every tab is empty.
 */
export function defaultInsightCategory(
  appStatus: string,
  present: readonly InsightCategory[],
): InsightCategory | null {
  const has = (c: InsightCategory) => present.includes(c)
  const failed = FAILED.has(appStatus)
  if (has('RE') && !failed) return 'RE'
  const preferred = (failed ? (['AF', 'SE'] as const) : (['SE', 'EF'] as const)).find(has)
  return preferred ?? CATEGORY_ORDER.find(has) ?? null
}

/** A config change of a recommendation: the parameter, its current (cset) and new (nset) setting. */
export interface ConfigChange {
  param: string
  cset: string
  nset: string
}

/** One recommendation with its config changes (cf). */
export interface Recommendation {
  id: string
  cf?: readonly ConfigChange[] | null
}

export interface RecommendationRow {
  param: string
  current: string
  recom: string
}

/**
 * B230: only the last recommendation that changes configuration is shown, as rows of param,
 * current and recommended: each analysis supersedes the earlier ones. Null when none changes any.
 */
export function recommendationRows(
  recommendations: readonly Recommendation[],
): { id: string; rows: RecommendationRow[] } | null {
  const last = recommendations.findLast((r) => (r.cf?.length ?? 0) > 0)
  if (!last?.cf) return null
  return { id: last.id, rows: last.cf.map((c) => ({ param: c.param, current: c.cset, recom: c.nset })) }
}

/**
 * B231, G22: the error shown when insight generation fails. The spec only says 'an
 * unexpected-error message'; costlens's own text (M044) names what failed and invites a retry
 * like M051, since a generic 'unexpected error' would not tell the user which action to repeat.
 */
export const INSIGHT_GENERATION_ERROR: string = MESSAGES.M044
