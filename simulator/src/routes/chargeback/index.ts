import {
  ChargebackParamsSchema,
  ChargebackQuerySchema,
  ChargebackResponseSchema,
  ChargebackTagsResponseSchema,
  ErrorSchema,
  TAG_GROUP_PREFIX,
  chargebackTypes,
  type ChargebackClusterType,
  type ChargebackParams,
  type ChargebackQuery,
  type PlanCheckedSearch,
} from '@costlens/shared'
import type { FastifyRequest } from 'fastify'
import type { AppInstance } from '../../app.ts'
import {
  CHARGEBACK_FLAVOURS,
  chargeback,
  chargebackTags,
  chargebackWindow,
  type AppChargebackSearch,
} from '../../db/repositories/chargeback.ts'
import { findUserRow } from '../../db/repositories/users.ts'
import { HttpError } from '../../errors.ts'
import { scopeOf, sessionOf } from '../../plugins/auth.ts'

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema }
const SPEC_IDS: Record<AppChargebackSearch, string> = { cb: 'E042', icb: 'E043', pcb: 'E045', bqcb: 'E046' }

/**
 * The platform whose clusters a flavour reads for a user, or a 403 when the user's cluster type
 * has no such chargeback type (B146; Presto only when enabled). BigQuery projects are their own
 * platform: the BigQuery flavour reads them for the types that have it and for BigQuery (v2) users.
 */
function flavourScope(app: AppInstance, username: string, search: AppChargebackSearch) {
  const row = findUserRow(app.db, username)!
  const profile = JSON.parse(row.profile_json) as { prestoEnabled?: boolean }
  const { type } = CHARGEBACK_FLAVOURS[search]
  const types = chargebackTypes(row.cluster_type as ChargebackClusterType, profile.prestoEnabled)
  const bigQueryUser = row.cluster_type === 'BIGQUERYV2'
  if (!types.includes(type) && !(type === 'BigQuery' && bigQueryUser))
    throw new HttpError(403, `${type} chargeback is not available for ${row.cluster_type} clusters.`)
  return { platform: type === 'BigQuery' ? 'BIGQUERYV2' : row.cluster_type }
}

/** What of a chargeback the free plan's limits look at: its window, tag filters and tag groupings. */
function chargebackPlanCheck(request: FastifyRequest, now: number): PlanCheckedSearch {
  const query = request.query as ChargebackQuery
  const params = request.params as ChargebackParams
  const window = chargebackWindow(query, now)
  return {
    tags: Boolean(query.tags),
    tagGrouping: [params.group1, params.group2].some((g) => g?.startsWith(TAG_GROUP_PREFIX)),
    range: { start: window.from, end: window.to },
  }
}

export default async function chargebackRoutes(app: AppInstance) {
  // Registered before search/cb/{group1}/{group2}, whose group1 it would otherwise be (G24).
  app.get(
    '/api/v1/search/cb/tags',
    {
      config: { access: { plan: () => ({ tags: true }) } },
      schema: {
        tags: ['chargeback'],
        summary: 'The application tag keys and values of a window, to group or filter a chargeback by',
        description: 'from/to as in search/cb (default the last 7 days). No tags on the free plan (C20).',
        querystring: ChargebackQuerySchema,
        response: { 200: ChargebackTagsResponseSchema, ...errors },
        'x-spec-ids': ['E151'],
      },
    },
    async (request) =>
      chargebackTags(app.db, request.query as ChargebackQuery, app.clock.now(), scopeOf(request)),
  )
  for (const search of Object.keys(CHARGEBACK_FLAVOURS) as AppChargebackSearch[]) {
    const handler = async (request: FastifyRequest) => {
      const query = request.query as ChargebackQuery
      const params = request.params as ChargebackParams
      const scope = flavourScope(app, sessionOf(request).username, search)
      return chargeback(app.db, search, params, query, {
        ...scope,
        now: app.clock.now(),
      })
    }
    for (const path of [`/api/v1/search/${search}/:group1`, `/api/v1/search/${search}/:group1/:group2`])
      app.get(
        path,
        {
          config: { access: { plan: chargebackPlanCheck } },
          schema: {
            tags: ['chargeback'],
            summary: `${CHARGEBACK_FLAVOURS[search].type} chargeback: usage grouped by one or two of appt, user, queue${search === 'bqcb' ? ', tag:<key>' : ''}`,
            description:
              'Apps that started in [from, to) (YYYY-MM-DD or epoch seconds, default the last 7 days) on the ' +
              "user's clusters of the flavour, or clusterUid ('*' is all). Rows most vcore-seconds first.",
            params: ChargebackParamsSchema,
            querystring: ChargebackQuerySchema,
            response: { 200: ChargebackResponseSchema, ...errors },
            'x-spec-ids': [SPEC_IDS[search]],
          },
        },
        handler,
      )
  }
}
