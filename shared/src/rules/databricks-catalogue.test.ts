import { describe, expect, it } from 'vitest'
import {
  databricksComputeCost,
  databricksJobClusterId,
  databricksRunKey,
  parseDatabricksRunKey,
  databricksRunStatus,
  databricksUsdPerDbu,
  type DatabricksLifeCycleState,
  type DatabricksResultState,
} from './databricks-catalogue.ts'

describe('databricksRunStatus: the console code of a run from its life-cycle and result states', () => {
  const cases: [DatabricksLifeCycleState, DatabricksResultState | null, string][] = [
    ['RUNNING', null, 'R'],
    ['TERMINATING', null, 'R'],
    ['QUEUED', null, 'P'],
    ['PENDING', null, 'P'],
    ['BLOCKED', null, 'P'],
    ['WAITING_FOR_RETRY', null, 'W'],
    ['INTERNAL_ERROR', null, 'F'],
    ['SKIPPED', null, 'U'],
    ['TERMINATED', 'SUCCESS', 'S'],
    ['TERMINATED', 'SUCCESS_WITH_FAILURES', 'S'],
    ['TERMINATED', 'FAILED', 'F'],
    ['TERMINATED', 'TIMEDOUT', 'F'],
    ['TERMINATED', 'UPSTREAM_FAILED', 'F'],
    ['TERMINATED', 'CANCELED', 'K'],
    ['TERMINATED', 'UPSTREAM_CANCELED', 'K'],
    ['TERMINATED', 'MAXIMUM_CONCURRENT_RUNS_REACHED', 'U'],
    ['TERMINATED', 'EXCLUDED', 'U'],
    ['TERMINATED', 'DISABLED', 'U'],
  ]
  it.each(cases)('%s / %s → %s', (lifeCycle, result, status) => {
    expect(databricksRunStatus(lifeCycle, result)).toBe(status)
  })
})

describe('databricksUsdPerDbu: list prices of DOMAIN.md §3', () => {
  it.each([
    ['JOBS_COMPUTE', 'AWS', 'PREMIUM', 0.15],
    ['JOBS_COMPUTE', 'AWS', 'ENTERPRISE', 0.2],
    ['JOBS_COMPUTE', 'AZURE', 'PREMIUM', 0.3],
    ['ALL_PURPOSE_COMPUTE', 'AWS', 'PREMIUM', 0.55],
    ['ALL_PURPOSE_COMPUTE', 'AWS', 'ENTERPRISE', 0.65],
    ['ALL_PURPOSE_COMPUTE', 'AWS', 'STANDARD', 0.4],
    ['SQL_SERVERLESS', 'AZURE', 'PREMIUM', 0.7],
    ['DLT_ADVANCED', 'AZURE', 'ENTERPRISE', 0.54],
    ['SQL_PRO', 'AWS', 'STANDARD', null],
  ] as const)('%s on %s %s: %s', (sku, cloud, tier, usd) => {
    expect(databricksUsdPerDbu(sku, cloud, tier)).toBe(usd)
  })
})

describe('databricksJobClusterId', () => {
  it('has Databricks’ MMDD-HHMMSS-xxxxxxxx form from the run’s start (UTC)', () => {
    const id = databricksJobClusterId(912_345_678, Date.UTC(2026, 10, 24, 16, 42, 8))
    expect(id).toMatch(/^1124-164208-[a-z0-9]{8}$/)
    expect(databricksJobClusterId(912_345_678, Date.UTC(2026, 10, 24, 16, 42, 8))).toBe(id)
    expect(databricksJobClusterId(912_345_679, Date.UTC(2026, 10, 24, 16, 42, 8))).not.toBe(id)
  })
})

describe('databricksComputeCost: DBUs × list price plus the VMs', () => {
  const i3 = { dbuPerHour: 1, vmUsdPerHour: 0.312, spotDiscount: 0.6 }
  it('a driver and 4 on-demand i3.xlarge workers for 2 hours at $0.15/DBU', () => {
    // 5 nodes × 1 DBU/h × 2 h = 10 DBUs → $1.50; VMs 5 × $0.312 × 2 = $3.12.
    expect(databricksComputeCost(i3, 4, false, 2, 0.15)).toEqual({
      dbusE4: 100_000,
      dbuCostE4: 1_500_000,
      vmCostE4: 3_120_000,
    })
  })
  it('spot workers pay the VM less the spot discount; the driver stays on demand; DBUs unchanged', () => {
    // VMs: driver 0.312 × 2 + 4 × 0.312 × 0.4 × 2 = 0.624 + 0.9984 = $1.6224.
    expect(databricksComputeCost(i3, 4, true, 2, 0.15)).toEqual({
      dbusE4: 100_000,
      dbuCostE4: 1_500_000,
      vmCostE4: 1_622_400,
    })
  })
  it('serverless: no VM bill', () => {
    expect(
      databricksComputeCost({ dbuPerHour: 6, vmUsdPerHour: 0, spotDiscount: 0 }, 0, false, 0.5, 0.7),
    ).toEqual({
      dbusE4: 30_000,
      dbuCostE4: 2_100_000,
      vmCostE4: 0,
    })
  })
})

describe('databricksRunKey / parseDatabricksRunKey: <workspaceId>_<jobId>_<runId>', () => {
  it('round-trips', () => {
    const key = databricksRunKey('4051729395532381', 101, 9015)
    expect(key).toBe('4051729395532381_101_9015')
    expect(parseDatabricksRunKey(key)).toEqual({ workspaceId: '4051729395532381', jobId: 101, runId: 9015 })
  })
  it.each(['', '9015', '1_2', 'a_1_2', '1_2_3_4', '1_2_x', '1_99999999999999999_3'])('refuses %j', (key) => {
    expect(parseDatabricksRunKey(key)).toBeNull()
  })
})
