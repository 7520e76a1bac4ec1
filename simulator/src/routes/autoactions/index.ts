import {
  ErrorSchema,
  RecentViolationsQuerySchema,
  RecentViolationsResponseSchema,
  type RecentViolationsQuery,
} from '@costlens/shared'
import type { AppInstance } from '../../app.ts'
import { recentViolations, violationsWindow } from '../../db/repositories/autoactions.ts'
import { scopeOf } from '../../plugins/auth.ts'

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema }

export default async function autoactionRoutes(app: AppInstance) {
  app.get(
    '/api/v1/autoactions/recent_violations',
    {
      config: {
        access: {
          plan: (request, now) => ({ range: violationsWindow(request.query as RecentViolationsQuery, now) }),
        },
      },
      schema: {
        tags: ['autoactions'],
        summary: 'Violations of the enabled auto-action policies, newest first (Elasticsearch hits)',
        description:
          'start_time/end_time as YYYY-MM-DD (a date end_time is the end of that day), epoch ms or ISO ' +
          "(default the last day); limit 1-1000 (default 50); clusterUid one cluster, else the user's platform.",
        querystring: RecentViolationsQuerySchema,
        response: { 200: RecentViolationsResponseSchema, ...errors },
        // REAL-API-NOTES §7, no catalogue row: the screen it serves, the cluster overview's alerts KPI.
        'x-spec-ids': ['R004', 'R051'],
      },
    },
    async (request) =>
      recentViolations(app.db, request.query as RecentViolationsQuery, app.clock.now(), scopeOf(request)),
  )
}
