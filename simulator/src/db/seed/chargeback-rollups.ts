import type { Db } from '../open-database.ts'
import { DAY, HOUR, SEP } from './app-rollups.ts'
import type { AppRow } from './applications.ts'
import type { SeedCluster } from './clusters.ts'
import { KeyedMeasures } from './keyed-measures.ts'

/**
 * The chargeback rollups (schema.sql cb_rollups): usage by start day per cluster, and by start day
 * and quarter day per platform and kind of cluster (all the CDH YARN clusters as one, `*CDH/Yarn`),
 * summed over two of kind, user and queue (k, u, q; the third stored as ''). A chargeback reads the
 * smallest slice that has its group-bys and filters: a two-level user × queue over 30 days of every
 * EMR cluster adds a few thousand of these rows instead of six hundred thousand apps. A search that
 * needs all three (user × queue of some application types) reads the apps.
 */
export const CHARGEBACK_SLICES = ['ku', 'kq', 'uq'] as const
export type ChargebackSlice = (typeof CHARGEBACK_SLICES)[number]

/** The cluster_uid under which cb_rollups keeps the totals of a platform's clusters of a kind. */
/** The finer grain of the platform rows: the edges of a window then read at most six hours of apps. */
export const QUARTER_DAY = 6 * HOUR

export const platformScope = (platform: string, clusterKind: string) => `*${platform}/${clusterKind}`

/** n, vs (vcore-seconds), ms (memory MB-seconds), io (bytes read and written), cents. */
const WIDTH = 5

/** The io of an app: bytes read and written (BigQuery writes none: its read is the bytes billed). */
export const appIo = (app: Pick<AppRow, 'dfs_read' | 'dfs_written'>) => app.dfs_read + app.dfs_written

/** Adds up the chargeback rollups as the seed writes each app (see AppRollupBuilder for why). */
export class ChargebackRollupBuilder {
  private readonly rows = new KeyedMeasures(WIDTH)
  private readonly scopes: ReadonlyMap<string, string>

  constructor(clusters: readonly Pick<SeedCluster, 'unravelId' | 'platform' | 'kind'>[]) {
    this.scopes = new Map(clusters.map((c) => [c.unravelId, platformScope(c.platform, c.kind)]))
  }

  add(app: AppRow): void {
    const day = Math.floor(app.start_time / DAY) * DAY
    const quarter = Math.floor(app.start_time / QUARTER_DAY) * QUARTER_DAY
    const scope = this.scopes.get(app.cluster_uid)!
    for (const slice of CHARGEBACK_SLICES) {
      const dims = [
        slice.includes('k') ? app.kind : '',
        slice.includes('u') ? app.user : '',
        slice.includes('q') ? app.queue : '',
      ]
      this.addTo([slice, DAY, app.cluster_uid, day, ...dims].join(SEP), app)
      this.addTo([slice, DAY, scope, day, ...dims].join(SEP), app)
      this.addTo([slice, QUARTER_DAY, scope, quarter, ...dims].join(SEP), app)
    }
  }

  private addTo(id: string, app: AppRow): void {
    const { at } = this.rows.slot(id)
    const m = this.rows.numbers()
    m[at]! += 1
    m[at + 1]! += app.vcore_seconds
    m[at + 2]! += app.memory_seconds
    m[at + 3]! += appIo(app)
    m[at + 4]! += app.cents
  }

  write(db: Db): void {
    db.transaction(() => {
      db.exec('DELETE FROM cb_rollups')
      const insert = db.prepare(
        `INSERT INTO cb_rollups (dims, grain, cluster_uid, bucket, kind, user, queue, n, vs, ms, io, cents)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      for (const [id, m] of this.rows.entries()) {
        const [dims, grain, cluster, bucket, kind, user, queue] = id.split(SEP)
        insert.run(dims, Number(grain), cluster, Number(bucket), kind, user, queue, ...m)
      }
    })()
    this.rows.clear()
  }
}
