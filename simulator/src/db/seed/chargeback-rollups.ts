import type { Db } from '../open-database.ts'
import { DAY, SEP } from './app-rollups.ts'
import type { AppRow } from './applications.ts'
import { KeyedMeasures } from './keyed-measures.ts'

/**
 * The chargeback rollups (schema.sql cb_rollups): per start day and cluster, usage summed over the
 * dimensions a slice keeps (k kind, u user, q queue; the others stored as ''). A chargeback reads
 * the smallest slice that has its group-bys and filters: a two-level user × queue over 30 days adds
 * some 70,000 of these rows instead of a million apps.
 */
export const CHARGEBACK_SLICES = ['ku', 'kq', 'uq', 'kuq'] as const
export type ChargebackSlice = (typeof CHARGEBACK_SLICES)[number]

/** n, vs (vcore-seconds), ms (memory MB-seconds), io (bytes read and written), cents. */
const WIDTH = 5

/** The io of an app: bytes read and written (BigQuery writes none: its read is the bytes billed). */
export const appIo = (app: Pick<AppRow, 'dfs_read' | 'dfs_written'>) => app.dfs_read + app.dfs_written

/** Adds up the chargeback rollups as the seed writes each app (see AppRollupBuilder for why). */
export class ChargebackRollupBuilder {
  private readonly rows = new KeyedMeasures(WIDTH)

  add(app: AppRow): void {
    const day = Math.floor(app.start_time / DAY) * DAY
    for (const slice of CHARGEBACK_SLICES) {
      const id = [
        slice,
        day,
        app.cluster_uid,
        slice.includes('k') ? app.kind : '',
        slice.includes('u') ? app.user : '',
        slice.includes('q') ? app.queue : '',
      ].join(SEP)
      const { at } = this.rows.slot(id)
      const m = this.rows.numbers()
      m[at]! += 1
      m[at + 1]! += app.vcore_seconds
      m[at + 2]! += app.memory_seconds
      m[at + 3]! += appIo(app)
      m[at + 4]! += app.cents
    }
  }

  write(db: Db): void {
    db.transaction(() => {
      db.exec('DELETE FROM cb_rollups')
      const insert = db.prepare(
        `INSERT INTO cb_rollups (dims, day, cluster_uid, kind, user, queue, n, vs, ms, io, cents)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      for (const [id, m] of this.rows.entries()) {
        const [dims, day, cluster, kind, user, queue] = id.split(SEP)
        insert.run(dims, Number(day), cluster, kind, user, queue, ...m)
      }
    })()
    this.rows.clear()
  }
}
