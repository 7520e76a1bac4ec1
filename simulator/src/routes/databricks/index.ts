import type { AppInstance } from '../../app.ts'
import { databricksComputeRoutes } from './compute.ts'
import { databricksCostRoutes } from './cost.ts'
import { databricksDetailsRoutes } from './details.ts'
import { databricksDrillDownRoutes } from './drilldowns.ts'
import { databricksInsightsRoutes } from './insights.ts'
import { databricksManageRoutes } from './manage.ts'
import { databricksRunsRoutes } from './runs.ts'
import { databricksSqlRoutes } from './sql.ts'

/**
 * The Databricks calls (issue 20), one file per area (autoload reads a folder's index only): each
 * area adds its file and one line here.
 */
export default async function databricksRoutes(app: AppInstance) {
  await databricksRunsRoutes(app)
  await databricksDetailsRoutes(app)
  await databricksCostRoutes(app)
  await databricksDrillDownRoutes(app)
  await databricksComputeRoutes(app)
  await databricksManageRoutes(app)
  await databricksSqlRoutes(app)
  await databricksInsightsRoutes(app)
}
