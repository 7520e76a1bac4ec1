import { sparkEndpoints as spark } from '@costlens/shared'
import { api } from '../../api/api.ts'
import { endpointQuery } from '../../api/endpoint-query.ts'

/**
 * The Spark calls of the Timeline, stage detail, executor log, Streaming tabs and the Spark job page
 * (issue 17, 02 §2 / §7). Like api.ts, their failures raise no toast: each panel shows its own.
 */
const silent = { request: { silent: true } } as const

export const sparkExtrasApi = api.injectEndpoints({
  endpoints: (build) => ({
    sparkJobStages: endpointQuery(build, spark.jobStages, silent),
    sparkStageDetail: endpointQuery(build, spark.stageDetail, silent),
    // compress=true: the log travels gzipped (Content-Encoding), the browser unzips it (E104).
    sparkExecutorLog: endpointQuery(build, spark.executorLogCommon, silent),
    sparkAppMeta: endpointQuery(build, spark.appMeta, silent),
    sparkStream: endpointQuery(build, spark.stream, silent),
    sparkStreamingQueries: endpointQuery(build, spark.streamingQueries, silent),
    sparkBatches: endpointQuery(build, spark.batches, silent),
    sparkAnnotation: endpointQuery(build, spark.annotation, silent),
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
