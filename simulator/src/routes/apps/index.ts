import {
  ErrorSchema,
  UnifiedSearchBodySchema,
  UnifiedSearchResponseSchema,
  type UnifiedSearchBody,
} from '@costlens/shared'
import type { AppInstance } from '../../app.ts'
import { unifiedSearch } from '../../db/repositories/applications.ts'

export async function appRoutes(app: AppInstance) {
  app.post(
    '/api/v1/apps/unifiedsearch',
    {
      schema: {
        tags: ['apps'],
        summary:
          'Search applications: one page, its total, duration and cost ranges, event and cluster counts',
        description:
          'Body of 02 §7. Times are epoch ms or ISO-8601; sort is [{"field": {"order": "asc|desc"}}]; ' +
          'from + size may not pass 10,000 (B097). Running-only searches (appStatus ["R"]) ignore the time window.',
        body: UnifiedSearchBodySchema,
        response: { 200: UnifiedSearchResponseSchema, 400: ErrorSchema, 401: ErrorSchema },
        'x-spec-ids': ['E014'],
      },
    },
    async (request) => unifiedSearch(app.db, request.body as UnifiedSearchBody, app.clock.now()),
  )
}
