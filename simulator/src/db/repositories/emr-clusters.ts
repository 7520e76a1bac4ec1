import {
  EMR_MAX_WINDOW,
  EMR_STATE_GROUP_NAMES,
  startOfUtcDay,
  type EmrClusterDetails,
  type EmrClusterPage,
  type EmrClusterRow,
  type EmrClusterSearchBody,
  type EmrClusterSortKey,
  type EmrStateGroup,
} from '@costlens/shared'
import { HttpError } from '../../errors.ts'
import type { Db } from '../open-database.ts'
import { cachedStatement } from '../statement-cache.ts'
import { likePattern } from './applications.ts'
import type { ClusterScope } from './scope.ts'
import { emrDailyCost } from './emr-cost.ts'
import {
  ALIVE_IN_WINDOW_SQL,
  CLUSTER_FIGURES_SQL,
  FIGURE_SQL,
  STATE_GROUP_SQL,
  checkEmrClusters,
  emrWindow,
  marketsOf,
  readsEmr,
  round4,
  type ClusterFigures,
} from './emr-figures.ts'

const DEFAULT_PAGE_SIZE = 15
/**
 * Up to this many clusters the tag facet reads their tags; beyond, it probes each tag pair (the two
 * give the same answer: emr-cluster-facets.test.ts; the limit is a parameter for that test).
 */
const TAG_PASS_LIMIT = 2000

/** The tags of some clusters, as key → value maps. */
export function tagsOf(db: Db, ids: readonly string[]): Map<string, Record<string, string>> {
  const byCluster = new Map<string, Record<string, string>>(ids.map((id) => [id, {}]))
  if (ids.length === 0) return byCluster
  const rows = db
    .prepare(
      `SELECT cluster_id AS id, key, value FROM emr_cluster_tags WHERE cluster_id IN (${ids.map(() => '?').join(', ')})`,
    )
    .all(...ids) as { id: string; key: string; value: string }[]
  for (const r of rows) byCluster.get(r.id)![r.key] = r.value
  return byCluster
}

/** A list row from its figures and tags. */
export function rowOf(f: ClusterFigures, tags: Record<string, string>): EmrClusterRow {
  return {
    clusterId: f.cluster_id,
    clusterName: f.cluster_name,
    status: f.status,
    withUnravel: f.with_unravel === 1,
    totalCost: round4(f.total),
    startTime: f.created_at,
    endTime: f.end_time,
    duration: f.duration,
    tags,
    marketTypes: marketsOf(f.market_types),
    ec2: round4(f.ec2),
    emr: round4(f.emr),
    ebs: round4(f.ebs),
    nodeCount: f.node_count,
    downsizingEvents: f.downsizing_events,
  }
}

/** Sort keys to expressions over `emr_clusters c` at @now: only these reach ORDER BY. */
const SORT_SQL: Record<EmrClusterSortKey, string> = {
  clusterId: 'c.cluster_id',
  clusterName: 'c.cluster_name',
  status: FIGURE_SQL.status,
  withUnravel: 'c.with_unravel',
  totalCost: FIGURE_SQL.total,
  startTime: 'c.created_at',
  // Running clusters have no end yet: last in time, so first when sorted newest first.
  endTime: `coalesce(${FIGURE_SQL.end_time}, 9e15)`,
  duration: FIGURE_SQL.duration,
  ec2: FIGURE_SQL.ec2,
  emr: FIGURE_SQL.emr,
  ebs: FIGURE_SQL.ebs,
  nodeCount: 'c.node_count',
  downsizingEvents: 'c.downsizing_events',
}

/** The integer STATE_GROUP_SQL gives a group. */
const groupIndex = (group: EmrStateGroup) => EMR_STATE_GROUP_NAMES.indexOf(group)

/**
 * E040: the clusters alive in the window that match every filter, a page of them in the sort
 * order, and the metadata: each facet over the window and every filter but its own, so a filter
 * panel shows what choosing another option would give. One pass computes the facets and the
 * total, one the page; the tag facet reads the tags of the matching clusters.
 */
export function searchEmrClusters(
  db: Db,
  scope: ClusterScope,
  body: EmrClusterSearchBody,
  now: number,
  tagPassLimit = TAG_PASS_LIMIT,
): EmrClusterPage {
  const window = emrWindow(body.from, body.to, (to) => startOfUtcDay(to), now, 'body')
  const page = body.page ?? 1
  const pageSize = body.pageSize ?? DEFAULT_PAGE_SIZE
  if (page * pageSize > EMR_MAX_WINDOW)
    throw new HttpError(
      400,
      `Results are limited to ${EMR_MAX_WINDOW} records: page × pageSize must be at most ${EMR_MAX_WINDOW}`,
    )
  for (const [min, max, name] of [
    [body.minCost, body.maxCost, 'Cost'],
    [body.minDuration, body.maxDuration, 'Duration'],
  ] as const)
    if (min !== undefined && max !== undefined && min > max)
      throw new HttpError(400, `body/min${name} must not be above body/max${name}`)
  if (body.cluster_ids?.length) checkEmrClusters(db, scope, body.cluster_ids)
  const [sortKey, direction] = (body.sort ?? 'startTime-desc').split('-') as [
    EmrClusterSortKey,
    'asc' | 'desc',
  ]

  const params: Record<string, unknown> = { now, from: window.from, to: window.to }
  // The window and the filters no facet counts over (the tab's events, ids, name).
  const base = [ALIVE_IN_WINDOW_SQL, readsEmr(scope) ? '1' : '0']
  body.cluster_ids?.forEach((id, i) => (params[`id${i}`] = id))
  if (body.cluster_ids?.length)
    base.push(`c.cluster_id IN (${body.cluster_ids.map((_, i) => `@id${i}`).join(', ')})`)
  if (body.cluster_name_term) {
    base.push(`c.cluster_name LIKE @term ESCAPE '\\'`)
    params.term = likePattern(body.cluster_name_term)
  }
  if (body.eventTypes?.length) {
    body.eventTypes.forEach((t, i) => (params[`ev${i}`] = t))
    base.push(
      `EXISTS (SELECT 1 FROM emr_cluster_events e WHERE e.cluster_id = c.cluster_id AND e.event_type IN (${body.eventTypes.map((_, i) => `@ev${i}`).join(', ')}))`,
    )
  }
  // Each facet's own filter, as a condition over the window's rows (f below); '1' when not asked.
  // The tags' is computed with the row (ok_tags), as it probes the tag table.
  // A cluster carries one value per tag key: a left join per chosen key reads it (cheaper per row
  // than a correlated EXISTS), and the key's condition is that value being one of those chosen.
  const chosenTags = Object.entries(body.tags ?? {}).filter(([, values]) => values.length > 0)
  const tagJoins = chosenTags
    .map(
      (_, k) =>
        `LEFT JOIN emr_cluster_tags tk${k} ON tk${k}.cluster_id = c.cluster_id AND tk${k}.key = @tk${k}`,
    )
    .join(' ')
  const tagConditions = chosenTags.map(([key, values], k) => {
    params[`tk${k}`] = key
    values.forEach((v, i) => (params[`tv${k}_${i}`] = v))
    return `coalesce(tk${k}.value IN (${values.map((_, i) => `@tv${k}_${i}`).join(', ')}), 0)`
  })
  // An absent installation flag keeps its clusters: both absent (or both true) keep all.
  const keepWith = body.includeClustersWithUnravel ?? true
  const keepWithout = body.includeClustersWithoutUnravel ?? true
  const facet = {
    status: body.statuses?.length ? `f.grp IN (${body.statuses.map(groupIndex).join(', ')})` : '1',
    install:
      keepWith && keepWithout
        ? '1'
        : keepWith
          ? 'f.with_unravel = 1'
          : keepWithout
            ? 'f.with_unravel = 0'
            : '0',
    duration: [
      body.minDuration !== undefined ? 'f.duration >= @minDuration' : '1',
      body.maxDuration !== undefined ? 'f.duration <= @maxDuration' : '1',
    ].join(' AND '),
    cost: [
      body.minCost !== undefined ? 'f.total >= @minCost' : '1',
      body.maxCost !== undefined ? 'f.total <= @maxCost' : '1',
    ].join(' AND '),
    tags: 'f.ok_tags',
  }
  Object.assign(params, {
    minDuration: body.minDuration,
    maxDuration: body.maxDuration,
    minCost: body.minCost,
    maxCost: body.maxCost,
  })
  const but = (own: keyof typeof facet) =>
    `(${Object.entries(facet)
      .filter(([name]) => name !== own)
      .map(([, sql]) => sql)
      .join(' AND ')})`
  const all = `(${Object.values(facet).join(' AND ')})`
  // The window's clusters with the few figures the facets, the filters and the sort read (the
  // state as its group's number, compared cheaply), read from the list's covering index
  // (schema.sql emr_clusters_list). The `LIMIT -1` keeps it a co-routine that yields each row once:
  // without it SQLite flattens it into the outer query and recomputes a figure (and the tag read)
  // in each of the dozen aggregates that name it. At the large scale (20,000 clusters in 90 days,
  // scripts/emr-list-timing.ts) these took the list from p50 17 / p99 96 ms to about 8 / 55.
  const windowRows = (read: string, keepApart: string) =>
    `(SELECT c.cluster_id, c.with_unravel, ${STATE_GROUP_SQL} AS grp,
             ${FIGURE_SQL.duration} AS duration, ${FIGURE_SQL.total} AS total,
             ${SORT_SQL[sortKey]} AS sort_key,
             ${tagConditions.length ? tagConditions.join(' AND ') : '1'} AS ok_tags
        FROM emr_clusters c ${read} ${tagJoins} WHERE ${base.join(' AND ')} ${keepApart}) f`
  const inWindow = windowRows('INDEXED BY emr_clusters_list', 'LIMIT -1')
  const groupCount = (group: EmrStateGroup) =>
    `coalesce(sum(${but('status')} AND f.grp = ${groupIndex(group)}), 0) AS ${group}`
  const facets = db
    .prepare(
      `SELECT coalesce(sum(${all}), 0) AS total,
              coalesce(sum(${but('tags')}), 0) AS taggable,
              coalesce(sum(${but('install')} AND f.with_unravel = 1), 0) AS withUnravel,
              coalesce(sum(${but('install')} AND f.with_unravel = 0), 0) AS withoutUnravel,
              min(CASE WHEN ${but('duration')} THEN f.duration END) AS durationMin,
              max(CASE WHEN ${but('duration')} THEN f.duration END) AS durationMax,
              min(CASE WHEN ${but('cost')} THEN f.total END) AS costMin,
              max(CASE WHEN ${but('cost')} THEN f.total END) AS costMax,
              ${groupCount('active')}, ${groupCount('terminated')}, ${groupCount('failed')}
         FROM ${inWindow}`,
    )
    .get(params) as Record<string, number>
  // The page: its ids in the sort order, then their whole figures (a primary-key read per row).
  const pageIds = db
    .prepare(
      `SELECT f.cluster_id FROM ${inWindow} WHERE ${all}
       ORDER BY f.sort_key ${direction === 'asc' ? 'ASC' : 'DESC'}, f.cluster_id ${direction === 'asc' ? 'ASC' : 'DESC'}
       LIMIT @limit OFFSET @offset`,
    )
    .pluck()
    .all({ ...params, limit: pageSize, offset: (page - 1) * pageSize }) as string[]
  const rows = figuresOf(db, pageIds, now)
  // The tag facet: the pairs of the vocabulary that one cluster matching every filter but the tags
  // carries. Few such clusters: read their tags in one more pass over the window. Many: probe each
  // pair for one of them (inlined, the window's row becomes a primary-key lookup per tagged
  // cluster), which stops at the first match where a pass would read every cluster's tags.
  const tagFacet = (
    facets.taggable === 0
      ? []
      : db
          .prepare(
            facets.taggable! <= tagPassLimit
              ? `SELECT DISTINCT t.key, t.value FROM ${inWindow}
                   JOIN emr_cluster_tags t ON t.cluster_id = f.cluster_id
                  WHERE ${but('tags')} ORDER BY t.key, t.value`
              : `SELECT p.key, p.value FROM emr_tag_pairs p
                  WHERE EXISTS (SELECT 1 FROM emr_cluster_tags t JOIN ${windowRows('', '')} ON f.cluster_id = t.cluster_id
                                 WHERE t.key = p.key AND t.value = p.value AND ${but('tags')})
                  ORDER BY p.key, p.value`,
          )
          .all(params)
  ) as { key: string; value: string }[]
  const tags = tagsOf(
    db,
    rows.map((r) => r.cluster_id),
  )
  const tagValues = new Map<string, string[]>()
  for (const { key, value } of tagFacet) tagValues.set(key, [...(tagValues.get(key) ?? []), value])
  return {
    clusters: rows.map((r) => rowOf(r, tags.get(r.cluster_id)!)),
    total: facets.total!,
    page,
    pageSize,
    metadata: {
      withUnravel: facets.withUnravel ?? 0,
      withoutUnravel: facets.withoutUnravel ?? 0,
      duration: { min: facets.durationMin ?? 0, max: facets.durationMax ?? 0 },
      cost: { min: round4(facets.costMin ?? 0), max: round4(facets.costMax ?? 0) },
      statuses: {
        active: facets.active ?? 0,
        terminated: facets.terminated ?? 0,
        failed: facets.failed ?? 0,
      },
      tags: [...tagValues].map(([key, values]) => ({ key, values })),
    },
  }
}

/** Some clusters' figures at `now`, in the order of their ids. */
function figuresOf(db: Db, ids: readonly string[], now: number): ClusterFigures[] {
  if (ids.length === 0) return []
  const rows = db
    .prepare(
      `SELECT ${CLUSTER_FIGURES_SQL} FROM emr_clusters c WHERE c.cluster_id IN (${ids.map(() => '?').join(', ')})`,
    )
    .all({ now }, ...ids) as ClusterFigures[]
  const byId = new Map(rows.map((r) => [r.cluster_id, r]))
  return ids.map((id) => byId.get(id)!)
}

/** One cluster's figures at `now`, or a 403 when the user has no such EMR cluster. */
export function clusterFigures(db: Db, scope: ClusterScope, clusterId: string, now: number): ClusterFigures {
  checkEmrClusters(db, scope, [clusterId])
  return cachedStatement(
    db,
    `SELECT ${CLUSTER_FIGURES_SQL} FROM emr_clusters c WHERE c.cluster_id = @id`,
  ).get({
    id: clusterId,
    now,
  }) as ClusterFigures
}

interface DetailRow {
  region: string
  release_label: string
  applications: string
  created_at: number
  ready_at: number | null
  ended_at: number | null
  end_reason_code: string
  end_reason_message: string
}

/** The cluster details page: its row, timeline, groups, hourly and daily costs, events, Yarn apps. */
export function emrClusterDetails(
  db: Db,
  scope: ClusterScope,
  clusterId: string,
  now: number,
): EmrClusterDetails {
  const f = clusterFigures(db, scope, clusterId, now)
  const d = cachedStatement(
    db,
    `SELECT region, release_label, applications, created_at, ready_at, ended_at, end_reason_code, end_reason_message
       FROM emr_clusters WHERE cluster_id = ?`,
  ).get(clusterId) as DetailRow
  const groups = cachedStatement(
    db,
    `SELECT role, instance_type AS instanceType, market, requested, running, ebs_gb AS ebsGb,
            ec2_hourly AS ec2Hourly, emr_hourly AS emrHourly, ebs_hourly AS ebsHourly
       FROM emr_instance_groups WHERE cluster_id = ?
      ORDER BY CASE role WHEN 'MASTER' THEN 0 WHEN 'CORE' THEN 1 ELSE 2 END`,
  ).all(clusterId) as EmrClusterDetails['instanceGroups']
  const ended = d.ended_at !== null && d.ended_at <= now
  const yarnApps = f.with_unravel
    ? (cachedStatement(
        db,
        // Every app once a day per slice (seed/chargeback-rollups.ts): their count without a scan of the apps.
        `SELECT coalesce(sum(n), 0) FROM cb_rollups WHERE dims = 'ku' AND grain = 86400000 AND cluster_uid = ?`,
      )
        .pluck()
        .get(clusterId) as number)
    : 0
  const days = emrDailyCost(db, scope, {
    from: d.created_at,
    to: Math.min(now, d.ended_at ?? now),
    clusterIds: [clusterId],
    now,
  })
  return {
    cluster: rowOf(f, tagsOf(db, [clusterId]).get(clusterId)!),
    region: d.region,
    releaseLabel: d.release_label,
    applications: d.applications.split(','),
    timeline: {
      creationDateTime: d.created_at,
      readyDateTime: d.ready_at !== null && d.ready_at <= now ? d.ready_at : null,
      endDateTime: ended ? d.ended_at : null,
      stateChangeReason: ended
        ? { code: d.end_reason_code, message: d.end_reason_message }
        : { code: '', message: '' },
    },
    instanceGroups: groups.map((g) => ({
      ...g,
      ec2Hourly: round4(g.ec2Hourly),
      emrHourly: round4(g.emrHourly),
      ebsHourly: round4(g.ebsHourly),
    })),
    hourlyCost: {
      ec2: round4(f.ec2_hourly),
      emr: round4(f.emr_hourly),
      ebs: round4(f.ebs_hourly),
      total: round4(f.ec2_hourly + f.emr_hourly + f.ebs_hourly),
    },
    costByDay: days.map((day) => ({
      date: day.date,
      ec2: round4(day.ec2),
      emr: round4(day.emr),
      ebs: round4(day.ebs),
      total: round4(day.cost),
    })),
    downsizingEvents: downsizingEvents(db, clusterId),
    yarnApps: { clusterUid: clusterId, count: yarnApps },
  }
}

/** A cluster's node down-sizing events, as stored by the seed (rules/emr-sizing.ts nodeDownsizing). */
export function downsizingEvents(db: Db, clusterId: string): EmrClusterDetails['downsizingEvents'] {
  return cachedStatement(
    db,
    `SELECT event_type AS eventType, event_time AS eventTime, role, instance_type AS instanceType,
            current_nodes AS currentNodes, recommended_nodes AS recommendedNodes,
            peak_util AS peakUtilisation, message
       FROM emr_cluster_events WHERE cluster_id = ? ORDER BY event_time, role`,
  ).all(clusterId) as EmrClusterDetails['downsizingEvents']
}
