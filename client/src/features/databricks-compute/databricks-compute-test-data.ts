import type {
  DatabricksClusterRecord,
  DatabricksClusterSearchResponse,
  DatabricksClusterSummary,
} from '@costlens/shared'

const HOUR = 3_600_000
const NOW = Date.parse('2026-11-26T12:00:00Z')

/** A session row of an all-purpose cluster (the test's own numbers). */
export function testSessionRow(overrides: Partial<DatabricksClusterRecord> = {}): DatabricksClusterRecord {
  return {
    id: '0412-083152-abc123_1',
    clusterId: '0412-083152-abc123',
    name: 'shared-analytics',
    clusterType: 'db_all_purpose',
    status: 'S',
    user: 'alice@acme.example',
    queue: 'acme-prod-aws',
    workspaceId: '4051729395532381',
    startTime: NOW - 10 * HOUR,
    finishedTime: NOW,
    setupDuration: 0,
    duration: 10 * HOUR,
    dbus: 35,
    cost: 19.25,
    total_cost: 24.5,
    cents: 525,
    nodeType: 'i3.xlarge',
    minWorkers: 2,
    maxWorkers: 8,
    avgWorkers: 4,
    autoscaling: true,
    availability: 'SPOT_WITH_FALLBACK',
    autoTerminationMinutes: 120,
    busyTime: 6 * HOUR,
    idleTime: 4 * HOUR,
    idleCost: 9.8,
    insights: ['idleClusterToTimeout'],
    sessionId: 1,
    runId: null,
    jobId: null,
    runName: null,
    ...overrides,
  }
}

/** A run's job cluster row. */
export function testJobClusterRow(overrides: Partial<DatabricksClusterRecord> = {}): DatabricksClusterRecord {
  return testSessionRow({
    id: '7394025718364020_201_9013',
    clusterId: '1126-060000-k2m9x0qa',
    name: 'job-201-run-9013',
    clusterType: 'db_job_cluster',
    status: 'F',
    user: 'bob@acme.example',
    queue: 'acme-analytics-azure',
    setupDuration: 6 * 60_000,
    duration: 2 * HOUR,
    total_cost: 12.3456,
    minWorkers: 6,
    maxWorkers: 6,
    autoscaling: false,
    availability: 'ON_DEMAND',
    autoTerminationMinutes: null,
    idleTime: 0,
    idleCost: 0,
    insights: ['onDemandWhereSpotFits'],
    sessionId: null,
    runId: '7394025718364020_201_9013',
    jobId: '201',
    runName: 'customer_churn_model',
    ...overrides,
  })
}

export function testClusterSearch(rows: DatabricksClusterRecord[]): DatabricksClusterSearchResponse {
  return {
    results: rows,
    metadata: {
      totalRecords: 11,
      duration: { min: 0, max: 10 * HOUR },
      cost: { min: 0, max: 30 },
      appEvents: [{ name: 'onDemandWhereSpotFits', count: 3 }],
      clusterTypes: [
        { name: 'db_job_cluster', count: 8 },
        { name: 'db_all_purpose', count: 3 },
      ],
      users: [{ name: 'bob@acme.example', count: 4 }],
      queues: [{ name: 'acme-analytics-azure', count: 4 }],
      totals: { dbus: 123.45, cost: 80, total_cost: 101.2345, idleCost: 14.5 },
    },
  }
}

export const testSummary: DatabricksClusterSummary = {
  start: NOW - 7 * 24 * HOUR,
  end: NOW,
  runningNow: { allPurpose: 1, jobClusters: 2, warehouses: 1 },
  totals: { clusters: 11, dbus: 123.45, cost: 101.2345, busyHours: 30, idleHours: 9.5, idleCost: 14.5 },
  byType: [
    { type: 'db_all_purpose', count: 3, dbus: 60, cost: 50, busyHours: 10, idleHours: 9.5, idleCost: 14.5 },
    {
      type: 'db_job_cluster',
      count: 8,
      dbus: 63.45,
      cost: 51.2345,
      busyHours: 20,
      idleHours: 0,
      idleCost: 0,
    },
    { type: 'sql_warehouse', count: 2, dbus: 180, cost: 99, busyHours: 8, idleHours: 3, idleCost: 20 },
  ],
  byWorkspace: [{ workspace: 'acme-prod-aws', count: 6, dbus: 80, cost: 70, idleCost: 10 }],
  byNodeType: [{ nodeType: 'i3.xlarge', count: 6, dbus: 80, cost: 70, hours: 40 }],
  scaling: [
    { kind: 'autoscaling', count: 7, dbus: 70, cost: 60.7407, share: 0.6 },
    { kind: 'fixed', count: 4, dbus: 53.45, cost: 40.4938, share: 0.4 },
  ],
  availability: [
    { kind: 'spot', count: 7, dbus: 70, cost: 75.9259, share: 0.75 },
    { kind: 'on_demand', count: 4, dbus: 53.45, cost: 25.3086, share: 0.25 },
  ],
  topIdle: [
    {
      clusterId: '0412-083152-abc123',
      name: 'shared-analytics',
      workspace: 'acme-prod-aws',
      sessions: 2,
      idleHours: 7,
      idleCost: 12.25,
      cost: 40,
    },
  ],
}
