import type { Db } from '../open-database.ts'
import { INEFFICIENT_EVENT_TYPES } from '@costlens/shared'
import { APP_EVENT_TYPES, eventTypeMask, type AppRow } from './applications.ts'
import { insertRows } from './bulk-insert.ts'
import { Interner, KeyCodec, KeyedMeasures } from './keyed-measures.ts'

export const HOUR = 3_600_000
export const DAY = 86_400_000
/** A quarter day: a window of many hours reads a few of these instead of every hour. */
export const QUARTER_DAY = 6 * HOUR
/** The finest grain, of the slices summed over kind: a window's edges then read minutes of apps. */
export const TEN_MINUTES = 600_000

/**
 * The rollup slices (schema.sql app_rollups) and at which grains and for which time bases each is
 * kept (partOf says which apps each holds). 'user' and 'queue' stop at quarter days: per hour a
 * single user has about as many rollup rows as apps, so the edges of a window read the apps.
 * A slice with `summedOver` holds the apps of the slice it names added up over kind and unravel
 * flag (stored as '' and 0): most searches filter neither, and read a third of the rows there.
 */
const SUMMED_GRAINS = [DAY, QUARTER_DAY, HOUR, TEN_MINUTES] as const
export const ROLLUP_SLICES = {
  all: { grains: [DAY, QUARTER_DAY, HOUR], bases: ['start', 'finish'] },
  inefficient: { grains: [DAY, QUARTER_DAY, HOUR], bases: ['start'] },
  insight: { grains: [DAY, QUARTER_DAY, HOUR], bases: ['start'] },
  user: { grains: [DAY, QUARTER_DAY], bases: ['start', 'finish'] },
  queue: { grains: [DAY, QUARTER_DAY], bases: ['start', 'finish'] },
  'all/status': { grains: SUMMED_GRAINS, bases: ['start', 'finish'], summedOver: 'all' },
  'inefficient/status': { grains: SUMMED_GRAINS, bases: ['start'], summedOver: 'inefficient' },
  'insight/status': { grains: SUMMED_GRAINS, bases: ['start'], summedOver: 'insight' },
} as const satisfies Record<
  string,
  { grains: readonly number[]; bases: readonly ('start' | 'finish')[]; summedOver?: string }
>

/** The slice that holds the same apps summed over kind and unravel flag, for those that have one. */
export const STATUS_SLICE_OF: Partial<Record<RollupSlice, RollupSlice>> = Object.fromEntries(
  Object.entries(ROLLUP_SLICES).flatMap(([slice, spec]) =>
    'summedOver' in spec ? [[spec.summedOver, slice]] : [],
  ),
)

/** The bits of the inefficient event names (types 2 and 6, B182) in event_mask. */
export const INEFFICIENT_BITS = eventTypeMask(INEFFICIENT_EVENT_TYPES)

/**
 * Which slice rows an app adds to, and its part there: every app to 'all'; an inefficient app to
 * 'inefficient' and to 'insight' under its inefficient event names (the mask of them, as text, so
 * an insights filter picks the masks it intersects); every app to its user's and its queue's.
 */
function partOf(slice: RollupSlice, app: AppRow): string | undefined {
  const spec = ROLLUP_SLICES[slice]
  if ('summedOver' in spec) return partOf(spec.summedOver, app)
  switch (slice) {
    case 'all':
      return ''
    case 'inefficient':
      return app.inefficient === 1 ? '' : undefined
    case 'insight':
      return app.inefficient === 1 ? String(app.event_mask & INEFFICIENT_BITS) : undefined
    case 'user':
      return app.user
    case 'queue':
      return app.queue
  }
}

export type RollupSlice = keyof typeof ROLLUP_SLICES
export type RollupBasis = 'start' | 'finish'

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
/** The finest grain, time basis and slice of each (slice, basis) a row key starts with. */
const SLICE_BASES = (
  Object.entries(ROLLUP_SLICES) as [RollupSlice, (typeof ROLLUP_SLICES)[RollupSlice]][]
).flatMap(([slice, spec]) =>
  spec.bases.map((basis) => ({
    slice,
    basis,
    grain: Math.min(...spec.grains),
    summed: 'summedOver' in spec,
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
  private readonly codec = new KeyCodec([16, 1024, 2 ** 22, 8, 16, 256, 2])

  add(app: AppRow): void {
    const status = this.statuses.id(app.status)
    const kind = this.kinds.id(app.kind)
    const anyKind = this.kinds.id('')
    const cluster = this.clusters.id(app.cluster_uid)
    SLICE_BASES.forEach(({ slice, basis, grain, summed }, sliceBasis) => {
      const part = partOf(slice, app)
      if (part === undefined) return
      const time = basis === 'start' ? app.start_time : app.finished_time
      if (time === null) return
      const bucket = Math.floor(time / grain)
      this.addTo(
        this.codec.encode([
          sliceBasis,
          this.parts.id(part),
          bucket,
          status,
          summed ? anyKind : kind,
          cluster,
          summed ? 0 : app.executed_by_unravel,
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
