import { workflowsEndpoints as calls } from '@costlens/shared'
import { api } from '../../api/api.ts'
import { endpointQuery } from '../../api/endpoint-query.ts'

/**
 * The workflow and pipeline pages' calls (issue 17), from `workflowsEndpoints`. Their failures raise
 * no toast: each page shows its own, with a retry (C25).
 */
const silent = { request: { silent: true } } as const

export const workflowApi = api.injectEndpoints({
  endpoints: (build) => ({
    // E098 with the address's cluster ('*' when none): the workflow page's one call.
    workflowAnnotation: endpointQuery(build, calls.annotation, silent),
    pipelineRuns: endpointQuery(build, calls.pipelineRuns, silent),
    userSession: endpointQuery(build, calls.session, silent),
  }),
})

export const { useWorkflowAnnotationQuery, usePipelineRunsQuery, useUserSessionQuery } = workflowApi
