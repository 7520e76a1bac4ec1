import type {
  DatabricksAppSummary,
  DatabricksResourceMetrics,
  DatabricksResourceUsage,
  DatabricksRunErrorView,
  DatabricksTaskConf,
  DatabricksTaskProgram,
  DatabricksTaskRun,
} from '@costlens/shared'

/** A failed Databricks run (the simulator fixture's 9013: OOM in its first task) and its details. */
const START = Date.UTC(2026, 10, 26, 6)
const MIN = 60_000
export const DB_RUN_KEY = '7394025718364020_201_9013'

const OOM =
  'org.apache.spark.SparkException: Job aborted due to stage failure: Task 12 in stage 4.0 failed 4 times; java.lang.OutOfMemoryError: Java heap space'

const CLUSTER_SPEC = {
  cluster_id: '1126-060000-q7k2m9xa',
  spark_version: '14.3.x-scala2.12',
  node_type_id: 'Standard_DS4_v2',
  driver_node_type_id: 'Standard_DS4_v2',
  num_workers: 6,
  availability: 'ON_DEMAND' as const,
  custom_tags: { env: 'dev', team: 'analytics' },
}

export const dbSummary: DatabricksAppSummary = {
  annotation: { cents: 2564.8, dbuCost: 6.3, runInfo: JSON.stringify(CLUSTER_SPEC) },
  run: {
    id: DB_RUN_KEY,
    runId: 9013,
    jobId: 201,
    jobName: 'customer_churn_model',
    workspaceId: '7394025718364020',
    workspaceName: 'acme-analytics-azure',
    cloud: 'AZURE',
    region: 'eastus',
    status: 'F',
    lifeCycleState: 'TERMINATED',
    resultState: 'FAILED',
    trigger: 'ONE_TIME',
    attempt: 0,
    user: 'bob@acme.example',
    isServicePrincipal: false,
    startTime: START,
    endTime: START + 120 * MIN,
    setupDuration: 6 * MIN,
    duration: 120 * MIN,
    computeKind: 'JOB',
    clusterUid: CLUSTER_SPEC.cluster_id,
    clusterName: null,
    nodeType: 'Standard_DS4_v2',
    workers: 6,
    availability: 'ON_DEMAND',
    runtimeVersion: '14.3.x-scala2.12',
    sku: 'JOBS_COMPUTE',
    dbus: 21,
    cost: 6.3,
    total_cost: 31.948,
    cents: 2564.8,
    costFinal: true,
    tags: [
      { key: 'env', value: 'dev' },
      { key: 'team', value: 'analytics' },
    ],
    insights: [
      {
        key: 'onDemandWhereSpotFits',
        name: 'On-demand workers where spot fits',
        category: 'Recommendations',
        description:
          'The workers ran on on-demand VMs; this run restarts cheaply, and spot VMs cost 70 % less.',
        recommendation: 'Use SPOT_WITH_FALLBACK availability for the workers (the driver stays on demand).',
        saving: 15.39,
      },
    ],
  },
}

const task = (t: Partial<DatabricksTaskRun> & Pick<DatabricksTaskRun, 'taskKey'>): DatabricksTaskRun => ({
  taskType: 'NOTEBOOK',
  source: `/Users/bob@acme.example/churn/${t.taskKey}`,
  dependsOn: [],
  clusterUid: CLUSTER_SPEC.cluster_id,
  sparkAppId: null,
  status: 'S',
  lifeCycleState: 'TERMINATED',
  resultState: 'SUCCESS',
  startTime: null,
  endTime: null,
  duration: 0,
  errorMessage: null,
  dbus: 0,
  cost: 0,
  total_cost: 0,
  cents: 0,
  ...t,
})

export const dbTasks: DatabricksTaskRun[] = [
  task({
    taskKey: 'features',
    status: 'F',
    resultState: 'FAILED',
    startTime: START + 6 * MIN,
    endTime: START + 120 * MIN,
    duration: 114 * MIN,
    errorMessage: OOM,
    dbus: 21,
    cost: 6.3,
    total_cost: 31.948,
    cents: 2564.8,
  }),
  task({ taskKey: 'train', status: 'F', resultState: 'UPSTREAM_FAILED', dependsOn: ['features'] }),
  task({
    taskKey: 'publish',
    taskType: 'PYTHON_WHEEL',
    source: 'churn_model:publish',
    status: 'F',
    resultState: 'UPSTREAM_FAILED',
    dependsOn: ['train'],
  }),
]

export const dbErrorView: DatabricksRunErrorView = {
  status: 'F',
  resultState: 'FAILED',
  errorMessage: OOM,
  tasks: dbTasks.map((t) => ({
    taskKey: t.taskKey,
    status: t.status,
    resultState: t.resultState,
    errorMessage: t.errorMessage,
  })),
}

export const dbConf: DatabricksTaskConf = {
  taskKey: 'features',
  available: true,
  sparkConf: { 'spark.databricks.task.key': 'features', 'spark.sql.shuffle.partitions': '96' },
  clusterSpec: CLUSTER_SPEC,
}
export const dbConfNotAvailable: DatabricksTaskConf = {
  taskKey: 'features',
  available: false,
  sparkConf: {},
  clusterSpec: null,
}

export const dbProgram = (taskKey: string): DatabricksTaskProgram => ({
  taskKey,
  taskType: taskKey === 'publish' ? 'PYTHON_WHEEL' : 'NOTEBOOK',
  source: taskKey === 'publish' ? 'churn_model:publish' : `/Users/bob@acme.example/churn/${taskKey}`,
  notebookPath: taskKey === 'publish' ? null : `/Users/bob@acme.example/churn/${taskKey}`,
  packageName: taskKey === 'publish' ? 'churn_model' : null,
  entryPoint: taskKey === 'publish' ? 'publish' : null,
  sqlFile: null,
  sqlText: null,
  pipelineId: null,
})

export const dbMetrics: DatabricksResourceMetrics = {
  taskKey: 'features',
  startTime: START + 6 * MIN,
  endTime: START + 120 * MIN,
  stepMs: 30 * MIN,
  memoryTotalMB: 200_704,
  cpuPercent: [0, 1, 2, 3].map((i) => [START + 6 * MIN + i * 30 * MIN, 50 + i]),
  memoryUsedMB: [0, 1, 2, 3].map((i) => [START + 6 * MIN + i * 30 * MIN, 100_000 + i * 30_000]),
}

export const dbUsage: DatabricksResourceUsage = {
  taskKey: 'features',
  metricId: 'dbus',
  unit: 'DBU',
  startTime: dbMetrics.startTime,
  endTime: dbMetrics.endTime,
  stepMs: dbMetrics.stepMs,
  data: [0, 1, 2, 3].map((i) => [START + 6 * MIN + i * 30 * MIN, 5.25]),
}
