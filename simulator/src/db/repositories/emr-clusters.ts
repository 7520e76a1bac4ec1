import {
  EMR_MAX_WINDOW,
  EMR_STATE_GROUPS,
  startOfUtcDay,
  type EmrAwsState,
  type EmrClusterDetails,
  type EmrClusterPage,
  type EmrClusterRow,
  type EmrClusterSearchBody,
  type EmrClusterSortKey,
  type EmrMarketType,
  type EmrStateGroup,
} from '@costlens/shared'
import { HttpError } from '../../errors.ts'
import type { Db } from '../open-database.ts'
import { cachedStatement } from '../statement-cache.ts'
import { instant, likePattern } from './applications.ts'
import { notYourCluster, type ClusterScope } from './scope.ts'
import { emrDailyCost } from './emr-cost.ts'

/*
 * EMR clusters (schema.sql emr_*). Every figure is computed at the simulated now from the stored
 * times and hourly prices, in SQL, so filters, sorts, facets and sums agree whatever the clock says:
 * - the state (EMR_STATE_SQL) from the times;
 * - alive = from creation to min(now, ended_at); duration = its length;
 * - cost = hourly price x hours alive (per second; every seeded cluster lives over a minute, so
 *   AWS's one-minute minimum never applies).
 */

const HOUR = 3_600_000
const DEFAULT_PAGE_SIZE = 15

/** The end of a cluster's life so far, at @now. */
export const ALIVE_UNTIL_SQL = 'min(@now, coalesce(c.ended_at, @now))'
const ALIVE_MS_SQL = `max(0, ${ALIVE_UNTIL_SQL} - c.created_at)`

/** A cluster's AWS state at @now, from its times (schema.sql emr_clusters). */
export const EMR_STATE_SQL = `CASE
  WHEN c.ended_at IS NOT NULL AND c.ended_at <= @now THEN c.end_state
  WHEN c.ended_at IS NOT NULL AND c.ended_at - 120000 <= @now THEN 'TERMINATING'
  WHEN c.ready_at IS NULL AND @now < c.created_at + 180000 THEN 'STARTING'
  WHEN c.ready_at IS NULL THEN 'BOOTSTRAPPING'
  WHEN @now < (c.created_at + c.ready_at) / 2 THEN 'STARTING'
  WHEN @now < c.ready_at THEN 'BOOTSTRAPPING'
  WHEN c.idle = 1 THEN 'WAITING'
  ELSE 'RUNNING' END`

/** The computed columns of a cluster at @now, over `emr_clusters c`. */
export const CLUSTER_FIGURES_SQL = `
  c.cluster_id, c.cluster_name, c.with_unravel, c.created_at, c.market_types, c.node_count,
  c.downsizing_events, c.ec2_hourly, c.emr_hourly, c.ebs_hourly, c.optimised_hourly,
  ${EMR_STATE_SQL} AS status,
  CASE WHEN c.ended_at <= @now THEN c.ended_at END AS end_time,
  ${ALIVE_MS_SQL} AS duration,
  c.ec2_hourly * ${ALIVE_MS_SQL} / ${HOUR}.0 AS ec2,
  c.emr_hourly * ${ALIVE_MS_SQL} / ${HOUR}.0 AS emr,
  c.ebs_hourly * ${ALIVE_MS_SQL} / ${HOUR}.0 AS ebs,
  (c.ec2_hourly + c.emr_hourly + c.ebs_hourly) * ${ALIVE_MS_SQL} / ${HOUR}.0 AS total`

/** Alive at some moment of [@from, @to]. */
export const ALIVE_IN_WINDOW_SQL = 'c.created_at <= @to AND (c.ended_at IS NULL OR c.ended_at >= @from)'

export interface ClusterFigures {
  cluster_id: string
  cluster_name: string
  with_unravel: number
  created_at: number
  market_types: string
  node_count: number
  downsizing_events: number
  ec2_hourly: number
  emr_hourly: number
  ebs_hourly: number
  optimised_hourly: number
  status: EmrAwsState
  end_time: number | null
  duration: number
  ec2: number
  emr: number
  ebs: number
  total: number
}

export const round4 = (n: number) => Math.round(n * 10_000) / 10_000
export const round2 = (n: number) => Math.round(n * 100) / 100
export const marketsOf = (text: string) => text.split(',') as EmrMarketType[]

/** Whether a scope reads EMR data at all (the routes are EMR-only; a repository caller may not be). */
export const readsEmr = (scope: ClusterScope) => scope.platform === 'EMR'

/**
 * The EMR clusters a request names: each must be one of the user's EMR clusters (403 otherwise,
 * also for an id that does not exist, as scope.ts answers for the other platforms).
 */
export function checkEmrClusters(db: Db, scope: ClusterScope, ids: readonly string[]): void {
  const exists = cachedStatement(db, 'SELECT 1 FROM emr_clusters WHERE cluster_id = ?').pluck()
  for (const id of ids) if (!readsEmr(scope) || !exists.get(id)) throw notYourCluster(id)
}

/** A window of epoch-ms-or-ISO ends: 400 when reversed. */
export function emrWindow(
  from: string | undefined,
  to: string | undefined,
  defaultFrom: (to: number) => number,
  now: number,
  location = 'querystring',
): { from: number; to: number } {
  const end = instant(to, 'to', location) ?? now
  const start = instant(from, 'from', location) ?? defaultFrom(end)
  if (start > end) throw new HttpError(400, `${location}/from must not be after ${location}/to`)
  return { from: start, to: end }
}

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

/** Sort keys to the columns of the figures: only these reach ORDER BY. */
const SORT_SQL: Record<EmrClusterSortKey, string> = {
  clusterId: 'cluster_id',
  clusterName: 'cluster_name',
  status: 'status',
  withUnravel: 'with_unravel',
  totalCost: 'total',
  startTime: 'created_at',
  // Running clusters have no end yet: last in time, so first when sorted newest first.
  endTime: 'coalesce(end_time, 9e15)',
  duration: 'duration',
  ec2: 'ec2',
  emr: 'emr',
  ebs: 'ebs',
  nodeCount: 'node_count',
  downsizingEvents: 'downsizing_events',
}

const statesOf = (groups: readonly EmrStateGroup[]) => groups.flatMap((g) => EMR_STATE_GROUPS[g])
const quoted = (states: readonly string[]) => states.map((s) => `'${s}'`).join(', ')

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
  // Each facet's own filter, as a condition over the figures (f); '1' when it is not asked.
  const tagConditions = Object.entries(body.tags ?? {})
    .filter(([, values]) => values.length > 0)
    .map(([key, values], k) => {
      params[`tk${k}`] = key
      values.forEach((v, i) => (params[`tv${k}_${i}`] = v))
      return `EXISTS (SELECT 1 FROM emr_cluster_tags t WHERE t.cluster_id = f.cluster_id AND t.key = @tk${k} AND t.value IN (${values.map((_, i) => `@tv${k}_${i}`).join(', ')}))`
    })
  // An absent installation flag keeps its clusters: both absent (or both true) keep all.
  const keepWith = body.includeClustersWithUnravel ?? true
  const keepWithout = body.includeClustersWithoutUnravel ?? true
  const facet = {
    status: body.statuses?.length ? `f.status IN (${quoted(statesOf(body.statuses))})` : '1',
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
    tags: tagConditions.length ? tagConditions.join(' AND ') : '1',
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
  const figures = `WITH f AS (SELECT ${CLUSTER_FIGURES_SQL} FROM emr_clusters c WHERE ${base.join(' AND ')})`
  const groupCount = (group: EmrStateGroup) =>
    `coalesce(sum(${but('status')} AND f.status IN (${quoted(EMR_STATE_GROUPS[group])})), 0) AS ${group}`
  const facets = db
    .prepare(
      `${figures}
       SELECT coalesce(sum(${all}), 0) AS total,
              coalesce(sum(${but('install')} AND f.with_unravel = 1), 0) AS withUnravel,
              coalesce(sum(${but('install')} AND f.with_unravel = 0), 0) AS withoutUnravel,
              min(CASE WHEN ${but('duration')} THEN f.duration END) AS durationMin,
              max(CASE WHEN ${but('duration')} THEN f.duration END) AS durationMax,
              min(CASE WHEN ${but('cost')} THEN f.total END) AS costMin,
              max(CASE WHEN ${but('cost')} THEN f.total END) AS costMax,
              ${groupCount('active')}, ${groupCount('terminated')}, ${groupCount('failed')}
         FROM f`,
    )
    .get(params) as Record<string, number | null>
  const rows = db
    .prepare(
      `${figures}
       SELECT * FROM f WHERE ${all}
       ORDER BY ${SORT_SQL[sortKey]} ${direction === 'asc' ? 'ASC' : 'DESC'}, cluster_id ${direction === 'asc' ? 'ASC' : 'DESC'}
       LIMIT @limit OFFSET @offset`,
    )
    .all({ ...params, limit: pageSize, offset: (page - 1) * pageSize }) as ClusterFigures[]
  const tagFacet = db
    .prepare(
      `${figures}
       SELECT t.key, t.value FROM f JOIN emr_cluster_tags t ON t.cluster_id = f.cluster_id
        WHERE ${but('tags')} GROUP BY t.key, t.value ORDER BY t.key, t.value`,
    )
    .all(params) as { key: string; value: string }[]
  const tags = tagsOf(
    db,
    rows.map((r) => r.cluster_id),
  )
  const tagValues = new Map<string, string[]>()
  for (const { key, value } of tagFacet) tagValues.set(key, [...(tagValues.get(key) ?? []), value])
  return {
    clusters: rows.map((r) => rowOf(r, tags.get(r.cluster_id)!)),
    total: facets.total ?? 0,
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
