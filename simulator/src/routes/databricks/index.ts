import type { AppInstance } from '../../app.ts'
import { databricksComputeRoutes } from './compute.ts'
import { databricksCostRoutes } from './cost.ts'
import { databricksDetailsRoutes } from './details.ts'
import { databricksManageRoutes } from './manage.ts'

/** The Databricks calls (issue 20), one file per area, each registering its own routes. */
export default async function databricksRoutes(app: AppInstance) {
  await databricksManageRoutes(app)
  await databricksDetailsRoutes(app)
  await databricksCostRoutes(app)
  await databricksComputeRoutes(app)
}
