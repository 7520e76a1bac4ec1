import {
  CHARGEBACK_DEFAULT_CLUSTER,
  PICKERS,
  chargebackClusterParam,
  chargebackTypes,
  drillBack,
  drillDown,
  frozenRange,
  initialChargebackType,
  maxGroupBys,
  presetRange,
  queryStringFromState,
  readList,
  readNumber,
  switchChargebackType,
  TAG_GROUP_PREFIX,
  type ChargebackClusterType,
  type ChargebackResponse,
  type ChargebackType,
  type CurrentUser,
  type DateRange,
  type DrillStep,
} from '@costlens/shared'
import { readAddressRange } from '../../components/date-range/address-range.ts'
import type { ChargebackArgs } from './api.ts'
import {
  FLAVOURS,
  groupValueLabel,
  isServed,
  offersTagGroupBys,
  servedGroupBys,
} from './chargeback-flavours.ts'

/**
 * The chargeback screen's state (02 §3 Chargeback store, §4 Chargeback flow). The current type's
 * state and the date range live in the address, so a link or a reload shows the same chargeback;
 * the other types' states are kept aside while the page is open (B148).
 */

/** What each chargeback type keeps of its own (B148: saved and restored on a type switch). */
export interface ChargebackTypeState {
  /** The chosen group-by fields in order: the first is the top level, the next the level below. */
  groupBys: string[]
  /** B149: the values drilled into, one per level; `path[i].groupBy` is `groupBys[i]`. */
  path: DrillStep[]
  /** B152: one cluster, or '*' for all. */
  clusterUid: string
  /** Tag filter, key → values (paid plans only, C20). */
  tags: Record<string, string[]>
  /** B157: the price of a CPU hour and of a memory hour; null until the user sets one. */
  amounts: { vsAmount: number | null; msAmount: number | null }
}

export interface ChargebackView extends ChargebackTypeState {
  type: ChargebackType
  dateRange: DateRange
  /** The preset the range came from (`7_d` …), or 'custom' for picked dates. */
  rangeLabel: string
}

/** The parts of the user record the screen reads. */
export type ChargebackUser = Pick<
  CurrentUser,
  | 'clusterType'
  | 'prestoEnabled'
  | 'plan'
  | 'frozenTime'
  | 'frozenTimeStart'
  | 'frozenTimeEnd'
  | 'frozenYarnCluster'
  | 'frozenImpalaCluster'
>

/** Chargeback is a cost view: the cost picker, opening on its default, the last 7 days (as the API does). */
export const CHARGEBACK_PICKER = 'cost' as const
export const CHARGEBACK_RANGE_LABEL = PICKERS[CHARGEBACK_PICKER].defaultPreset!

/** B146 B147: the user's chargeback types; the screen shows 'no clusters' when there are none. */
export function userChargebackTypes(user: ChargebackUser): ChargebackType[] {
  return chargebackTypes(user.clusterType as ChargebackClusterType, user.prestoEnabled)
}

/** 02 §6: a frozen Yarn or Impala cluster forces that cluster on its chargeback type. */
export function frozenCluster(type: ChargebackType, user: ChargebackUser): string | null {
  if (type === 'Yarn') return user.frozenYarnCluster ?? null
  if (type === 'Impala') return user.frozenImpalaCluster ?? null
  return null
}

/** A type's state the first time it is shown: its first group-bys up to the cap, all clusters. */
export function typeDefaults(type: ChargebackType, user: ChargebackUser): ChargebackTypeState {
  return {
    groupBys: servedGroupBys(type)
      .slice(0, maxGroupBys(type))
      .map((o) => o.field),
    path: [],
    clusterUid: frozenCluster(type, user) ?? CHARGEBACK_DEFAULT_CLUSTER,
    tags: {},
    amounts: { vsAmount: null, msAmount: null },
  }
}

function rangeDefaults(now: number, user: ChargebackUser): Pick<ChargebackView, 'dateRange' | 'rangeLabel'> {
  const frozen = frozenRange(user)
  return {
    dateRange: frozen ?? presetRange(CHARGEBACK_RANGE_LABEL, now)!,
    rangeLabel: frozen ? 'custom' : CHARGEBACK_RANGE_LABEL,
  }
}

/**
 * The group-bys of an address, kept only if the type offers them, without repeats, up to the cap.
 * A tag group-by (`tag:<key>`) is kept where the type groups by tags and tags are allowed (C20):
 * its key is only known to exist once the window's tags arrive.
 */
function validGroupBys(type: ChargebackType, fields: readonly string[], tagsAllowed = true): string[] {
  const offered = servedGroupBys(type).map((o) => o.field)
  const tagGroupBy = (f: string) =>
    tagsAllowed &&
    offersTagGroupBys(type) &&
    f.length > TAG_GROUP_PREFIX.length &&
    f.startsWith(TAG_GROUP_PREFIX)
  return [...new Set(fields)].filter((f) => offered.includes(f) || tagGroupBy(f)).slice(0, maxGroupBys(type))
}

function readTags(params: URLSearchParams): Record<string, string[]> {
  const tags: Record<string, string[]> = {}
  for (const item of readList(params, 'tags')) {
    const at = item.indexOf(':')
    if (at > 0) (tags[item.slice(0, at)] ??= []).push(item.slice(at + 1))
  }
  return tags
}

const price = (params: URLSearchParams, key: string) => {
  const value = readNumber(params, key)
  return value !== undefined && value >= 0 ? value : null
}

/**
 * B033: the chargeback from the address, or null when the user has no chargeback type (B147).
 * Unknown values fall back to the defaults; a preset range is re-read at `now`; a frozen user
 * keeps the frozen range and cluster; a freemium user never gets tags or more than 7 days (C20).
 */
export function readChargebackView(search: string, now: number, user: ChargebackUser): ChargebackView | null {
  const types = userChargebackTypes(user)
  const initial = initialChargebackType(types)
  if (initial.noClusters) return null
  const params = new URLSearchParams(search)
  const asked = params.get('cbType') as ChargebackType | null
  const type = asked && types.includes(asked) ? asked : initial.type
  const defaults = typeDefaults(type, user)
  const { dateRange, rangeLabel } = readAddressRange(params, now, rangeDefaults(now, user), user)
  const listed = params.has('groupBy')
    ? validGroupBys(type, readList(params, 'groupBy'), user.plan !== 'freemium')
    : defaults.groupBys
  const groupBys = listed.length ? listed : defaults.groupBys
  // B149: at most one drilled value per level above the last.
  const path = params
    .getAll('drill')
    .slice(0, groupBys.length - 1)
    .map((value, i) => ({ groupBy: groupBys[i]!, value }))
  return {
    type,
    dateRange,
    rangeLabel,
    groupBys,
    path,
    clusterUid: frozenCluster(type, user) ?? (params.get('clusterUid') || defaults.clusterUid),
    tags: user.plan === 'freemium' ? {} : readTags(params),
    amounts: { vsAmount: price(params, 'vsAmount'), msAmount: price(params, 'msAmount') },
  }
}

/** B030: the address of a chargeback, keys sorted, defaults left out so a plain visit stays plain. */
export function chargebackSearch(view: ChargebackView, user: ChargebackUser): string {
  const initial = initialChargebackType(userChargebackTypes(user)).type
  const defaults = typeDefaults(view.type, user)
  const custom = view.rangeLabel === 'custom'
  const params = new URLSearchParams(
    queryStringFromState({
      cbType: view.type === initial ? undefined : view.type,
      dateRangeLabel: custom || view.rangeLabel === CHARGEBACK_RANGE_LABEL ? undefined : view.rangeLabel,
      start_date: custom ? view.dateRange.start : undefined,
      end_date: custom ? view.dateRange.end : undefined,
      groupBy: view.groupBys.join(',') === defaults.groupBys.join(',') ? undefined : view.groupBys,
      clusterUid: view.clusterUid === defaults.clusterUid ? undefined : view.clusterUid,
      tags: Object.entries(view.tags).flatMap(([k, values]) => values.map((v) => `${k}:${v}`)),
      vsAmount: view.amounts.vsAmount ?? undefined,
      msAmount: view.amounts.msAmount ?? undefined,
    }),
  )
  // One parameter per level: a drilled value may hold a comma.
  for (const step of view.path) params.append('drill', step.value)
  params.sort()
  const text = params.toString()
  return text ? `?${text}` : ''
}

/** The group-by the current level shows: the first one not drilled into yet. */
export function currentGroupBy(view: ChargebackTypeState): string | undefined {
  return view.groupBys[view.path.length]
}

/** B149: whether a value of the current level can be drilled into (a group-by is left below it). */
export function canDrill(view: ChargebackTypeState): boolean {
  return view.path.length + 1 < view.groupBys.length
}

export type ChargebackEvent =
  | { type: 'groupBys'; groupBys: string[] }
  | { type: 'drill'; value: string }
  | { type: 'back'; level: number }
  | { type: 'cluster'; clusterUid: string }
  | { type: 'range'; dateRange: DateRange; label: string }
  | { type: 'tags'; tags: Record<string, string[]> }
  | { type: 'amounts'; amounts: Partial<ChargebackTypeState['amounts']> }

/**
 * One change to the chargeback (02 §4). New group-bys start the drill over (the path's levels
 * would name other fields); a drill moves to the next unused group-by and stops at the last
 * (B149); going back keeps the levels above the one chosen. A new range, cluster or tag filter
 * keeps the path: the same value is then looked at in the new window.
 */
export function changeChargeback(view: ChargebackView, event: ChargebackEvent): ChargebackView {
  switch (event.type) {
    case 'groupBys':
      return { ...view, groupBys: validGroupBys(view.type, event.groupBys), path: [] }
    case 'drill': {
      const current = currentGroupBy(view)
      if (current === undefined) return view
      const { path, next } = drillDown(view.groupBys, view.path, current, event.value)
      return next === null ? view : { ...view, path }
    }
    case 'back':
      return { ...view, path: drillBack(view.path, event.level) }
    case 'cluster':
      return { ...view, clusterUid: event.clusterUid }
    case 'range':
      return { ...view, dateRange: event.dateRange, rangeLabel: event.label }
    case 'tags':
      return { ...view, tags: event.tags }
    case 'amounts':
      return { ...view, amounts: { ...view.amounts, ...event.amounts } }
  }
}

const typeState = (view: ChargebackView): ChargebackTypeState => ({
  groupBys: view.groupBys,
  path: view.path,
  clusterUid: view.clusterUid,
  tags: view.tags,
  amounts: view.amounts,
})

/**
 * B148: a switch to another type. The current type's state is saved; the other comes back as it
 * was left, or as it opens the first time. The date range is the page's, shared by every type.
 */
export function switchType(
  saved: Readonly<Partial<Record<ChargebackType, ChargebackTypeState>>>,
  view: ChargebackView,
  to: ChargebackType,
  user: ChargebackUser,
): { saved: Partial<Record<ChargebackType, ChargebackTypeState>>; view: ChargebackView } {
  const next = switchChargebackType(saved, view.type, typeState(view), to, typeDefaults(to, user))
  return { saved: next.saved, view: { ...view, ...next.state, type: to } }
}

/**
 * The search of a served type, or null (a type with no call yet, or no group-by chosen).
 *
 * The drill path is not sent: the search asks for every chosen group-by at once (group1/group2)
 * and a drilled level shows the nested rows of the value drilled into. The API filters neither by
 * user nor by queue, so this is the one way every group-by can be drilled into the same way; it
 * also makes a drill and its way back instant, with no further call.
 */
export function chargebackArgs(view: ChargebackView): ChargebackArgs | null {
  if (!isServed(view.type) || view.groupBys.length === 0) return null
  const { search } = FLAVOURS[view.type]
  const tags = Object.entries(view.tags).flatMap(([k, values]) => values.map((v) => `${k}:${v}`))
  return {
    search,
    groups: view.groupBys,
    params: {
      from: String(view.dateRange.start),
      to: String(view.dateRange.end),
      ...chargebackClusterParam(search, view.clusterUid),
      ...(tags.length ? { tags: tags.join(',') } : {}),
    },
  }
}

/** Usage sums of a group (a row of the current level, or the level's total). */
export interface Usage {
  count: number
  vs: number
  ms: number
  io: number
  cents: number
}

/** One row of the current level: its value, the text shown for it, and its usage. */
export interface LevelRow extends Usage {
  value: string
  label: string
  /** The rows of the next group-by inside this one, when the search asked for one. */
  inner: readonly (Usage & { v2: string })[]
}

/** The current level: its rows and the total its percentages divide by (B156). */
export interface Level {
  rows: LevelRow[]
  total: Usage
}

const EMPTY_USAGE: Usage = { count: 0, vs: 0, ms: 0, io: 0, cents: 0 }
const usageOf = (u: Usage): Usage => ({ count: u.count, vs: u.vs, ms: u.ms, io: u.io, cents: u.cents })

/**
 * The rows the current level shows. At the top, the response's rows and cbInfo's total; drilled
 * into a value, that value's nested rows, whose shares are of the value itself (what the drilled
 * view is about). A value that is not in the answer (another cluster or window) has no rows.
 */
export function levelOf(data: Partial<ChargebackResponse> | undefined, view: ChargebackTypeState): Level {
  const rows = data?.cb ?? []
  const drilled = view.path[0]
  const [first, second] = view.groupBys
  // The inner rows are only drawn (the bars' stacks): their names are their labels.
  const named = (inner: readonly (Usage & { v2: string })[]) =>
    inner.map((r) => ({ ...r, v2: groupValueLabel(second, r.v2) }))
  if (!drilled)
    return {
      rows: rows.map((r) => ({
        ...usageOf(r),
        value: r.v1,
        label: groupValueLabel(first, r.v1Label),
        inner: named(r.cb ?? []),
      })),
      total: data?.cbInfo ? usageOf(data.cbInfo.total) : EMPTY_USAGE,
    }
  const parent = rows.find((r) => r.v1 === drilled.value)
  if (!parent) return { rows: [], total: EMPTY_USAGE }
  return {
    rows: (parent.cb ?? []).map((r) => ({
      ...usageOf(r),
      value: r.v2,
      label: groupValueLabel(second, r.v2),
      inner: [],
    })),
    total: usageOf(parent),
  }
}
