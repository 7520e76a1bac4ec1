import type { AppInstance } from '../../app.ts'
import { databricksComputeRoutes } from './compute.ts'

/** The Databricks area's calls (issue 20): each part registers its file here. */
export default async function databricksRoutes(app: AppInstance) {
  await databricksComputeRoutes(app)
}
