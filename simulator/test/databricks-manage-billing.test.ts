import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  DATABRICKS_SKUS,
  billingFrom,
  databricksManageEndpoints as calls,
  type DatabricksBilling,
} from '@costlens/shared'
import { appsTimeShift } from '../src/db/repositories/applications.ts'
import { DB_FIXTURE_RUNS, insertDatabricksFixture } from './databricks-fixture.ts'
import { frozenTestApp } from './helper.ts'

/*
 * Databricks billing (/manage/billing, E148) over the fixture: its contract (Commit plan, started 340
 * days ago, ends in 25, $250,000 credit, $30,000 a month) and its usage. The figures are checked
 * against plain sums of the rows: DBU cost, every source once, a run only once its cost is final.
 * The test's now is 2026-11-22T12:00Z.
 */
const DAY = 86_400_000
let app: FastifyInstance
let now: number
let db: Record<string, string>
let cdh: Record<string, string>

beforeAll(async () => {
  const t = await frozenTestApp({ users: ['databricks', 'freemium', 'admin'] })
  ;({ app, now } = t)
  insertDatabricksFixture(app.db, now)
  db = t.as('freemium')
  cdh = t.as('admin')
})
afterAll(() => app.close())

const billing = (query: string, headers = db) =>
  app.inject({ method: 'GET', url: `${calls.billing.path}?${query}`, headers })

/** The DBU cost (cents × 10,000) of the rows started in [lo, hi) real time, as plain sums; `where` narrows by SKU. */
function rowsCostE4(lo: number, hi: number, skuIndex?: number): number {
  const shift = appsTimeShift(app.db)
  const w = `start_time >= ${lo - shift} AND start_time < ${hi - shift}`
  const bySku = (sku: string) => (skuIndex === undefined ? '' : `AND ${sku} = ${skuIndex}`)
  const sql = `SELECT
    (SELECT coalesce(sum(dbu_cost_e4), 0) FROM db_runs WHERE ${w} AND cost_final_at <= ${now - shift} ${bySku('sku')})
  + (SELECT coalesce(sum(s.dbu_cost_e4), 0) FROM db_cluster_sessions s WHERE s.${w} ${bySku('2')})
  + (SELECT coalesce(sum(u.dbu_cost_e4), 0) FROM db_pipeline_updates u JOIN db_pipelines p ON p.code = u.pipeline
      WHERE u.job_run IS NULL AND u.${w} ${bySku('3 + p.edition')})
  + (SELECT coalesce(sum(s.dbu_cost_e4), 0) FROM db_warehouse_sessions s JOIN db_warehouses w ON w.code = s.warehouse
      WHERE s.${w} ${bySku('6 + w.warehouse_type')})`
  return app.db.prepare(sql).pluck().get() as number
}
const usd = (e4: number) => e4 / 1_000_000
const NOV = Date.UTC(2026, 10, 1)
const OCT = Date.UTC(2026, 9, 1)

describe('E148 billing: the contract (02 §3 Billing labels)', () => {
  it('answers the plan, dates, credit, threshold, balance and outstanding amount', async () => {
    const res = await billing(`from=${billingFrom('2026-11-01')}`)
    expect(res.statusCode).toBe(200)
    const b = res.json<DatabricksBilling>()
    const consumed = usd(rowsCostE4(now - 340 * DAY, now))
    expect(b).toMatchObject({
      plan: 'Commit plan',
      startDate: now - 340 * DAY,
      endDate: now + 25 * DAY,
      daysLeft: 25,
      startingCredit: 250_000,
      monthlyThreshold: 30_000,
      outstandingAmount: 0,
    })
    expect(b.consumed).toBeCloseTo(consumed, 6)
    expect(b.balance).toBeCloseTo(250_000 - consumed, 6)
    expect(consumed).toBeGreaterThan(0)
  })
})

describe('E148 billing: consumption per month and workload type', () => {
  it('B169 from = the range start + 15 days: this month (from 2026-11-16) is November alone', async () => {
    expect(billingFrom('2026-11-01')).toBe('2026-11-16')
    const b = (await billing('from=2026-11-16')).json<DatabricksBilling>()
    expect(b.months.map((m) => m.month)).toEqual(['2026-11'])
    expect(b.from).toBe(NOV)
    expect(b.to).toBe(now)
  })

  it('B169 the range start of last month (2026-10-01) sends 2026-10-16: October and November', async () => {
    const b = (await billing(`from=${billingFrom('2026-10-01')}`)).json<DatabricksBilling>()
    expect(b.months.map((m) => m.month)).toEqual(['2026-10', '2026-11'])
  })

  it('B169 a short range near a month end ("Last 7 days": from 2026-11-30) is the month of to', async () => {
    const b = (await billing(`from=${billingFrom('2026-11-15')}&to=2026-11-22`)).json<DatabricksBilling>()
    expect(b.months.map((m) => m.month)).toEqual(['2026-11'])
  })

  it('each month is the DBU cost of its rows, every source once, runs only with a final cost', async () => {
    const b = (await billing('from=2026-10-16')).json<DatabricksBilling>()
    const [oct, nov] = b.months
    expect(oct!.cost).toBeCloseTo(usd(rowsCostE4(OCT, NOV)), 6)
    expect(nov!.cost).toBeCloseTo(usd(rowsCostE4(NOV, now)), 6)
    expect(nov!.aboveThreshold).toBe(false)
    // The runs whose cost is not final yet (billing lag) are not in November's bill.
    const unfinal = DB_FIXTURE_RUNS.filter((r) => r.finalIn > 0).map((r) => r.id)
    expect(unfinal.length).toBeGreaterThan(0)
    const unfinalE4 = app.db
      .prepare(`SELECT sum(dbu_cost_e4) FROM db_runs WHERE id IN (${unfinal.join(',')})`)
      .pluck()
      .get() as number
    expect(unfinalE4).toBeGreaterThan(0)
    const everyRowE4 = app.db
      .prepare(
        `SELECT sum(dbu_cost_e4) FROM db_usage_days WHERE day >= ${NOV - 2 * DAY - appsTimeShift(app.db)}`,
      )
      .pluck()
      .get() as number
    expect(nov!.cost).toBeLessThan(usd(everyRowE4))
  })

  it('the workload rows add up to the month; Jobs Light, Jobs and All Purpose Compute always shown', async () => {
    const b = (await billing('from=2026-11-16')).json<DatabricksBilling>()
    const nov = b.workloads.filter((w) => w.month === '2026-11')
    expect(nov.slice(0, 3).map((w) => w.workloadType)).toEqual([
      'Jobs Light Compute',
      'Jobs Compute',
      'All Purpose Compute',
    ])
    expect(nov.reduce((s, w) => s + w.cost, 0)).toBeCloseTo(b.months[0]!.cost, 6)
    expect(nov.reduce((s, w) => s + w.dbus, 0)).toBeCloseTo(b.months[0]!.dbus, 4)
    for (const w of nov)
      expect(w.cost, w.sku).toBeCloseTo(usd(rowsCostE4(NOV, now, DATABRICKS_SKUS.indexOf(w.sku))), 6)
    // No Jobs Light Compute in the fixture: a row of zeros.
    expect(nov[0]).toMatchObject({ dbus: 0, cost: 0, costPerUnit: 0, instanceHours: 0 })
    // All-purpose compute is $0.55/DBU at list price in both Premium workspaces (AWS and Azure).
    expect(nov[2]!.costPerUnit).toBe(0.55)
    expect(nov[2]!.instanceHours).toBeGreaterThan(0)
    // Present SKUs beyond the three: the DLT pipeline's and the SQL warehouse's.
    expect(nov.map((w) => w.sku)).toEqual(expect.arrayContaining(['DLT_ADVANCED', 'SQL_PRO']))
  })
})

describe('E148 billing: bad input, access, no contract', () => {
  it.each([
    ['from=2026-02-30', 'querystring/from must be a date YYYY-MM-DD'],
    ['from=yesterday', 'querystring/from must match pattern "^\\d{4}-\\d{2}-\\d{2}$"'],
    ['from=2020-01-16', 'querystring/from must not be earlier than 2024-11-22'],
    ['from=2026-12-31', 'querystring/from must not be later than 2026-12-08'],
    [
      'from=2026-11-16&to=2026-10-01',
      'querystring/to must not be before the range start (from less 15 days)',
    ],
    ['', "querystring must have the field 'from'"],
  ])('%s is a 400: %s', async (query, message) => {
    const res = await billing(query)
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe(message)
  })

  it('401 without a token, 403 on another platform', async () => {
    expect(
      (await app.inject({ method: 'GET', url: `${calls.billing.path}?from=2026-11-16` })).statusCode,
    ).toBe(401)
    expect((await billing('from=2026-11-16', cdh)).statusCode).toBe(403)
  })

  it("no contract: 404 'Billing data not available'", async () => {
    app.db.prepare('DELETE FROM db_billing_contracts').run()
    const res = await billing('from=2026-11-16')
    expect(res.statusCode).toBe(404)
    expect(res.json().message).toBe('Billing data not available')
  })
})
