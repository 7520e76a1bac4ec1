import { MESSAGES } from '../messages.ts'

/** Insight categories of an application's details (02 §2, §9; 03 §2). */
export const INSIGHT_CATEGORIES = {
  RE: 'Recommendations',
  EF: 'Efficiency',
  AF: 'Application Failure',
  SE: 'SLA Management',
  AV: 'AutoAction Violation',
  NA: 'Uncategorized',
} as const
export type InsightCategory = keyof typeof INSIGHT_CATEGORIES

/** B227: the category tabs in order, each disabled when it has no events. */
export function insightTabs(counts: Readonly<Partial<Record<InsightCategory, number>>>) {
  return (Object.keys(INSIGHT_CATEGORIES) as InsightCategory[]).map((id) => ({
    id,
    label: INSIGHT_CATEGORIES[id],
    count: counts[id] ?? 0,
    disabled: (counts[id] ?? 0) === 0,
  }))
}

const FAILED = new Set(['F', 'K'])

/**
 * B229, G16: the category of an event by its vt. SU (a suggestion) is a recommendation, except
 * for failed or killed apps, where tuning advice is not what the user needs first: it goes to
 * Uncategorized (G16: the spec does not say where; it stays visible without taking the first tab).
 * AV and CM are dropped (shown by the autoaction and comment panels instead).
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

/**
 * B228, G16: the category open first. Recommendations when present and the app has not failed;
 * failed or killed apps open on Application Failure, else SLA Management; successful apps on SLA
 * Management if present, else Efficiency. G16: a running app opens like a successful one (what
 * it has achieved so far), and when none of those is present the first non-empty tab opens.
 */
export function defaultInsightCategory(
  appStatus: string,
  present: readonly InsightCategory[],
): InsightCategory | null {
  const has = (c: InsightCategory) => present.includes(c)
  const failed = FAILED.has(appStatus)
  if (has('RE') && !failed) return 'RE'
  const order: InsightCategory[] = failed ? ['AF', 'SE'] : ['SE', 'EF']
  const preferred = order.find(has)
  if (preferred) return preferred
  return (Object.keys(INSIGHT_CATEGORIES) as InsightCategory[]).find(has) ?? null
}

/** One recommendation with its config changes (cf): parameter, current (cset) and recommended (nset). */
export interface Recommendation {
  id: string
  cf?: readonly { param: string; cset: string; nset: string }[]
}

/**
 * B230: only the last recommendation that changes configuration is shown, as rows of param,
 * current and recommended: earlier ones were superseded by the later analysis.
 */
export function recommendationRows(recommendations: readonly Recommendation[]) {
  const last = [...recommendations].reverse().find((r) => (r.cf?.length ?? 0) > 0)
  return last
    ? { id: last.id, rows: last.cf!.map((c) => ({ param: c.param, current: c.cset, recom: c.nset })) }
    : null
}

/** B231: insight generation failed. */
export const INSIGHT_GENERATION_ERROR = MESSAGES.M044
