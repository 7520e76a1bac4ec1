import type { AppRecord, AppSortField, UnifiedSearchBody, UnifiedSearchResponse } from '@costlens/shared'
import { INEFFICIENT_EVENT_TYPES } from '@costlens/shared'
import type { Db } from '../open-database.ts'
import { cachedStatement } from '../statement-cache.ts'
import { eventMask } from '../seed/applications.ts'
import {
  EVENT_COLUMNS,
  INEFFICIENT_BITS,
  DAY,
  ROLLUP_SLICES,
  partCode,
  seriesCode,
  sliceName,
  type RollupBasis,
  type RollupGrains,
  type RollupSlice,
  type RollupSliceSpec,
  type RollupVariant,
  type SliceBase,
} from '../seed/app-rollups.ts'
import {
  addDimensionFilters,
  appsPage,
  appsTimeShift,
  checkPaging,
  countedEvents,
  distinctAppCodes,
  INEFFICIENT_ONLY,
  inList,
  onlyInefficientApps,
  searchOrder,
  searchWhere,
  SORT_COLUMNS,
  type AppIndex,
  type Where,
} from './applications.ts'
import { keptGrainsOf, keptRollupGrains } from './app-rollup-grains.ts'
import { rollupNames } from './app-rollup-names.ts'

/**
 * The totals of the apps a search matched (metadata of 02 §7): how many on each cluster, and over
 * all of them the duration, cost and event-count ranges and how many carry each event name.
 */
export interface SearchTotals {
  clusters: Map<string, number>
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

/** The ranges and event counts of a group of matched apps, as added into SearchTotals. */
type Measures = Omit<SearchTotals, 'clusters'>

function emptyTotals(): SearchTotals {
  return {
    clusters: new Map(),
    n: 0,
    dmin: Infinity,
    dmax: -Infinity,
    cmin: Infinity,
    cmax: -Infinity,
    emin: Infinity,
    emax: -Infinity,
    events: EVENT_COLUMNS.map(() => 0),
  }
}

function addMeasures(into: SearchTotals, m: Measures): void {
  if (!m.n) return
  into.n += m.n
  into.dmin = Math.min(into.dmin, m.dmin)
  into.dmax = Math.max(into.dmax, m.dmax)
  into.cmin = Math.min(into.cmin, m.cmin)
  into.cmax = Math.max(into.cmax, m.cmax)
  into.emin = Math.min(into.emin, m.emin)
  into.emax = Math.max(into.emax, m.emax)
  m.events.forEach((n, bit) => (into.events[bit] = (into.events[bit] ?? 0) + n))
}

function addCluster(into: SearchTotals, uid: string, n: number): void {
  into.clusters.set(uid, (into.clusters.get(uid) ?? 0) + n)
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
  spec: RollupSliceSpec
  basis: RollupBasis
  /** The grains the seed kept of the slice at that basis, longest first. */
  grains: readonly number[]
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

/** The bit of a mask with exactly one bit set, else undefined. */
const singleBit = (mask: number) => (mask > 0 && (mask & (mask - 1)) === 0 ? Math.log2(mask) : undefined)

/**
 * The slice and parts whose apps are those of a search's user, queue, kind and event filters, or
 * undefined when no slice holds them (a user and a queue, a user and events, event types other than
 * the inefficient pair, several names that are not all inefficient ones).
 */
function slicePartsOf(body: UnifiedSearchBody): { base: SliceBase; parts: readonly string[] } | undefined {
  const users = body.users ?? []
  const queues = body.queues ?? []
  const kinds = body.appTypes ?? []
  const inefficientList = Boolean(body.eventTypes?.length)
  if (inefficientList && !isInefficientSet(body.eventTypes!)) return undefined
  const insights = body.insights?.length ? eventMask(body.insights) : undefined
  if (inefficientList || insights !== undefined) {
    if (users.length || queues.length || insights === 0) return undefined
    if (insights === undefined) return { base: 'inefficient', parts: [''] }
    const onlyInefficientNames = (insights & ~INEFFICIENT_BITS) === 0
    const bit = singleBit(insights)
    // One name: the apps carrying it in the inefficient list, or anywhere when the name is an
    // inefficient one (an app carrying it is inefficient, so eventTypes 2 and 6 add nothing).
    if (bit !== undefined && (inefficientList || onlyInefficientNames))
      return { base: 'event', parts: [String(bit)] }
    return onlyInefficientNames ? { base: 'insight', parts: insightParts(insights) } : undefined
  }
  if (users.length && queues.length) return undefined
  if (users.length) return { base: 'user', parts: users }
  if (queues.length) return { base: 'queue', parts: queues }
  // Kinds with the unravel flag or statuses: the full rows of 'all' keep them (kind has no full
  // variant, and its status variant held as many rows as those).
  if (kinds.length && body.executed_by_unravel === undefined && !body.appStatus?.length)
    return { base: 'kind', parts: kinds }
  return { base: 'all', parts: [''] }
}

/**
 * The rollups answer searches filtered by status, kind, cluster, unravel flag and one of: user,
 * queue, kind, the inefficient mark (02 §7 eventTypes 2 and 6, B182) or inefficient event names
 * (insights). Any other filter (tags, ranges, ids, a text pattern) or running apps only (a handful,
 * read from their own index) reads the apps. Of a slice, the plan takes the most summed variant
 * the filters allow, when the seed kept any grain of it (`kept`: keptRollupGrains).
 */
export function rollupPlan(body: UnifiedSearchBody, kept: RollupGrains): RollupPlan | undefined {
  const runningOnly = body.appStatus?.length === 1 && body.appStatus[0] === 'R'
  const needsApps =
    runningOnly ||
    body.durations !== undefined ||
    body.cost !== undefined ||
    body.numEvents !== undefined ||
    Boolean(body.jobIds?.length || body.signature || body.globalsearchpattern) ||
    Object.values(body.appTags ?? {}).some((values) => values.length > 0)
  if (needsApps) return undefined
  const of = slicePartsOf(body)
  if (!of) return undefined
  const basis: RollupBasis = body.queryOnFinishedTime ? 'finish' : 'start'
  const keepsKind = Boolean(body.appTypes?.length) && of.base !== 'kind'
  const variant: RollupVariant =
    keepsKind || body.executed_by_unravel !== undefined ? 'full' : body.appStatus?.length ? 'status' : 'total'
  const slice = sliceName(of.base, variant)
  const spec = ROLLUP_SLICES[slice]
  const grains = kept[slice]?.[basis]
  if (!spec || !grains?.length) return undefined
  return { slice, spec, basis, grains, parts: of.parts }
}

/** Adds `n` apps of one cluster and event mask, with their duration and cost ranges. */
function addApps(
  into: SearchTotals,
  uid: string,
  mask: number,
  n: number,
  duration: readonly [number, number],
  cents: readonly [number, number],
): void {
  into.clusters.set(uid, (into.clusters.get(uid) ?? 0) + n)
  let count = 0
  for (let bit = 0; bit < into.events.length; bit++)
    if ((mask >> bit) & 1) {
      into.events[bit]! += n
      count++
    }
  into.n += n
  into.dmin = Math.min(into.dmin, duration[0])
  into.dmax = Math.max(into.dmax, duration[1])
  into.cmin = Math.min(into.cmin, cents[0])
  into.cmax = Math.max(into.cmax, cents[1])
  into.emin = Math.min(into.emin, count)
  into.emax = Math.max(into.emax, count)
}

/**
 * Adds the apps of a whole window a WHERE matches, read from its covering index: SQLite groups them
 * by cluster and event mask (few distinct masks; a million apps stay in SQLite) and the event
 * counts are unfolded from the mask here, as per-bit sums in SQL cost twice as much per app.
 */
function addAppTotals(into: SearchTotals, db: Db, where: Where): void {
  const sql = where.clauses.length ? `WHERE ${where.clauses.join(' AND ')}` : ''
  const groups = cachedStatement(
    db,
    `SELECT a.cluster_code AS code, a.event_mask AS mask, count(*) AS n, min(a.duration) AS dmin,
            max(a.duration) AS dmax, min(a.cents) AS cmin, max(a.cents) AS cmax
       FROM applications a INDEXED BY ${where.index} ${sql} GROUP BY a.cluster_code, a.event_mask`,
  ).all(where.params) as {
    code: number
    mask: number
    n: number
    dmin: number
    dmax: number
    cmin: number
    cmax: number
  }[]
  // The indexes hold clusters as their codes, which order as their ids do (app-rollup-names.ts).
  const names = rollupNames(db)
  for (const g of groups)
    addApps(into, names.name('cluster', g.code), g.mask, g.n, [g.dmin, g.dmax], [g.cmin, g.cmax])
}

/**
 * Adds the apps at one edge of a window (minutes to hours of them) one by one: for so few, reading
 * four raw columns and adding them up here costs less than SQLite sorting them to group them.
 */
function addEdgeTotals(into: SearchTotals, db: Db, where: Where, index: string): void {
  const sql = where.clauses.length ? `WHERE ${where.clauses.join(' AND ')}` : ''
  const apps = cachedStatement(
    db,
    `SELECT a.cluster_code, a.event_mask, a.duration, a.cents FROM applications a INDEXED BY ${index} ${sql}`,
  )
    .raw()
    .all(where.params) as [number, number, number, number][]
  const names = rollupNames(db)
  for (const [code, mask, duration, cents] of apps)
    addApps(into, names.name('cluster', code), mask, 1, [duration, duration], [cents, cents])
}

/**
 * Adds the rollup rows of the whole buckets of a window: one query for the apps per cluster and one
 * for the ranges and event counts over all of them. Grouping only the counts by cluster costs a
 * third of grouping every measure (SQLite sorts the rows it groups), and the buckets of every grain
 * are read as one UNION ALL rather than a query each.
 */
function addRollupTotals(
  into: SearchTotals,
  db: Db,
  body: UnifiedSearchBody,
  plan: RollupPlan,
  buckets: WindowCover['buckets'],
): void {
  if (!buckets.length) return
  const names = rollupNames(db)
  const where: Where = { clauses: [], params: {}, index: 'applications_start' }
  const codeOf = names.code
  inList(
    where,
    'a.part',
    'pt',
    plan.parts.map((part) => partCode(plan.spec.base, part, codeOf)),
  )
  // A kind slice holds the kinds as its parts; its summed rows keep no kind to filter on.
  addDimensionFilters(where, plan.spec.base === 'kind' ? { ...body, appTypes: undefined } : body, names)
  const bucketRanges = buckets.map((bucket, i) => {
    // Buckets are stored as their number at their grain (whole buckets: exact divisions).
    where.params[`from${i}`] = bucket.from / bucket.grain
    where.params[`to${i}`] = bucket.to / bucket.grain
    // Series are the seed's constants, written as integer literals (see AppRollupBuilder.write).
    return `a.series = ${seriesCode(plan.slice, plan.basis, bucket.grain)} AND a.bucket >= @from${i} AND a.bucket < @to${i}`
  })
  // Each query's rows carry only the columns it adds up.
  const rowsOf = (columns: string) =>
    bucketRanges
      .map(
        (range) => `SELECT ${columns} FROM app_rollups a WHERE ${where.clauses.join(' AND ')} AND ${range}`,
      )
      .join(' UNION ALL ')
  // Cluster codes are in name order (app_rollup_names): grouped by code, in the order of the uids.
  const perCluster = cachedStatement(
    db,
    `SELECT r.cluster AS code, sum(r.n) AS n FROM (${rowsOf('a.cluster, a.n')}) r GROUP BY r.cluster`,
  ).all(where.params) as { code: number; n: number }[]
  for (const { code, n } of perCluster) addCluster(into, names.name('cluster', code), n)
  const measures = ['n', 'dmin', 'dmax', 'cmin', 'cmax', 'emin', 'emax', ...EVENT_COLUMNS]
  const m = cachedStatement(
    db,
    `SELECT sum(r.n) AS n, min(r.dmin) AS dmin, max(r.dmax) AS dmax, min(r.cmin) AS cmin,
            max(r.cmax) AS cmax, min(r.emin) AS emin, max(r.emax) AS emax,
            ${EVENT_COLUMNS.map((e) => `sum(r.${e}) AS ${e}`).join(', ')}
       FROM (${rowsOf(measures.map((c) => `a.${c}`).join(', '))}) r`,
  ).get(where.params) as Record<string, number | null>
  addMeasures(into, {
    n: m.n ?? 0,
    dmin: m.dmin ?? 0,
    dmax: m.dmax ?? 0,
    cmin: m.cmin ?? 0,
    cmax: m.cmax ?? 0,
    emin: m.emin ?? 0,
    emax: m.emax ?? 0,
    events: EVENT_COLUMNS.map((e) => m[e] ?? 0),
  })
}

/** The index that reads a slice's apps at the edges of a window, by user or queue when it has one. */
const EDGE_INDEX: Partial<Record<SliceBase, string>> = {
  user: 'applications_user',
  queue: 'applications_queue',
}

/** The totals of a unified search read from the apps of its whole window alone. */
export function appSearchTotals(db: Db, body: UnifiedSearchBody, now: number, shift: number): SearchTotals {
  const totals = emptyTotals()
  addAppTotals(totals, db, searchWhere(body, now, shift, rollupNames(db)))
  return totals
}

/**
 * The totals of the apps a unified search matches: from the rollups' whole days, hours and minutes
 * of the window and the apps of its edges when the filters allow (rollupPlan), otherwise from the
 * apps of the whole window. Both give the same numbers (tests compare them).
 */
export function searchTotals(
  db: Db,
  body: UnifiedSearchBody,
  now: number,
  shift: number,
  where: Where = searchWhere(body, now, shift, rollupNames(db)),
  plan: RollupPlan | undefined = rollupPlan(body, keptRollupGrains(db)),
): SearchTotals {
  const totals = emptyTotals()
  if (!plan || !where.window) {
    addAppTotals(totals, db, where)
    return totals
  }
  const cover = coverWindow(where.window.start ?? 0, where.window.end + 1, plan.grains)
  addRollupTotals(totals, db, body, plan, cover.buckets)
  for (const edge of cover.raw) {
    // The edge in the request's time: searchWhere moves it back by the same shift.
    const edgeWhere = searchWhere(
      { ...body, start_time: edge.from + shift, end_time: edge.to - 1 + shift },
      now,
      shift,
      rollupNames(db),
    )
    const index = plan.basis === 'start' ? (EDGE_INDEX[plan.spec.base] ?? edgeWhere.index) : edgeWhere.index
    addEdgeTotals(totals, db, edgeWhere, index)
  }
  return totals
}

/** The part of the index a duration or cost walk reads, and how many apps it holds in all. */
interface WalkedIndex {
  index: AppIndex
  /** Clauses that pick that part: the partial index's own condition, or one user, queue or kind. */
  prefix: string[]
  params: Record<string, unknown>
  population: number
}

/**
 * How many apps a walk's part of its index holds (the whole seeded time): from the daily rows of
 * the rollup slice part that holds the same apps, or counted in the index where the seed kept no
 * daily rows of that slice.
 */
function walkPopulation(
  db: Db,
  walk: Omit<WalkedIndex, 'population'>,
  slice: RollupSlice,
  part: string,
): number {
  const [sql, params] = keptGrainsOf(db, slice, 'start').includes(DAY)
    ? [
        'SELECT sum(n) FROM app_rollups WHERE series = @series AND part = @part',
        {
          series: seriesCode(slice, 'start', DAY),
          part: partCode(ROLLUP_SLICES[slice]!.base, part, rollupNames(db).code),
        },
      ]
    : [
        `SELECT count(*) FROM applications a INDEXED BY ${walk.index} WHERE ${walk.prefix.join(' AND ')}`,
        walk.params,
      ]
  return (cachedStatement(db, sql).pluck().get(params) as number | null) ?? 0
}

/**
 * Which index a first page sorted by duration or cost walks, narrowest first:
 * - event filters that match inefficient apps only: the partial index of those (a sixth of them);
 * - otherwise the index of every app, its filters (a kind among them) checked in each entry. A kind
 *   whose apps all sit at one end of it (cheap Impala queries by highest cost) makes the walks
 *   longer until the window read is the cheaper one (sortWalks): the kind's own indexes, 58 MB at
 *   the large scale, went in issue 18. (One user or queue is read from its own window index instead,
 *   see sortWalks: the 208 MB of a user and queue index per sort went in issue 18.)
 */
function walkedIndex(
  db: Db,
  body: UnifiedSearchBody,
  field: 'duration' | 'cents',
  desc: boolean,
): WalkedIndex {
  if (onlyInefficientApps(body)) {
    const walk = {
      index: `applications_inefficient_${field}` as const,
      prefix: [INEFFICIENT_ONLY],
      params: {},
    }
    return { ...walk, population: walkPopulation(db, walk, 'inefficient/total', '') }
  }
  const bound = body.appTypes?.length ? kindsSortBound(db, body.appTypes, field, desc) : undefined
  return {
    index: `applications_${field}`,
    prefix: bound === undefined ? [] : [`a.${field} ${desc ? '<=' : '>='} @kindsBound`],
    params: bound === undefined ? {} : { kindsBound: bound },
    // One index seek; rowids are dense (apps are only ever appended by the seed).
    population:
      (cachedStatement(db, 'SELECT max(rowid) FROM applications').pluck().get() as number | null) ?? 0,
  }
}

/**
 * The furthest duration or cost (cents) towards the sort's start that any app of these kinds has
 * (the kind rollups' daily ranges, over the whole seeded time), so a walk for them starts there
 * rather than among the apps of other kinds above it (the priciest apps are Spark; a page of Impala
 * queries by highest cost otherwise walked every Spark app first: 100 ms for 7 days at the large
 * scale). Undefined when the rollups keep no daily rows of the kinds.
 */
function kindsSortBound(
  db: Db,
  kinds: readonly string[],
  field: 'duration' | 'cents',
  desc: boolean,
): number | undefined {
  const slice = sliceName('kind', 'total')
  if (!keptGrainsOf(db, slice, 'start').includes(DAY)) return undefined
  const names = rollupNames(db)
  const column = `${field === 'duration' ? 'd' : 'c'}${desc ? 'max' : 'min'}`
  const bounds = kinds.map(
    (kind) =>
      cachedStatement(
        db,
        `SELECT ${desc ? 'max' : 'min'}(${column}) FROM app_rollups WHERE series = @series AND part = @part`,
      )
        .pluck()
        .get({ series: seriesCode(slice, 'start', DAY), part: partCode('kind', kind, names.code) }) as
        number | null,
  )
  const known = bounds.filter((b): b is number => b !== null)
  if (known.length === 0) return undefined
  const bound = desc ? Math.max(...known) : Math.min(...known)
  // Only a bound inside the index's own range narrows the walk; one at its end (the cheapest apps
  // of every kind cost 0) would only add a term to the plan.
  const end = cachedStatement(db, `SELECT ${desc ? 'max' : 'min'}(${field}) FROM applications`)
    .pluck()
    .get() as number | null
  return end !== null && (desc ? bound < end : bound > end) ? bound : undefined
}

/**
 * Ways to read a first page sorted by a column with an index led by it (schema.sql) without
 * sorting the whole window, cheapest first; the caller takes the first that fills the page and
 * otherwise reads the window.
 * - User or queue: the index seeks each user (or queue) in turn and reads its part of the window
 *   in order, so the page is read in order from the first match on.
 * - Duration or cost: walk the index (walkedIndex) in order, bounded by the sort value `budget`
 *   entries in. Every match on the near side of that bound comes before every match past it, so a
 *   walk that fills the page gives the exact page. The first budget is four times the entries the
 *   page should take at the totals' match rate; matches that cluster at the far end take an eight
 *   times longer walk, while that stays shorter than the window.
 */
function* sortWalks(
  db: Db,
  where: Where,
  body: UnifiedSearchBody,
  plan: RollupPlan | undefined,
  matched: number,
): Generator<Where> {
  const [field, spec] = Object.entries(body.sort?.[0] ?? {})[0] ?? ['startTime', { order: 'desc' }]
  const sortField = (field === 'cost' ? 'cents' : field) as AppSortField
  if (!where.window || matched === 0) return
  const column = SORT_COLUMNS[sortField]
  if (sortField === 'user' || sortField === 'queue') {
    // Queues whose codes no longer order as their names (a move, see searchOrder) are sorted in the window.
    if (!rollupNames(db).inNameOrder(sortField)) return
    const filtered = sortField === 'user' ? body.users?.length : body.queues?.length
    const index: AppIndex = `applications_${sortField}`
    const clauses = where.clauses.filter((c) => c !== INEFFICIENT_ONLY)
    const walk: Where = { ...where, index, clauses, params: { ...where.params } }
    if (!filtered) inList(walk, column, 'sv', distinctAppCodes(db, sortField))
    yield walk
    return
  }
  if (sortField !== 'duration' && sortField !== 'cents') return
  // One user's or queue's apps may all sit at one end of the index of every app (cheap Presto
  // queries sorted by longest), so a walk of it rarely pays: their window is read from their own
  // index instead (7-8 ms of CPU for 7 days of the busiest user or queue at the large scale; by
  // finish time, all of its apps: up to 30 ms).
  const dimension = (['user', 'queue'] as const).find((d) => plan?.spec.base === d)
  if (dimension && plan!.parts.length === 1 && !onlyInefficientApps(body)) {
    const clauses = where.clauses.filter((c) => c !== INEFFICIENT_ONLY)
    yield { ...where, index: `applications_${dimension}`, clauses, params: { ...where.params } }
    return
  }
  const desc = spec.order !== 'asc'
  const walked = walkedIndex(db, body, sortField, desc)
  const one = (sql: string) => (cachedStatement(db, sql).pluck().get() as number | null) ?? 0
  const first = one('SELECT min(start_time) FROM applications')
  const last = one('SELECT max(start_time) FROM applications')
  const inWindow = Math.min(where.window.end, last) - Math.max(where.window.start ?? first, first)
  const windowSteps = (walked.population * Math.max(0, inWindow)) / Math.max(1, last - first)
  const prefix = walked.prefix.length ? `WHERE ${walked.prefix.join(' AND ')}` : ''
  const boundAt = cachedStatement(
    db,
    `SELECT ${column} FROM applications a INDEXED BY ${walked.index} ${prefix}
      ORDER BY ${column} ${desc ? 'DESC' : 'ASC'} LIMIT 1 OFFSET @budget`,
  )
  const wanted = (body.from ?? 0) + (body.size ?? 15)
  for (
    let budget = Math.ceil((4 * wanted * walked.population) / matched);
    budget < windowSteps;
    budget *= 8
  ) {
    const bound = boundAt.pluck().get({ ...walked.params, budget }) as number | undefined
    const walk: Where = {
      ...where,
      index: walked.index,
      clauses: [...new Set([...where.clauses, ...walked.prefix])],
      params: { ...where.params, ...walked.params },
    }
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
  const names = rollupNames(db)
  const where = searchWhere(body, now, shift, names)
  const order = searchOrder(body.sort, names)
  const plan = rollupPlan(body, keptRollupGrains(db))
  const totals = searchTotals(db, body, now, shift, where, plan)
  const total = totals.n
  const expected = Math.max(0, Math.min(size, total - from))
  let results: AppRecord[] = []
  if (expected)
    for (const walk of sortWalks(db, where, body, plan, total)) {
      results = appsPage(db, walk, order, { from, size }, now, shift)
      if (results.length >= expected) break
    }
  if (results.length < expected) results = appsPage(db, where, order, { from, size }, now, shift)
  const events = countedEvents(undefined, (bit) => totals.events[bit] ?? 0).map(({ name, count }) => ({
    name,
    count,
  }))
  // Nothing matched: the ranges are 0 to 0 rather than infinite.
  const range = (min: number, max: number, scale = 1) =>
    total ? { min: min / scale, max: max / scale } : { min: 0, max: 0 }
  return {
    results,
    metadata: {
      totalRecords: total,
      duration: range(totals.dmin, totals.dmax),
      cost: range(totals.cmin, totals.cmax, 100),
      events: range(totals.emin, totals.emax),
      appEvents: events,
      clusters: Object.fromEntries(totals.clusters),
    },
  }
}
