import { databricksManageEndpoints as calls } from '@costlens/shared'
import { api } from '../../api/api.ts'
import { endpointMutation, endpointQuery } from '../../api/endpoint-query.ts'

/** Databricks workspaces and billing, built from `databricksManageEndpoints`; a write refetches the list. */
export const databricksManageApi = api
  .enhanceEndpoints({ addTagTypes: ['DatabricksWorkspaces'] })
  .injectEndpoints({
    endpoints: (build) => ({
      databricksWorkspaces: endpointQuery(build, calls.workspaces, {
        providesTags: ['DatabricksWorkspaces'],
      }),
      // B201: a failed metadata call falls back to empty groups (the page says so), with no toast.
      workspaceFormMetadata: endpointQuery(build, calls.workspaceFormMetadata, { request: { silent: true } }),
      saveDatabricksWorkspace: endpointMutation(build, calls.saveWorkspace, {
        invalidatesTags: ['DatabricksWorkspaces'],
      }),
      deleteDatabricksWorkspace: endpointMutation(build, calls.deleteWorkspace, {
        invalidatesTags: ['DatabricksWorkspaces'],
      }),
      // 'Billing data not available' is the page's own message for a failure (B170): no toast.
      databricksBilling: endpointQuery(build, calls.billing, { request: { silent: true } }),
    }),
  })

export const {
  useDatabricksWorkspacesQuery,
  useWorkspaceFormMetadataQuery,
  useSaveDatabricksWorkspaceMutation,
  useDeleteDatabricksWorkspaceMutation,
  useDatabricksBillingQuery,
} = databricksManageApi
