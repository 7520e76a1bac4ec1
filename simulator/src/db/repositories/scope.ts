import type { ClusterType } from '@costlens/shared'
import { HttpError } from '../../errors.ts'
import type { Db } from '../open-database.ts'
import { cachedStatement } from '../statement-cache.ts'

/** The 'every cluster' value the spec's cluster parameters use. */
const ALL = '*'

/**
 * The clusters a signed-in user may read: every cluster of the user's platform (01 §3: the
 * isValidToken lists clusters, yarnclusters and impalaclusters are its Yarn and Impala ones).
 * Every repository that reads applications, jobs, pipelines, tags or alerts narrows its rows to
 * `clusterUids` through `scopedClusters`, so no list, count or chart shows another platform's data.
 */
export interface ClusterScope {
  platform: ClusterType
  clusterUids: readonly string[]
}

/** The scope of a platform's users (the chargeback's BigQuery flavour reads the BigQuery projects' scope). */
export function scopeOfPlatform(db: Db, platform: ClusterType): ClusterScope {
  const clusterUids = cachedStatement(
    db,
    'SELECT unravel_id FROM clusters WHERE platform = ? ORDER BY unravel_id',
  )
    .pluck()
    .all(platform) as string[]
  return { platform, clusterUids }
}

/**
 * The clusters a request reads: the ones it names, each of which must be in the scope (403
 * otherwise, also for an id that does not exist: the user does not have it), or, when it names
 * none or only '*', the whole scope. Never empty-means-everything: a scope without clusters reads
 * nothing.
 */
export function scopedClusters(scope: ClusterScope, requested?: readonly string[]): readonly string[] {
  const named = (requested ?? []).filter((uid) => uid !== ALL && uid !== '')
  if (named.length === 0) return scope.clusterUids
  const outside = named.find((uid) => !scope.clusterUids.includes(uid))
  if (outside !== undefined) throw notYourCluster(outside)
  return named
}

/** The one answer for a cluster the user does not have (another platform's, or none at all). */
export function notYourCluster(name: string): HttpError {
  return new HttpError(403, `You do not have access to the cluster "${name}".`)
}
