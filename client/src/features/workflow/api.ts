import { workflowsEndpoints as calls } from '@costlens/shared'
import { api } from '../../api/api.ts'
import { DETAILS_QUERY } from '../../api/app-queries.ts'
import { endpointQuery } from '../../api/endpoint-query.ts'

/**
 * The workflow and pipeline pages' calls (issue 17), from `workflowsEndpoints`. Their failures raise
 * no toast: each page shows its own, with a retry (C25).
 */

export const workflowApi = api.injectEndpoints({
  endpoints: (build) => ({
    // E098 with the address's cluster ('*' when none): the workflow page's one call.
    workflowAnnotation: endpointQuery(build, calls.annotation, DETAILS_QUERY),
    pipelineRuns: endpointQuery(build, calls.pipelineRuns, DETAILS_QUERY),
    userSession: endpointQuery(build, calls.session, DETAILS_QUERY),
  }),
})

export const { useWorkflowAnnotationQuery, usePipelineRunsQuery, useUserSessionQuery } = workflowApi
