import { DRILL_TAG_PREFIX, databricksDrillDownEndpoints, parseDrillPath } from '@costlens/shared'
import type { AppInstance } from '../../app.ts'
import { trendDays } from '../../db/repositories/databricks-cost.ts'
import { databricksDrillDown } from '../../db/repositories/databricks-drilldowns.ts'
import { sessionOf } from '../../plugins/auth.ts'
import { route } from '../route.ts'

/** The Databricks cost drill-downs (issue 20, /cost_explorer/drill_downs; path ours). */
export async function databricksDrillDownRoutes(app: AppInstance) {
  const { db, clock } = app
  route(
    app,
    databricksDrillDownEndpoints.costDrillDowns,
    (request) =>
      databricksDrillDown(db, request.query, clock.now(), {
        // The free plan has no tags (C20): it is not offered the tag dimensions either.
        tagKeys: sessionOf(request).plan !== 'freemium',
      }),
    {
      // The free plan's 7 days, and no tag level: neither grouping by a tag key nor a tag in the path.
      plan: (request) => {
        const { from, end } = trendDays(request.query)
        const steps = parseDrillPath(request.query.path)
        return {
          tagGrouping: (request.query.groupBy ?? '').startsWith(DRILL_TAG_PREFIX),
          tags: Array.isArray(steps) && steps.some((s) => s.dimension.startsWith(DRILL_TAG_PREFIX)),
          range: { start: from, end },
        }
      },
    },
  )
}
