import type { Db } from '../open-database.ts'
import { INEFFICIENT_EVENT_TYPES } from '@costlens/shared'
import { APP_EVENT_TYPES, eventTypeMask, type AppRow } from './applications.ts'
import { KeyedMeasures } from './keyed-measures.ts'

export const HOUR = 3_600_000
export const DAY = 86_400_000

/**
 * The rollup slices (schema.sql app_rollups) and at which grains and for which time bases each is
 * kept (partOf says which apps each holds). 'user' and 'queue' are daily only: per hour a single
 * user has about as many rollup rows as apps, so the edges of a window read the apps themselves.
 */
export const ROLLUP_SLICES = {
  all: { grains: [DAY, HOUR], bases: ['start', 'finish'] },
  inefficient: { grains: [DAY, HOUR], bases: ['start'] },
  insight: { grains: [DAY, HOUR], bases: ['start'] },
  user: { grains: [DAY], bases: ['start', 'finish'] },
  queue: { grains: [DAY], bases: ['start', 'finish'] },
} as const satisfies Record<string, { grains: readonly number[]; bases: readonly ('start' | 'finish')[] }>

/** The bits of the inefficient event names (types 2 and 6, B182) in event_mask. */
export const INEFFICIENT_BITS = eventTypeMask(INEFFICIENT_EVENT_TYPES)

/**
 * Which slice rows an app adds to, and its part there: every app to 'all'; an inefficient app to
 * 'inefficient' and to 'insight' under its inefficient event names (the mask of them, as text, so
 * an insights filter picks the masks it intersects); every app to its user's and its queue's.
 */
function partOf(slice: RollupSlice, app: AppRow): string | undefined {
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
/** Separates the key fields of a row's id; no seeded name holds it. */
export const SEP = '\u0000'

/**
 * Adds up the finest-grain rollup rows as the seed writes each app, then stores them and derives
 * the coarser grains from them in SQL. The seed is the only writer of applications, so the rollups
 * hold exactly what the apps hold (the totals tests compare both on hundreds of searches). Adding
 * in the seed's own loop costs about a second for a million apps; a grouped scan of the table per
 * slice and basis took over twenty.
 */
export class AppRollupBuilder {
  private readonly rows = new KeyedMeasures(WIDTH)

  add(app: AppRow): void {
    for (const [slice, spec] of Object.entries(ROLLUP_SLICES) as [
      RollupSlice,
      (typeof ROLLUP_SLICES)[RollupSlice],
    ][]) {
      const part = partOf(slice, app)
      if (part === undefined) continue
      const grain = Math.min(...spec.grains)
      for (const basis of spec.bases) {
        const time = basis === 'start' ? app.start_time : app.finished_time
        if (time === null) continue
        const bucket = Math.floor(time / grain) * grain
        const id = [
          slice,
          basis,
          grain,
          part,
          bucket,
          app.status,
          app.kind,
          app.cluster_uid,
          app.executed_by_unravel,
        ].join(SEP)
        this.addTo(id, app)
      }
    }
  }

  private addTo(id: string, app: AppRow): void {
    const { at, fresh } = this.rows.slot(id)
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
      const insert = db.prepare(
        `INSERT INTO app_rollups (${KEYS}, ${MEASURES}) VALUES (${[...KEYS.split(', '), ...MEASURES.split(', ')].map(() => '?').join(', ')})`,
      )
      for (const [id, measures] of this.rows.entries()) {
        const [slice, basis, grain, part, bucket, status, kind, cluster, unravel] = id.split(SEP)
        insert.run(
          slice,
          basis,
          Number(grain),
          part,
          Number(bucket),
          status,
          kind,
          cluster,
          Number(unravel),
          ...measures,
        )
      }
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
