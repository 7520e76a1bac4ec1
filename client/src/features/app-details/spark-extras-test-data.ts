import type {
  SparkBatches,
  SparkExecutor,
  SparkExecutorLog,
  SparkStageDetail,
  SparkStream,
  SparkStreamingQuery,
  SparkTask,
} from '@costlens/shared'
import { failedSpark, sparkStages } from './app-details-test-data.ts'

/** Stage 3 of the failed app, the one its insights name as skewed (failedAnalysis): its longest task 4 × its p75. */
export const skewedStage = { ...sparkStages[1]!, stageId: 3 }

const task = (index: number, duration: number, status: SparkTask['status'] = 'SUCCESS'): SparkTask => ({
  taskId: 1000 + index,
  index,
  attempt: 0,
  launchTime: skewedStage.firstTaskLaunchedTime! + index * 100,
  duration,
  executorId: String(1 + (index % 2)),
  host: 'worker-07.cdh-prod-01.internal',
  status,
  taskLocality: 'PROCESS_LOCAL',
  speculative: false,
  errorMessage: status === 'FAILED' ? 'java.lang.OutOfMemoryError: Java heap space' : null,
  executorRunTime: duration,
  jvmGcTime: Math.round(duration / 10),
  inputBytes: status === 'SUCCESS' ? 2_097_152 * (index + 1) : 0,
  outputBytes: 0,
  shuffleReadBytes: status === 'SUCCESS' ? 1_048_576 : 0,
  shuffleWriteBytes: status === 'SUCCESS' ? 524_288 : 0,
})

/** E112 for stage 3: four finished tasks and a failed attempt, the whole stage on one page. */
export const stageDetail: SparkStageDetail = {
  stage: {
    ...skewedStage,
    numTasks: 4,
    numCompleteTasks: 4,
    numFailedTasks: 1,
    taskSummary: {
      quantiles: [0, 0.25, 0.5, 0.75, 1],
      executorRunTime: [1_000, 2_000, 3_000, 4_000, 16_000],
      jvmGcTime: [100, 200, 300, 400, 1_600],
    },
  },
  tasks: {
    total: 5,
    tasks: [task(0, 1_000), task(1, 3_000), task(2, 4_000), task(3, 16_000), task(4, 800, 'FAILED')],
  },
  offset: 0,
  limit: 500,
}

const executor = (id: string, failedTasks: number): SparkExecutor => ({
  id,
  hostPort: `worker-0${id === 'driver' ? 1 : id}.cdh-prod-01.internal:7337`,
  isActive: false,
  totalCores: id === 'driver' ? 1 : 4,
  maxTasks: 4,
  memoryMB: 9_216,
  maxMemory: 4_294_967_296,
  memoryUsed: 0,
  diskUsed: 0,
  rddBlocks: 0,
  activeTasks: 0,
  failedTasks,
  completedTasks: 32,
  totalTasks: 32 + failedTasks,
  totalDuration: 600_000,
  totalGCTime: 30_000,
  totalInputBytes: 91_899_501,
  totalOutputBytes: 0,
  totalShuffleRead: 0,
  totalShuffleWrite: 5_897_664,
  addTime: failedSpark.startTime,
  removeTime: failedSpark.endTime,
  removeReason: failedTasks ? 'Container killed by YARN for exceeding physical memory limits' : null,
  containerId: `container_1717903340_0417_01_00000${id === 'driver' ? 1 : Number(id) + 1}`,
  memorySeconds: 1_000,
  vcoreSeconds: 100,
  executorLogs: { stdout: '', stderr: '' },
})
export const sparkExecutors: SparkExecutor[] = [executor('driver', 0), executor('1', 0), executor('2', 3)]

/** E104 for executor 2, which lost tasks to the memory limit. */
export const executorLog: SparkExecutorLog = {
  appId: failedSpark.id,
  executorId: '2',
  host: 'worker-02.cdh-prod-01.internal',
  containerId: 'container_1717903340_0417_01_000003',
  stdout: ['25/11/26 05:00:01 INFO Executor: Starting executor ID 2 on host worker-02'],
  stderr: [
    '25/11/26 05:00:01 INFO CoarseGrainedExecutorBackend: Started daemon with process name: 4711@worker-02',
    '25/11/26 05:41:09 ERROR Executor: Exception in task 251.3 in stage 16.0 (TID 9001)',
    'java.lang.OutOfMemoryError: Java heap space',
  ],
  truncated: false,
}

const streamStart = failedSpark.endTime! - 3_600_000
/** A stream of 10 s micro-batches, 1,000 rows each, processed in 4 s. */
export const streamingQuery: SparkStreamingQuery = {
  id: '7f1c2a9e-0b1d-4c3e-a5f6-1234567890ab',
  runId: '0a1b2c3d-4e5f-4a6b-a7c8-9d0e1f2a3b4c',
  name: 'clickstream_sessionize',
  status: 'FAILED',
  startTime: failedSpark.startTime,
  endTime: failedSpark.endTime,
  numBatches: 15_126,
  inputRows: 15_126_000,
}
export const sparkStream: SparkStream = {
  isStreaming: true,
  gte: streamStart,
  lte: failedSpark.endTime!,
  points: Array.from({ length: 360 }, (_, k) => ({
    time: streamStart + k * 10_000,
    inputRows: 1_000,
    processingTimeMs: 4_000,
    schedulingDelayMs: 0,
  })),
}
export const streamBatches: SparkBatches = {
  total: 360,
  batches: Array.from({ length: 100 }, (_, k) => ({
    batchId: 14_766 + k,
    batchTime: streamStart + k * 10_000,
    inputRows: 1_000,
    processingTimeMs: 4_000,
    schedulingDelayMs: k === 7 ? 1_500 : 0,
    status: 'COMPLETED' as const,
  })),
}
