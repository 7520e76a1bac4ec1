import type {
  Budget,
  EmrClusterDetails,
  EmrClusterPage,
  EmrClusterRow,
  EmrCostDayRow,
  ListAnalysisResponse,
} from '@costlens/shared'

/*
 * EMR test data for the cluster and cost screens' component tests: whole answers of the endpoint
 * table's shapes, with `overrides` for what a test looks at.
 */

const DAY = 86_400_000
const CREATED = Date.parse('2026-11-22T06:00:00Z')

/** The i-th cluster of a list page: etl-i, j-000i, costing $ 12.3456 × i, on the team=data tag. */
export const testEmrCluster = (
  i: number,
  status: EmrClusterRow['status'],
  overrides: Partial<EmrClusterRow> = {},
): EmrClusterRow => ({
  clusterId: `j-000${i}`,
  clusterName: `etl-${i}`,
  status,
  withUnravel: true,
  totalCost: 12.3456 * i,
  startTime: Date.parse('2026-11-23T08:00:00Z'),
  endTime: null,
  duration: 3_600_000,
  tags: { team: 'data' },
  marketTypes: ['ON_DEMAND'],
  ...{ ec2: 10 * i, emr: 2 * i, ebs: 0.3456 * i, nodeCount: 3, downsizingEvents: 0 },
  ...overrides,
})

/** A list page of three clusters (failed, terminated, running) out of 42, its metadata's cost bounds `cost`. */
export const testEmrClusterPage = (cost = { min: 0, max: 500 }): EmrClusterPage => ({
  clusters: [
    testEmrCluster(1, 'TERMINATED_WITH_ERRORS'),
    testEmrCluster(2, 'TERMINATED'),
    testEmrCluster(3, 'RUNNING'),
  ],
  total: 42,
  page: 1,
  pageSize: 15,
  metadata: {
    withUnravel: 20,
    withoutUnravel: 22,
    duration: { min: 60_000, max: 86_400_000 },
    cost,
    statuses: { active: 30, terminated: 10, failed: 2 },
    tags: [{ key: 'team', values: ['data', 'web'] }],
  },
})

const group = { instanceType: 'm5.xlarge', market: 'ON_DEMAND', ebsGb: 64 } as const
const prices = { ec2Hourly: 0.192, emrHourly: 0.048, ebsHourly: 0.01 }

/** j-1ABC, nightly-etl: 10 hours from 2026-11-22 06:00 UTC on 1 master and 4 core m5.xlarge, $ 48.50. */
export const testEmrClusterDetails: EmrClusterDetails = {
  cluster: testEmrCluster(1, 'TERMINATED', {
    clusterId: 'j-1ABC',
    clusterName: 'nightly-etl',
    totalCost: 48.5,
    startTime: CREATED,
    endTime: CREATED + 10 * 3_600_000,
    duration: 10 * 3_600_000,
    ...{ ec2: 38, emr: 9.5, ebs: 1, nodeCount: 5, downsizingEvents: 1 },
  }),
  region: 'us-east-1',
  releaseLabel: 'emr-7.1.0',
  applications: ['Spark', 'Hive'],
  timeline: {
    creationDateTime: CREATED,
    readyDateTime: CREATED + 600_000,
    endDateTime: CREATED + 10 * 3_600_000,
    stateChangeReason: { code: 'ALL_STEPS_COMPLETED', message: 'Steps completed' },
  },
  instanceGroups: [
    { role: 'MASTER', ...group, requested: 1, running: 1, ...prices },
    { role: 'CORE', ...group, requested: 4, running: 4, ...prices },
  ],
  hourlyCost: { ec2: 3.8, emr: 0.95, ebs: 0.1, total: 4.85 },
  costByDay: [{ date: '2026-11-22', ec2: 38, emr: 9.5, ebs: 1, total: 48.5 }],
  downsizingEvents: [],
  yarnApps: { clusterUid: 'j-1ABC', count: 12 },
}

/** E142 for j-1ABC: 4 core nodes now, or 2 Spot m5.large saving $ 36.49 (75.2 %) of its $ 48.50. */
export const testEmrSizing: ListAnalysisResponse = {
  results: [
    {
      ...{ entityType: 'CLUSTER', entityId: 'j-1ABC', eventType: 'CLUSTER_SIZING', clusterId: 'j-1ABC' },
      ...{ clusterName: 'nightly-etl', basis: 'yarn-apps', peakUtilisation: 0.42, clusterCost: 48.5 },
      current: {
        groups: [{ role: 'CORE', instanceType: 'm5.xlarge', market: 'ON_DEMAND', count: 4 }],
        hourlyCost: 4.85,
      },
      recommendations: [
        {
          kind: 'COST_OPTIMIZED',
          groups: [{ role: 'CORE', instanceType: 'm5.large', market: 'SPOT', count: 2 }],
          ...{ hourlyCost: 1.2, saving: 36.49, savingPercent: 75.2 },
        },
      ],
      nodeDownsizing: [],
    },
  ],
}

/** A monthly budget over every EMR cluster, At Risk in 2026-11: $ 31,250.50 of $ 50,000.00 spent. */
export const testBudget = (overrides: Partial<Budget> = {}): Budget => ({
  id: 1,
  name: 'All EMR clusters',
  platform: 'EMR',
  amount: 50_000,
  period: 'monthly',
  scopeType: 'all',
  clusterIds: [],
  workspaces: [],
  tagKey: null,
  tagValue: null,
  thresholdPercent: 80,
  createdBy: 'emr',
  createdAt: 0,
  updatedAt: 0,
  month: '2026-11',
  spendToDate: 31_250.5,
  forecast: 42_100,
  spentPercent: 62.5,
  status: 'At Risk',
  ...overrides,
})

/** `n` cost day rows up to today (UTC), each costing `perDay`: EC2 70 %, EMR 20 %, EBS 10 %. */
export function testCostDays(n: number, perDay: number, now = Date.now()): EmrCostDayRow[] {
  const today = Math.floor(now / DAY) * DAY
  return Array.from({ length: n }, (_, i) => {
    const ts = today - (n - 1 - i) * DAY
    return {
      date: new Date(ts).toISOString().slice(0, 10),
      ts,
      cost: perDay,
      costChange: 0,
      neglectedCost: perDay / 10,
      budgetOverrunCost: 0,
      ...{ ec2: perDay * 0.7, emr: perDay * 0.2, ebs: perDay * 0.1 },
    }
  })
}
