import type { AppInstance } from '../../app.ts'
import { databricksRunsRoutes } from './runs.ts'

/**
 * The Databricks calls (issue 20), one file per area (autoload reads a folder's index only): each
 * area adds its file and one line here.
 */
export default async function databricksRoutes(app: AppInstance) {
  await databricksRunsRoutes(app)
}
