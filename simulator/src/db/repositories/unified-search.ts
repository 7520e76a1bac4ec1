import type { AppRecord, AppSortField, UnifiedSearchBody, UnifiedSearchResponse } from '@costlens/shared'
import { INEFFICIENT_EVENT_TYPES } from '@costlens/shared'
import type { Db } from '../open-database.ts'
import { eventMask } from '../seed/applications.ts'
import {
  EVENT_COLUMNS,
  INEFFICIENT_BITS,
  ROLLUP_SLICES,
  STATUS_SLICE_OF,
  type RollupBasis,
  type RollupSlice,
} from '../seed/app-rollups.ts'
import {
  addDimensionFilters,
  appsPage,
  appsTimeShift,
  checkPaging,
  countedEvents,
  distinctAppValues,
  inList,
  searchOrder,
  searchWhere,
  SORT_COLUMNS,
  type AppIndex,
  type Where,
} from './applications.ts'

/** The totals of the apps of one cluster that a search matched (metadata of 02 §7). */
export interface ClusterTotals {
  uid: string
  n: number
  dmin: number
  dmax: number
  cmin: number
  cmax: number
  emin: number
  emax: number
  /** Apps carrying each event name, by its bit (APP_EVENT_TYPES order). */
  events: number[]
}

/** A window [from, to) cut into whole buckets of the grains (largest first) and what is left. */
export interface WindowCover {
  buckets: { grain: number; from: number; to: number }[]
  raw: { from: number; to: number }[]
}

/**
 * Cuts [from, to) into the largest whole buckets first, then finer ones at its edges, and leaves
 * the parts no bucket fits to be read from the apps. Each grain must divide the one before it.
 */
export function coverWindow(from: number, to: number, grains: readonly number[]): WindowCover {
  const cover: WindowCover = { buckets: [], raw: [] }
  const cut = (start: number, end: number, level: number) => {
    if (start >= end) return
    const grain = grains[level]
    if (grain === undefined) {
      cover.raw.push({ from: start, to: end })
      return
    }
    const first = Math.ceil(start / grain) * grain
    const last = Math.floor(end / grain) * grain
    if (first >= last) return cut(start, end, level + 1)
    cover.buckets.push({ grain, from: first, to: last })
    cut(start, first, level + 1)
    cut(last, end, level + 1)
  }
  cut(from, to, 0)
  return cover
}

/** Which rollup slice can answer a search's totals, or undefined when a filter needs the apps. */
export interface RollupPlan {
  slice: RollupSlice
  basis: RollupBasis
  parts: readonly string[]
}

const isInefficientSet = (types: readonly number[]) =>
  types.length === INEFFICIENT_EVENT_TYPES.length && INEFFICIENT_EVENT_TYPES.every((t) => types.includes(t))

/** Every combination of inefficient event names that shares a name with `mask`, as 'insight' parts. */
function insightParts(mask: number): string[] {
  const parts: string[] = []
  for (let m = 1; m <= INEFFICIENT_BITS; m++)
    if ((m & ~INEFFICIENT_BITS) === 0 && (m & mask) !== 0) parts.push(String(m))
  return parts
}

/**
 * The rollups hold status, kind, cluster, the unravel flag and one of: user, queue, the inefficient
 * mark (02 §7 eventTypes 2 and 6, B182) or the inefficient event names (insights). Any other filter
 * (tags, ranges, ids, a text pattern, other event names) or running apps only (a handful, read
 * from their own index) reads the apps.
 */
export function rollupPlan(body: UnifiedSearchBody): RollupPlan | undefined {
  const runningOnly = body.appStatus?.length === 1 && body.appStatus[0] === 'R'
  const needsApps =
    runningOnly ||
    body.durations !== undefined ||
    body.cost !== undefined ||
    body.numEvents !== undefined ||
    Boolean(body.jobIds?.length || body.signature || body.globalsearchpattern) ||
    Object.values(body.appTags ?? {}).some((values) => values.length > 0)
  if (needsApps) return undefined
  const basis: RollupBasis = body.queryOnFinishedTime ? 'finish' : 'start'
  const users = body.users ?? []
  const queues = body.queues ?? []
  const insights = body.insights?.length ? eventMask(body.insights) : undefined
  if (body.eventTypes?.length && !isInefficientSet(body.eventTypes)) return undefined
  // Inefficient names only: an app carrying one is inefficient, so eventTypes 2 and 6 add nothing.
  if (insights !== undefined && (insights === 0 || (insights & ~INEFFICIENT_BITS) !== 0)) return undefined
  const byEvents = Boolean(body.eventTypes?.length) || insights !== undefined
  let plan: RollupPlan | undefined
  if (byEvents) {
    if (!users.length && !queues.length)
      plan =
        insights === undefined
          ? { slice: 'inefficient', basis, parts: [''] }
          : { slice: 'insight', basis, parts: insightParts(insights) }
  } else if (users.length && queues.length) plan = undefined
  else if (users.length) plan = { slice: 'user', basis, parts: users }
  else if (queues.length) plan = { slice: 'queue', basis, parts: queues }
  else plan = { slice: 'all', basis, parts: [''] }
  if (plan && !(ROLLUP_SLICES[plan.slice].bases as readonly string[]).includes(basis)) return undefined
  const summed = plan && STATUS_SLICE_OF[plan.slice]
  if (plan && summed && !body.appTypes?.length && body.executed_by_unravel === undefined)
    return { ...plan, slice: summed }
  return plan
}

/**
 * Per cluster, the totals of the apps a WHERE matches, read from its covering index. SQLite groups
 * by cluster and event mask (few distinct masks) and the event counts are unfolded from the mask
 * here: per-bit sums in SQL cost twice as much per app.
 */
function appTotals(db: Db, where: Where, index: string = where.index): ClusterTotals[] {
  const sql = where.clauses.length ? `WHERE ${where.clauses.join(' AND ')}` : ''
  const groups = db
    .prepare(
      `SELECT a.cluster_uid AS uid, a.event_mask AS mask, count(*) AS n, min(a.duration) AS dmin,
              max(a.duration) AS dmax, min(a.cents) AS cmin, max(a.cents) AS cmax
         FROM applications a INDEXED BY ${index} ${sql} GROUP BY a.cluster_uid, a.event_mask`,
    )
    .all(where.params) as (Omit<ClusterTotals, 'emin' | 'emax' | 'events'> & { mask: number })[]
  // Folded in place rather than through merge(): an object and an events array per group cost
  // about a fifth of a list's totals on this path (measured on the large scale).
  const totals = new Map<string, ClusterTotals>()
  for (const g of groups) {
    let t = totals.get(g.uid)
    if (!t) {
      const events = EVENT_COLUMNS.map(() => 0)
      t = {
        uid: g.uid,
        n: 0,
        dmin: g.dmin,
        dmax: g.dmax,
        cmin: g.cmin,
        cmax: g.cmax,
        emin: 99,
        emax: 0,
        events,
      }
      totals.set(g.uid, t)
    }
    let count = 0
    for (let bit = 0; bit < t.events.length; bit++)
      if ((g.mask >> bit) & 1) {
        t.events[bit]! += g.n
        count++
      }
    t.n += g.n
    t.dmin = Math.min(t.dmin, g.dmin)
    t.dmax = Math.max(t.dmax, g.dmax)
    t.cmin = Math.min(t.cmin, g.cmin)
    t.cmax = Math.max(t.cmax, g.cmax)
    t.emin = Math.min(t.emin, count)
    t.emax = Math.max(t.emax, count)
  }
  return [...totals.values()]
}

/** Per cluster, the totals of the rollup rows of some whole buckets. */
function rollupTotals(
  db: Db,
  body: UnifiedSearchBody,
  plan: RollupPlan,
  bucket: WindowCover['buckets'][number],
): ClusterTotals[] {
  const where: Where = { clauses: [], params: {}, index: 'applications_start' }
  where.clauses.push('a.slice = @slice', 'a.basis = @basis', `a.grain = ${bucket.grain}`)
  Object.assign(where.params, { slice: plan.slice, basis: plan.basis, from: bucket.from, to: bucket.to })
  inList(where, 'a.part', 'pt', plan.parts)
  where.clauses.push('a.bucket >= @from', 'a.bucket < @to')
  addDimensionFilters(where, body)
  return rows(
    db
      .prepare(
        `SELECT a.cluster_uid AS uid, sum(a.n) AS n, min(a.dmin) AS dmin, max(a.dmax) AS dmax,
                min(a.cmin) AS cmin, max(a.cmax) AS cmax, min(a.emin) AS emin, max(a.emax) AS emax,
                ${EVENT_COLUMNS.map((e) => `sum(a.${e}) AS ${e}`).join(', ')}
           FROM app_rollups a WHERE ${where.clauses.join(' AND ')} GROUP BY a.cluster_uid`,
      )
      .all(where.params),
  )
}

function rows(raw: unknown[]): ClusterTotals[] {
  return (raw as Record<string, number | string>[]).map((r) => ({
    uid: r.uid as string,
    n: r.n as number,
    dmin: r.dmin as number,
    dmax: r.dmax as number,
    cmin: r.cmin as number,
    cmax: r.cmax as number,
    emin: r.emin as number,
    emax: r.emax as number,
    events: EVENT_COLUMNS.map((e) => (r[e] as number | null) ?? 0),
  }))
}

/** Adds the totals of one part of a window into the per-cluster totals so far. */
function merge(into: Map<string, ClusterTotals>, part: readonly ClusterTotals[]): void {
  for (const t of part) {
    const seen = into.get(t.uid)
    if (!seen) {
      into.set(t.uid, { ...t, events: [...t.events] })
      continue
    }
    seen.n += t.n
    seen.dmin = Math.min(seen.dmin, t.dmin)
    seen.dmax = Math.max(seen.dmax, t.dmax)
    seen.cmin = Math.min(seen.cmin, t.cmin)
    seen.cmax = Math.max(seen.cmax, t.cmax)
    seen.emin = Math.min(seen.emin, t.emin)
    seen.emax = Math.max(seen.emax, t.emax)
    t.events.forEach((n, bit) => (seen.events[bit] = (seen.events[bit] ?? 0) + n))
  }
}

/** The index that reads a slice's apps at the edges of a window, by user or queue when it has one. */
const EDGE_INDEX: Partial<Record<RollupSlice, string>> = {
  user: 'applications_user',
  queue: 'applications_queue',
}

/** Per cluster, the totals of a unified search read from the apps of its whole window alone. */
export function appSearchTotals(
  db: Db,
  body: UnifiedSearchBody,
  now: number,
  shift: number,
): ClusterTotals[] {
  return appTotals(db, searchWhere(body, now, shift))
}

/**
 * Per cluster, the totals of the apps a unified search matches: from the rollups' whole days and
 * hours of the window and the apps of its edges when the filters allow (rollupPlan), otherwise
 * from the apps of the whole window. Both give the same numbers (tests compare them).
 */
export function searchTotals(
  db: Db,
  body: UnifiedSearchBody,
  now: number,
  shift: number,
  where: Where = searchWhere(body, now, shift),
): ClusterTotals[] {
  const plan = rollupPlan(body)
  if (!plan || !where.window) return appTotals(db, where)
  const cover = coverWindow(where.window.start ?? 0, where.window.end + 1, ROLLUP_SLICES[plan.slice].grains)
  const totals = new Map<string, ClusterTotals>()
  for (const bucket of cover.buckets) merge(totals, rollupTotals(db, body, plan, bucket))
  for (const edge of cover.raw) {
    // The edge in the request's time: searchWhere moves it back by the same shift.
    const edgeWhere = searchWhere(
      { ...body, start_time: edge.from + shift, end_time: edge.to - 1 + shift },
      now,
      shift,
    )
    const index = plan.basis === 'start' ? (EDGE_INDEX[plan.slice] ?? edgeWhere.index) : edgeWhere.index
    merge(totals, appTotals(db, edgeWhere, index))
  }
  return [...totals.values()]
}

/** Sort fields with an index led by their column (schema.sql): a first page can walk it in order. */
const SORT_INDEXES: Partial<Record<AppSortField, AppIndex>> = {
  duration: 'applications_duration',
  cents: 'applications_cents',
  cost: 'applications_cents',
  user: 'applications_user',
  queue: 'applications_queue',
}

/**
 * Ways to read a first page sorted by a column with an index of its own (SORT_INDEXES) without
 * sorting the whole window, cheapest first; the caller takes the first that fills the page and
 * otherwise reads the window.
 * - User or queue: the index seeks each user (or queue) in turn and reads its part of the window
 *   in order, so the page is read in order from the first match on.
 * - Duration or cost: walk the index in order, bounded by the sort value `budget` entries in. Every
 *   match on the near side of that bound comes before every match past it, so a walk that fills the
 *   page gives the exact page. The first budget is four times the entries the page should take at
 *   the totals' match rate; matches that cluster at the far end (cheap Impala queries sorted by
 *   highest cost) take an eight times longer walk, while that stays shorter than the window.
 */
function* sortWalks(db: Db, where: Where, body: UnifiedSearchBody, matched: number): Generator<Where> {
  const [field, spec] = Object.entries(body.sort?.[0] ?? {})[0] ?? ['startTime', { order: 'desc' }]
  const index = SORT_INDEXES[field as AppSortField]
  if (!index || !where.window || matched === 0) return
  const column = SORT_COLUMNS[field as AppSortField]
  if (field === 'user' || field === 'queue') {
    const filtered = field === 'user' ? body.users?.length : body.queues?.length
    const walk: Where = { ...where, index, clauses: [...where.clauses], params: { ...where.params } }
    if (!filtered) inList(walk, column, 'sv', distinctAppValues(db, field))
    yield walk
    return
  }
  const one = (sql: string) => (db.prepare(sql).pluck().get() as number | null) ?? 0
  // Each of these is one index seek; rowids are dense (apps are only ever appended by the seed).
  const first = one('SELECT min(start_time) FROM applications')
  const last = one('SELECT max(start_time) FROM applications')
  const apps = one('SELECT max(rowid) FROM applications')
  const inWindow = Math.min(where.window.end, last) - Math.max(where.window.start ?? first, first)
  const windowSteps = (apps * Math.max(0, inWindow)) / Math.max(1, last - first)
  const desc = spec.order !== 'asc'
  const boundAt = db.prepare(
    `SELECT ${column} FROM applications a INDEXED BY ${index} ORDER BY ${column} ${desc ? 'DESC' : 'ASC'} LIMIT 1 OFFSET @budget`,
  )
  const wanted = (body.from ?? 0) + (body.size ?? 15)
  for (let budget = Math.ceil((4 * wanted * apps) / matched); budget < windowSteps; budget *= 8) {
    const bound = boundAt.pluck().get({ budget }) as number | undefined
    const walk: Where = { ...where, index, clauses: [...where.clauses], params: { ...where.params } }
    if (bound !== undefined) {
      walk.clauses.push(`${column} ${desc ? '>=' : '<='} @sortBound`)
      walk.params.sortBound = bound
    }
    yield walk
    if (bound === undefined) return
  }
}

/**
 * B097, B099: one page of a unified search with its totals: the records, the count, the duration
 * and cost ranges (for the sliders, B129), the event counts (for the events filter) and the count
 * per cluster, all over the same filtered set, in SQL.
 */
export function unifiedSearch(db: Db, body: UnifiedSearchBody, now: number): UnifiedSearchResponse {
  const from = body.from ?? 0
  const size = body.size ?? 15
  checkPaging(from, size)
  const shift = appsTimeShift(db)
  const where = searchWhere(body, now, shift)
  const order = searchOrder(body.sort)
  const perCluster = searchTotals(db, body, now, shift, where)
  const total = perCluster.reduce((n, c) => n + c.n, 0)
  const expected = Math.max(0, Math.min(size, total - from))
  let results: AppRecord[] = []
  if (expected)
    for (const walk of sortWalks(db, where, body, total)) {
      results = appsPage(db, walk, order, { from, size }, now, shift)
      if (results.length >= expected) break
    }
  if (results.length < expected) results = appsPage(db, where, order, { from, size }, now, shift)
  const events = countedEvents(undefined, (bit) =>
    perCluster.reduce((n, c) => n + (c.events[bit] ?? 0), 0),
  ).map(({ name, count }) => ({ name, count }))
  const pick = (f: (c: ClusterTotals) => number, reduce: (...n: number[]) => number) =>
    perCluster.length ? reduce(...perCluster.map(f)) : 0
  return {
    results,
    metadata: {
      totalRecords: total,
      duration: { min: pick((c) => c.dmin, Math.min), max: pick((c) => c.dmax, Math.max) },
      cost: { min: pick((c) => c.cmin, Math.min) / 100, max: pick((c) => c.cmax, Math.max) / 100 },
      events: { min: pick((c) => c.emin, Math.min), max: pick((c) => c.emax, Math.max) },
      appEvents: events,
      clusters: Object.fromEntries(perCluster.map((c) => [c.uid, c.n])),
    },
  }
}
