import type { DatabricksJobRow, DatabricksRunRow, DatabricksRunSearchResponse } from '@costlens/shared'

const NOW = Date.UTC(2026, 10, 26, 12)

/** A run row as the runs call answers it (final cost unless overridden). */
export function testRunRow(n: number, over: Partial<DatabricksRunRow> = {}): DatabricksRunRow {
  return {
    id: `4051729395532381_101_${9000 + n}`,
    status: 'S',
    status_long: 'TERMINATED/SUCCESS',
    user: 'alice@acme.example',
    raw_user: 'alice@acme.example',
    name: 'daily_ingest',
    runName: 'daily_ingest',
    runId: String(9000 + n),
    jobId: '101',
    startTime: NOW - n * 3_600_000,
    finishedTime: NOW - n * 3_600_000 + 50 * 60_000,
    setupDuration: 240_000,
    duration: 50 * 60_000,
    clusterId: '1126-110000-abcdefgh',
    clusterUid: '1126-110000-abcdefgh',
    clusterType: 'db_job_cluster',
    queue: 'acme-prod-aws',
    workspaceId: '4051729395532381',
    dbus: 5.83,
    cost: 0.8745,
    total_cost: 1.5,
    cents: 62.55,
    costIsActual: true,
    insights: [],
    ...over,
  }
}

export function testRunSearch(rows: DatabricksRunRow[], total = rows.length): DatabricksRunSearchResponse {
  return {
    results: rows,
    metadata: {
      totalRecords: total,
      duration: { min: 60_000, max: 3 * 3_600_000 },
      cost: { min: 0, max: 12.5 },
      appEvents: [{ name: 'jobOnAllPurposeCompute', count: 2 }],
    },
  }
}

export function testJobRow(n: number, over: Partial<DatabricksJobRow> = {}): DatabricksJobRow {
  return {
    jobId: String(100 + n),
    jobName: `job_${n}`,
    status: 'S',
    workSpace: 'acme-prod-aws',
    workspaceId: '4051729395532381',
    user: 'etl-service-principal',
    startTime: NOW - n * 3_600_000,
    runCount: 3 + n,
    duration: 3 * 3_600_000,
    dbuCost: 10 + n,
    cents: 500,
    dbus: 50,
    totalCost: 15 + n,
    schedule: '0 0 2 * * ?',
    computeKind: 'db_job_cluster',
    latestRunKey: `4051729395532381_${100 + n}_1`,
    ...over,
  }
}
