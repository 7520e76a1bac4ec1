import { MESSAGES } from '../messages.ts'
import type { Plan } from './plan.ts'
import { parseNumberUnit, type DateRange, type PresetValue } from './date-presets.ts'

const DAY = 86_400_000

/** B054, B090: the longest range a freemium user may pick, which is also the plan's data retention. */
export const FREEMIUM_MAX_SPAN_DAYS = 7

/**
 * B054: a freemium range is accepted up to exactly 7 days; one millisecond more is refused. Other
 * plans have no plan limit (their pickers' own limits still apply).
 */
export function isRangeAllowedForPlan(plan: Plan, range: DateRange): boolean {
  return plan !== 'freemium' || range.end - range.start <= FREEMIUM_MAX_SPAN_DAYS * DAY
}

/** B055: a range a freemium user cannot open is shown locked, with an upgrade icon. */
export function rangeLock(plan: Plan, range: DateRange): { locked: boolean; upgradeIcon: boolean } {
  const locked = !isRangeAllowedForPlan(plan, range)
  return { locked, upgradeIcon: locked }
}

/** How a preset is offered to a user: usable, disabled with the upgrade tooltip, or locked. */
export type PresetAccess = 'enabled' | 'disabled' | 'locked'

const UNIT_DAYS: Record<'m' | 'h' | 'd' | 'w', number> = { m: 1 / 1440, h: 1 / 24, d: 1, w: 7 }

/**
 * B056: freemium presets. Longer than 7 days, or in months or years → disabled with the upgrade
 * tooltip (M024); This Month and the custom range → locked (their span changes over time, so
 * they cannot be checked once). Today, Yesterday, This Week and Last Week fit within 7 days.
 */
export function presetAccess(plan: Plan, preset: PresetValue): PresetAccess {
  if (plan !== 'freemium') return 'enabled'
  if (preset === 'thisMonth' || preset === 'custom') return 'locked'
  if (preset === 'lastMonth' || preset === 'thisYear') return 'disabled'
  const parsed = parseNumberUnit(preset)
  if (!parsed) return 'enabled'
  if (parsed.unit === 'M' || parsed.unit === 'y') return 'disabled'
  return parsed.n * UNIT_DAYS[parsed.unit] > FREEMIUM_MAX_SPAN_DAYS ? 'disabled' : 'enabled'
}

/** B056, B060: the tooltip of a disabled preset and the text of the upgrade prompt. */
export const UPGRADE_TEXT = MESSAGES.M024

/** Actions a plan can take away (01 §1, 02 §1, 03 §1, §6). */
export type PlanGatedAction =
  | 'download'
  | 'export'
  | 'print'
  | 'chartExport'
  | 'tagGrouping'
  | 'tagFilter'
  | 'sortByCost'
  | 'inefficientTab'

/**
 * B057, B058, B059, B115: what freemium takes away. C19: the union of the readings: no download
 * of any format, no export, print or chart export. C20: tag grouping is locked and tag filters
 * are unavailable (freemium users get no tags). The simulator refuses the same actions (403),
 * so the limit holds against a hand-made request too.
 */
export const FREEMIUM_DENIED: ReadonlySet<PlanGatedAction> = new Set<PlanGatedAction>([
  'download',
  'export',
  'print',
  'chartExport',
  'tagGrouping',
  'tagFilter',
  'sortByCost',
  'inefficientTab',
])

/** B057-B059, B115 */
export function isActionAllowed(plan: Plan, action: PlanGatedAction): boolean {
  return plan !== 'freemium' || !FREEMIUM_DENIED.has(action)
}

/** B059: a sort key that is a cost column (cost, cents, dbuCost, totalCost …). */
export function isCostSortKey(key: string): boolean {
  return /cost|cents/i.test(key)
}

/** The field of a `field` / `-field` sort parameter (the leading minus is the direction). */
export function sortFieldOf(sort: string | undefined): string | undefined {
  return sort?.replace(/^-/, '') || undefined
}

/**
 * What a request asks for, as far as the plan limits are concerned. Every simulator route that
 * has any of these declares how to read them from its request (`config.access.plan`), and the
 * one check below decides.
 */
export interface PlanCheckedSearch {
  sortKey?: string
  /** Tag filters (or the tag list itself) are part of the request. */
  tags?: boolean
  /** The request groups by a tag key. */
  tagGrouping?: boolean
  /** The request is a download or export (a file of the data). */
  download?: boolean
  /** The inefficient list (inefficient event types or insights). */
  inefficient?: boolean
  /** The window; a running-only search has none. */
  range?: DateRange
}

/**
 * B054, B058, B059, C20: why the server refuses a freemium list search, or null when it may run.
 * The console never sends such a search (its controls are locked); this is the same limit held
 * against a hand-made request, so the plan cannot be bypassed with curl.
 */
export function freemiumSearchRefusal(plan: Plan, search: PlanCheckedSearch): string | null {
  if (plan !== 'freemium') return null
  if (search.sortKey && isCostSortKey(search.sortKey))
    return 'Sorting by cost is not included in the free plan. Upgrade to use it.'
  if (search.tags) return 'Tag filters are not included in the free plan. Upgrade to use them.'
  if (search.tagGrouping) return 'Tag grouping is not included in the free plan. Upgrade to use it.'
  if (search.download) return 'Downloads are not included in the free plan. Upgrade to use them.'
  if (search.inefficient)
    return 'The inefficient applications list is not included in the free plan. Upgrade to use it.'
  if (search.range && !isRangeAllowedForPlan(plan, search.range))
    return `The free plan covers at most ${FREEMIUM_MAX_SPAN_DAYS} days. Upgrade to see longer ranges.`
  return null
}
