import {
  SparkExecutorSchema,
  SparkJobSchema,
  SparkSqlExecutionSchema,
  SparkStageSchema,
} from '../contracts/app-details.ts'
import {
  SparkAnnotationQuerySchema,
  SparkAnnotationSchema,
  SparkAppMetaParamsSchema,
  SparkAppMetaSchema,
  SparkAppParamsSchema,
  SparkBatchesParamsSchema,
  SparkBatchesSchema,
  SparkClusterAppParamsSchema,
  SparkExecutionsQuerySchema,
  SparkExecutorLogParamsSchema,
  SparkExecutorLogQuerySchema,
  SparkExecutorLogSchema,
  SparkJobDagSchema,
  SparkJobParamsSchema,
  SparkPlatformParamsSchema,
  SparkSectionParamsSchema,
  SparkStageDetailParamsSchema,
  SparkStageDetailQuerySchema,
  SparkStageDetailSchema,
  SparkStreamingParamsSchema,
  SparkStreamingQueriesSchema,
  SparkStreamQuerySchema,
  SparkStreamSchema,
} from '../contracts/spark-details.ts'
import { Type } from 'typebox'
import { defineEndpoint, defineEndpoints } from './endpoint.ts'

/*
 * The Spark details calls (02 §7 Application details (Spark); E035, E099-E112). Each answers from
 * the application's record, derived on demand (simulator/src/details/spark.ts), after the one
 * access check of the details: an unknown id answers 404 "Information for this application {id} is
 * not available.", an app of another platform's cluster (or not on the cluster the path names) 403
 * "… is forbidden." An app that is not a Spark app answers 400 naming its type: the id is right but
 * these calls describe Spark's jobs, stages and executors, which it has none of.
 *
 * The spec names the path parameters loosely ({cluster}, {platform}, {type}, {a}); in every call
 * the segment after /spark/ is the cluster the app ran on (its clusterUid, '*' for any), except
 * appmeta's {type} (the app type, 'spark') and the calls whose first segment is the app id.
 */
const tags = ['spark', 'app-details'] as const
const access = {} as const
const NOT_SPARK = 'A known app that is not a Spark app answers 400 naming its type.'
const errors = [404] as const

const stages = <P extends typeof SparkClusterAppParamsSchema | typeof SparkPlatformParamsSchema>(
  specId: string,
  path: string,
  params: P,
) =>
  defineEndpoint({
    method: 'GET',
    path,
    specIds: [specId],
    tags,
    access,
    errors,
    summary: 'Every stage attempt of a Spark app, by stage id then attempt',
    description:
      'SHS StageData with the task-time distribution (min, p25, median, p75, max of executorRunTime ms) of each ' +
      "finished stage. Their numCompleteTasks add up to the app's taskCount less its failed, killed and running " +
      `tasks; their memorySeconds and vcoreSeconds to the record's. ${NOT_SPARK}`,
    params,
    response: Type.Array(SparkStageSchema),
  })

export const sparkEndpoints = defineEndpoints({
  annotation: {
    method: 'GET',
    path: '/api/v1/spark/{id}/annotation/',
    specIds: ['E035'],
    tags,
    access,
    errors,
    summary: "A Spark app's annotation: what the details header shows first (02 §7 Annotation fields)",
    description:
      "sparkJobIds are its jobs' ids (0 … numJobs - 1); the trailing slash is the spec's. The spec's meta (sparkAppId " +
      'and clusterUid) is the path id and an optional clusterUid query: an app on another cluster answers 403. ' +
      NOT_SPARK,
    params: SparkAppParamsSchema,
    querystring: SparkAnnotationQuerySchema,
    response: SparkAnnotationSchema,
  },
  jobs: {
    method: 'GET',
    path: '/api/v1/spark/{cluster}/{appId}/jobs',
    specIds: ['E099'],
    tags,
    access,
    errors,
    summary: 'The jobs of a Spark app (SHS JobData), as many as its numJobs',
    description:
      'Submission and completion times inside the app’s life; their numCompletedStages and numSkippedStages add ' +
      `up to the record's (a stage counted once, by the job that ran it). ${NOT_SPARK}`,
    params: SparkClusterAppParamsSchema,
    response: Type.Array(SparkJobSchema),
  },
  jobStages: {
    method: 'GET',
    path: '/api/v1/spark/{cluster}/{appId}/jobs/job-{n}/stages',
    specIds: ['E100'],
    tags,
    access,
    errors,
    summary: 'The stage attempts of job n of a Spark app',
    description: `A job id the app does not have answers 404. ${NOT_SPARK}`,
    params: SparkJobParamsSchema,
    response: Type.Array(SparkStageSchema),
  },
  allStages: stages('E101', '/api/v1/spark/{cluster}/{appId}/stage/allstages', SparkClusterAppParamsSchema),
  jobDag: {
    method: 'GET',
    path: '/api/v1/spark/{cluster}/{appId}/jobs/job-{n}/dag',
    specIds: ['E102'],
    tags,
    access,
    errors,
    summary: 'The DAG of job n: its stages as nodes, their parent stages as edges',
    description:
      'A stage reads what its parents wrote: a scan (parquet at …) starts a branch, a join takes the two branches ' +
      'before it, the result stage closes every open branch. Stages an earlier job computed are skipped here. ' +
      `The layout is the client's (a graph library). A job id the app does not have answers 404. ${NOT_SPARK}`,
    params: SparkJobParamsSchema,
    response: SparkJobDagSchema,
  },
  executorLog: {
    method: 'GET',
    path: '/api/v1/spark/{appId}/executor/{executorId}/log',
    specIds: ['E103'],
    tags,
    access,
    errors,
    summary: "An executor's (or the driver's) log: stdout and stderr lines in Spark's log4j format",
    description:
      "The spec writes {id} twice: the app's, then the executor's ('driver' or its number). The lines are derived: " +
      'the executor’s start, the stages it ran tasks of, and for a failed app the errors that hit it (lost ' +
      `tasks, OutOfMemoryError, fetch failures). Bounded: truncated says lines were left out. ${NOT_SPARK}`,
    params: SparkExecutorLogParamsSchema,
    response: SparkExecutorLogSchema,
  },
  executorLogCommon: {
    method: 'GET',
    path: '/api/v1/common/app/{appId}/executors/{executorId}/log',
    specIds: ['E104'],
    tags,
    access,
    errors,
    summary: 'The same executor log; compress=true gzips it',
    description:
      'With compress=true the JSON answer is gzipped and says so in Content-Encoding: gzip (a browser unzips it ' +
      `itself); without, the same answer as /spark/{appId}/executor/{executorId}/log. ${NOT_SPARK}`,
    params: SparkExecutorLogParamsSchema,
    querystring: SparkExecutorLogQuerySchema,
    response: SparkExecutorLogSchema,
  },
  section: {
    method: 'GET',
    path: '/api/v1/spark/{platform}/{id}/{section}',
    specIds: ['E105'],
    tags,
    access,
    errors,
    summary: "A section of a Spark app's details: its executors (SHS ExecutorSummary)",
    description:
      'The generic form. The router sends …/jobs, …/allstages, …/executions and …/appmeta to their own entries ' +
      '(a static segment wins over {section}), so the section left to this one is executors: the driver first, ' +
      "then each executor with the tasks it ran; their memorySeconds and vcoreSeconds add up to the app's. The " +
      'names of the generic per-attempt calls (annotation, status, analysis, appsummary, errors: ' +
      '/spark/{id}/{attempt}/{resource}, E143-E147) are not sections: the router passes them to those calls. ' +
      `Other section names answer 400. ${NOT_SPARK}`,
    params: SparkSectionParamsSchema,
    response: Type.Array(SparkExecutorSchema),
  },
  executions: {
    method: 'GET',
    path: '/api/v1/spark/{platform}/{id}/executions',
    specIds: ['E106'],
    tags,
    access,
    errors,
    summary: 'The SQL executions of a Spark app (SHS ExecutionData), or one by ?id=',
    description:
      'Each groups one to three consecutive jobs; an RDD app answers an empty list. With id, a list of that one ' +
      `execution (404 when it has no such execution). ${NOT_SPARK}`,
    params: SparkPlatformParamsSchema,
    querystring: SparkExecutionsQuerySchema,
    // The path's {id} is the app; the client passes the execution's ?id= as executionId.
    queryArgs: { id: 'executionId' },
    response: Type.Array(SparkSqlExecutionSchema),
  },
  platformAllStages: stages('E107', '/api/v1/spark/{platform}/{id}/allstages', SparkPlatformParamsSchema),
  appMeta: {
    method: 'GET',
    path: '/api/v1/spark/{type}/{id}/appmeta',
    specIds: ['E108'],
    tags,
    access,
    errors,
    summary: "A Spark app's metadata: its counts, Spark version and whether its executor logs are loaded",
    description:
      "{type} is the app type, 'spark' (other values answer 400). logsLoaded: the sensor collected the logs of the " +
      `apps it watched (02 §4 Log loading); the others need a load. ${NOT_SPARK}`,
    params: SparkAppMetaParamsSchema,
    response: SparkAppMetaSchema,
  },
  stream: {
    method: 'GET',
    path: '/api/v1/spark/{id}/spark_stream',
    specIds: ['E109'],
    tags,
    access,
    errors,
    summary: 'The streaming series of a Spark app (input rows, processing time, scheduling delay per batch)',
    description:
      "gte/lte epoch ms, default the last hour of the app's life (now for a running app); gte after lte answers 400. " +
      "A streaming app (its name says 'stream') has a point per micro-batch triggered in the window, or per bucket " +
      'of consecutive batches past 720 points (rows summed, processing time averaged, the worst delay kept); a ' +
      `batch app answers isStreaming false and no points. ${NOT_SPARK}`,
    params: SparkAppParamsSchema,
    querystring: SparkStreamQuerySchema,
    response: SparkStreamSchema,
  },
  streamingQueries: {
    method: 'GET',
    path: '/api/v1/spark/streaming/{a}/{b}/{c}/streaming_queries',
    specIds: ['E110'],
    tags,
    access,
    errors,
    summary: 'The structured-streaming queries of a Spark app',
    description:
      "a the cluster ('*' any), b the app id, c the attempt (0 the last). A streaming app (its name says 'stream') " +
      'has one query over its life, a batch app none. An attempt beyond the app’s answers 404. ' +
      NOT_SPARK,
    params: SparkStreamingParamsSchema,
    response: SparkStreamingQueriesSchema,
  },
  batches: {
    method: 'GET',
    path: '/api/v1/spark/streaming/{a}/{b}/{c}/{d}/batches',
    specIds: ['E111'],
    tags,
    access,
    errors,
    summary: 'The micro-batches of one streaming query of a Spark app',
    description:
      'a the cluster, b the app id, c the attempt, d the query id (streaming_queries gives it); gte/lte epoch ms ' +
      '(default the last hour of its life). A page of 100 batches triggered in the window, oldest first, from the ' +
      'offset `from`; total counts the window’s. Rows, processing time and scheduling delay (the overrun of the ' +
      `batch before) are the same on every call. A query the app does not have answers 404. ${NOT_SPARK}`,
    params: SparkBatchesParamsSchema,
    querystring: SparkStreamQuerySchema,
    response: SparkBatchesSchema,
  },
  stageDetail: {
    method: 'GET',
    path: '/api/v1/spark/{a}/{c}/stage/{b}/{d}',
    specIds: ['E112'],
    tags,
    access,
    errors,
    summary: 'One stage attempt: its figures, task-time summary and a page of its task attempts',
    description:
      'a the cluster, c the app id, b the stage id, d the attempt id (the spec’s letters). offset (default 0) and ' +
      'limit (default 100, at most 500) page the task attempts: finished ones by index, then failed attempts, ' +
      'then killed or running ones; tasks.total counts them all. Each row is computed alone, so the last page of ' +
      `a 10,000-task stage costs what the first does. A stage attempt the app does not have answers 404. ${NOT_SPARK}`,
    params: SparkStageDetailParamsSchema,
    querystring: SparkStageDetailQuerySchema,
    response: SparkStageDetailSchema,
  },
})
