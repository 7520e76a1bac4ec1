import type { AppInstance } from '../../app.ts'
import { databricksDetailsRoutes } from './details.ts'

/** The Databricks calls (issue 20); each part registers from its own file. */
export default async function databricksRoutes(app: AppInstance) {
  await databricksDetailsRoutes(app)
}
