import type { EsIndexRow, EsIndexSort, EsIndicesQuery } from '@costlens/shared'
import type { Db } from '../open-database.ts'
import { cachedStatement } from '../statement-cache.ts'
import type { Cum, EsCluster } from './elk-common.ts'

/*
 * An Elasticsearch cluster's indices as of an instant, in SQL (G101, G104): each index's documents,
 * store and segments at the instant and its part of the window's searches and indexing, from the
 * cluster's integrals at the window's start and end; sorted, filtered and paged there, and summed
 * for the cluster's row, so the cluster's figures are its indices' sums by construction.
 */

/** The figures of the cluster's indices existing at @t (stored), the window's work over @secs seconds. */
const FIGURES = `WITH figures AS (
  SELECT i.id,
    COALESCE(i.name, 'logs-app-' || strftime('%Y.%m.%d', (i.log_day + @shift) / 1000, 'unixepoch')) AS name,
    i.system, i.primaries, i.replicas, i.created_at + @shift AS createdTime, i.latency_factor AS lf,
    CAST(ROUND(i.base_docs + i.w_index * max(0, min(@cumIT, i.cum_index_to) - i.cum_index_from)) AS INTEGER) AS docs,
    i.doc_bytes,
    i.w_search * max(0, min(@cumST, i.cum_search_to) - max(@cumSA, i.cum_search_from)) / @secs AS searchRate,
    i.w_index * max(0, min(@cumIT, i.cum_index_to) - max(@cumIA, i.cum_index_from)) / @secs AS indexRate,
    COALESCE((SELECT sum(l.unassigned) FROM es_shard_lapses l
               WHERE l.index_id = i.id AND l.start_ts <= @t AND l.end_ts > @t), 0) AS unassigned,
    CASE WHEN i.log_day IS NOT NULL AND i.log_day + 86400000 <= @t THEN 1 ELSE i.segs_per_shard END AS segs
  FROM es_indices i WHERE i.cluster_id = @cid AND i.created_at <= @t
), rows AS (
  SELECT name AS "index", system, unassigned,
    CASE WHEN unassigned > 0 THEN 'yellow' ELSE 'green' END AS health,
    CASE WHEN unassigned > 0 THEN 1 ELSE 0 END AS healthRank,
    primaries AS primaryShards, replicas, unassigned AS unassignedShards, docs AS docsCount,
    CAST(ROUND(docs * doc_bytes) AS INTEGER) AS primaryStoreSizeBytes,
    CAST(ROUND(docs * doc_bytes * (primaries * (1 + replicas) - unassigned) / primaries) AS INTEGER) AS storeSizeBytes,
    (primaries * (1 + replicas) - unassigned) * segs AS segmentsCount,
    primaries * (1 + replicas) AS copies,
    searchRate AS searchRatePerSec, @searchLat * lf AS searchLatencyMs,
    indexRate AS indexingRatePerSec, @indexLat * lf AS indexingLatencyMs, createdTime
  FROM figures
)`

/** API sorts to columns: only these reach ORDER BY. */
const SORTS: Record<EsIndexSort, string> = {
  index: '"index"',
  health: 'healthRank',
  docsCount: 'docsCount',
  storeSizeBytes: 'storeSizeBytes',
  primaryShards: 'primaryShards',
  unassignedShards: 'unassignedShards',
  segmentsCount: 'segmentsCount',
  searchRatePerSec: 'searchRatePerSec',
  searchLatencyMs: 'searchLatencyMs',
  indexingRatePerSec: 'indexingRatePerSec',
  indexingLatencyMs: 'indexingLatencyMs',
  createdTime: 'createdTime',
}

/** What the index figures need: the instant, the integrals at the window's edges, the latencies. */
export interface IndexFrame {
  cluster: EsCluster
  shift: number
  /** Stored instant the gauges are read at. */
  at: number
  start: Cum
  end: Cum
  seconds: number
  latencies: Cum
}

const params = (f: IndexFrame) => ({
  cid: f.cluster.id,
  shift: f.shift,
  t: f.at,
  cumSA: f.start[0],
  cumIA: f.start[1],
  cumST: f.end[0],
  cumIT: f.end[1],
  secs: Math.max(f.seconds, 1e-9),
  searchLat: f.latencies[0],
  indexLat: f.latencies[1],
})

type Raw = Omit<EsIndexRow, 'system'> & { system: number }

/** A page of the index list (G104). */
export function indexPage(
  db: Db,
  f: IndexFrame,
  q: EsIndicesQuery,
): { total: number; indices: EsIndexRow[] } {
  const sort = q.sort ?? 'storeSizeBytes'
  const order = q.order ?? (sort === 'index' ? 'asc' : 'desc')
  const where = ['(@system = 1 OR system = 0)', '(@search = \'\' OR instr("index", @search) > 0)']
  const sql = `${FIGURES}
    SELECT *, count(*) OVER () AS total FROM rows WHERE ${where.join(' AND ')}
    ORDER BY ${SORTS[sort]} ${order === 'asc' ? 'ASC' : 'DESC'}, "index" ASC LIMIT @size OFFSET @from`
  const rows = cachedStatement(db, sql).all({
    ...params(f),
    system: q.system ? 1 : 0,
    search: q.search ?? '',
    size: q.size ?? 100,
    from: q.from ?? 0,
  }) as (Raw & { total: number })[]
  const total =
    rows[0]?.total ??
    (cachedStatement(db, `${FIGURES} SELECT count(*) FROM rows WHERE ${where.join(' AND ')}`)
      .pluck()
      .get({ ...params(f), system: q.system ? 1 : 0, search: q.search ?? '' }) as number)
  return { total, indices: rows.map(toRow) }
}

function toRow(r: Raw & { total?: number }): EsIndexRow {
  return {
    index: r.index,
    system: r.system === 1,
    health: r.health,
    status: 'open',
    primaryShards: r.primaryShards,
    replicas: r.replicas,
    unassignedShards: r.unassignedShards,
    docsCount: r.docsCount,
    storeSizeBytes: r.storeSizeBytes,
    primaryStoreSizeBytes: r.primaryStoreSizeBytes,
    segmentsCount: r.segmentsCount,
    searchRatePerSec: round(r.searchRatePerSec),
    searchLatencyMs: round(r.searchLatencyMs),
    indexingRatePerSec: round(r.indexingRatePerSec),
    indexingLatencyMs: round(r.indexingLatencyMs),
    createdTime: r.createdTime,
  }
}

const round = (n: number) => Math.round(n * 1000) / 1000

export interface IndexTotals {
  indices: number
  primaryShards: number
  copies: number
  unassigned: number
  docsCount: number
  storeSizeBytes: number
  segmentsCount: number
  searchRate: number
  indexingRate: number
}

/** The cluster's sums over its indices at the instant (every index, system ones too). */
export function indexTotals(db: Db, f: IndexFrame): IndexTotals {
  return cachedStatement(
    db,
    `${FIGURES} SELECT count(*) AS indices, COALESCE(sum(primaryShards), 0) AS primaryShards,
       COALESCE(sum(copies), 0) AS copies, COALESCE(sum(unassignedShards), 0) AS unassigned,
       COALESCE(sum(docsCount), 0) AS docsCount, COALESCE(sum(storeSizeBytes), 0) AS storeSizeBytes,
       COALESCE(sum(segmentsCount), 0) AS segmentsCount, COALESCE(sum(searchRatePerSec), 0) AS searchRate,
       COALESCE(sum(indexingRatePerSec), 0) AS indexingRate FROM rows`,
  ).get(params(f)) as IndexTotals
}

/** The stored index id of a name at the frame's instant, or undefined (G102: 404 where it is the subject). */
export function indexIdOf(db: Db, f: IndexFrame, name: string): number | undefined {
  return cachedStatement(db, `${FIGURES} SELECT f.id FROM figures f WHERE f.name = @name`)
    .pluck()
    .get({ ...params(f), name }) as number | undefined
}

/** The non-system indices existing at stored t, by name (kpi_index without `index`). */
export function indexNames(
  db: Db,
  clusterId: number,
  shift: number,
  t: number,
): { id: number; name: string }[] {
  return cachedStatement(
    db,
    `SELECT id, COALESCE(name, 'logs-app-' || strftime('%Y.%m.%d', (log_day + @shift) / 1000, 'unixepoch')) AS name
       FROM es_indices WHERE cluster_id = @cid AND created_at <= @t AND system = 0 ORDER BY name`,
  ).all({ cid: clusterId, shift, t }) as { id: number; name: string }[]
}
