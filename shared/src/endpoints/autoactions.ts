import { RecentViolationsQuerySchema, RecentViolationsResponseSchema } from '../contracts/autoactions.ts'
import { defineEndpoints } from './endpoint.ts'

/** The auto-action violations (REAL-API-NOTES §7) behind the cluster overview's alerts KPI. */
export const autoactionsEndpoints = defineEndpoints({
  recentViolations: {
    method: 'GET',
    path: '/api/v1/autoactions/recent_violations',
    // REAL-API-NOTES §7, no catalogue row: the screen it serves, the cluster overview's alerts KPI.
    specIds: ['R004', 'R051'],
    tags: ['autoactions'],
    summary: 'Violations of the enabled auto-action policies, newest first (Elasticsearch hits)',
    description:
      'start_time/end_time as YYYY-MM-DD (a date end_time is the end of that day), epoch ms or ISO ' +
      "(default the last day); limit 1-1000 (default 50); clusterUid one cluster, else the user's platform.",
    querystring: RecentViolationsQuerySchema,
    response: RecentViolationsResponseSchema,
  },
})
