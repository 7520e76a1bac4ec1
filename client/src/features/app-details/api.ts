import { appDetailsEndpoints as details, sparkEndpoints as spark } from '@costlens/shared'
import { api } from '../../api/api.ts'
import { DETAILS_QUERY } from '../../api/app-queries.ts'
import { endpointMutation, endpointQuery } from '../../api/endpoint-query.ts'

/**
 * The application details screen's calls (issue 17), built from `appDetailsEndpoints` and
 * `sparkEndpoints`. Their failures raise no toast (C25): each tab shows its own with a retry.
 */

export const appDetailsApi = api.injectEndpoints({
  endpoints: (build) => ({
    // A POST that changes nothing: a mutation, so it runs once per page open and is not cached.
    canAccessApp: endpointMutation(build, details.canAccess),
    appSummary: endpointQuery(build, details.summary, DETAILS_QUERY),
    appResourceMetrics: endpointQuery(build, details.resourceMetrics, DETAILS_QUERY),
    appErrorView: endpointQuery(build, details.attemptErrors, DETAILS_QUERY),
    sparkAppErrorView: endpointQuery(build, details.sparkAttemptErrors, DETAILS_QUERY),
    appAnalysis: endpointQuery(build, details.attemptAnalysis, DETAILS_QUERY),
    sparkAppAnalysis: endpointQuery(build, details.sparkAttemptAnalysis, DETAILS_QUERY),
    mrAnnotation: endpointQuery(build, details.mrAnnotation, DETAILS_QUERY),
    sparkJobs: endpointQuery(build, spark.jobs, DETAILS_QUERY),
    sparkStages: endpointQuery(build, spark.allStages, DETAILS_QUERY),
    sparkExecutors: endpointQuery(build, spark.section, DETAILS_QUERY),
    sparkExecutions: endpointQuery(build, spark.executions, DETAILS_QUERY),
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
