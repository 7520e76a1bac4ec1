import type { ClusterItem, ClusterSearchQuery, ClusterType } from '@costlens/shared'
import type { Db } from '../open-database.ts'

const ITEM_COLUMNS = `unravel_id AS unravelId, display_name AS displayName, cluster_name AS clusterName, kind AS clusterType`

export function clustersOfPlatform(db: Db, platform: ClusterType, kind?: string): ClusterItem[] {
  const where = kind ? 'platform = ? AND kind = ?' : 'platform = ?'
  const args = kind ? [platform, kind] : [platform]
  return db
    .prepare(`SELECT ${ITEM_COLUMNS} FROM clusters WHERE ${where} ORDER BY display_name`)
    .all(...args) as ClusterItem[]
}

/**
 * GET cluster_search (E007) over the clusters of the user's platform: name/id substring,
 * kind (db_all_purpose also brings job clusters when asked), exact id, and lifetime overlap
 * with [dateFrom, dateTo].
 */
export function searchClusters(db: Db, platform: ClusterType, q: ClusterSearchQuery): ClusterItem[] {
  const where = ['platform = @platform']
  const params: Record<string, unknown> = { platform, size: q.size ?? 100 }
  if (q.customQ) {
    where.push(
      `(display_name LIKE @like ESCAPE '\\' OR cluster_name LIKE @like ESCAPE '\\' OR unravel_id LIKE @like ESCAPE '\\')`,
    )
    params.like = `%${q.customQ.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
  }
  if (q.clusterType) {
    const kinds =
      q.clusterType === 'db_all_purpose' && q.includeDbJobClusters
        ? ['db_all_purpose', 'db_job']
        : [q.clusterType]
    where.push(`kind IN (${kinds.map((_, i) => `@kind${i}`).join(', ')})`)
    kinds.forEach((k, i) => (params[`kind${i}`] = k))
  }
  if (q.clusterUid) {
    where.push('unravel_id = @clusterUid')
    params.clusterUid = q.clusterUid
  }
  if (q.dateTo !== undefined) {
    where.push('created_at <= @dateTo')
    params.dateTo = q.dateTo
  }
  if (q.dateFrom !== undefined) {
    where.push('(terminated_at IS NULL OR terminated_at >= @dateFrom)')
    params.dateFrom = q.dateFrom
  }
  return db
    .prepare(
      `SELECT ${ITEM_COLUMNS} FROM clusters WHERE ${where.join(' AND ')} ORDER BY display_name LIMIT @size`,
    )
    .all(params) as ClusterItem[]
}
