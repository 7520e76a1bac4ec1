import type { Db } from '../open-database.ts'
import { DAY, QUARTER_DAY } from './app-rollups.ts'
import type { AppRow } from './applications.ts'
import type { SeedCluster } from './clusters.ts'
import { insertRows } from './bulk-insert.ts'
import { SILENT_PROGRESS, type SeedProgress } from './progress.ts'
import { Interner, KeyCodec, KeyedMeasures } from './keyed-measures.ts'
import {
  RECORD,
  RECORD_WIDTH,
  RollupBatcher,
  RollupTexts,
  type CodedField,
  type RollupBatch,
} from './rollup-batch.ts'

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

/** The io of an app: bytes read and written (defined with the records the rollups read). */
export { appIo } from './rollup-batch.ts'

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

  /** Received texts as codes; each code's id in this builder's interners. */
  private readonly texts = new RollupTexts((field, text) => this.learn(field, text))
  private readonly clusterOf: number[] = []
  private readonly scopeOf: number[] = []
  private readonly kindOf: number[] = []
  private readonly userOf: number[] = []
  private readonly queueOf: number[] = []
  private readonly none = { kind: this.kinds.id(''), user: this.users.id(''), queue: this.queues.id('') }
  private batcher: RollupBatcher | undefined

  /** Adds one app (tests and rebuilds; the seed hands whole batches to addBatch). */
  add(app: AppRow): void {
    this.addBatch((this.batcher ??= new RollupBatcher()).batch([app]))
  }

  private learn(field: CodedField, text: string): void {
    if (field === 'cluster') {
      this.clusterOf.push(this.clusters.id(text))
      this.scopeOf.push(this.clusters.id(this.scopes.get(text)!))
    } else if (field === 'kind') this.kindOf.push(this.kinds.id(text))
    else if (field === 'user') this.userOf.push(this.users.id(text))
    else if (field === 'queue') this.queueOf.push(this.queues.id(text))
  }

  /** Adds a batch of app records (rollup-batch.ts), as the seed generates them. */
  addBatch(batch: RollupBatch): void {
    this.texts.take(batch)
    const r = batch.records
    for (let i = 0, at = 0; i < batch.count; i++, at += RECORD_WIDTH) {
      const start = r[at + RECORD.start]!
      const day = Math.floor(start / DAY)
      const quarter = Math.floor(start / QUARTER_DAY)
      const cluster = this.clusterOf[r[at + RECORD.cluster]!]!
      const scope = this.scopeOf[r[at + RECORD.cluster]!]!
      const appKind = this.kindOf[r[at + RECORD.kind]!]!
      const appUser = this.userOf[r[at + RECORD.user]!]!
      const appQueue = this.queueOf[r[at + RECORD.queue]!]!
      CHARGEBACK_SLICES.forEach((slice, s) => {
        const kind = slice.includes('k') ? appKind : this.none.kind
        const user = slice.includes('u') ? appUser : this.none.user
        const queue = slice.includes('q') ? appQueue : this.none.queue
        this.addTo(this.codec.encode([s, 0, cluster, day, kind, user, queue]), r, at)
        this.addTo(this.codec.encode([s, 0, scope, day, kind, user, queue]), r, at)
        this.addTo(this.codec.encode([s, 1, scope, quarter, kind, user, queue]), r, at)
      })
    }
  }

  private addTo(key: number, r: Float64Array, at: number): void {
    const { at: to } = this.rows.slot(key)
    const m = this.rows.numbers()
    m[to]! += 1
    m[to + 1]! += r[at + RECORD.vcoreSeconds]!
    m[to + 2]! += r[at + RECORD.memorySeconds]!
    m[to + 3]! += r[at + RECORD.io]!
    m[to + 4]! += r[at + RECORD.cents]!
  }

  /** Stores the rows in key order (each advances `progress` by one). */
  write(db: Db, progress: SeedProgress = SILENT_PROGRESS): void {
    db.transaction(() => {
      db.exec('DELETE FROM cb_rollups')
      const rows = function* (this: ChargebackRollupBuilder) {
        for (const [key, m] of this.rows.entries()) {
          progress.advance(1)
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
