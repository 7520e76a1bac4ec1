import type { Db } from '../open-database.ts'
import { APP_HISTORY_DAYS, appNameDomain } from './applications.ts'
import { codesInNameOrder } from './name-codes.ts'
import type { SeedCluster } from './clusters.ts'
import type { Prng } from './prng.ts'
import { ResourceDeltas } from './resource-deltas.ts'

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/**
 * The resolution of the stored resource series: the finest point a cluster chart asks for (B091:
 * 2m up to an hour). 31 days of it is 22,320 rows a cluster; a whole seed's series is one GROUP BY
 * over the applications and one windowed INSERT (see seedClusterResources).
 */
export const RESOURCE_BUCKET_MS = 2 * MINUTE

/**
 * Capacity over the busiest bucket: the nodes up offer at least 1.25 times the allocation, so the
 * busiest moment of the history (the long-running work of today, seed/applications.ts) runs the
 * cluster at 80 %.
 */
const HEADROOM = 1.25

/** A NodeManager size: what YARN may hand out on one node. */
export interface NodeType {
  name: string
  vcores: number
  memoryMb: number
}

/**
 * EMR instance types and the YARN resources EMR configures on them (yarn.nodemanager.resource.*
 * defaults per instance type, ⚠ plausible: DOMAIN.md §4 names m5/r5 families only), smallest first.
 */
const EMR_NODE_TYPES: readonly NodeType[] = [
  { name: 'm5.xlarge', vcores: 4, memoryMb: 12_288 },
  { name: 'm5.2xlarge', vcores: 8, memoryMb: 24_576 },
  { name: 'r5.2xlarge', vcores: 8, memoryMb: 57_344 },
  { name: 'r5.4xlarge', vcores: 16, memoryMb: 122_880 },
  { name: 'r5.8xlarge', vcores: 32, memoryMb: 253_952 },
  { name: 'r5.12xlarge', vcores: 48, memoryMb: 385_024 },
  { name: 'r5.16xlarge', vcores: 64, memoryMb: 516_096 },
  { name: 'r5.24xlarge', vcores: 96, memoryMb: 778_240 },
]

/**
 * On-premises worker profiles (cores, RAM) with about 80 % of the RAM given to YARN, the rest to
 * the OS, HDFS DataNode and NodeManager (⚠ common sizing practice, not from DOMAIN.md).
 */
const ON_PREM_NODE_TYPES: readonly NodeType[] = [
  { name: '16c-128g', vcores: 16, memoryMb: 98_304 },
  { name: '24c-192g', vcores: 24, memoryMb: 155_648 },
  { name: '32c-256g', vcores: 32, memoryMb: 212_992 },
  { name: '48c-384g', vcores: 48, memoryMb: 327_680 },
  { name: '64c-512g', vcores: 64, memoryMb: 438_272 },
  { name: '96c-768g', vcores: 96, memoryMb: 655_360 },
]

export const NODE_STATES = ['UNHEALTHY', 'LOST', 'DECOMMISSIONED'] as const
export type NodeState = (typeof NODE_STATES)[number]

interface Span {
  cluster: SeedCluster
  /** First and last bucket (inclusive) of the cluster's life inside the history. */
  b0: number
  b1: number
}

interface Outage {
  host: string
  state: NodeState
  /** Buckets [start, end). */
  start: number
  end: number
}

const pad = (n: number, width: number) => String(n).padStart(width, '0')

function hostName(cluster: SeedCluster, index: number): string {
  return cluster.platform === 'EMR'
    ? `ip-10-${(index >> 8) & 255}-${index & 255}-${pad(17 + ((index * 37) % 200), 3)}.ec2.internal`
    : `${cluster.clusterName}-wn${pad(index + 1, 3)}.acme.internal`
}

/**
 * Nodes going down now and then: about one event a day per hundred nodes (plus a base rate), half
 * a failing health check (20 minutes to 3 hours), four in ten a lost NodeManager (10 minutes to 2
 * hours, sometimes a whole rack of 2-4 nodes), one in ten a node taken out for repair (1-3 days).
 * No more than a tenth of the nodes (at least one) are down at once; a node is down once at a time.
 */
function nodeOutages(prng: Prng, span: Span, nodes: number): Outage[] {
  const bucketsPerDay = DAY / RESOURCE_BUCKET_MS
  const perBucket = (0.05 + nodes * 0.01) / bucketsPerDay
  const cap = Math.max(1, Math.floor(nodes / 10))
  const down = new Int16Array(span.b1 - span.b0 + 1)
  const busyUntil = new Map<number, number>()
  const outages: Outage[] = []
  const buckets = (ms: number) => Math.max(1, Math.round(ms / RESOURCE_BUCKET_MS))
  let b = span.b0
  for (;;) {
    b += Math.ceil(-Math.log(1 - prng.next()) / perBucket)
    if (b > span.b1) break
    const roll = prng.next()
    const state: NodeState = roll < 0.5 ? 'UNHEALTHY' : roll < 0.9 ? 'LOST' : 'DECOMMISSIONED'
    const length =
      state === 'UNHEALTHY'
        ? buckets(prng.int(20 * MINUTE, 3 * HOUR))
        : state === 'LOST'
          ? buckets(prng.int(10 * MINUTE, 2 * HOUR))
          : buckets(prng.int(DAY, 3 * DAY))
    const end = Math.min(span.b1 + 1, b + length)
    const rack = state === 'LOST' && prng.chance(0.1) ? prng.int(2, 4) : 1
    const first = prng.int(0, Math.max(0, nodes - rack))
    const hosts = Array.from({ length: Math.min(rack, nodes) }, (_, i) => first + i)
    if (hosts.some((h) => (busyUntil.get(h) ?? -1) > b)) continue
    let peak = 0
    for (let i = b; i < end; i++) peak = Math.max(peak, down[i - span.b0]!)
    if (peak + hosts.length > cap) continue
    for (let i = b; i < end; i++) down[i - span.b0] = (down[i - span.b0] ?? 0) + hosts.length
    for (const h of hosts) {
      busyUntil.set(h, end)
      outages.push({ host: hostName(span.cluster, h), state, start: b, end })
    }
  }
  return outages
}

/**
 * Queue capacities (percent, adding up to 100) from each queue's share of the work that ran in it,
 * at least 2 % each, by largest remainder; the maximum capacity lets a queue grow to about twice
 * its share plus 20 points, in steps of 5, up to the whole cluster.
 */
export function queueCapacities(
  weights: readonly [string, number][],
): { queue: string; capacity: number; maxCapacity: number }[] {
  if (!weights.length) return [{ queue: 'root.default', capacity: 100, maxCapacity: 100 }]
  const total = weights.reduce((n, [, w]) => n + w, 0) || 1
  const raw = weights.map(([queue, w]) => ({ queue, share: Math.max(2, (100 * w) / total) }))
  const scale = 100 / raw.reduce((n, r) => n + r.share, 0)
  const exact = raw.map((r) => ({ queue: r.queue, value: r.share * scale }))
  const floors = exact.map((e) => ({ ...e, capacity: Math.floor(e.value) }))
  let left = 100 - floors.reduce((n, f) => n + f.capacity, 0)
  for (const f of [...floors].sort(
    (a, b) => b.value - Math.floor(b.value) - (a.value - Math.floor(a.value)),
  )) {
    if (left <= 0) break
    f.capacity++
    left--
  }
  return floors.map((f) => ({
    queue: f.queue,
    capacity: f.capacity,
    maxCapacity: Math.min(100, Math.ceil((f.capacity * 2 + 20) / 5) * 5),
  }))
}

/** The smallest node type that gives every node the vcores and memory asked, or undefined. */
function smallestFitting(types: readonly NodeType[], vcores: number, memoryMb: number): NodeType | undefined {
  return types.find((t) => t.vcores >= vcores && t.memoryMb >= memoryMb)
}

/**
 * The rate changes the seed adds the applications up into as it generates them (seedClusterResources'
 * step 2), over the stored series: from the history's first bucket to the end of the one holding now
 * (the apps running now count as running to its end).
 */
export function resourceDeltasFor(clusters: readonly SeedCluster[], now: number): ResourceDeltas {
  const first = Math.floor((now - (APP_HISTORY_DAYS + 1) * DAY) / RESOURCE_BUCKET_MS) * RESOURCE_BUCKET_MS
  const end = first + (Math.floor((now - first) / RESOURCE_BUCKET_MS) + 1) * RESOURCE_BUCKET_MS
  const yarn = clusters.filter((c) => c.kind === 'Yarn').map((c) => c.unravelId)
  return new ResourceDeltas(yarn, first, end, RESOURCE_BUCKET_MS)
}

/**
 * Seeds the resources of every Yarn cluster (after the applications, whose runs they sum):
 *
 * 1. Node outages per cluster (nodeOutages), stored in yarn_node_events.
 * 2. Per cluster and 2-minute bucket of its life in the history, the average vcores and memory
 *    allocated, and the nodes down. Each application holds vcore_seconds / duration vcores (and
 *    memory_seconds / duration MB) from its start to its end, or onwards while running. Its start
 *    adds that rate from the next bucket on and the part of its own bucket after the start; its
 *    end takes them away the same way: `deltas` (resource-deltas.ts), added up as the apps were
 *    generated. A running sum over the buckets turns those into per-bucket averages, so a million
 *    applications cost one ordered walk, not a loop over their buckets. Node outages are changes
 *    of the same walk.
 * 3. Sizing: the node type is the smallest that keeps the busiest bucket (and the apps running
 *    now) under capacity / HEADROOM with the nodes then down; where even the largest type is too
 *    small, the cluster gets more nodes (clusters.node_count follows). Never clipped.
 * 4. Queues: the apps' queue names per cluster, capacities from their share of the work.
 */
export function seedClusterResources(
  db: Db,
  prng: Prng,
  clusters: readonly SeedCluster[],
  deltas: ResourceDeltas,
): void {
  // The series' bounds are the deltas' (resourceDeltasFor).
  const { first } = deltas
  const last = deltas.buckets - 1
  const bucketOf = (t: number) => Math.floor((t - first) / RESOURCE_BUCKET_MS)
  // The apps' cluster codes, as the seed of the apps gave them (applications.ts appNameDomain): the
  // key of applications_chargeback.
  const appCodeOf = codesInNameOrder(appNameDomain(clusters).cluster)
  const firstStart = db.prepare('SELECT min(start_time) FROM applications WHERE cluster_code = ?').pluck()
  const yarn = clusters.filter((c) => c.kind === 'Yarn')
  // The buckets' cluster codes (schema.sql resource_clusters): 1, 2, … in the seed's cluster order.
  const codeOf = new Map(yarn.map((c, i) => [c.unravelId, i + 1]))
  const nameCode = db.prepare('INSERT INTO resource_clusters (code, cluster_uid) VALUES (?, ?)')
  for (const [uid, code] of codeOf) nameCode.run(code, uid)
  const spans: Span[] = []
  for (const cluster of yarn) {
    // Apps may predate a young cluster's creation (seed/applications.ts spreads them over the
    // whole history): its series starts with the earlier of the two.
    const appsFrom =
      (firstStart.get(appCodeOf.get(cluster.unravelId) ?? -1) as number | null) ?? cluster.createdAt
    const b0 = Math.max(0, bucketOf(Math.min(cluster.createdAt, appsFrom)))
    const b1 = cluster.terminatedAt === null ? last : Math.min(last, bucketOf(cluster.terminatedAt))
    if (b1 >= b0) spans.push({ cluster, b0, b1 })
  }

  // The nodes down: +1 in an outage's first bucket, -1 in the one after it, per state.
  const outages = new Map<SeedCluster, Outage[]>()
  db.transaction(() => {
    const insertOutage = db.prepare(
      'INSERT INTO yarn_node_events (cluster_uid, host, state, start_time, end_time) VALUES (?, ?, ?, ?, ?)',
    )
    for (const span of spans) {
      const drawn = nodeOutages(prng, span, span.cluster.nodeCount)
      outages.set(span.cluster, drawn)
      for (const o of drawn)
        insertOutage.run(
          span.cluster.unravelId,
          o.host,
          o.state,
          first + o.start * RESOURCE_BUCKET_MS,
          first + o.end * RESOURCE_BUCKET_MS,
        )
    }
  })()
  const busiest = db.transaction(() => writeRunningSums(db, spans, first, deltas, outages, codeOf))()

  sizeClusters(db, yarn, spans, busiest, codeOf)
  seedQueues(db, yarn)
}

/**
 * A rate as stored: max(0, round(value × scale)) exactly as SQLite's round() makes it (its roundFunc:
 * the double plus a half, truncated, away from zero), so the rows are what the SQL once computed,
 * without four function calls a row in SQL (a fifth of this step at the small scale).
 */
export function storedAmount(value: number, scale: number): number {
  const r = value * scale
  return Math.max(0, r >= 0 ? Math.trunc(r + 0.5) : -Math.trunc(-r + 0.5))
}

/** Rows per INSERT of writeRunningSums: one call into SQLite binds and steps this many. */
const ROWS_PER_INSERT = 256

/**
 * Step 2: per cluster, bucket by bucket over its life, the running sums of the rate changes the
 * apps made (ResourceDeltas, added up as they were generated) and of the nodes down, each bucket's
 * average being the sum before it plus its own part-bucket changes; written with multi-row INSERTs.
 * Rounded as SQLite's round() rounds (storedAmount). Returns, per cluster, the most any node
 * up held over its buckets (step 3's sizing), found on the way rather than by a pass over the rows.
 */
function writeRunningSums(
  db: Db,
  spans: readonly Span[],
  first: number,
  deltas: ResourceDeltas,
  outages: ReadonlyMap<SeedCluster, readonly Outage[]>,
  codeOf: ReadonlyMap<string, number>,
): Map<string, { v: number; m: number }> {
  const busiest = new Map<string, { v: number; m: number }>()
  const insert = (rows: number) =>
    db.prepare(
      `INSERT INTO cluster_resource_buckets (cluster_code, ts, vcores_milli, memory_mb_tenths,
                                      nodes_unhealthy, nodes_lost, nodes_decommissioned)
       VALUES ${Array.from({ length: rows }, () => '(?, ?, ?, ?, ?, ?, ?)').join(', ')}`,
    )
  const full = insert(ROWS_PER_INSERT)
  const { dv, pv, dm, pm } = deltas
  let batch: unknown[] = []
  let count = 0
  for (const { cluster, b0, b1 } of spans) {
    const code = codeOf.get(cluster.unravelId)!
    const offset = deltas.offsetOf(cluster.unravelId)!
    // Nodes down per state: the change at each bucket of the span (and the one after its end).
    const down = NODE_STATES.map(() => new Int32Array(b1 - b0 + 2))
    for (const o of outages.get(cluster) ?? []) {
      const state = NODE_STATES.indexOf(o.state)
      down[state]![o.start - b0]! += 1
      down[state]![o.end - b0]! -= 1
    }
    const [unhealthy, lost, decommissioned] = down as [Int32Array, Int32Array, Int32Array]
    let sv = 0
    let sm = 0
    let su = 0
    let sl = 0
    let sd = 0
    let perNodeV = 0
    let perNodeM = 0
    for (let b = b0; b <= b1; b++) {
      const at = offset + b
      const av = sv + pv[at]!
      const am = sm + pm[at]!
      sv += dv[at]!
      sm += dm[at]!
      su += unhealthy[b - b0]!
      sl += lost[b - b0]!
      sd += decommissioned[b - b0]!
      const up = cluster.nodeCount - (su + sl + sd)
      perNodeV = Math.max(perNodeV, Math.max(0, av) / up)
      perNodeM = Math.max(perNodeM, Math.max(0, am) / up)
      batch.push(
        code,
        first + b * RESOURCE_BUCKET_MS,
        storedAmount(av, 1000),
        storedAmount(am, 10),
        su,
        sl,
        sd,
      )
      if (++count === ROWS_PER_INSERT) {
        full.run(batch)
        batch = []
        count = 0
      }
    }
    busiest.set(cluster.unravelId, { v: perNodeV, m: perNodeM })
  }
  if (count) insert(count).run(batch)
  return busiest
}

/** Step 3 of seedClusterResources: yarn_capacity, and clusters.node_count where a cluster had to grow. */
function sizeClusters(
  db: Db,
  yarn: readonly SeedCluster[],
  spans: readonly Span[],
  /** The most any node up had to hold, over the buckets, with the nominal node count (writeRunningSums). */
  perNode: ReadonlyMap<string, { v: number; m: number }>,
  codeOf: ReadonlyMap<string, number>,
) {
  const down = '(r.nodes_unhealthy + r.nodes_lost + r.nodes_decommissioned)'
  // What runs now keeps running past the last bucket (the repository carries it forward).
  const running = new Map(
    (
      db
        .prepare(
          `SELECT cluster_uid AS c, sum(vcore_seconds * 1000.0 / max(duration, 1)) AS v,
                  sum(memory_seconds * 1000.0 / max(duration, 1)) AS m
             FROM applications WHERE finished_time IS NULL GROUP BY cluster_uid`,
        )
        .all() as { c: string; v: number; m: number }[]
    ).map((r) => [r.c, r]),
  )
  const nodesNeeded = db.prepare(
    // The stored buckets (app_rollup_names, which the view cluster_resources names them by, may be
    // written after this step).
    `SELECT max(max(r.vcores_milli / 1000.0 * @h / @vcores, r.memory_mb_tenths / 10.0 * @h / @memory) + ${down})
       FROM cluster_resource_buckets r WHERE r.cluster_code = @c`,
  )
  const insert = db.prepare(
    `INSERT INTO yarn_capacity (cluster_uid, node_type, nodes, node_vcores, node_memory_mb)
     VALUES (?, ?, ?, ?, ?)`,
  )
  const resize = db.prepare('UPDATE clusters SET node_count = ? WHERE unravel_id = ?')
  db.transaction(() => {
    for (const cluster of yarn) {
      const types = cluster.platform === 'EMR' ? EMR_NODE_TYPES : ON_PREM_NODE_TYPES
      const nominal = cluster.nodeCount
      const busiest = perNode.get(cluster.unravelId)
      const current = running.get(cluster.unravelId)
      const vcores = HEADROOM * Math.max(busiest?.v ?? 0, (current?.v ?? 0) / nominal)
      const memory = HEADROOM * Math.max(busiest?.m ?? 0, (current?.m ?? 0) / nominal)
      const fitting = smallestFitting(types, vcores, memory)
      const type = fitting ?? types[types.length - 1]!
      let nodes = nominal
      if (!fitting && spans.some((s) => s.cluster === cluster)) {
        const needed = nodesNeeded.pluck().get({
          c: codeOf.get(cluster.unravelId),
          h: HEADROOM,
          vcores: type.vcores,
          memory: type.memoryMb,
        }) as number
        const forNow = HEADROOM * Math.max((current?.v ?? 0) / type.vcores, (current?.m ?? 0) / type.memoryMb)
        nodes = Math.max(nominal, Math.ceil(needed), Math.ceil(forNow))
        if (nodes !== nominal) resize.run(nodes, cluster.unravelId)
      }
      insert.run(cluster.unravelId, type.name, nodes, type.vcores, type.memoryMb)
    }
  })()
}

/** How many applications the queue capacities are weighed on. */
const QUEUE_SAMPLE = 50_000

/**
 * Step 4 of seedClusterResources: each Yarn cluster's queues from the apps that ran on it. The
 * shares are weighed on the last QUEUE_SAMPLE apps seeded (a rowid range: seeding draws cluster
 * and queue at random in order, so they are a fair sample): grouping a million rows by cluster
 * and queue cost a second or more for figures that come out the same to the percent.
 */
function seedQueues(db: Db, yarn: readonly SeedCluster[]) {
  const rows = db
    .prepare(
      `SELECT cluster_uid AS c, queue AS q, sum(duration) AS w FROM applications
        WHERE rowid > (SELECT max(rowid) FROM applications) - @sample
        GROUP BY cluster_uid, queue ORDER BY cluster_uid, queue`,
    )
    .all({ sample: QUEUE_SAMPLE }) as { c: string; q: string; w: number }[]
  const insert = db.prepare(
    'INSERT INTO yarn_queues (cluster_uid, queue, capacity, max_capacity) VALUES (?, ?, ?, ?)',
  )
  db.transaction(() => {
    for (const cluster of yarn) {
      const weights = rows.filter((r) => r.c === cluster.unravelId).map((r): [string, number] => [r.q, r.w])
      for (const q of queueCapacities(weights))
        insert.run(cluster.unravelId, q.queue, q.capacity, q.maxCapacity)
    }
  })()
}
