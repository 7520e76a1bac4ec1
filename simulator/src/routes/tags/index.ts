import {
  AwsTagsQuerySchema,
  ErrorSchema,
  SearchTagsQuerySchema,
  TagListSchema,
  type AwsTagsQuery,
  type SearchTagsQuery,
} from '@costlens/shared'
import type { AppInstance } from '../../app.ts'
import { tagsInWindow } from '../../db/repositories/tags.ts'
import { scopedClusters } from '../../db/repositories/scope.ts'
import { HttpError } from '../../errors.ts'
import { scopeOf } from '../../plugins/auth.ts'

const DAY = 86_400_000

/** cbType → the tag sources it reads (E008); no cbType means every application tag source. */
const SOURCES_BY_CB_TYPE: Record<string, readonly string[]> = {
  yarn: ['yarn'],
  impala: ['impala'],
  big_query: ['big_query'],
  DBX_CLUSTER: ['DBX_CLUSTER'],
}
const APP_TAG_SOURCES = ['yarn', 'impala', 'big_query', 'DBX_CLUSTER']

export default async function tagRoutes(app: AppInstance) {
  const tagErrors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema }

  app.get(
    '/api/v1/search/tags',
    {
      config: { access: { plan: () => ({ tags: true }) } },
      schema: {
        tags: ['tags'],
        summary: "Tag keys and values seen on the user's clusters in [from, to] (RealUser never listed)",
        querystring: SearchTagsQuerySchema,
        response: { 200: TagListSchema, ...tagErrors },
        'x-spec-ids': ['E008'],
      },
    },
    async (request) => {
      const q = request.query as SearchTagsQuery
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
  )

  app.get(
    '/api/v1/search/awstags',
    {
      // AWS tags are the EMR clusters' (E009): an EMR install's only.
      config: { access: { platforms: ['EMR'], plan: () => ({ tags: true }) } },
      schema: {
        tags: ['tags'],
        summary: 'AWS tags of the EMR clusters alive in [from, to] (default: the last 30 days)',
        querystring: AwsTagsQuerySchema,
        response: { 200: TagListSchema, ...tagErrors },
        'x-spec-ids': ['E009'],
      },
    },
    async (request) => {
      const q = request.query as AwsTagsQuery
      const to = q.to ?? app.clock.now()
      const from = q.from ?? to - 30 * DAY
      if (from > to) throw new HttpError(400, 'from must not be after to')
      return tagsInWindow(app.db, 'EMR', { from, to, sources: ['aws'] })
    },
  )
}
