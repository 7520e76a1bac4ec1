import type {
  AppAnalysis,
  AppAnnotation,
  AppDetailsSummary,
  AppErrorView,
  SparkJob,
  SparkStage,
} from '@costlens/shared'

/** A failed Spark app of the seed (cdh-prod-01), as POST /apps/{id}/summary/ answers it. */
export const failedSpark: AppDetailsSummary = {
  id: 'application_1717903340_000417',
  name: 'spark_job_417',
  kind: 'spark',
  status: 'F',
  statusLong: 'failed',
  user: 'airflow',
  queue: 'root.backfill',
  clusterUid: 'cdh-prod-01',
  clusterType: 'CDH',
  parentId: null,
  startTime: 1795402258666,
  endTime: 1795553522335,
  duration: 151263669,
  cents: 46062,
  vcoreSeconds: 25866087,
  memorySeconds: 203152247298,
  totalDfsBytesRead: 119747835,
  totalDfsBytesWritten: 20325209,
  numEvents: 1,
  appAttempts: 1,
  mrJobIds: [],
  tezJobIds: [],
}

export const sparkFailure: AppErrorView = {
  id: failedSpark.id,
  kind: 'spark',
  status: 'F',
  failure: {
    category: 'memory',
    kind: 'container-memory-limit',
    diagnostics:
      'Job aborted due to stage failure: Task 6 in stage 16.0 failed 4 times, most recent failure: ExecutorLostFailure (executor 43 exited caused by one of the running tasks) Reason: Container killed by YARN for exceeding memory limits.',
    errors: [
      {
        time: 1795552078479,
        level: 'ERROR',
        source: 'yarn',
        exception: null,
        message:
          'Container killed by YARN for exceeding physical memory limits. 23.9 GB of 23.0 GB physical memory used. Consider boosting spark.executor.memoryOverhead.',
        jobId: 3,
        stageId: 16,
        stageAttemptId: 0,
        taskId: '251',
        taskIndex: 6,
        taskAttempt: 3,
        executorId: '43',
        containerId: 'container_1717903340_000417_01_000044',
        host: 'cdh-prod-01-wn15.costlens.internal',
        logFile: 'stderr (driver)',
        logExcerpt: ['26/11/24 19:26:07 ERROR YarnScheduler: Lost executor 43'],
      },
    ],
  },
}

export const failedAnalysis: AppAnalysis = {
  insightsV2: [
    {
      key: `${failedSpark.id}/1`,
      categories: {
        AF: {
          label: 'Application Failure',
          impact: 100,
          instances: [
            {
              key: 'af',
              title: 'Failed: memory (container-memory-limit)',
              events: ['Container killed by YARN for exceeding physical memory limits.'],
              actions: [
                'Give the failing containers more memory, or split the work into smaller partitions.',
              ],
              type: 'Application Failure',
              stageId: null,
              impact: 100,
            },
          ],
        },
        EF: {
          label: 'Efficiency',
          impact: 40,
          instances: [
            {
              key: 'ef',
              title: 'Data skew in stage 3',
              events: ['Stage 3: its longest task ran 4.2 × its p75.'],
              actions: [],
              type: 'Data Skew',
              stageId: 3,
              impact: 40,
            },
          ],
        },
        RE: {
          label: 'Recommendations',
          impact: 30,
          instances: [],
        },
      },
    },
  ],
  defaultCategory: 'AF',
  recommendation: {
    id: 'rec',
    title: 'Right-size the executors',
    cf: [{ param: 'spark.executor.memory', cset: '8g', nset: '4g' }],
    savingCents: 12000,
  },
}

const stage = (stageId: number, runTimes: number[]): SparkStage => ({
  stageId,
  attemptId: 0,
  name: `showString at stage ${stageId}`,
  status: 'COMPLETE',
  jobIds: [0],
  numTasks: 32,
  numActiveTasks: 0,
  numCompleteTasks: 32,
  numFailedTasks: 0,
  numKilledTasks: 0,
  submissionTime: 1795402872776,
  firstTaskLaunchedTime: 1795402872826,
  completionTime: 1795402932776,
  executorRunTime: 221077712,
  executorCpuTime: 161900447000000,
  jvmGcTime: 7453222,
  inputBytes: 91899501,
  inputRecords: 510553,
  outputBytes: 0,
  outputRecords: 0,
  shuffleReadBytes: 0,
  shuffleReadRecords: 0,
  shuffleWriteBytes: 5897664,
  shuffleWriteRecords: 32765,
  memoryBytesSpilled: 0,
  diskBytesSpilled: 0,
  memorySeconds: 21421796333,
  vcoreSeconds: 2727501,
  failureReason: null,
  taskSummary: { quantiles: [0, 0.25, 0.5, 0.75, 1], executorRunTime: runTimes, jvmGcTime: [0, 0, 0, 0, 0] },
})

/** Stage 0 even; stage 1 skewed (its longest task 4 × its p75). */
export const sparkStages: SparkStage[] = [
  stage(0, [5_000, 6_000, 7_000, 8_000, 9_000]),
  stage(1, [1_000, 2_000, 3_000, 4_000, 16_000]),
]

export const sparkJobs: SparkJob[] = [
  {
    jobId: 0,
    name: 'showString at NativeMethodAccessorImpl.java:0',
    description: '',
    submissionTime: 1795402872776,
    completionTime: 1795402932776,
    stageIds: [0, 1],
    status: 'SUCCEEDED',
    numTasks: 64,
    numActiveTasks: 0,
    numCompletedTasks: 64,
    numSkippedTasks: 0,
    numFailedTasks: 0,
    numKilledTasks: 0,
    numActiveStages: 0,
    numCompletedStages: 2,
    numSkippedStages: 0,
    numFailedStages: 0,
  },
]

/** A succeeded MapReduce job of the seed: 184 maps and 4 reduces. */
export const mrSummary: AppDetailsSummary = {
  ...failedSpark,
  id: 'application_1717903340_000636',
  name: 'customer_360_refresh',
  kind: 'mr',
  status: 'S',
  statusLong: 'success',
  user: 'etl_svc',
  queue: 'root.etl',
  cents: 10460,
}

/** A Hive query that ran as two MapReduce jobs. */
export const hiveSummary: AppDetailsSummary = {
  ...failedSpark,
  id: 'hive_20261120_0001',
  name: 'daily_orders_rollup',
  kind: 'hive',
  status: 'S',
  statusLong: 'success',
  mrJobIds: ['application_1717903340_000701', 'application_1717903340_000702'],
  tezJobIds: [],
  // A query is no YARN application: its record may count attempts, the page offers none.
  appAttempts: 2,
}

export const mrAnnotation: AppAnnotation = {
  clusterType: 'CDH',
  clusterUid: 'cdh-prod-01',
  jobId: mrSummary.id,
  appName: mrSummary.name,
  name: mrSummary.name,
  type: 'mr',
  status: 'S',
  user: 'etl_svc',
  queue: 'root.etl',
  appAttempts: 1,
  attempt: 1,
  sparkJobIds: [],
  mrJobIds: [mrSummary.id],
  startTime: 1795272276028,
  endTime: 1795275539026,
  mr: {
    job: {
      id: 'job_1717903340_000636',
      name: mrSummary.name,
      user: 'etl_svc',
      queue: 'root.etl',
      state: 'SUCCEEDED',
      startTime: 1795272276028,
      finishTime: 1795275539026,
      mapsTotal: 184,
      mapsCompleted: 184,
      reducesTotal: 4,
      reducesCompleted: 4,
      successfulMapAttempts: 184,
      killedMapAttempts: 0,
      failedMapAttempts: 0,
      successfulReduceAttempts: 4,
      killedReduceAttempts: 0,
      failedReduceAttempts: 0,
      avgMapTime: 361090,
      avgReduceTime: 684418,
      avgShuffleTime: 315885,
      avgMergeTime: 52648,
      diagnostics: '',
    },
    summaries: [
      {
        type: 'MAP',
        total: 184,
        succeeded: 184,
        killed: 0,
        failed: 0,
        running: 0,
        quantiles: [0, 0.25, 0.5, 0.75, 1],
        elapsedTime: [266861, 311017, 355380, 404585, 495610],
      },
      {
        type: 'REDUCE',
        total: 4,
        succeeded: 4,
        killed: 0,
        failed: 0,
        running: 0,
        quantiles: [0, 0.25, 0.5, 0.75, 1],
        elapsedTime: [843900, 941318, 1040490, 1152123, 1286925],
      },
    ],
    counters: [
      {
        counterGroupName: 'org.apache.hadoop.mapreduce.FileSystemCounter',
        counter: [
          {
            name: 'HDFS_BYTES_READ',
            totalCounterValue: 1204477168,
            mapCounterValue: 1204477168,
            reduceCounterValue: 0,
          },
        ],
      },
    ],
  },
}
