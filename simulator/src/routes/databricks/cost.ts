import {
  TAG_GROUP_PREFIX,
  chargebackEndpoints,
  databricksCostEndpoints,
  type DcbParams,
  type DcbQuery,
  type PlanCheckedSearch,
} from '@costlens/shared'
import type { AppInstance } from '../../app.ts'
import { chargebackWindow } from '../../db/repositories/chargeback.ts'
import { databricksChargeback, databricksResourceStat } from '../../db/repositories/databricks-chargeback.ts'
import {
  databricksCostTrends,
  databricksUsageTrending,
  trendDays,
} from '../../db/repositories/databricks-cost.ts'
import { route } from '../route.ts'

/** What of a dcb search the free plan's limits look at: its window, tag filters and tag groupings. */
function dcbPlanCheck(request: { query: DcbQuery; params?: DcbParams }, now: number): PlanCheckedSearch {
  const window = chargebackWindow(request.query, now)
  return {
    tags: Boolean(request.query.tags),
    tagGrouping: [request.params?.group1, request.params?.group2].some((g) =>
      g?.startsWith(TAG_GROUP_PREFIX),
    ),
    range: { start: window.from, end: window.to },
  }
}

/** The Databricks cost explorer: the cost trends (E051) and the dcb chargeback (E047, E048, E050). */
export async function databricksCostRoutes(app: AppInstance) {
  const { db, clock } = app
  route(
    app,
    databricksCostEndpoints.costTrends,
    (request) => databricksCostTrends(db, request.query, clock.now()),
    {
      plan: (request) => {
        const { from, end } = trendDays(request.query)
        return { tagGrouping: request.query.type === 'tags', range: { start: from, end } }
      },
    },
  )
  // The free plan has no tags: a tag's usage is a tag breakdown (403, as the trends' tags type).
  route(
    app,
    databricksCostEndpoints.usageTrending,
    (request) => databricksUsageTrending(db, request.query, clock.now()),
    { plan: () => ({ tagGrouping: true }) },
  )
  route(
    app,
    chargebackEndpoints.dcbUserNames,
    (request) => databricksChargeback(db, { group1: 'userName' }, request.query, clock.now()),
    { plan: (request, now) => dcbPlanCheck({ query: request.query }, now) },
  )
  for (const entry of [chargebackEndpoints.dcbOneGroup, chargebackEndpoints.dcbTwoGroups])
    route(app, entry, (request) => databricksChargeback(db, request.params, request.query, clock.now()), {
      plan: dcbPlanCheck,
    })
  route(
    app,
    chargebackEndpoints.dcbResourceStat,
    (request) => databricksResourceStat(db, request.query, clock.now()),
    {
      plan: (request, now) => {
        const window = chargebackWindow(request.query, now)
        return { range: { start: window.from, end: window.to } }
      },
    },
  )
}
