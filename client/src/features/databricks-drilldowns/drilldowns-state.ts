import {
  DATABRICKS_TREND_MAX_DAYS,
  DATABRICKS_TREND_UNITS,
  DRILL_DIMENSIONS,
  DRILL_DIMENSION_LABELS,
  DRILL_MAX_PATH,
  DRILL_TAG_PREFIX,
  FREEMIUM_MAX_SPAN_DAYS,
  drillPathParam,
  parseDrillPath,
  type DatabricksDrillDownQuery,
  type DatabricksTrendUnit,
  type DrillPathStep,
} from '@costlens/shared'
import { readUtcDays } from '../../kit/utc-days.ts'

/*
 * The address of /cost_explorer/drill_downs (issue 20): the UTC days gte..lte (1–90, the free plan
 * 7), the unit, the path of values chosen so far and the dimension of the level shown. A reload or
 * a shared link opens the same level.
 */

export const DEFAULT_DRILL_DAYS = 30

export interface DrillView {
  gte: string
  lte: string
  unit: DatabricksTrendUnit
  path: DrillPathStep[]
  groupBy: string
}

const isTag = (dimension: string) => dimension.startsWith(DRILL_TAG_PREFIX)

/** The dimensions not in the path yet, in their order (the tag keys after, not on the free plan). */
export function openDimensions(
  path: readonly DrillPathStep[],
  tagKeys: readonly string[],
  freemium: boolean,
) {
  const used = new Set(path.map((s) => s.dimension))
  return [
    ...DRILL_DIMENSIONS.filter((d) => !used.has(d)),
    ...(freemium ? [] : tagKeys.map((k) => `${DRILL_TAG_PREFIX}${k}`).filter((d) => !used.has(d))),
  ]
}

/** How a dimension reads: its label, or 'Tag <key>'. */
export function dimensionLabel(dimension: string): string {
  return isTag(dimension)
    ? `Tag ${dimension.slice(DRILL_TAG_PREFIX.length)}`
    : (DRILL_DIMENSION_LABELS[dimension as keyof typeof DRILL_DIMENSION_LABELS] ?? dimension)
}

/** The view an address asks for, clamped to what the user may see (1–90 days, free plan 7, no tags). */
export function readDrillView(search: string, now: number, freemium: boolean): DrillView {
  const params = new URLSearchParams(search)
  const { gte, lte } = readUtcDays(params, now, {
    defaultDays: DEFAULT_DRILL_DAYS,
    maxDays: freemium ? FREEMIUM_MAX_SPAN_DAYS : DATABRICKS_TREND_MAX_DAYS,
  })
  const unitText = params.get('unit') ?? ''
  const unit = (DATABRICKS_TREND_UNITS as readonly string[]).includes(unitText)
    ? (unitText as DatabricksTrendUnit)
    : 'USD'
  const parsed = parseDrillPath(params.get('path') ?? '')
  // A path the server would refuse (or a tag one on the free plan) starts over from the top.
  const path =
    typeof parsed === 'string' || (freemium && parsed.some((s) => isTag(s.dimension))) ? [] : parsed
  const open = openDimensions(path, [], freemium)
  const asked = params.get('groupBy') ?? ''
  const groupBy =
    !path.some((s) => s.dimension === asked) &&
    ((DRILL_DIMENSIONS as readonly string[]).includes(asked) ||
      (!freemium && /^tag:[^,:]{1,100}$/.test(asked)))
      ? asked
      : (open[0] ?? 'workspace')
  return { gte, lte, unit, path, groupBy }
}

/** The address of a view. */
export function drillSearch(view: DrillView): string {
  const params = new URLSearchParams({ gte: view.gte, lte: view.lte, unit: view.unit, groupBy: view.groupBy })
  if (view.path.length) params.set('path', drillPathParam(view.path))
  return `?${params.toString()}`
}

/** The call of a view. */
export function drillArgs(view: DrillView): DatabricksDrillDownQuery {
  return {
    gte: view.gte,
    lte: view.lte,
    unit: view.unit,
    groupBy: view.groupBy,
    ...(view.path.length && { path: drillPathParam(view.path) }),
  }
}

/**
 * One level down: the row's value joins the path and the next open dimension is shown; null when
 * there is none left (or the path is full).
 */
export function drillInto(view: DrillView, value: string, tagKeys: readonly string[], freemium: boolean) {
  const path = [...view.path, { dimension: view.groupBy, value }]
  const next = openDimensions(path, tagKeys, freemium)[0]
  if (view.path.length >= DRILL_MAX_PATH || next === undefined) return null
  return { ...view, path, groupBy: next }
}

/** Back to a breadcrumb: the path before step `at`, showing the dimension chosen there (the top: at 0). */
export function drillBack(view: DrillView, at: number): DrillView {
  if (at >= view.path.length) return view
  return { ...view, path: view.path.slice(0, at), groupBy: view.path[at]!.dimension }
}
