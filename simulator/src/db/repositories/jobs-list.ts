import { MAX_RECORDS, type DocumentedAppsSearchResponse, type JobsListQuery } from '@costlens/shared'
import { HttpError } from '../../errors.ts'
import type { Db } from '../open-database.ts'
import { listParam } from './app-lists.ts'
import { documentedAppsSearch } from './documented-apps-search.ts'
import { jobBucketsWindow } from './jobs.ts'
import { scopedClusters, type ClusterScope } from './scope.ts'
import { unifiedSearch } from './unified-search.ts'

/**
 * GET /api/v1/jobs (the real product's documented job list): the unified search of the window the
 * bucket calls read from the same from/to, so this list, POST /apps/search and the applications page
 * agree on which apps a window holds. The search's end is inclusive, the window's is not: end − 1 ms.
 */
export function jobsList(
  db: Db,
  q: JobsListQuery,
  now: number,
  scope: ClusterScope,
): DocumentedAppsSearchResponse {
  const window = jobBucketsWindow(q, now)
  const kinds = listParam(q.kind)
  const offset = q.offset ?? 0
  const size = q.size ?? 50
  // B097, in this call's names (`from` is the window's start here).
  if (offset + size > MAX_RECORDS)
    throw new HttpError(
      400,
      `Results are limited to ${MAX_RECORDS} records: offset + size must be at most ${MAX_RECORDS}`,
    )
  return documentedAppsSearch(
    unifiedSearch(
      db,
      {
        start_time: window.start,
        end_time: window.end - 1,
        clusters: [...scopedClusters(scope, q.clusterUid ? [q.clusterUid] : undefined)],
        ...(kinds ? { appTypes: kinds } : {}),
        sort: [{ startTime: { order: 'desc' } }],
        from: offset,
        size,
      },
      now,
    ),
  )
}
