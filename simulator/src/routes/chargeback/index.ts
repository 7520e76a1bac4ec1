import {
  CHARGEBACK_CALLS,
  DOCUMENTED_CHARGEBACK_CALLS,
  TAG_GROUP_PREFIX,
  chargebackEndpoints as calls,
  chargebackTypes,
  type ChargebackClusterType,
  type ChargebackParams,
  type ChargebackQuery,
  type PlanCheckedSearch,
} from '@costlens/shared'
import type { AppInstance } from '../../app.ts'
import {
  CHARGEBACK_FLAVOURS,
  chargeback,
  chargebackTags,
  chargebackWindow,
  type AppChargebackSearch,
} from '../../db/repositories/chargeback.ts'
import { documentedChargebackRows } from '../../db/repositories/documented-chargeback.ts'
import { findUserRow } from '../../db/repositories/users.ts'
import { HttpError } from '../../errors.ts'
import { scopeOf, sessionOf } from '../../plugins/auth.ts'
import { route } from '../route.ts'

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
function chargebackPlanCheck(
  request: { query: ChargebackQuery; params: ChargebackParams },
  now: number,
): PlanCheckedSearch {
  const { query, params } = request
  const window = chargebackWindow(query, now)
  return {
    tags: Boolean(query.tags),
    tagGrouping: [params.group1, params.group2].some((g) => g?.startsWith(TAG_GROUP_PREFIX)),
    range: { start: window.from, end: window.to },
  }
}

/** The application chargeback (02 §7), from `chargebackEndpoints`. */
export default async function chargebackRoutes(app: AppInstance) {
  route(
    app,
    calls.chargebackTags,
    (request) => chargebackTags(app.db, request.query, app.clock.now(), scopeOf(request)),
    { plan: () => ({ tags: true }) },
  )
  // The real product's documented flat lists (issue 21): search/cb/appt[/queue|/user], rewritten.
  for (const [second, entry] of [
    [undefined, DOCUMENTED_CHARGEBACK_CALLS.appt],
    ['queue', DOCUMENTED_CHARGEBACK_CALLS.queue],
    ['user', DOCUMENTED_CHARGEBACK_CALLS.user],
  ] as const)
    route(
      app,
      entry,
      (request) => {
        const scope = flavourScope(app, sessionOf(request).username, 'cb')
        const params = { group1: 'appt', ...(second ? { group2: second } : {}) } as ChargebackParams
        const answer = chargeback(app.db, 'cb', params, request.query, { ...scope, now: app.clock.now() })
        return documentedChargebackRows(answer, second)
      },
      {
        plan: (request, now) =>
          chargebackPlanCheck({ query: request.query, params: { group1: 'appt' } }, now),
      },
    )
  for (const search of Object.keys(CHARGEBACK_CALLS) as AppChargebackSearch[])
    for (const entry of [CHARGEBACK_CALLS[search].oneGroup, CHARGEBACK_CALLS[search].twoGroups])
      route(
        app,
        entry,
        (request) => {
          const scope = flavourScope(app, sessionOf(request).username, search)
          return chargeback(app.db, search, request.params, request.query, { ...scope, now: app.clock.now() })
        },
        { plan: chargebackPlanCheck },
      )
}
