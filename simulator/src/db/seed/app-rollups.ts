import type { Db } from '../open-database.ts'
import { INEFFICIENT_EVENT_TYPES } from '@costlens/shared'
import { APP_EVENT_TYPES, eventTypeMask, type AppRow } from './applications.ts'
import { insertRows } from './bulk-insert.ts'
import { Interner, KeyCodec, KeyedMeasures } from './keyed-measures.ts'

export const HOUR = 3_600_000
export const DAY = 86_400_000
/** A quarter day: a window of many hours reads a few of these instead of every hour. */
export const QUARTER_DAY = 6 * HOUR
export const TEN_MINUTES = 600_000

const FINE = [DAY, QUARTER_DAY, HOUR] as const
/** For the summed rows of a few slices, which are few an hour: a window's edges then read minutes of apps. */
const FINER = [DAY, QUARTER_DAY, HOUR, TEN_MINUTES] as const
/** Per hour a single user has about as many full rows as apps, so those stop at quarter days. */
const COARSE = [DAY, QUARTER_DAY] as const

/**
 * The rollup slices (schema.sql app_rollups): which apps each holds and what its `part` is
 * (partsOf), for which time bases, and at which grains each variant (RollupVariant) is kept. What a
 * window's whole buckets do not cover is read from the apps, so finer grains trade rows for fewer
 * apps read at the edges; the finest are kept where rows are few and searches many.
 * - all: every app. kind: every app, under its kind (no full variant: 'all' keeps the kind).
 * - user, queue: every app, under its user or its queue.
 * - inefficient: the apps with an event of type 2 or 6 (02 §7 eventTypes, B182).
 * - insight: those apps under the mask of their inefficient event names (as text), so a filter of
 *   several names adds up the masks it intersects.
 * - event: those apps once under each of their event names (the name's bit), so a filter of one
 *   name reads one part, whichever list it comes from.
 */
const BASE_SLICES = {
  all: { bases: ['start', 'finish'], full: FINE, status: FINER, total: FINER },
  kind: { bases: ['start', 'finish'], status: FINE, total: FINE },
  user: { bases: ['start', 'finish'], full: COARSE, status: COARSE, total: FINE },
  queue: { bases: ['start', 'finish'], full: COARSE, status: COARSE, total: FINE },
  inefficient: { bases: ['start'], full: FINE, status: FINER, total: FINER },
  insight: { bases: ['start'], full: FINE, status: FINE, total: FINE },
  event: { bases: ['start'], full: COARSE, status: FINE, total: FINER },
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

export const ROLLUP_SLICES = Object.fromEntries(
  (Object.entries(BASE_SLICES) as [SliceBase, (typeof BASE_SLICES)[SliceBase]][]).flatMap(([base, spec]) =>
    (['full', 'status', 'total'] as const).flatMap((variant): [RollupSlice, RollupSliceSpec][] => {
      const grains = (spec as Partial<Record<RollupVariant, readonly number[]>>)[variant]
      return grains ? [[sliceName(base, variant), { base, variant, bases: spec.bases, grains }]] : []
    }),
  ),
) as Partial<Record<RollupSlice, RollupSliceSpec>>

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
const KEYS = 'slice, basis, grain, part, bucket, status, kind, cluster_uid, executed_by_unravel'

/** Measures per row, in column order: n, dmin, dmax, cmin, cmax, emin, emax, e0…e7. */
const WIDTH = 7 + APP_EVENT_TYPES.length
/** The slice, time basis and finest grain of each (slice, basis) a row key starts with. */
const SLICE_BASES = (Object.entries(ROLLUP_SLICES) as [RollupSlice, RollupSliceSpec][]).flatMap(
  ([slice, spec]) =>
    spec.bases.map((basis) => ({
      slice,
      base: spec.base,
      variant: spec.variant,
      basis,
      grain: Math.min(...spec.grains),
    })),
)

/**
 * Adds up the finest-grain rollup rows as the seed writes each app, then stores them and derives
 * the coarser grains from them in SQL. The seed is the only writer of applications, so the rollups
 * hold exactly what the apps hold (the totals tests compare both on hundreds of searches). Adding
 * in the seed's own loop costs a few seconds for a million apps; a grouped scan of the table per
 * slice and basis took over twenty.
 */
export class AppRollupBuilder {
  private readonly rows = new KeyedMeasures(WIDTH)
  private readonly parts = new Interner()
  private readonly statuses = new Interner()
  private readonly kinds = new Interner()
  private readonly clusters = new Interner()
  // (slice, basis), part, bucket index (ten-minute buckets since 1970 need 22 bits), status, kind,
  // cluster, unravel flag: 2^52 keys, within a double's exact integers.
  private readonly codec = new KeyCodec([64, 512, 2 ** 22, 8, 16, 128, 2])

  add(app: AppRow): void {
    const status = this.statuses.id(app.status)
    const anyStatus = this.statuses.id('')
    const kind = this.kinds.id(app.kind)
    const anyKind = this.kinds.id('')
    const cluster = this.clusters.id(app.cluster_uid)
    const parts = new Map<SliceBase, readonly string[]>()
    SLICE_BASES.forEach(({ base, variant, basis, grain }, sliceBasis) => {
      let ofBase = parts.get(base)
      if (!ofBase) parts.set(base, (ofBase = partsOf(base, app)))
      const time = basis === 'start' ? app.start_time : app.finished_time
      if (time === null) return
      const bucket = Math.floor(time / grain)
      for (const part of ofBase)
        this.addTo(
          this.codec.encode([
            sliceBasis,
            this.parts.id(part),
            bucket,
            variant === 'total' ? anyStatus : status,
            variant === 'full' ? kind : anyKind,
            cluster,
            variant === 'full' ? app.executed_by_unravel : 0,
          ]),
          app,
        )
    })
  }

  private addTo(key: number, app: AppRow): void {
    const { at, fresh } = this.rows.slot(key)
    const m = this.rows.numbers()
    const { duration: d, cents: c, num_events: e } = app
    if (fresh) {
      m[at + 1] = m[at + 2] = d
      m[at + 3] = m[at + 4] = c
      m[at + 5] = m[at + 6] = e
    }
    m[at]! += 1
    if (d < m[at + 1]!) m[at + 1] = d
    if (d > m[at + 2]!) m[at + 2] = d
    if (c < m[at + 3]!) m[at + 3] = c
    if (c > m[at + 4]!) m[at + 4] = c
    if (e < m[at + 5]!) m[at + 5] = e
    if (e > m[at + 6]!) m[at + 6] = e
    for (let bit = 0; bit < APP_EVENT_TYPES.length; bit++) m[at + 7 + bit]! += (app.event_mask >> bit) & 1
  }

  /**
   * Stores the rows added so far, then each coarser grain from the finer rows. Grains are written
   * into the SQL as integer literals (they are the constants above, never input): a bound JS number
   * is a REAL to SQLite, and `bucket / 86400000.0` would not cut time into days.
   */
  write(db: Db): number {
    db.transaction(() => {
      db.exec('DELETE FROM app_rollups')
      const rows = function* (this: AppRollupBuilder) {
        for (const [key, measures] of this.rows.entries()) {
          const [sliceBasis, part, bucket, status, kind, cluster, unravel] = this.codec.decode(key)
          const { slice, basis, grain } = SLICE_BASES[sliceBasis!]!
          yield [
            slice,
            basis,
            grain,
            this.parts.text(part!),
            bucket! * grain,
            this.statuses.text(status!),
            this.kinds.text(kind!),
            this.clusters.text(cluster!),
            unravel,
            ...measures,
          ]
        }
      }
      insertRows(db, 'app_rollups', [...KEYS.split(', '), ...MEASURES.split(', ')], rows.call(this))
      for (const [slice, spec] of Object.entries(ROLLUP_SLICES)) {
        const grains = [...spec.grains].sort((a, b) => a - b)
        for (const basis of spec.bases)
          for (const [i, grain] of grains.slice(1).entries())
            db.prepare(
              `INSERT INTO app_rollups (${KEYS}, ${MEASURES})
               SELECT slice, basis, ${grain}, part, (bucket / ${grain}) * ${grain}, status, kind, cluster_uid,
                      executed_by_unravel, sum(n), min(dmin), max(dmax), min(cmin), max(cmax), min(emin),
                      max(emax), ${EVENT_COLUMNS.map((e) => `sum(${e})`).join(', ')}
                 FROM app_rollups
                WHERE slice = @slice AND basis = @basis AND grain = ${grains[i]!}
                GROUP BY part, 5, status, kind, cluster_uid, executed_by_unravel`,
            ).run({ slice, basis })
      }
    })()
    this.rows.clear()
    return db.prepare('SELECT count(*) FROM app_rollups').pluck().get() as number
  }
}
