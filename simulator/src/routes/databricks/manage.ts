import { DATABRICKS_REGIONS, databricksManageEndpoints as calls } from '@costlens/shared'
import type { AppInstance } from '../../app.ts'
import { databricksBilling } from '../../db/repositories/databricks-billing.ts'
import {
  databricksSqlStatus,
  databricksWorkspaceProperties,
  deleteDatabricksWorkspace,
  listDatabricksWorkspaces,
  saveDatabricksWorkspace,
  workspaceFormMetadata,
} from '../../db/repositories/databricks-workspaces.ts'
import { route } from '../route.ts'

/** Databricks workspaces and billing (/manage/workspaces, /manage/billing): E136-E141, E148. */
export async function databricksManageRoutes(app: AppInstance) {
  const { db, clock } = app
  route(app, calls.workspaces, (request) =>
    listDatabricksWorkspaces(db, request.query.metadata === true, clock.now()),
  )
  route(app, calls.saveWorkspace, (request) => saveDatabricksWorkspace(db, request.body, clock.now()))
  route(app, calls.deleteWorkspace, (request) => {
    deleteDatabricksWorkspace(db, request.params.workspaceId)
    return { workspaceId: request.params.workspaceId, deleted: true }
  })
  route(app, calls.workspaceProperties, () => databricksWorkspaceProperties(db))
  route(app, calls.workspaceFormMetadata, () => workspaceFormMetadata())
  route(app, calls.regions, () => ({
    AWS: [...DATABRICKS_REGIONS.AWS],
    AZURE: [...DATABRICKS_REGIONS.AZURE],
  }))
  route(app, calls.sqlStatus, () => databricksSqlStatus(db, clock.now()))
  route(app, calls.billing, (request) => databricksBilling(db, request.query, clock.now()))
}
