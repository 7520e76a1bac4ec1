import type { AppDetailsSummary, SparkJobDag, TezDag, TezHourAggregation, TezTask } from '@costlens/shared'

/*
 * A failed Tez app of the seed (cdh-etl-02, tez_query_932) as the details calls answer it: one DAG of
 * two map vertices into a reducer, Map 2's four failed tasks having failed it. Shared by the Tez tab's,
 * the DAG page's and the DAG graph's tests.
 */
const START = 1794328553000
export const TEZ_APP_ID = 'application_1743829759_000932'
export const TEZ_DAG_ID = 'dag_1743829759_000932_1'

export const failedTez: AppDetailsSummary = {
  id: TEZ_APP_ID,
  name: 'tez_query_932',
  kind: 'tez',
  status: 'F',
  statusLong: 'failed',
  user: 'etl_svc',
  queue: 'root.ml',
  clusterUid: 'cdh-etl-02',
  clusterType: 'CDH',
  parentId: null,
  startTime: START,
  endTime: START + 65_000,
  duration: 65_000,
  cents: 0,
  vcoreSeconds: 3_100,
  memorySeconds: 12_700_000,
  totalDfsBytesRead: 5_221_000_000,
  totalDfsBytesWritten: 1_330_000_000,
  numEvents: 1,
  appAttempts: 1,
  mrJobIds: [],
  tezJobIds: [TEZ_APP_ID],
}

const task = (vertex: string, v: number, i: number, failed = false): TezTask => ({
  taskId: `task_1743829759_000932_1_0${v}_00000${i}`,
  vertexName: vertex,
  status: failed ? 'FAILED' : 'SUCCEEDED',
  statusCode: failed ? 'F' : 'S',
  startTime: START + 2_000 + i * 1_000,
  endTime: START + 12_000 + i * 1_000,
  timeTaken: 10_000,
  containerId: `container_1743829759_000932_01_00000${v}${i}`,
  host: 'cdh-etl-02-wn03.costlens.internal',
  diagnostics: failed ? 'java.lang.OutOfMemoryError: Java heap space' : null,
})

const dagFields = {
  dagId: TEZ_DAG_ID,
  dagName: 'tez_query_932:1',
  appId: TEZ_APP_ID,
  status: 'FAILED',
  statusCode: 'F',
  startTime: START + 1_000,
  endTime: START + 59_000,
  timeTaken: 58_000,
  numVertices: 3,
  numTasks: 5,
  numSucceededTasks: 4,
  numFailedTasks: 1,
  numKilledTasks: 0,
  numRunningTasks: 0,
} as const

export const tezDagList = [dagFields]

const vertex = (name: string, i: number, failed: number, tasks: number) => ({
  vertexId: `vertex_1743829759_000932_1_0${i}`,
  vertexName: name,
  kind: name.startsWith('Map') ? ('MAP' as const) : ('REDUCE' as const),
  status: failed ? ('FAILED' as const) : ('SUCCEEDED' as const),
  statusCode: failed ? ('F' as const) : ('S' as const),
  startTime: START + 2_000,
  endTime: START + 40_000,
  timeTaken: 38_000,
  numTasks: tasks,
  numSucceededTasks: tasks - failed,
  numFailedTasks: failed,
  numKilledTasks: 0,
  numRunningTasks: 0,
  hdfsBytesRead: name.startsWith('Map') ? 1_250_000_000 : 0,
  hdfsBytesWritten: name.startsWith('Map') ? 0 : 1_240_000_000,
  diagnostics: failed ? 'Vertex failed, vertexName=Map 2, taskId=task_1743829759_000932_1_01_000001' : null,
})

export const tezDag: TezDag = {
  ...dagFields,
  vertices: [vertex('Map 1', 0, 0, 2), vertex('Map 2', 1, 1, 2), vertex('Reducer 3', 2, 0, 1)],
  edges: [
    { from: 'Map 1', to: 'Reducer 3', type: 'SCATTER_GATHER' },
    { from: 'Map 2', to: 'Reducer 3', type: 'BROADCAST' },
  ],
  tasks: [
    task('Map 1', 0, 0),
    task('Map 1', 0, 1),
    task('Map 2', 1, 0),
    task('Map 2', 1, 1, true),
    task('Reducer 3', 2, 0),
  ],
}

export const tezDagHours: TezHourAggregation = {
  dagId: TEZ_DAG_ID,
  hours: [{ hour: 1794326400000, tasksStarted: 5, tasksFinished: 5, taskTime: 50_000 }],
}

/** Job 0 of a Spark app: a scan, a stage an earlier job computed (skipped), and the result stage. */
export const sparkJobDag: SparkJobDag = {
  jobId: 0,
  nodes: [
    {
      stageId: 0,
      attemptId: 0,
      name: 'map at Features.scala:77',
      status: 'COMPLETE',
      numTasks: 28,
      skipped: false,
      parentIds: [],
    },
    {
      stageId: 1,
      attemptId: 0,
      name: 'showString at NativeMethodAccessorImpl.java:0',
      status: 'SKIPPED',
      numTasks: 44,
      skipped: true,
      parentIds: [],
    },
    {
      stageId: 2,
      attemptId: 0,
      name: 'save at FileFormatWriter.scala:245',
      status: 'COMPLETE',
      numTasks: 66,
      skipped: false,
      parentIds: [0, 1],
    },
  ],
  edges: [
    { from: 0, to: 2 },
    { from: 1, to: 2 },
  ],
}
