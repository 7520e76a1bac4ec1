import type { PipelineRuns, Session, WorkflowAnnotation, WorkflowChild, WorkflowRun } from '@costlens/shared'

/** The workflow and pipeline pages' answers, as the simulator gives them (times in UTC). */
const DAY = Date.parse('2026-11-20T00:00:00Z')
const H = 3_600_000

const child = (
  over: Partial<WorkflowChild> & Pick<WorkflowChild, 'id' | 'kind' | 'status'>,
): WorkflowChild => ({
  name: 'finance_ledger_close',
  user: 'etl_svc',
  queue: 'root.etl',
  clusterUid: 'cdh-prod-01',
  startTime: DAY + 2 * H,
  endTime: DAY + 3 * H,
  duration: H,
  cents: 100,
  totalDfsBytesRead: 2 * 1024 ** 3,
  totalDfsBytesWritten: 1024 ** 2,
  ...over,
})

export const workflowChildren: WorkflowChild[] = [
  child({ id: 'application_1717909754_001242', kind: 'hive', status: 'S', cents: 243, duration: 6_092_000 }),
  child({
    id: 'application_1717909754_002150',
    kind: 'spark',
    status: 'F',
    user: 'airflow',
    startTime: DAY + 21 * H,
    endTime: DAY + 21 * H + 637_000,
    duration: 637_000,
    cents: 85,
  }),
]

export const failedWorkflow: WorkflowAnnotation = {
  id: 'finance_ledger_close__cdh-prod-01__2026-11-20T00:00:00',
  pipeline: 'finance_ledger_close',
  runDate: '2026-11-20',
  clusterUid: 'cdh-prod-01',
  clusterName: 'Production CDH',
  clusterType: 'CDH',
  status: 'F',
  startTime: DAY + 2 * H,
  endTime: DAY + 21 * H + 637_000,
  duration: 19 * H + 637_000,
  cents: 328,
  user: 'etl_svc',
  userCount: 2,
  childCount: 2,
  statusCounts: { succeeded: 1, failed: 1, killed: 0, running: 0, other: 0 },
  totalDfsBytesRead: 4 * 1024 ** 3,
  totalDfsBytesWritten: 2 * 1024 ** 2,
  children: workflowChildren,
}

const run = (day: string, over: Partial<WorkflowRun> = {}): WorkflowRun => {
  const start = Date.parse(`${day}T04:00:00Z`)
  return {
    id: `finance_ledger_close__cdh-prod-01__${day}T00:00:00`,
    pipeline: 'finance_ledger_close',
    runDate: day,
    clusterUid: 'cdh-prod-01',
    clusterName: 'Production CDH',
    clusterType: 'CDH',
    status: 'S',
    startTime: start,
    endTime: start + 30 * 60_000,
    duration: 30 * 60_000,
    cents: 150,
    user: 'etl_svc',
    userCount: 1,
    childCount: 3,
    statusCounts: { succeeded: 3, failed: 0, killed: 0, running: 0, other: 0 },
    totalDfsBytesRead: 1024 ** 3,
    totalDfsBytesWritten: 1024 ** 2,
    ...over,
  }
}

export const pipelineRuns: PipelineRuns = {
  pipeline: 'finance_ledger_close',
  start: Date.parse('2026-11-16T00:00:00Z'),
  end: Date.parse('2026-11-24T00:00:00Z'),
  total: 3,
  runs: [
    run('2026-11-22', { status: 'R', endTime: null, duration: 45 * 60_000 }),
    run('2026-11-21', {
      status: 'F',
      cents: 420,
      statusCounts: { succeeded: 2, failed: 1, killed: 0, running: 0, other: 0 },
    }),
    run('2026-11-20', {
      clusterUid: 'cdh-etl-02',
      clusterName: 'ETL CDH',
      id: 'finance_ledger_close__cdh-etl-02__2026-11-20T00:00:00',
    }),
  ],
}

/** An interactive session of two queries, the second still running. */
export const querySession: Session = {
  id: 'application_1717909754_001242',
  user: 'analyst_ana',
  clusterUid: 'cdh-prod-01',
  clusterName: 'Production CDH',
  gapMinutes: 30,
  status: 'R',
  startTime: DAY + 2 * H,
  endTime: null,
  duration: 2 * H,
  cents: 310,
  queryCount: 2,
  kinds: ['hive', 'impala'],
  queries: [
    child({
      id: 'application_1717909754_001242',
      kind: 'hive',
      status: 'S',
      user: 'analyst_ana',
      cents: 210,
    }),
    child({
      id: '00000000000002ef:00a6f0d700000000',
      kind: 'impala',
      status: 'R',
      user: 'analyst_ana',
      startTime: DAY + 3 * H + 600_000,
      endTime: null,
      duration: 3_000_000,
      cents: 100,
    }),
  ],
}
