import {
  sizingRecommendations,
  sizingSaving,
  type EmrInsights,
  type EmrSizingAnalysis,
  type EmrWindowQuery,
  type ListAnalysisBody,
  type ListAnalysisResponse,
  type PricedGroup,
} from '@costlens/shared'
import type { Db } from '../open-database.ts'
import { cachedStatement } from '../statement-cache.ts'
import {
  ALIVE_IN_WINDOW_SQL,
  CLUSTER_FIGURES_SQL,
  clusterFigures,
  downsizingEvents,
  emrWindow,
  readsEmr,
  round4,
  type ClusterFigures,
} from './emr-clusters.ts'
import { notYourCluster, type ClusterScope } from './scope.ts'

const DAY = 86_400_000

/** The cluster an entity names: itself, or the one an application ran on (403 when not the user's). */
function clusterOfEntity(db: Db, entity: ListAnalysisBody['entities'][number]): string {
  if (entity.entityType === 'CLUSTER') return entity.entityId
  const cluster = cachedStatement(db, 'SELECT cluster_uid FROM applications WHERE id = ?')
    .pluck()
    .get(entity.entityId) as string | undefined
  if (cluster === undefined) throw notYourCluster(entity.entityId)
  return cluster
}

/**
 * E142 CLUSTER_SIZING: for each entity its cluster's peak use (seeded from its Yarn apps' busiest
 * moment when the product watched it, else from AWS's utilisation), its groups and hourly cost, and
 * both recommendations from rules/emr-sizing.ts with savings over its life so far (never above
 * its cost), plus its down-sizing events.
 */
export function listAnalysis(
  db: Db,
  scope: ClusterScope,
  body: ListAnalysisBody,
  now: number,
): ListAnalysisResponse {
  const results = body.entities.map((entity): EmrSizingAnalysis => {
    const clusterId = clusterOfEntity(db, entity)
    const f = clusterFigures(db, scope, clusterId, now)
    const { peak, basis } = cachedStatement(
      db,
      'SELECT peak_util AS peak, util_basis AS basis FROM emr_clusters WHERE cluster_id = ?',
    ).get(clusterId) as { peak: number; basis: EmrSizingAnalysis['basis'] }
    const groups = cachedStatement(
      db,
      `SELECT role, instance_type AS instanceType, market, running, ebs_gb AS ebsGb,
              ec2_hourly AS ec2Hourly, emr_hourly AS emrHourly, ebs_hourly AS ebsHourly
         FROM emr_instance_groups WHERE cluster_id = ?
        ORDER BY CASE role WHEN 'MASTER' THEN 0 WHEN 'CORE' THEN 1 ELSE 2 END`,
    ).all(clusterId) as PricedGroup[]
    const clusterCost = round4(f.total)
    return {
      entityType: entity.entityType,
      entityId: entity.entityId,
      eventType: 'CLUSTER_SIZING',
      clusterId,
      clusterName: f.cluster_name,
      basis,
      peakUtilisation: Math.round(peak * 1000) / 1000,
      clusterCost,
      current: {
        groups: groups.map(({ role, instanceType, market, running }) => ({
          role,
          instanceType,
          market,
          count: running,
        })),
        hourlyCost: round4(f.ec2_hourly + f.emr_hourly + f.ebs_hourly),
      },
      recommendations: sizingRecommendations(groups, peak, clusterCost),
      nodeDownsizing: downsizingEvents(db, clusterId),
    }
  })
  return { results }
}

/** The cost-optimised saving of a cluster's figures: a share of its cost, never above it. */
const savingOf = (f: ClusterFigures) =>
  sizingSaving(round4(f.total), f.ec2_hourly + f.emr_hourly + f.ebs_hourly, f.optimised_hourly)

/** In SQL, the same share of the cost as sizingSaving, for sums and the order of the top clusters. */
const SAVING_SQL = 'max(0, total * (1 - optimised_hourly / max(ec2_hourly + emr_hourly + ebs_hourly, 1e-9)))'

/**
 * EMR cluster insights over the clusters alive in the window (default the last 30 days): with and
 * without the product (count, cost over their lives so far), the cost-optimised savings summed
 * (each bounded by its cluster's cost) and the 10 largest, each as listAnalysis says it.
 */
export function emrInsights(db: Db, scope: ClusterScope, q: EmrWindowQuery, now: number): EmrInsights {
  const window = emrWindow(q.from, q.to, (to) => to - 30 * DAY, now)
  const params = { ...window, now, emr: readsEmr(scope) ? 1 : 0 }
  const figures = `WITH f AS (SELECT ${CLUSTER_FIGURES_SQL} FROM emr_clusters c WHERE ${ALIVE_IN_WINDOW_SQL} AND @emr = 1)`
  const sums = db
    .prepare(
      `${figures}
       SELECT coalesce(sum(with_unravel = 1), 0) AS withN, coalesce(sum(CASE WHEN with_unravel = 1 THEN total END), 0) AS withCost,
              coalesce(sum(with_unravel = 0), 0) AS withoutN, coalesce(sum(CASE WHEN with_unravel = 0 THEN total END), 0) AS withoutCost,
              coalesce(sum(${SAVING_SQL}), 0) AS saving, coalesce(sum(${SAVING_SQL} >= 0.005), 0) AS savingClusters,
              coalesce(sum(total), 0) AS cost
         FROM f`,
    )
    .get(params) as Record<string, number>
  const top = db
    .prepare(`${figures} SELECT * FROM f ORDER BY ${SAVING_SQL} DESC, cluster_id LIMIT 10`)
    .all(params) as ClusterFigures[]
  return {
    from: window.from,
    to: window.to,
    withUnravel: { clusters: sums.withN!, cost: round4(sums.withCost!) },
    withoutUnravel: { clusters: sums.withoutN!, cost: round4(sums.withoutCost!) },
    savings: {
      total: round4(Math.min(sums.saving!, sums.cost!)),
      clusters: sums.savingClusters!,
      cost: round4(sums.cost!),
    },
    topClusters: top
      .map((f) => ({
        clusterId: f.cluster_id,
        clusterName: f.cluster_name,
        withUnravel: f.with_unravel === 1,
        cost: round4(f.total),
        saving: savingOf(f),
        downsizingEvents: f.downsizing_events,
      }))
      .filter((c) => c.saving > 0),
  }
}
