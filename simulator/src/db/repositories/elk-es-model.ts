import type { Db } from '../open-database.ts'
import { cachedStatement } from '../statement-cache.ts'
import { sawtooth, wiggle, type Cum, type EsCluster, type LoadTrack } from './elk-common.ts'

/*
 * How an Elasticsearch cluster's figures follow its load (G100, G101): latencies rise with the load,
 * an index takes its weight of the documents indexed while its span of the integral runs, a node its
 * share of the data; heap, CPU and GC are gauges of the load at an instant.
 */

const MINUTE = 60_000
const DAY = 24 * 60 * MINUTE

/** Latencies rise with the load: 0.85x the base at none, 1.15x at the average, capped at 3x the average. */
export const loadLatency = (base: number, rate: number, average: number) =>
  base * (0.85 + 0.3 * Math.min(3, rate / Math.max(average, 1e-9)))

/** [search, indexing] latency (ms) of a cluster at the given rates. */
export const clusterLatencies = (c: EsCluster, rates: Cum): Cum => [
  loadLatency(c.searchLatencyMs, rates[0], c.searchBase),
  loadLatency(c.indexingLatencyMs, rates[1], c.indexingBase),
]

export interface IndexModel {
  id: number
  logDay: number | null
  primaries: number
  replicas: number
  createdAt: number
  baseDocs: number
  docBytes: number
  wIndex: number
  wSearch: number
  cumIndexFrom: number
  cumIndexTo: number
  cumSearchFrom: number
  cumSearchTo: number
  latencyFactor: number
  segsPerShard: number
}

const INDEX_COLUMNS = `id, log_day AS logDay, primaries, replicas, created_at AS createdAt, base_docs AS baseDocs,
  doc_bytes AS docBytes, w_index AS wIndex, w_search AS wSearch, cum_index_from AS cumIndexFrom,
  cum_index_to AS cumIndexTo, cum_search_from AS cumSearchFrom, cum_search_to AS cumSearchTo,
  latency_factor AS latencyFactor, segs_per_shard AS segsPerShard`

export function indexModels(db: Db, clusterId: number): IndexModel[] {
  return cachedStatement(db, `SELECT ${INDEX_COLUMNS} FROM es_indices WHERE cluster_id = ? ORDER BY id`).all(
    clusterId,
  ) as IndexModel[]
}

const clip = (x: number, from: number, to: number) => Math.max(0, Math.min(x, to) - from)

/** Primaries' documents of an index at stored x, given the integrals there. */
export const docsAt = (i: IndexModel, cum: Cum) =>
  Math.round(i.baseDocs + i.wIndex * clip(cum[1], i.cumIndexFrom, i.cumIndexTo))

/** Documents indexed and queries served by an index between two instants' integrals. */
export function indexWork(i: IndexModel, a: Cum, b: Cum): Cum {
  const overlap = (x: number, y: number, from: number, to: number) =>
    Math.max(0, Math.min(y, to) - Math.max(x, from))
  return [
    i.wSearch * overlap(a[0], b[0], i.cumSearchFrom, i.cumSearchTo),
    i.wIndex * overlap(a[1], b[1], i.cumIndexFrom, i.cumIndexTo),
  ]
}

/** Segments per shard copy at x: a daily index is force-merged to one once its day is over. */
export const segmentsPerShard = (i: IndexModel, x: number) =>
  i.logDay !== null && i.logDay + DAY <= x ? 1 : i.segsPerShard

/** Every copy's documents, bytes and segments at stored x (the indices existing then). */
export function copiesAt(models: readonly IndexModel[], x: number, cum: Cum) {
  let docs = 0
  let bytes = 0
  let segments = 0
  for (const i of models) {
    if (i.createdAt > x) continue
    const copies = i.primaries * (1 + i.replicas)
    const d = docsAt(i, cum)
    docs += d * (1 + i.replicas)
    bytes += d * i.docBytes * (1 + i.replicas)
    segments += copies * segmentsPerShard(i, x)
  }
  return { docs, bytes, segments }
}

export interface NodeModel {
  id: number
  name: string
  nodeId: string
  host: string
  ip: string
  roles: string
  elected: number
  dataShare: number
  heapMax: number
  heapBasePct: number
  cpuBasePct: number
  diskTotal: number
  diskOther: number
}

export function nodeModels(db: Db, clusterId: number): NodeModel[] {
  return cachedStatement(
    db,
    `SELECT id, name, node_id AS nodeId, host, ip, roles, elected, data_share AS dataShare, heap_max AS heapMax,
       heap_base_pct AS heapBasePct, cpu_base_pct AS cpuBasePct, disk_total AS diskTotal, disk_other AS diskOther
     FROM es_nodes WHERE cluster_id = ? ORDER BY name`,
  ).all(clusterId) as NodeModel[]
}

/** The load factor at stored x: the last five minutes' indexing against the average. */
export const loadFactorAt = (track: LoadTrack, c: EsCluster, x: number) =>
  track.rates(x - 5 * MINUTE, x)[1] / c.indexingBase

/** A node's heap used (%) at stored x under load factor lf: it fills between collections, faster under load. */
export function nodeHeapPercent(n: NodeModel, x: number, lf: number): number {
  const data = n.dataShare > 0
  const period = data ? (4 * MINUTE) / Math.max(0.4, lf) : 20 * MINUTE
  return Math.min(97, n.heapBasePct + 22 * sawtooth(n.id, x, period) + (data ? 6 * (lf - 1) : 0))
}

/** A node's heap used in bytes (of nodeHeapPercent). */
export const nodeHeapUsedBytes = (n: NodeModel, heapPercent: number) =>
  Math.round((n.heapMax * heapPercent) / 100)

/** A node's gauges at stored x under load factor lf: heap fills between collections, CPU follows the load. */
export function nodeGauges(n: NodeModel, x: number, lf: number) {
  const heapPercent = nodeHeapPercent(n, x, lf)
  const cpuPercent = Math.min(100, n.cpuBasePct * (0.6 + 0.5 * lf) + 4 * wiggle(n.id, x))
  return {
    heapPercent,
    jvmHeapUsedBytes: nodeHeapUsedBytes(n, heapPercent),
    cpuPercent,
    load1m: (cpuPercent / 100) * 8 * (0.9 + 0.2 * wiggle(n.id + 7, x)),
  }
}

/** Segment memory: a few KB of terms and points per segment, plus a little per document. */
export const segmentsMemory = (segments: number, docs: number) => Math.round(segments * 6_500 + docs * 0.1)

/** A node's JVM collection counters (Elasticsearch's jvm.gc.collectors, cumulative). */
export interface GcCounters {
  youngCount: number
  youngTimeMs: number
  oldCount: number
  oldTimeMs: number
}

/**
 * A node's collections since the history's start at stored x, `indexed` the cluster's documents
 * indexed by then: a young collection per 40,000 documents of its share and every 10 minutes (every
 * 20 without data), an old one every 180 young; each takes the node's own time. Kept as counters, as
 * the JVM does, so the collections in any span are the counters' differences and spans add up.
 * A reader per node: a series reads it at every point's edge.
 */
export function gcCounters(n: NodeModel): (x: number, indexed: number) => GcCounters {
  const youngMs = 12 + 10 * wiggle(n.id, MINUTE)
  return (x, indexed) => {
    const young = Math.floor(
      n.dataShare > 0 ? (indexed * n.dataShare) / 40_000 + x / (10 * MINUTE) : x / (20 * MINUTE),
    )
    const old = Math.floor(young / 180)
    return {
      youngCount: young,
      youngTimeMs: Math.round(young * youngMs),
      oldCount: old,
      oldTimeMs: old * 450,
    }
  }
}

/** The collections between two counters' readings. */
export const gcBetween = (a: GcCounters, b: GcCounters): GcCounters => ({
  youngCount: b.youngCount - a.youngCount,
  youngTimeMs: b.youngTimeMs - a.youngTimeMs,
  oldCount: b.oldCount - a.oldCount,
  oldTimeMs: b.oldTimeMs - a.oldTimeMs,
})
