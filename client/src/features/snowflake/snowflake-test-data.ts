import type {
  SnowflakeCostBreakdown,
  SnowflakeCostOverview,
  SnowflakeCostQueries,
  SnowflakeCostRow,
  SnowflakeWarehouseRow,
  SnowflakeQueryDetails,
  SnowflakeQueryMetadata,
  SnowflakeQueryRow,
  SnowflakeQuerySearchResponse,
} from '@costlens/shared'

/** A complete query row for component tests; `n` makes the id and numbers distinct. */
export function testQueryRow(n: number, overrides: Partial<SnowflakeQueryRow> = {}): SnowflakeQueryRow {
  return {
    id: `01b2-q${n}`,
    accountId: 'acme-prod',
    sqlShort: `SELECT * FROM sales.orders_${n} WHERE region = 'EU'`,
    sqlFull: `SELECT *\nFROM sales.orders_${n}\nWHERE region = 'EU'`,
    status: 'S',
    insights: { count: n % 3 },
    cost: 0.12345 * n,
    usage: 0.04567 * n,
    userName: n % 2 ? 'alice' : 'etl_svc',
    warehouse: { name: 'ANALYTICS_WH', id: 'wh-analytics' },
    startTime: '2025-06-15T08:00:00.000Z',
    endTime: '2025-06-15T08:01:05.000Z',
    duration: 65_000 * n,
    clientConnector: 'JDBC',
    message: '',
    queryType: 'SELECT',
    queryTag: '',
    sessionId: `s-${n}`,
    clusterNumber: 1,
    totalBytes: { read: 1024 ** 3 * n, write: 0 },
    bytesWritten: 0,
    rowsAffected: 0,
    rowsProduced: 1000 * n,
    signature: `sig-${n}`,
    ...overrides,
  }
}

export const testMetadata: SnowflakeQueryMetadata = {
  users: [
    { userName: 'alice', count: 30 },
    { userName: 'etl_svc', count: 12 },
  ],
  warehouses: [
    { warehouseUid: 'wh-analytics', count: 35 },
    { warehouseUid: 'wh-etl', count: 7 },
  ],
  cost: { min: -0.01, max: 4.2 },
  duration: { min: 0, max: 3_600_000 },
  insights: [
    { name: 'FULL_TABLE_SCAN', count: 20 },
    { name: 'REMOTE_SPILLAGE', count: 5 },
  ],
  clientConnectors: [
    { clientConnector: 'JDBC', count: 30 },
    { clientConnector: 'Python', count: 12 },
  ],
  accounts: [{ accountId: 'acme-prod', count: 42 }],
  statuses: [
    { status: 'S', count: 38 },
    { status: 'F', count: 3 },
    { status: 'P', count: 1 },
  ],
}

export function testSearchResponse(rows: SnowflakeQueryRow[], total = 42): SnowflakeQuerySearchResponse {
  return { total, page: 1, pageSize: 15, results: rows }
}

export function testQueryDetails(
  n: number,
  overrides: Partial<SnowflakeQueryRow> = {},
): SnowflakeQueryDetails {
  return {
    query: testQueryRow(n, overrides),
    roleName: 'ANALYST',
    databaseName: 'SALES',
    schemaName: 'PUBLIC',
    warehouse: {
      uid: 'wh-analytics',
      name: 'ANALYTICS_WH',
      size: 'Medium',
      creditsPerHour: 4,
      minClusterCount: 1,
      maxClusterCount: 3,
      scalingPolicy: 'STANDARD',
      autoSuspendSeconds: 600,
      accountId: 'acme-prod',
    },
    insights: [
      {
        key: 'FULL_TABLE_SCAN',
        name: 'Full table scan',
        category: 'EF',
        description: `The query scanned every partition of sales.orders_${n}.`,
        recommendation: 'Add a filter on the clustering key order_date.',
        estimatedSavingUsd: 12.5 * n,
      },
    ],
    savings: {
      basis: { kind: 'signature', costUsd: 40 * n, windowDays: 7, monthlyCostUsd: (40 * n * 30) / 7 },
      basisText: `Estimated from this query signature's $${(40 * n).toFixed(2)} over the last 7 days.`,
      totalMonthlyUsd: 12.5 * n,
    },
    inputTables: [
      {
        database: 'SALES',
        schema: 'PUBLIC',
        name: `ORDERS_${n}`,
        rows: 1_000_000,
        bytes: 1024 ** 3,
        partitionsScanned: 120,
        partitionsTotal: 120,
      },
    ],
    outputTables: [],
    metrics: {
      queuedProvisioningTime: 10 * n,
      compilationTime: 250,
      queuedRepairTime: 0,
      queuedOverloadTime: 1500 * n,
      transactionBlockedTime: 0,
      listExternalFilesTime: 3,
      executionTime: 60_000 * n,
      bytesSpilledToLocalStorage: 0,
      bytesSpilledToRemoteStorage: 1024 ** 2 * n,
      partitionsScanned: 120,
      partitionsTotal: 120,
    },
  }
}

export function testWarehouseRow(
  n: number,
  overrides: Partial<SnowflakeWarehouseRow> = {},
): SnowflakeWarehouseRow {
  return {
    uid: `wh-${n}`,
    name: `WH_${n}`,
    size: 'Medium',
    creditsPerHour: 4,
    minClusterCount: 1,
    maxClusterCount: 2,
    scalingPolicy: 'STANDARD',
    autoSuspendSeconds: 300,
    accountId: 'acme-prod',
    state: n % 2 ? 'STARTED' : 'SUSPENDED',
    queryCount: 100 * n,
    credits: 1.23456 * n,
    cost: 3.45678 * n,
    avgQueuedOverloadTime: 1234.4,
    queuedQueryCount: n,
    utilisationPercent: 12.5 * n,
    ...overrides,
  }
}

const point = (i: number, v: number): [number, number] => [
  Date.parse('2025-06-15T00:00:00Z') + i * 3_600_000,
  v,
]

export function testCostRow(id: string, cost: number): SnowflakeCostRow {
  return { id, name: id.toUpperCase(), cost, credits: cost / 3, queryCount: 10, share: 25 }
}

export const testCostOverview: SnowflakeCostOverview = {
  startTime: '2025-06-08T00:00:00.000Z',
  endTime: '2025-06-15T10:30:00.000Z',
  interval: '3h',
  pointInterval: 10_800_000,
  total: { cost: 123.456789, credits: 41.15226, queryCount: 5000 },
  previous: { cost: 100, credits: 33.3, queryCount: 4000 },
  changePercent: 23.46,
  trend: [point(0, 10), point(1, 12)],
  creditsTrend: [point(0, 3), point(1, 4)],
  topWarehouses: [testCostRow('wh-1', 60), testCostRow('wh-2', 40)],
  topUsers: [testCostRow('alice', 70)],
}

export const testCostBreakdown: SnowflakeCostBreakdown = {
  startTime: testCostOverview.startTime,
  endTime: testCostOverview.endTime,
  interval: '3h',
  pointInterval: 10_800_000,
  total: testCostOverview.total,
  rows: [testCostRow('alice', 70.12345), testCostRow('etl_svc', 30)],
  trend: [point(0, 10)],
  series: [{ id: 'alice', name: 'ALICE', data: [point(0, 7)] }],
}

export const testCostQueries: SnowflakeCostQueries = {
  startTime: testCostOverview.startTime,
  endTime: testCostOverview.endTime,
  interval: '3h',
  pointInterval: 10_800_000,
  total: testCostOverview.total,
  trend: [point(0, 10)],
  rows: [
    {
      signature: 'sig-9',
      sqlShort: 'SELECT region, SUM(amount) FROM sales.orders GROUP BY 1',
      queryType: 'SELECT',
      sampleQueryId: '01b2-q9',
      userName: 'alice',
      warehouseName: 'ANALYTICS_WH',
      cost: 12.3,
      credits: 4.1,
      queryCount: 48,
      avgDuration: 65_000,
      share: 9.96,
    },
  ],
}
