import { sparkEndpoints as spark } from '@costlens/shared'
import { api } from '../../api/api.ts'
import { DETAILS_QUERY } from '../../api/app-queries.ts'
import { endpointQuery } from '../../api/endpoint-query.ts'

/**
 * The Spark calls of the Timeline, stage detail, executor log, Streaming tabs and the Spark job page
 * (issue 17, 02 §2 / §7). Like api.ts, their failures raise no toast: each panel shows its own.
 */

export const sparkExtrasApi = api.injectEndpoints({
  endpoints: (build) => ({
    sparkJobStages: endpointQuery(build, spark.jobStages, DETAILS_QUERY),
    sparkStageDetail: endpointQuery(build, spark.stageDetail, DETAILS_QUERY),
    // compress=true: the log travels gzipped (Content-Encoding), the browser unzips it (E104).
    sparkExecutorLog: endpointQuery(build, spark.executorLogCommon, DETAILS_QUERY),
    sparkAppMeta: endpointQuery(build, spark.appMeta, DETAILS_QUERY),
    sparkStream: endpointQuery(build, spark.stream, DETAILS_QUERY),
    sparkStreamingQueries: endpointQuery(build, spark.streamingQueries, DETAILS_QUERY),
    sparkBatches: endpointQuery(build, spark.batches, DETAILS_QUERY),
    sparkAnnotation: endpointQuery(build, spark.annotation, DETAILS_QUERY),
  }),
})

export const {
  useSparkJobStagesQuery,
  useSparkStageDetailQuery,
  useSparkExecutorLogQuery,
  useSparkAppMetaQuery,
  useSparkStreamQuery,
  useSparkStreamingQueriesQuery,
  useSparkBatchesQuery,
  useSparkAnnotationQuery,
} = sparkExtrasApi
