import type { AppInstance } from '../../app.ts'
import { databricksCostRoutes } from './cost.ts'

/** The Databricks calls (issue 20): each area's routes in its own file of this folder. */
export default async function databricksRoutes(app: AppInstance) {
  await databricksCostRoutes(app)
}
