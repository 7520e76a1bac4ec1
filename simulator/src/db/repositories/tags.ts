import type { ClusterType, Tag } from '@costlens/shared'
import type { Db } from '../open-database.ts'

export interface TagWindow {
  from: number
  to: number
  clusterUid?: string
  sources?: readonly string[]
}

/**
 * Tags seen on the platform's clusters inside [from, to], grouped per key with sorted values.
 * RealUser is the app owner's identity, not a grouping tag: never listed (01 §3).
 */
export function tagsInWindow(db: Db, platform: ClusterType, w: TagWindow): Tag[] {
  const where = [
    'c.platform = @platform',
    't.first_seen <= @to',
    't.last_seen >= @from',
    "t.key <> 'RealUser'",
  ]
  const params: Record<string, unknown> = { platform, from: w.from, to: w.to }
  if (w.clusterUid) {
    where.push('t.cluster_uid = @clusterUid')
    params.clusterUid = w.clusterUid
  }
  if (w.sources?.length) {
    where.push(`t.source IN (${w.sources.map((_, i) => `@s${i}`).join(', ')})`)
    w.sources.forEach((s, i) => (params[`s${i}`] = s))
  }
  const rows = db
    .prepare(
      `SELECT t.key AS key, group_concat(DISTINCT t.value) AS valueList
         FROM tags t JOIN clusters c ON c.unravel_id = t.cluster_uid
        WHERE ${where.join(' AND ')}
        GROUP BY t.key ORDER BY t.key`,
    )
    .all(params) as { key: string; valueList: string }[]
  return rows.map((r) => ({ key: r.key, values: r.valueList.split(',').sort() }))
}
