import type { Db } from '../open-database.ts'
import { INEFFICIENT_EVENT_TYPES } from '@costlens/shared'
import { APP_EVENT_TYPES, eventTypeMask, type AppRow } from './applications.ts'
import { insertRows } from './bulk-insert.ts'
import { codesInNameOrder } from './name-codes.ts'
import { SILENT_PROGRESS, type SeedProgress } from './progress.ts'
import { Interner, KeyedMeasures, type MeasureArray } from './keyed-measures.ts'
import {
  RECORD,
  RECORD_WIDTH,
  RollupBatcher,
  RollupTexts,
  type CodedField,
  type RollupBatch,
} from './rollup-batch.ts'

export const HOUR = 3_600_000
export const DAY = 86_400_000
/** A quarter day: a window of many hours reads a few of these instead of every hour. */
export const QUARTER_DAY = 6 * HOUR
export const TEN_MINUTES = 600_000

const FINE = [DAY, QUARTER_DAY, HOUR] as const
/** For the summed rows of every app, about six a ten-minute bucket: a window's edges then read minutes of apps. */
const FINER = [DAY, QUARTER_DAY, HOUR, TEN_MINUTES] as const
const COARSE = [DAY, QUARTER_DAY] as const
const DAILY = [DAY] as const

/**
 * The rollup slices (schema.sql app_rollups): which apps each holds and what its `part` is
 * (partsOf), for which time bases, and at which grains each variant (RollupVariant) is kept. What a
 * window's whole buckets do not cover is read from the apps, so finer grains trade rows for fewer
 * apps read at the edges.
 * - all: every app. kind: every app, under its kind (no full variant: 'all' keeps the kind).
 * - user, queue: every app, under its user or its queue.
 * - inefficient: the apps with an event of type 2 or 6 (02 §7 eventTypes, B182).
 * - insight: those apps under the mask of their inefficient event names (as text), so a filter of
 *   several names adds up the masks it intersects.
 * - event: those apps once under each of their event names (the name's bit), so a filter of one
 *   name reads one part, whichever list it comes from.
 *
 * Which grains a seed keeps is chosen per seed by density (AppRollupBuilder, MIN_APPS_PER_ROW): a
 * grain of a slice and time basis is kept only where its rows add up at least five apps each on
 * average; a row that sums one or two apps costs as much to write, store and read as those apps in
 * an index and saves nothing. The chosen set is stored in the settings (`app_rollup_grains`) and the
 * readers read it (repositories/app-rollup-grains.ts). The grains below are the candidates, the
 * most any scale keeps: those that passed at the large scale (1,000,000 apps; apps per row in
 * brackets, measured on the seed of 2026-11-25). At the demo scale (60,000 apps) most slices keep
 * their days and a few their quarter days; at the small scale the tests keep every candidate
 * (seed/index.ts EVERY_ROLLUP_GRAIN_ENV), so they read every slice and grain.
 * - all: full by hour (6), status by hour (13; by ten minutes 4, dropped), total by ten minutes (6).
 * - kind: total by hour (11). (Its status variant went in issue 18: it held as many rows as the full
 *   rows of 'all', which keep the kind and the status too, so a kind with statuses reads those.)
 * - user: full by day only (9; by quarter day 4), status by quarter day (8), total by hour (4).
 * - queue: full and status by quarter day (7, 15), total by hour (7).
 * - inefficient (a ninth of the apps): full by day (12; by quarter day 5, by hour 2), status by
 *   quarter day (11; by hour 3.5), total by hour (5; by ten minutes 1.6).
 * - insight: total by day (7); its full and status variants held one to five apps a row at every
 *   grain, so those searches read the inefficient apps' own index.
 * - event: full and status by day (7, 12; finer 2 to 5), total by quarter day (8; finer 1 to 2).
 */
const BASE_SLICES = {
  all: { bases: ['start', 'finish'], full: FINE, status: FINE, total: FINER },
  kind: { bases: ['start', 'finish'], total: FINE },
  user: { bases: ['start', 'finish'], full: DAILY, status: COARSE, total: FINE },
  queue: { bases: ['start', 'finish'], full: COARSE, status: COARSE, total: FINE },
  inefficient: { bases: ['start'], full: DAILY, status: COARSE, total: FINE },
  insight: { bases: ['start'], total: DAILY },
  event: { bases: ['start'], full: DAILY, status: DAILY, total: COARSE },
} as const satisfies Record<
  string,
  { bases: readonly RollupBasis[] } & Partial<Record<RollupVariant, readonly number[]>>
>

export type SliceBase = keyof typeof BASE_SLICES
export type RollupBasis = 'start' | 'finish'

/**
 * What a slice's rows keep apart: 'full' keeps status, kind and unravel flag; 'status' keeps the
 * status and adds up the rest (stored as '' and 0); 'total' adds up all three. A search reads the
 * most summed variant its filters allow: most filter neither kind nor flag, many not the status,
 * and a summed variant holds a fraction of the rows.
 */
export type RollupVariant = 'full' | 'status' | 'total'
export type RollupSlice = SliceBase | `${SliceBase}/status` | `${SliceBase}/total`

export function sliceName(base: SliceBase, variant: RollupVariant): RollupSlice {
  return variant === 'full' ? base : `${base}/${variant}`
}

export interface RollupSliceSpec {
  base: SliceBase
  variant: RollupVariant
  grains: readonly number[]
  bases: readonly RollupBasis[]
}

/** Every candidate slice (the most any scale keeps) with its candidate grains. */
export const ROLLUP_SLICES = Object.fromEntries(
  (Object.entries(BASE_SLICES) as [SliceBase, (typeof BASE_SLICES)[SliceBase]][]).flatMap(([base, spec]) =>
    (['full', 'status', 'total'] as const).flatMap((variant): [RollupSlice, RollupSliceSpec][] => {
      const grains = (spec as Partial<Record<RollupVariant, readonly number[]>>)[variant]
      return grains ? [[sliceName(base, variant), { base, variant, bases: spec.bases, grains }]] : []
    }),
  ),
) as Partial<Record<RollupSlice, RollupSliceSpec>>

/**
 * How app_rollups stores a slice, a time basis and a grain: as one small integer, the `series`
 * (their names and a grain in ms took 17 of a row's 67 bytes, 3.6 million rows at the large scale).
 * The series are every candidate (slice, basis, grain) in the order of ROLLUP_SLICES, the bases
 * (start, finish) and the grains finest first, which is the order the builder writes them in; a
 * change of the slices changes the schema version anyway.
 */
export const ROLLUP_SERIES: readonly { slice: RollupSlice; basis: RollupBasis; grain: number }[] = (
  Object.entries(ROLLUP_SLICES) as [RollupSlice, RollupSliceSpec][]
).flatMap(([slice, spec]) =>
  (['start', 'finish'] as const)
    .filter((basis) => spec.bases.includes(basis))
    .flatMap((basis) => [...spec.grains].sort((a, b) => a - b).map((grain) => ({ slice, basis, grain }))),
)
const SERIES_CODE = new Map(
  ROLLUP_SERIES.map(({ slice, basis, grain }, code) => [`${slice}|${basis}|${grain}`, code]),
)

/** The app_rollups `series` of a slice's grain at a time basis (a candidate of ROLLUP_SLICES). */
export function seriesCode(slice: RollupSlice, basis: RollupBasis, grain: number): number {
  const code = SERIES_CODE.get(`${slice}|${basis}|${grain}`)
  if (code === undefined) throw new Error(`app_rollups keeps no ${grain} ms grain of ${slice} by ${basis}`)
  return code
}

/**
 * The grains (longest first) a seed kept of each slice and time basis: a slice or basis that is
 * missing kept none, and its searches read the apps. Stored as JSON in the setting
 * `app_rollup_grains`.
 */
export type RollupGrains = Partial<Record<RollupSlice, Partial<Record<RollupBasis, number[]>>>>

/** Every candidate grain of every slice and basis, longest first: what the small scale keeps. */
export const EVERY_ROLLUP_GRAIN: RollupGrains = Object.fromEntries(
  (Object.entries(ROLLUP_SLICES) as [RollupSlice, RollupSliceSpec][]).map(([slice, spec]) => [
    slice,
    Object.fromEntries(spec.bases.map((basis) => [basis, [...spec.grains].sort((a, b) => b - a)])),
  ]),
)

/** A grain is kept where its rows add up at least this many apps each, on average (BASE_SLICES). */
export const MIN_APPS_PER_ROW = 5

/** The bits of the inefficient event names (types 2 and 6, B182) in event_mask. */
export const INEFFICIENT_BITS = eventTypeMask(INEFFICIENT_EVENT_TYPES)

const EVENT_BITS = APP_EVENT_TYPES.map((_e, bit) => bit)

/** The parts of a slice an app adds to (none when the slice does not hold it). */
export function partsOf(base: SliceBase, app: AppRow): readonly string[] {
  switch (base) {
    case 'all':
      return ['']
    case 'kind':
      return [app.kind]
    case 'user':
      return [app.user]
    case 'queue':
      return [app.queue]
    case 'inefficient':
      return app.inefficient === 1 ? [''] : []
    case 'insight':
      return app.inefficient === 1 ? [String(app.event_mask & INEFFICIENT_BITS)] : []
    case 'event':
      return app.inefficient === 1 ? EVENT_BITS.filter((bit) => (app.event_mask >> bit) & 1).map(String) : []
  }
}

/** The event columns e0…e7, one per APP_EVENT_TYPES entry (its bit in applications.event_mask). */
export const EVENT_COLUMNS = APP_EVENT_TYPES.map((_e, bit) => `e${bit}`)

/** An app's number of events: the sum of its event bits (each name is on an app at most once). */
export const EVENT_COUNT_OF_MASK = `(${APP_EVENT_TYPES.map((_e, bit) => `((a.event_mask >> ${bit}) & 1)`).join(' + ')})`

/** Per event name, how many of the apps read carry it, as columns e0…e7 (read as `a`). */
export const EVENT_SUMS = APP_EVENT_TYPES.map(
  (_e, bit) => `sum((a.event_mask >> ${bit}) & 1) AS e${bit}`,
).join(', ')

const MEASURES = ['n', 'dmin', 'dmax', 'cmin', 'cmax', 'emin', 'emax', ...EVENT_COLUMNS].join(', ')
const KEYS = 'series, part, bucket, status, kind, cluster, executed_by_unravel'

/** The texts app_rollups stores as codes (table app_rollup_names). */
export const ROLLUP_NAME_FIELDS = ['kind', 'cluster', 'user', 'queue'] as const
export type RollupNameField = (typeof ROLLUP_NAME_FIELDS)[number]

export { codesInNameOrder }

/**
 * The stored `part` of a slice's part (partsOf's text): the code of its kind, user or queue
 * (`codeOf`; -1 for a name that has none, which no row holds), the mask or bit of the insight and
 * event slices, 0 for the slices of one part.
 */
export function partCode(
  base: SliceBase,
  part: string,
  codeOf: (field: RollupNameField, name: string) => number,
): number {
  switch (base) {
    case 'kind':
    case 'user':
    case 'queue':
      return codeOf(base, part)
    case 'insight':
    case 'event':
      return Number(part)
    case 'all':
    case 'inefficient':
      return 0
  }
}

/** Measures per row, in column order: n, dmin, dmax, cmin, cmax, emin, emax, e0…e7. */
const WIDTH = 7 + APP_EVENT_TYPES.length
const SLICE_BASE_NAMES = Object.keys(BASE_SLICES) as SliceBase[]
/** The slice, time basis and grains (finest first) of each (slice, basis) a row key starts with. */
const SLICE_BASES = (Object.entries(ROLLUP_SLICES) as [RollupSlice, RollupSliceSpec][]).flatMap(
  ([slice, spec]) =>
    spec.bases.map((basis) => ({
      slice,
      base: SLICE_BASE_NAMES.indexOf(spec.base),
      variant: spec.variant,
      basis,
      grains: [...spec.grains].sort((a, b) => a - b),
    })),
)

// The fields of a row key, packed into one number (mixed radix, most significant first): (slice,
// basis), part, bucket index at its grain (ten-minute buckets since 1970 need 22 bits), status,
// kind, cluster, unravel flag: 2^52 keys, within a double's exact integers.
const RADIX = { part: 512, bucket: 2 ** 22, status: 8, kind: 16, cluster: 128, flag: 2 } as const
const FLAG_UNIT = 1
const CLUSTER_UNIT = RADIX.flag
const KIND_UNIT = CLUSTER_UNIT * RADIX.cluster
const STATUS_UNIT = KIND_UNIT * RADIX.kind
const BUCKET_UNIT = STATUS_UNIT * RADIX.status
const PART_UNIT = BUCKET_UNIT * RADIX.bucket
const SLICE_BASIS_UNIT = PART_UNIT * RADIX.part
if (SLICE_BASIS_UNIT * 64 > Number.MAX_SAFE_INTEGER || SLICE_BASES.length > 64)
  throw new Error('app_rollups row keys overflow 2^53')

const field = (key: number, unit: number, radix: number) => Math.floor(key / unit) % radix

/**
 * Adds up the rollup rows as the seed writes each app: the finest grain of each (slice, basis) in
 * memory under numeric keys (interned strings), then on `write` each coarser grain from those, and
 * every row goes into the table in primary-key order (appends to the b-tree, no page splits in its
 * middle). The seed is the only writer of applications, so the rollups hold exactly what the apps
 * hold (the totals tests compare both on hundreds of searches). Deriving the coarser grains in SQL
 * (a grouped INSERT … SELECT per slice, basis and grain) took about as long as writing the rows.
 */
export class AppRollupBuilder {
  /** The grains written by the last `write`. */
  private kept: RollupGrains = {}

  /**
   * keep: 'dense' keeps the grains whose rows add up MIN_APPS_PER_ROW apps or more each (the demo
   * scales); 'every' keeps every candidate grain (the small seeds of the tests).
   * domain: every name the apps may hold (applications.ts appNameDomain), coded in name order with
   * the names seen, so the applications' code columns and app_rollups share app_rollup_names.
   */
  constructor(
    private readonly keep: 'dense' | 'every' = 'dense',
    private readonly domain?: Record<RollupNameField, readonly string[]>,
    /** The rows to make room for at once (ROLLUP_ROWS_HINT): growing by half again each time costs a copy and a rehash. */
    initialRows = 65_536,
  ) {
    this.rows = new KeyedMeasures(WIDTH, initialRows, Int32Array)
  }

  /**
   * Int32 measures: counts, durations (ms, at most days), cents and event counts are whole numbers
   * far below 2^31 (addTo checks), in half the memory of doubles: at the large scale these rows
   * are the rollup worker's heap, most of the seed's peak.
   */
  private readonly rows: KeyedMeasures
  private readonly parts = new Interner()
  private readonly statuses = new Interner()
  private readonly kinds = new Interner()
  private readonly clusters = new Interner()
  private readonly anyStatus = this.statuses.id('')
  private readonly anyKind = this.kinds.id('')

  /** Received texts as codes; each code's id in this builder's interners (or its part's id). */
  private readonly texts = new RollupTexts((field, text) => this.learn(field, text))
  private readonly statusOf: number[] = []
  private readonly kindOf: number[] = []
  private readonly clusterOf: number[] = []
  private readonly partOf: Record<'kind' | 'user' | 'queue', number[]> = { kind: [], user: [], queue: [] }
  private readonly wholePart = this.parts.id('')
  /** The part of each mask of inefficient event names (slice 'insight'), and of each event bit ('event'). */
  private readonly insightPart = new Map<number, number>()
  private readonly eventPart = EVENT_BITS.map((bit) => this.parts.id(String(bit)))
  /** One app's parts, per slice base: parts[partFrom[b] … partFrom[b + 1]). */
  private readonly partList = new Int32Array(SLICE_BASE_NAMES.length + EVENT_BITS.length)
  private readonly partFrom = new Int32Array(SLICE_BASE_NAMES.length + 1)
  private batcher: RollupBatcher | undefined

  /** Adds one app (tests and rebuilds; the seed hands whole batches to addBatch). */
  add(app: AppRow): void {
    this.addBatch((this.batcher ??= new RollupBatcher()).batch([app]))
  }

  private learn(field: CodedField, text: string): void {
    if (field === 'status') this.statusOf.push(this.statuses.id(text))
    else if (field === 'cluster') this.clusterOf.push(this.clusters.id(text))
    if (field === 'kind') this.kindOf.push(this.kinds.id(text))
    if (field === 'kind' || field === 'user' || field === 'queue')
      this.partOf[field].push(this.parts.id(text))
    if (this.parts.size > RADIX.part || this.statuses.size > RADIX.status)
      throw new Error('too many rollup parts or statuses for the row key')
    if (this.kinds.size > RADIX.kind || this.clusters.size > RADIX.cluster)
      throw new Error('too many kinds or clusters for the rollup row key')
  }

  /**
   * Fills partList/partFrom with the parts of each slice base the app of record `at` adds to:
   * partsOf's rule (which kills and moves read) over a record, with no array or string per app.
   */
  private partsOfRecord(r: Float64Array, at: number): void {
    const list = this.partList
    const from = this.partFrom
    const inefficient = r[at + RECORD.inefficient] === 1
    let n = 0
    for (let b = 0; b < SLICE_BASE_NAMES.length; b++) {
      from[b] = n
      switch (SLICE_BASE_NAMES[b]) {
        case 'all':
          list[n++] = this.wholePart
          break
        case 'kind':
          list[n++] = this.partOf.kind[r[at + RECORD.kind]!]!
          break
        case 'user':
          list[n++] = this.partOf.user[r[at + RECORD.user]!]!
          break
        case 'queue':
          list[n++] = this.partOf.queue[r[at + RECORD.queue]!]!
          break
        case 'inefficient':
          if (inefficient) list[n++] = this.wholePart
          break
        case 'insight':
          if (inefficient) {
            const mask = r[at + RECORD.eventMask]! & INEFFICIENT_BITS
            let part = this.insightPart.get(mask)
            if (part === undefined) this.insightPart.set(mask, (part = this.parts.id(String(mask))))
            list[n++] = part
          }
          break
        case 'event':
          if (inefficient) {
            const mask = r[at + RECORD.eventMask]!
            for (const bit of EVENT_BITS) if ((mask >> bit) & 1) list[n++] = this.eventPart[bit]!
          }
          break
      }
    }
    from[SLICE_BASE_NAMES.length] = n
  }

  /** Adds a batch of app records (rollup-batch.ts), as the seed generates them. */
  addBatch(batch: RollupBatch): void {
    this.texts.take(batch)
    const r = batch.records
    for (let i = 0, at = 0; i < batch.count; i++, at += RECORD_WIDTH) {
      const status = this.statusOf[r[at + RECORD.status]!]!
      const kind = this.kindOf[r[at + RECORD.kind]!]!
      const cluster = this.clusterOf[r[at + RECORD.cluster]!]!
      const flag = r[at + RECORD.unravel]!
      this.partsOfRecord(r, at)
      for (let sliceBasis = 0; sliceBasis < SLICE_BASES.length; sliceBasis++) {
        const { base, variant, basis, grains } = SLICE_BASES[sliceBasis]!
        const time = r[at + (basis === 'start' ? RECORD.start : RECORD.finished)]!
        // A running app has no finish time (NaN): it is in no 'finish' row.
        if (time !== time) continue
        const rest =
          Math.floor(time / grains[0]!) * BUCKET_UNIT +
          (variant === 'total' ? this.anyStatus : status) * STATUS_UNIT +
          (variant === 'full' ? kind : this.anyKind) * KIND_UNIT +
          cluster * CLUSTER_UNIT +
          (variant === 'full' ? flag : 0) * FLAG_UNIT
        for (let p = this.partFrom[base]!; p < this.partFrom[base + 1]!; p++)
          this.addTo(sliceBasis * SLICE_BASIS_UNIT + this.partList[p]! * PART_UNIT + rest, r, at)
      }
    }
  }

  private addTo(key: number, r: Float64Array, at: number): void {
    const { at: to, fresh } = this.rows.slot(key)
    const m = this.rows.numbers()
    const d = r[at + RECORD.duration]!
    const c = r[at + RECORD.cents]!
    const e = r[at + RECORD.events]!
    const mask = r[at + RECORD.eventMask]!
    if ((d | 0) !== d || (c | 0) !== c)
      throw new Error(`app_rollups measures hold 32-bit integers: duration ${d} ms, cost ${c} cents`)
    if (fresh) {
      m[to + 1] = m[to + 2] = d
      m[to + 3] = m[to + 4] = c
      m[to + 5] = m[to + 6] = e
    }
    m[to]! += 1
    if (d < m[to + 1]!) m[to + 1] = d
    if (d > m[to + 2]!) m[to + 2] = d
    if (c < m[to + 3]!) m[to + 3] = c
    if (c > m[to + 4]!) m[to + 4] = c
    if (e < m[to + 5]!) m[to + 5] = e
    if (e > m[to + 6]!) m[to + 6] = e
    for (let bit = 0; bit < APP_EVENT_TYPES.length; bit++) m[to + 7 + bit]! += (mask >> bit) & 1
  }

  /**
   * Stores the kept grains of every (slice, basis) in primary-key order; returns the rows written
   * (each advances `progress` by one).
   * Which grains it kept: `keptGrains()`, for the settings.
   */
  write(db: Db, progress: SeedProgress = SILENT_PROGRESS): number {
    let written = 0
    this.kept = {}
    db.transaction(() => {
      db.exec('DELETE FROM app_rollups')
      db.exec('DELETE FROM app_rollup_names')
      const codes = Object.fromEntries(
        ROLLUP_NAME_FIELDS.map((f) => [
          f,
          codesInNameOrder([...(this.domain?.[f] ?? []), ...this.texts.texts[f]]),
        ]),
      ) as Record<RollupNameField, Map<string, number>>
      insertRows(
        db,
        'app_rollup_names',
        ['field', 'code', 'name'],
        ROLLUP_NAME_FIELDS.flatMap((f) =>
          [...codes[f]].filter(([name]) => name !== '').map(([name, code]) => [f, code, name]),
        ),
      )
      const rows = function* (this: AppRollupBuilder) {
        for (const row of this.rowsInKeyOrder(codes)) {
          written++
          progress.advance(1)
          yield row
        }
      }
      insertRows(db, 'app_rollups', [...KEYS.split(', '), ...MEASURES.split(', ')], rows.call(this))
    })()
    this.rows.clear()
    return written
  }

  /** The grains the last `write` kept, longest first (the setting `app_rollup_grains`). */
  keptGrains(): RollupGrains {
    return this.kept
  }

  /**
   * The rows in the table's key order (series, part, bucket, status, kind, cluster, flag; names as
   * their `codes`), each grain of a (slice, basis) added up from its finest rows as a stream: the
   * (slice, basis) blocks are visited in the order of their series and each block's parts in the
   * order of their stored part; within a part the finest rows are in bucket order, so the rows of one coarser bucket
   * are consecutive, and they are added up in a small array indexed by the rank of their status,
   * kind, cluster and flag (at most 2^15 values), which also gives their order. No hash table and
   * no sort of a whole grain: a grain is first counted (to keep it or not), then written.
   */
  private *rowsInKeyOrder(codes: Record<RollupNameField, Map<string, number>>): Generator<unknown[]> {
    const keys = this.rows.sortedKeys()
    const source = this.rows.numbers()
    // Each sorted key's offset in `source` (a plain loop: Int32Array.from with a map is far slower).
    // and its bucket index (at its finest grain) and low fields by rank, taken apart once.
    const at = new Int32Array(keys.length)
    const finestBucket = new Int32Array(keys.length)
    const lowOf = new Int32Array(keys.length)
    const [parts, statuses, kinds, clusters] = [this.parts, this.statuses, this.kinds, this.clusters].map(
      (i) => i.ranks(),
    ) as [Ranks, Ranks, Ranks, Ranks]
    // A key's low fields (status, kind, cluster, flag; key % BUCKET_UNIT) as the same fields by rank.
    const lowRank = new Int32Array(BUCKET_UNIT)
    for (let low = 0; low < BUCKET_UNIT; low++)
      lowRank[low] =
        statuses.rank[field(low, STATUS_UNIT, RADIX.status)]! * STATUS_UNIT +
        kinds.rank[field(low, KIND_UNIT, RADIX.kind)]! * KIND_UNIT +
        clusters.rank[field(low, CLUSTER_UNIT, RADIX.cluster)]! * CLUSTER_UNIT +
        (low % RADIX.flag)
    for (let i = 0; i < keys.length; i++) {
      at[i] = this.rows.offsetOf(keys[i]!)
      finestBucket[i] = field(keys[i]!, BUCKET_UNIT, RADIX.bucket)
      lowOf[i] = lowRank[keys[i]! % BUCKET_UNIT]!
    }
    // Where each (slice, basis) block starts among the sorted keys.
    const starts = new Array<number>(SLICE_BASES.length + 1).fill(keys.length)
    for (let i = keys.length - 1; i >= 0; i--) starts[Math.floor(keys[i]! / SLICE_BASIS_UNIT)] = i
    for (let b = SLICE_BASES.length - 1; b >= 0; b--) starts[b] = Math.min(starts[b]!, starts[b + 1]!)
    // In the table's order: by series (a block's grains are consecutive series, finest first).
    const firstSeries = (b: number) =>
      seriesCode(SLICE_BASES[b]!.slice, SLICE_BASES[b]!.basis, SLICE_BASES[b]!.grains[0]!)
    const blocks = SLICE_BASES.map((_s, b) => b).sort((a, b) => firstSeries(a) - firstSeries(b))
    const codeOf = (f: RollupNameField, name: string) => codes[f].get(name) ?? -1
    const kindCode = kinds.text.map((k) => codeOf('kind', k))
    const clusterCode = clusters.text.map((c) => codeOf('cluster', c))
    // The rows of one coarser bucket of one part: their measures by low rank, which were touched
    // (stamp: the group they were last touched in) and in what order.
    const merged = new Float64Array(BUCKET_UNIT * WIDTH)
    const stamp = new Int32Array(BUCKET_UNIT).fill(-1)
    const touched = new Int32Array(BUCKET_UNIT)
    let group = 0
    for (const b of blocks) {
      const { slice, base, basis, grains } = SLICE_BASES[b]!
      const stored = (part: number) =>
        partCode(SLICE_BASE_NAMES[base]!, parts.text[parts.rank[part]!]!, codeOf)
      // The block's parts as runs of keys, in the order of their stored part.
      const runs: { part: number; code: number; from: number; to: number }[] = []
      let apps = 0
      for (let i = starts[b]!; i < starts[b + 1]!; i++) {
        const part = field(keys[i]!, PART_UNIT, RADIX.part)
        if (!runs.length || runs.at(-1)!.part !== part)
          runs.push({ part, code: stored(part), from: i, to: i })
        runs.at(-1)!.to = i + 1
        // The apps the block's rows add up (an app in several parts counts once in each).
        apps += source[at[i]!]!
      }
      runs.sort((x, y) => x.code - y.code)
      for (const grain of grains) {
        // Each grain divides the coarser ones: a bucket index at this grain is an integer division.
        const perBucket = grain / grains[0]!
        const bucketOf = (i: number) => (finestBucket[i]! / perBucket) | 0
        if (this.keep === 'dense') {
          let rows = 0
          for (const { from, to } of runs)
            for (let i = from, bucket = NaN; i < to; i++) {
              const next = bucketOf(i)
              if (next !== bucket) {
                bucket = next
                group++
              }
              if (stamp[lowOf[i]!] !== group) {
                stamp[lowOf[i]!] = group
                rows++
              }
            }
          if (rows * MIN_APPS_PER_ROW > apps) continue
        }
        // Finest first here; kept longest first, as coverWindow reads them.
        ;((this.kept[slice] ??= {})[basis] ??= []).unshift(grain)
        const series = seriesCode(slice, basis, grain)
        for (const { code: part, from, to } of runs) {
          for (let i = from; i < to;) {
            const bucket = bucketOf(i)
            group++
            let count = 0
            for (; i < to && bucketOf(i) === bucket; i++) {
              const row = lowOf[i]!
              const fresh = stamp[row] !== group
              if (fresh) {
                stamp[row] = group
                touched[count++] = row
              }
              mergeInto(merged, row * WIDTH, source, at[i]!, fresh)
            }
            if (count <= 32) sortPrefix(touched, count)
            else touched.subarray(0, count).sort()
            for (let t = 0; t < count; t++) {
              const row = touched[t]!
              // Filled by index: spreading a typed array goes through its iterator, row by row.
              const out: unknown[] = [
                series,
                part,
                bucket,
                statuses.text[field(row, STATUS_UNIT, RADIX.status)],
                kindCode[field(row, KIND_UNIT, RADIX.kind)],
                clusterCode[field(row, CLUSTER_UNIT, RADIX.cluster)],
                row % RADIX.flag,
              ]
              for (let m = row * WIDTH; m < row * WIDTH + WIDTH; m++) out.push(merged[m])
              yield out
            }
          }
        }
      }
    }
  }
}

type Ranks = ReturnType<Interner['ranks']>

/** Sorts the first `count` numbers of `a` in place: an insertion sort, as a bucket's rows are a handful. */
function sortPrefix(a: Int32Array, count: number): void {
  for (let i = 1; i < count; i++) {
    const v = a[i]!
    let j = i - 1
    for (; j >= 0 && a[j]! > v; j--) a[j + 1] = a[j]!
    a[j + 1] = v
  }
}

/** Adds one row's measures (at `from` in `source`) into the row at `to` of `into` (copied when fresh). */
function mergeInto(into: Float64Array, to: number, source: MeasureArray, from: number, fresh: boolean): void {
  if (fresh) {
    into.set(source.subarray(from, from + WIDTH), to)
    return
  }
  into[to]! += source[from]!
  for (let min = 1; min < 7; min += 2)
    if (source[from + min]! < into[to + min]!) into[to + min] = source[from + min]!
  for (let max = 2; max < 7; max += 2)
    if (source[from + max]! > into[to + max]!) into[to + max] = source[from + max]!
  for (let e = 7; e < WIDTH; e++) into[to + e]! += source[from + e]!
}
