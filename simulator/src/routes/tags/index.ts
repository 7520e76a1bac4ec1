import { tagsEndpoints as calls } from '@costlens/shared'
import type { AppInstance } from '../../app.ts'
import { tagsInWindow } from '../../db/repositories/tags.ts'
import { scopedClusters } from '../../db/repositories/scope.ts'
import { HttpError } from '../../errors.ts'
import { scopeOf } from '../../plugins/auth.ts'
import { route } from '../route.ts'

const DAY = 86_400_000

/** cbType → the tag sources it reads (E008); no cbType means every application tag source. */
const SOURCES_BY_CB_TYPE: Record<string, readonly string[]> = {
  yarn: ['yarn'],
  impala: ['impala'],
  big_query: ['big_query'],
  DBX_CLUSTER: ['DBX_CLUSTER'],
}
const APP_TAG_SOURCES = ['yarn', 'impala', 'big_query', 'DBX_CLUSTER']

/** The tag lists (E008, E009), from `tagsEndpoints`; both are tag filters the free plan lacks. */
export default async function tagRoutes(app: AppInstance) {
  route(
    app,
    calls.searchTags,
    (request) => {
      const q = request.query
      // A reversed window compares two fields, which a schema cannot.
      if (q.from > q.to) throw new HttpError(400, 'from must not be after to')
      const scope = scopeOf(request)
      const sources = q.cbType ? SOURCES_BY_CB_TYPE[q.cbType] : APP_TAG_SOURCES
      if (q.clusterUid) scopedClusters(scope, [q.clusterUid])
      return tagsInWindow(app.db, scope.platform, {
        from: q.from,
        to: q.to,
        clusterUid: q.clusterUid,
        sources,
      })
    },
    { plan: () => ({ tags: true }) },
  )

  route(
    app,
    calls.awsTags,
    (request) => {
      const to = request.query.to ?? app.clock.now()
      const from = request.query.from ?? to - 30 * DAY
      if (from > to) throw new HttpError(400, 'from must not be after to')
      return tagsInWindow(app.db, 'EMR', { from, to, sources: ['aws'] })
    },
    { plan: () => ({ tags: true }) },
  )
}
