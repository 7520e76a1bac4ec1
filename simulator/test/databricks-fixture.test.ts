import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DB_FIXTURE_RUNS, dbFixtureRunCost, insertDatabricksFixture } from './databricks-fixture.ts'
import { frozenTestApp } from './helper.ts'

/*
 * The Databricks fixture every Databricks test builds on, and the usage rollup's definition over it:
 * every DBU once (runs, the sessions' remainder, the manual pipeline update, the warehouse's uptime).
 */
describe('databricks fixture and the usage rollup (rollUpStoredDatabricksUsage)', () => {
  let app: FastifyInstance
  beforeAll(async () => {
    let now: number
    ;({ app, now } = await frozenTestApp({ users: ['databricks'] }))
    insertDatabricksFixture(app.db, now)
  })
  afterAll(() => app.close())

  const one = (sql: string) => app.db.prepare(sql).pluck().get() as number

  it('writes 16 runs whose costs are the one definition (databricksComputeCost)', () => {
    expect(one('SELECT count(*) FROM db_runs')).toBe(16)
    const stored = app.db.prepare('SELECT id, dbu_cost_e4 + vm_cost_e4 AS cost FROM db_runs').all() as {
      id: number
      cost: number
    }[]
    for (const run of DB_FIXTURE_RUNS) {
      const { dbuCostE4, vmCostE4 } = dbFixtureRunCost(run)
      expect(stored.find((s) => s.id === run.id)?.cost).toBe(dbuCostE4 + vmCostE4)
    }
  })

  it('the usage rollup holds every run once, plus the sessions, the manual update and the warehouse', () => {
    const usage = one('SELECT sum(dbu_cost_e4 + vm_cost_e4) FROM db_usage_days')
    const parts =
      one('SELECT sum(dbu_cost_e4 + vm_cost_e4) FROM db_runs') +
      one('SELECT sum(dbu_cost_e4 + vm_cost_e4) FROM db_cluster_sessions') +
      one('SELECT sum(dbu_cost_e4 + vm_cost_e4) FROM db_pipeline_updates WHERE job_run IS NULL') +
      one('SELECT sum(dbu_cost_e4 + vm_cost_e4) FROM db_warehouse_sessions')
    expect(usage).toBe(parts)
    expect(one('SELECT sum(n) FROM db_usage_days WHERE source_type = 0')).toBe(16)
    // The updates a job run triggered cost nothing of their own (the run carries them).
    expect(one('SELECT sum(dbus_e4) FROM db_pipeline_updates WHERE job_run IS NOT NULL')).toBe(0)
  })

  it('a run on an all-purpose cluster is billed at the All-Purpose rate; a job cluster at Jobs Compute', () => {
    const sku = (id: number) => one(`SELECT sku FROM db_runs WHERE id = ${id}`)
    expect(sku(9014)).toBe(2) // ALL_PURPOSE_COMPUTE
    expect(sku(9015)).toBe(0) // JOBS_COMPUTE
    expect(sku(9011)).toBe(5) // DLT_ADVANCED: the pipeline task's run
  })
})
