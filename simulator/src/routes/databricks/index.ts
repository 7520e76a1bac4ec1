import type { AppInstance } from '../../app.ts'
import { databricksManageRoutes } from './manage.ts'

/** The Databricks calls (issue 20), one file per area. */
export default async function databricksRoutes(app: AppInstance) {
  await databricksManageRoutes(app)
}
