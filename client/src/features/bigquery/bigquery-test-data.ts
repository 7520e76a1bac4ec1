import type {
  BigQueryJobDetails,
  BigQueryJobMetadata,
  BigQueryJobRow,
  BigQueryJobSearchResponse,
  BigQueryProjectList,
  BigQueryProjectMetadata,
  BigQueryProjectRow,
  BigQueryReservation,
} from '@costlens/shared'

/*
 * Answers of the BigQuery calls (E163-E167) for component tests, complete to the contract (the
 * server lands in another branch): `n` makes ids and figures distinct. Cost is in cents.
 */

const GIB = 1024 ** 3

/** A query job: n GiB billed on demand, n × 0.6104 cents ($6.25/TiB), n × 65 s. */
export function testJobRow(n: number, overrides: Partial<BigQueryJobRow> = {}): BigQueryJobRow {
  return {
    id: `bquxjob_${n}a2b`,
    projectId: n % 2 ? 'acme-analytics' : 'acme-etl',
    statement: {
      short: `SELECT * FROM sales.orders_${n} WHERE region = 'EU'`,
      full: `SELECT *\nFROM sales.orders_${n}\nWHERE region = 'EU'`,
    },
    statementType: 'SELECT',
    insights: { count: n % 3 },
    type: 'Q',
    status: 'S',
    errorMessage: '',
    billingType: 'BYTES_BILLED',
    pricingPlan: 'ON_DEMAND',
    reservation: null,
    cost: 0.6104 * n,
    billedBytes: GIB * n,
    bytesProcessed: GIB * n,
    bytesScanned: GIB * n,
    slotMs: 130_000 * n,
    cacheHit: false,
    userName: n % 2 ? 'alice@acme.com' : 'etl@acme-etl.iam.gserviceaccount.com',
    createTime: '2025-06-15T08:00:00.000Z',
    startTime: '2025-06-15T08:00:01.000Z',
    endTime: '2025-06-15T08:01:05.000Z',
    duration: 65_000 * n,
    priority: 'INTERACTIVE',
    location: 'US',
    rowsAffected: 0,
    bytes: { shuffled: 2 * 1024 ** 2 * n, spilledToDisk: 0 },
    records: { read: 1_000_000 * n, written: 1000 * n },
    waitTime: { avg: 20 * n, max: 40 * n },
    readTime: { avg: 300 * n, max: 900 * n },
    computeTime: { avg: 1200 * n, max: 3000 * n },
    writeTime: { avg: 50 * n, max: 80 * n },
    tags: [
      { key: 'team', value: 'sales' },
      { key: 'env', value: 'prod' },
    ],
    dataset: null,
    dataSources: [`acme-analytics.sales.orders_${n}`],
    destinationUri: null,
    destinationFileCount: 0,
    signature: `sig-${n}`,
    executedByUnravel: false,
    ...overrides,
  }
}

export function testJobSearch(rows: BigQueryJobRow[], total = 42): BigQueryJobSearchResponse {
  return {
    total,
    page: 1,
    pageSize: 15,
    totals: { cost: 123_456.789, billedBytes: 5 * 1024 ** 4, slotMs: 7_200_000 },
    results: rows,
  }
}

export const testJobMetadata: BigQueryJobMetadata = {
  projects: [
    { projectId: 'acme-analytics', count: 30 },
    { projectId: 'acme-etl', count: 12 },
  ],
  users: [
    { userName: 'alice@acme.com', count: 30 },
    { userName: 'etl@acme-etl.iam.gserviceaccount.com', count: 12 },
  ],
  types: [
    { type: 'Q', count: 38 },
    { type: 'L', count: 4 },
  ],
  statuses: [
    { status: 'S', count: 39 },
    { status: 'F', count: 3 },
  ],
  insights: [
    { name: 'SELECT_STAR', count: 20 },
    { name: 'NO_PARTITION_FILTER', count: 5 },
    { name: 'REPEATED_CACHE_MISS', count: 0 },
    { name: 'TINY_QUERY_FLOOD', count: 0 },
    { name: 'CROSS_JOIN', count: 1 },
  ],
  pricing: [
    { pricing: 'ON_DEMAND', count: 30 },
    { pricing: 'STANDARD', count: 0 },
    { pricing: 'ENTERPRISE', count: 12 },
    { pricing: 'ENTERPRISE_PLUS', count: 0 },
  ],
  tags: [
    {
      key: 'team',
      values: [
        { value: 'sales', count: 30 },
        { value: 'finance', count: 12 },
      ],
    },
  ],
  duration: { min: 0, max: 3_600_000 },
  slotMs: { min: 0, max: 36_000_000 },
  billedBytes: { min: 0, max: 200 * GIB },
}

export const testReservation: BigQueryReservation = {
  reservationId: 'acme-admin:US.etl-pool',
  edition: 'ENTERPRISE',
  slotCapacity: 100,
  maxSlots: 400,
  commitment: 'ANNUAL',
  usdPerSlotHour: 0.048,
}

export function testJobDetails(n: number, overrides: Partial<BigQueryJobRow> = {}): BigQueryJobDetails {
  const job = testJobRow(n, overrides)
  return {
    job,
    costBasis: {
      billingType: 'BYTES_BILLED',
      usdPerTiB: 6.25,
      usdPerSlotHour: null,
      minimumApplied: false,
      text: `${n}.00 GiB billed on demand at $6.25 per TiB.`,
    },
    reservation: null,
    insights: [
      {
        key: 'SELECT_STAR',
        name: 'SELECT * reads every column',
        category: 'EF',
        description: `The job read all 42 columns of sales.orders_${n}.`,
        recommendation: 'Name the columns the query needs.',
        estimatedSavingCents: job.cost * 0.5,
      },
    ],
    totalSavingCents: job.cost * 0.5,
    tablesRead: [
      {
        table: `acme-analytics.sales.orders_${n}`,
        partitioned: true,
        clustered: false,
        storageBytes: 50 * GIB,
        rows: 120_000_000,
      },
    ],
    tablesWritten: [],
    signatureRuns: 3 * n,
  }
}

export function testProjectRow(n: number, overrides: Partial<BigQueryProjectRow> = {}): BigQueryProjectRow {
  return {
    projectId: `acme-project-${n}`,
    projectName: `Acme project ${n}`,
    projectNumber: String(100_000_000_000 + n),
    organization: n % 2 ? 'acme.com' : 'acme-labs.com',
    location: 'US',
    pricingPlan: n % 2 ? 'ON_DEMAND' : 'ENTERPRISE',
    reservation: n % 2 ? null : testReservation,
    jobCount: 1000 * n,
    cost: 250_000 * n,
    billedBytes: 3 * 1024 ** 4 * n,
    slotMs: 3_600_000 * n,
    inefficientJobCount: 10 * n,
    ...overrides,
  }
}

export function testProjectList(rows: BigQueryProjectRow[], total = 8): BigQueryProjectList {
  return {
    total,
    page: 1,
    pageSize: 15,
    startTime: '2025-05-17T00:00:00.000Z',
    endTime: '2025-06-15T10:30:00.000Z',
    results: rows,
  }
}

export const testProjectMetadata: BigQueryProjectMetadata = {
  organizations: [
    { organization: 'acme.com', count: 5 },
    { organization: 'acme-labs.com', count: 3 },
  ],
  reservations: [
    { reservationId: 'acme-admin:US.etl-pool', count: 3 },
    { reservationId: 'on-demand', count: 5 },
  ],
}
