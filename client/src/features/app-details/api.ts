import { appDetailsEndpoints as details, sparkEndpoints as spark } from '@costlens/shared'
import { api } from '../../api/api.ts'
import { endpointMutation, endpointQuery } from '../../api/endpoint-query.ts'

/**
 * The application details screen's calls (issue 17), built from `appDetailsEndpoints` and
 * `sparkEndpoints`. Their failures raise no toast (C25): each tab shows its own with a retry.
 */
const silent = { request: { silent: true } } as const

export const appDetailsApi = api.injectEndpoints({
  endpoints: (build) => ({
    // A POST that changes nothing: a mutation, so it runs once per page open and is not cached.
    canAccessApp: endpointMutation(build, details.canAccess),
    appSummary: endpointQuery(build, details.summary, silent),
    appResourceMetrics: endpointQuery(build, details.resourceMetrics, silent),
    appErrorView: endpointQuery(build, details.attemptErrors, silent),
    sparkAppErrorView: endpointQuery(build, details.sparkAttemptErrors, silent),
    appAnalysis: endpointQuery(build, details.attemptAnalysis, silent),
    sparkAppAnalysis: endpointQuery(build, details.sparkAttemptAnalysis, silent),
    mrAnnotation: endpointQuery(build, details.mrAnnotation, silent),
    sparkJobs: endpointQuery(build, spark.jobs, silent),
    sparkStages: endpointQuery(build, spark.allStages, silent),
    sparkExecutors: endpointQuery(build, spark.section, silent),
    sparkExecutions: endpointQuery(build, spark.executions, silent),
  }),
})

export const {
  useCanAccessAppMutation,
  useAppSummaryQuery,
  useAppResourceMetricsQuery,
  useAppErrorViewQuery,
  useSparkAppErrorViewQuery,
  useAppAnalysisQuery,
  useSparkAppAnalysisQuery,
  useMrAnnotationQuery,
  useSparkJobsQuery,
  useSparkStagesQuery,
  useSparkExecutorsQuery,
  useSparkExecutionsQuery,
} = appDetailsApi
