import type { Db } from '../open-database.ts'
import type { SeedCluster } from './clusters.ts'
import { ELK_CLUSTERS, INDEX_FAMILIES, SYSTEM_INDICES, type ElkClusterSpec } from './elk-catalogue.ts'
import { elkHistoryStart, seedElkLoad, type ClusterLoad } from './elk-load.ts'
import { seedElkServices } from './elk-services.ts'
import { base64Id, between, hostOf, logNormal } from './elk-draw.ts'
import type { Prng } from './prng.ts'

/*
 * Elasticsearch, Logstash and Kibana (E153): clusters beside the Hadoop clusters, nodes with roles
 * and hosts, indices (daily log indices, rollover families, system indices), the odd restart leaving
 * replica shards unassigned, a Logstash deployment and Kibana instances per cluster (seed/
 * elk-services.ts), and each cluster's load (seed/elk-load.ts). Its own generator (seed +
 * ELK_PRNG_OFFSET), so every other table's rows stay as they were.
 */

export const ELK_PRNG_OFFSET = 43
const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR
/** An integral no window reaches: an index written for ever. */
const FOREVER = 1e18
const GB = 1024 ** 3
const TB = 1024 * GB

/** Nodes: dedicated masters (and an ingest node) from 6 nodes, else every node every role. */
function seedNodes(db: Db, prng: Prng, spec: ElkClusterSpec, cluster: SeedCluster, id: number) {
  const layout: { name: string; roles: string }[] = []
  if (spec.nodes >= 6) {
    for (let i = 1; i <= 3; i++) layout.push({ name: `es-master-0${i}`, roles: 'master' })
    if (spec.nodes >= 7) layout.push({ name: 'es-ingest-01', roles: 'ingest' })
    const data = spec.nodes - layout.length
    for (let i = 1; i <= data; i++) layout.push({ name: `es-data-0${i}`, roles: 'data,ingest' })
  } else
    for (let i = 1; i <= spec.nodes; i++) layout.push({ name: `es-node-0${i}`, roles: 'master,data,ingest' })
  const weights = layout.map((n) => (n.roles.includes('data') ? between(prng, 0.85, 1.15) : 0))
  const total = weights.reduce((a, b) => a + b, 0)
  const masters = layout.map((n, i) => (n.roles.includes('master') ? i : -1)).filter((i) => i >= 0)
  const elected = prng.pick(masters)
  const insert = db.prepare(
    `INSERT INTO es_nodes (cluster_id, name, node_id, host, ip, roles, elected, data_share, heap_max,
       heap_base_pct, cpu_base_pct, disk_total, disk_other) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  )
  layout.forEach((n, i) => {
    const data = weights[i]! > 0
    insert.run(
      id,
      n.name,
      base64Id(prng),
      hostOf(cluster, 'es', i, prng),
      `10.${id}.${prng.int(0, 3)}.${10 + i}`,
      n.roles,
      i === elected ? 1 : 0,
      weights[i]! / total,
      (data ? prng.pick([16, 26, 31]) : prng.pick([4, 8])) * GB,
      data ? between(prng, 42, 60) : between(prng, 25, 40),
      data ? between(prng, 8, 18) : between(prng, 2, 6),
      (data ? prng.pick([2, 4, 4, 6]) * 1024 : 200) * GB,
      Math.round(between(prng, 20, 60) * GB),
    )
  })
}

interface IndexDraft {
  name: string | null
  logDay: number | null
  system: boolean
  primaries: number
  replicas: number
  createdAt: number
  baseDocs: number
  docBytes: number
  wIndex: number
  wSearch: number
  cum: [number, number, number, number]
  segs: number
}

/** Indices: system ones, rollover families (the newest generation written), one log index a day. */
function indexDrafts(prng: Prng, spec: ElkClusterSpec, load: ClusterLoad, now: number): IndexDraft[] {
  const history = elkHistoryStart(now)
  const searchCluster = spec.tag === 'prod-search'
  const logsIndexing = searchCluster ? 0.1 : between(prng, 0.85, 0.93)
  const logsSearch = searchCluster ? 0.05 : between(prng, 0.3, 0.5)
  const forever: IndexDraft['cum'] = [0, FOREVER, 0, FOREVER]
  const drafts: IndexDraft[] = SYSTEM_INDICES.map((name) => ({
    name,
    logDay: null,
    system: true,
    primaries: 1,
    replicas: 1,
    createdAt: history - prng.int(200, 700) * DAY,
    baseDocs: prng.int(20, 4_000),
    docBytes: between(prng, 800, 4_000),
    wIndex: 0.00002,
    wSearch: 0.002,
    cum: forever,
    segs: prng.int(2, 6),
  }))
  const families = searchCluster ? INDEX_FAMILIES.slice(8) : INDEX_FAMILIES
  for (const family of families.slice(0, spec.families)) {
    const generations = prng.int(1, 3)
    for (let g = 1; g <= generations; g++) {
      const written = g === generations
      drafts.push({
        name: `${family}-${String(g).padStart(6, '0')}`,
        logDay: null,
        system: false,
        primaries: prng.pick([2, 3, 5]),
        replicas: 1,
        createdAt: history - (generations - g + 1) * prng.int(20, 90) * DAY,
        baseDocs: Math.round(logNormal(prng, 3e6, 1.2)),
        docBytes: between(prng, 250, 1_200),
        wIndex: written ? logNormal(prng, 1, 0.8) : 0,
        wSearch: logNormal(prng, written ? 1 : 0.3, 0.8),
        cum: forever,
        segs: written ? prng.int(12, 40) : prng.int(1, 4),
      })
    }
  }
  // Share out what the daily log indices do not take, so the shares sum to exactly 1.
  const steady = drafts.filter((d) => !d.system)
  const sum = (key: 'wIndex' | 'wSearch') => drafts.reduce((a, d) => a + d[key], 0)
  const systemIndex = sum('wIndex') - steady.reduce((a, d) => a + d.wIndex, 0)
  const systemSearch = sum('wSearch') - steady.reduce((a, d) => a + d.wSearch, 0)
  const steadyIndex = steady.reduce((a, d) => a + d.wIndex, 0)
  const steadySearch = steady.reduce((a, d) => a + d.wSearch, 0)
  for (const d of steady) {
    d.wIndex = (d.wIndex / steadyIndex) * (1 - logsIndexing - systemIndex)
    d.wSearch = (d.wSearch / steadySearch) * (1 - logsSearch - systemSearch)
  }
  // ILM sizes a daily index's primaries for about 40 GB a shard (7.x guidance: 10-50 GB).
  const dailyBytes = spec.indexing * logsIndexing * 86_400 * 330
  const primaries = Math.min(12, Math.max(1, Math.round(dailyBytes / (40 * GB))))
  for (const day of [...load.dayCum.keys()].sort((a, b) => a - b)) {
    const from = load.dayCum.get(day)!
    const to = load.dayCum.get(day + DAY)
    drafts.push({
      name: null,
      logDay: day,
      system: false,
      primaries,
      replicas: 1,
      // ILM creates tomorrow's index a few minutes before midnight.
      createdAt: day - prng.int(2, 9) * MINUTE,
      baseDocs: 0,
      docBytes: between(prng, 250, 420),
      wIndex: logsIndexing,
      wSearch: logsSearch,
      cum: [from[1], to ? to[1] : FOREVER, from[0], to ? to[0] : FOREVER],
      segs: prng.int(25, 45),
    })
  }
  return drafts
}

/** Replica shards unassigned for minutes every few days (a data node restarting); now, if yellowNow. */
function seedLapses(db: Db, prng: Prng, spec: ElkClusterSpec, ids: number[], todayId: number, now: number) {
  const insert = db.prepare(
    'INSERT OR IGNORE INTO es_shard_lapses (index_id, start_ts, end_ts, unassigned) VALUES (?, ?, ?, ?)',
  )
  const history = elkHistoryStart(now)
  for (let at = history + between(prng, 0.5, 3) * DAY; at < now - 2 * HOUR; at += between(prng, 2, 5) * DAY) {
    const start = Math.round(at)
    const end = Math.round(at + between(prng, 5, 40) * MINUTE)
    for (let k = prng.int(1, 4); k > 0; k--) insert.run(prng.pick(ids), start, end, prng.int(1, 3))
  }
  if (!spec.yellowNow) return
  const start = now - 6 * MINUTE
  insert.run(todayId, start, now + 40 * MINUTE, 3)
  for (let k = 0; k < 2; k++) insert.run(prng.pick(ids), start, now + 40 * MINUTE, prng.int(1, 2))
}

/**
 * Data nodes' disks sized to what they will hold at the history's end (every copy), at about 60% full
 * there, in whole TB: below the 85% low watermark, as an operator plans them.
 */
function sizeDisks(db: Db, id: number, drafts: readonly IndexDraft[], load: ClusterLoad) {
  const last = Math.max(...[...load.dayCum.values()].map((c) => c[1]))
  const bytes = drafts.reduce((sum, d) => {
    const indexed = d.wIndex * Math.max(0, Math.min(last, d.cum[1]) - d.cum[0])
    return sum + (d.baseDocs + indexed) * d.docBytes * (1 + d.replicas)
  }, 0)
  db.prepare(
    `UPDATE es_nodes SET disk_total = (CAST(data_share * ? / 0.6 / ? AS INTEGER) + 1) * ? WHERE cluster_id = ? AND data_share > 0`,
  ).run(bytes, TB, TB, id)
}

function seedIndices(db: Db, prng: Prng, spec: ElkClusterSpec, id: number, load: ClusterLoad, now: number) {
  const insert = db.prepare(
    `INSERT INTO es_indices (cluster_id, name, log_day, system, primaries, replicas, created_at, base_docs,
       doc_bytes, w_index, w_search, cum_index_from, cum_index_to, cum_search_from, cum_search_to,
       latency_factor, segs_per_shard) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  )
  const today = Math.floor(now / DAY) * DAY
  const steadyIds: number[] = []
  let todayId = 0
  const drafts = indexDrafts(prng, spec, load, now)
  sizeDisks(db, id, drafts, load)
  for (const d of drafts) {
    const rowId = Number(
      insert.run(
        id,
        d.name,
        d.logDay,
        d.system ? 1 : 0,
        d.primaries,
        d.replicas,
        d.createdAt,
        d.baseDocs,
        d.docBytes,
        d.wIndex,
        d.wSearch,
        ...d.cum,
        between(prng, 0.6, 1.7),
        d.segs,
      ).lastInsertRowid,
    )
    if (d.logDay === today) todayId = rowId
    else if (d.name && !d.system) steadyIds.push(rowId)
  }
  seedLapses(db, prng, spec, steadyIds, todayId, now)
}

/** Seeds the ELK tables; returns the rows written. */
export function seedElk(db: Db, prng: Prng, clusters: readonly SeedCluster[], now: number): number {
  const byUid = new Map(clusters.map((c) => [c.unravelId, c]))
  const specs = ELK_CLUSTERS.map((spec, i) => ({ spec, id: i + 1, cluster: byUid.get(spec.uid) })).filter(
    (s): s is { spec: ElkClusterSpec; id: number; cluster: SeedCluster } =>
      s.cluster !== undefined && s.cluster.terminatedAt === null,
  )
  let rows = 0
  db.transaction(() => {
    const insertCluster = db.prepare(
      `INSERT INTO es_clusters (id, name, cluster_uuid, cluster_uid, version, created_at, search_base,
         indexing_base, search_latency_ms, indexing_latency_ms, logstash_share, kibana_per_query)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    for (const { spec, id, cluster } of specs)
      insertCluster.run(
        id,
        spec.name,
        base64Id(prng),
        spec.uid,
        spec.version,
        Math.max(cluster.createdAt, elkHistoryStart(now) - prng.int(90, 700) * DAY),
        spec.search,
        spec.indexing,
        between(prng, 4, 25),
        between(prng, 0.08, 0.4),
        between(prng, 0.55, 0.85),
        between(prng, 0.25, 0.6),
      )
    const seeded = seedElkLoad(
      db,
      prng,
      specs.map(({ spec, id }) => ({ id, base: { search: spec.search, indexing: spec.indexing } })),
      now,
    )
    rows += seeded.rows
    for (const { spec, id, cluster } of specs) {
      seedNodes(db, prng, spec, cluster, id)
      seedIndices(db, prng, spec, id, seeded.loads.get(id)!, now)
      seedElkServices(db, prng, spec, cluster, id, now)
    }
  })()
  const count = (table: string) => db.prepare(`SELECT count(*) FROM ${table}`).pluck().get() as number
  return rows + count('es_indices') + count('es_nodes') + count('logstash_nodes') + count('kibana_instances')
}
