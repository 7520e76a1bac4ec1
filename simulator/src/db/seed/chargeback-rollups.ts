import type { Db } from '../open-database.ts'
import { DAY, QUARTER_DAY } from './app-rollups.ts'
import type { AppRow } from './applications.ts'
import type { SeedCluster } from './clusters.ts'
import { insertRows } from './bulk-insert.ts'
import { Interner, KeyCodec, KeyedMeasures } from './keyed-measures.ts'

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
export const platformScope = (platform: string, clusterKind: string) => `*${platform}/${clusterKind}`

/** n, vs (vcore-seconds), ms (memory MB-seconds), io (bytes read and written), cents. */
const WIDTH = 5

/** The io of an app: bytes read and written (BigQuery writes none: its read is the bytes billed). */
export const appIo = (app: Pick<AppRow, 'dfs_read' | 'dfs_written'>) => app.dfs_read + app.dfs_written

const COLUMNS = [
  'dims',
  'grain',
  'cluster_uid',
  'bucket',
  'kind',
  'user',
  'queue',
  'n',
  'vs',
  'ms',
  'io',
  'cents',
]

/** The two grains of cb_rollups rows, by their index in a row key. */
const GRAINS = [DAY, QUARTER_DAY] as const

/** Adds up the chargeback rollups as the seed writes each app (see AppRollupBuilder for why). */
export class ChargebackRollupBuilder {
  private readonly rows = new KeyedMeasures(WIDTH)
  private readonly scopes: ReadonlyMap<string, string>
  private readonly clusters = new Interner()
  private readonly kinds = new Interner()
  private readonly users = new Interner()
  private readonly queues = new Interner()
  // slice, grain, cluster or platform scope, bucket index, kind, user, queue: 2^52 keys.
  private readonly codec = new KeyCodec([4, 2, 1024, 2 ** 20, 8, 1024, 64])

  constructor(clusters: readonly Pick<SeedCluster, 'unravelId' | 'platform' | 'kind'>[]) {
    this.scopes = new Map(clusters.map((c) => [c.unravelId, platformScope(c.platform, c.kind)]))
  }

  add(app: AppRow): void {
    const day = Math.floor(app.start_time / DAY)
    const quarter = Math.floor(app.start_time / QUARTER_DAY)
    const cluster = this.clusters.id(app.cluster_uid)
    const scope = this.clusters.id(this.scopes.get(app.cluster_uid)!)
    CHARGEBACK_SLICES.forEach((slice, s) => {
      const kind = this.kinds.id(slice.includes('k') ? app.kind : '')
      const user = this.users.id(slice.includes('u') ? app.user : '')
      const queue = this.queues.id(slice.includes('q') ? app.queue : '')
      this.addTo(this.codec.encode([s, 0, cluster, day, kind, user, queue]), app)
      this.addTo(this.codec.encode([s, 0, scope, day, kind, user, queue]), app)
      this.addTo(this.codec.encode([s, 1, scope, quarter, kind, user, queue]), app)
    })
  }

  private addTo(key: number, app: AppRow): void {
    const { at } = this.rows.slot(key)
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
      const rows = function* (this: ChargebackRollupBuilder) {
        for (const [key, m] of this.rows.entries()) {
          const [slice, grain, cluster, bucket, kind, user, queue] = this.codec.decode(key)
          const length = GRAINS[grain!]!
          yield [
            CHARGEBACK_SLICES[slice!],
            length,
            this.clusters.text(cluster!),
            bucket! * length,
            this.kinds.text(kind!),
            this.users.text(user!),
            this.queues.text(queue!),
            ...m,
          ]
        }
      }
      insertRows(db, 'cb_rollups', COLUMNS, rows.call(this))
    })()
    this.rows.clear()
  }
}
