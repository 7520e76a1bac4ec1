import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_BUDGETS, type Budget, type BudgetDetails, type BudgetList } from '@costlens/shared'
import { TEST_NOW_MS, frozenTestApp } from './helper.ts'
import { insertDatabricksFixture } from './databricks-fixture.ts'

let app: FastifyInstance
let emr: Record<string, string>
let emrUser: Record<string, string>
let cdhAdmin: Record<string, string>

beforeAll(async () => {
  // The seed's EMR personas are an admin and a read-only admin (emr-readonly.test.ts): a user is added.
  const t = await frozenTestApp({
    users: ['emr', 'emr-user', 'admin'],
    peers: { 'emr-user': { of: 'emr', role: 'user' } },
  })
  app = t.app
  emr = t.as('emr')
  emrUser = t.as('emr-user')
  cdhAdmin = t.as('admin')
})
afterAll(() => app.close())

const list = async (headers = emr) =>
  (await app.inject({ method: 'GET', url: '/api/v1/budgets', headers })).json<BudgetList>()
const create = (payload: object, headers = emr) =>
  app.inject({ method: 'POST', url: '/api/v1/budgets', headers, payload })

const valid = { name: 'Test budget', amount: 1500, scopeType: 'all' }

describe('the seeded budgets', () => {
  it('are listed by name, each with its month, spend, forecast and status', async () => {
    const { budgets, errors, limit } = await list()
    expect(limit).toBe(MAX_BUDGETS)
    expect(errors).toEqual([])
    expect(budgets.map((b) => b.name)).toContain('All EMR clusters')
    for (const b of budgets) {
      expect(b.month).toBe('2026-11')
      expect(b.period).toBe('monthly')
      expect(['Ok', 'At Risk', 'Exceeded']).toContain(b.status)
      expect(b.forecast).toBeGreaterThanOrEqual(b.spendToDate)
      expect(b.amount).toBeGreaterThan(0)
    }
  })
})

describe('spend and status from the EMR daily cost', () => {
  it('the seed shows one budget of each status on the day it was seeded', async () => {
    const statuses = Object.fromEntries((await list()).budgets.map((b) => [b.name, b.status]))
    expect(statuses).toMatchObject({ 'All EMR clusters': 'Ok', 'Long-running clusters': 'Exceeded' })
    expect(Object.values(statuses).sort()).toEqual(['At Risk', 'Exceeded', 'Ok'])
  })

  it("a budget's spend to date is the cost trends' sum over the month's days", async () => {
    const all = (await list()).budgets.find((b) => b.scopeType === 'all')!
    const trends = await app.inject({
      method: 'GET',
      url: `/api/v1/emr/cost/trends?from=${Date.parse('2026-11-01T00:00:00Z')}`,
      headers: emr,
    })
    const days = trends.json<{ days: { cost: number }[] }>().days
    expect(days).toHaveLength(22)
    expect(all.spendToDate).toBeGreaterThan(0)
    expect(all.spendToDate).toBeCloseTo(
      days.reduce((sum, d) => sum + d.cost, 0),
      1,
    )
  })

  it.each([
    // amount as a share of this month's spend so far → status
    [0.5, 'Exceeded'],
    [1.0, 'At Risk'],
    [100, 'Ok'],
  ] as const)('an amount of %s × the spend to date is %s', async (share, status) => {
    const spend = (await list()).budgets.find((b) => b.scopeType === 'all')!.spendToDate
    const res = await create({
      ...valid,
      name: `Share ${share}`,
      amount: Math.round(spend * share * 100) / 100,
    })
    expect(res.json<Budget>().status).toBe(status)
  })
})

describe('creating a budget (E170)', () => {
  it('stores it with the defaults and answers it with its standing', async () => {
    const res = await create({ ...valid, name: '  Spark ETL  ' })
    expect(res.statusCode).toBe(200)
    const budget = res.json<Budget>()
    expect(budget).toMatchObject({
      name: 'Spark ETL',
      amount: 1500,
      period: 'monthly',
      scopeType: 'all',
      clusterIds: [],
      tagKey: null,
      thresholdPercent: 80,
      createdBy: 'emr',
      month: '2026-11',
    })
    expect(budget.createdAt).toBe(TEST_NOW_MS)
    expect((await list()).budgets.map((b) => b.name)).toContain('Spark ETL')
  })

  it.each([
    ['the same name in another case', { name: 'spark etl' }, 'Budget name already exists.'],
    ['an amount of 0', { amount: 0 }, 'Value cannot be zero.'],
    ['a negative amount', { amount: -20 }, 'Value cannot be zero.'],
    ['an amount under a cent', { amount: 0.001 }, 'Value cannot be zero.'],
    ['a weekly period', { period: 'weekly' }, 'body/period must be equal to one of the allowed values'],
    ['a blank name', { name: '   ' }, 'body/name must match pattern "\\S"'],
    [
      'a name over 100 characters',
      { name: 'x'.repeat(101) },
      'body/name must NOT have more than 100 characters',
    ],
    ['a threshold over 100 %', { thresholdPercent: 120 }, 'body/thresholdPercent must be <= 100'],
    [
      'a clusters scope without clusters',
      { scopeType: 'clusters' },
      'Choose at least one cluster for this budget.',
    ],
    [
      'a tag scope without the tag',
      { scopeType: 'tag', tagKey: 'team' },
      'Choose the tag key and value of the clusters this budget covers.',
    ],
    ['an unknown field', { owner: 'me' }, 'body must NOT have additional properties'],
  ])('refuses %s with 400 and the reason', async (_what, change, message) => {
    const res = await create({ ...valid, name: `Budget ${Math.random()}`, ...change })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ statusCode: 400, error: 'Bad Request', message })
  })

  it('refuses a body without an amount, naming the field', async () => {
    const res = await create({ name: 'No amount', scopeType: 'all' })
    expect(res.statusCode).toBe(400)
    expect(res.json<{ message: string }>().message).toBe("body must have the field 'amount'")
  })

  it('refuses a cluster of another platform with 403', async () => {
    const res = await create({
      ...valid,
      name: 'Not mine',
      scopeType: 'clusters',
      clusterIds: ['cdh-prod-01'],
    })
    expect(res.statusCode).toBe(403)
    expect(res.json<{ message: string }>().message).toMatch(/do not have access to the cluster/)
  })

  it(`keeps at most ${MAX_BUDGETS} budgets`, async () => {
    const { app: other, as } = await frozenTestApp({ users: ['emr'] })
    try {
      const count = other.db
        .prepare("SELECT count(*) FROM budgets WHERE platform = 'EMR'")
        .pluck()
        .get() as number
      const insert = other.db.prepare(
        `INSERT INTO budgets (name, name_key, amount, scope_type, created_by, created_at, updated_at)
         VALUES (?, ?, 10, 'all', 'emr', 0, 0)`,
      )
      for (let i = count; i < MAX_BUDGETS; i++) insert.run(`Filler ${i}`, `filler ${i}`)
      const res = await other.inject({
        method: 'POST',
        url: '/api/v1/budgets',
        headers: as('emr'),
        payload: valid,
      })
      expect(res.statusCode).toBe(400)
      expect(res.json<{ message: string }>().message).toBe(
        `An install keeps at most ${MAX_BUDGETS} budgets: delete one before adding another.`,
      )
    } finally {
      await other.close()
    }
  })
})

describe('a budget over clusters or a tag', () => {
  it('keeps the clusters it names and the tag it reads', async () => {
    const clusterId = app.db
      .prepare('SELECT cluster_id FROM emr_clusters ORDER BY cluster_id LIMIT 1')
      .pluck()
      .get() as string
    const byCluster = await create({
      ...valid,
      name: 'One cluster',
      scopeType: 'clusters',
      clusterIds: [clusterId],
    })
    expect(byCluster.statusCode).toBe(200)
    expect(byCluster.json<Budget>()).toMatchObject({ scopeType: 'clusters', clusterIds: [clusterId] })
    const byTag = await create({
      ...valid,
      name: 'A tag',
      scopeType: 'tag',
      tagKey: 'team',
      tagValue: 'data',
    })
    expect(byTag.json<Budget>()).toMatchObject({
      scopeType: 'tag',
      tagKey: 'team',
      tagValue: 'data',
      clusterIds: [],
    })
  })
})

describe('details (E169)', () => {
  it("has one cost day row per day of the month up to today, against the budget's amount", async () => {
    const { id } = (await create({ ...valid, name: 'Details', amount: 250 })).json<Budget>()
    const res = await app.inject({ method: 'GET', url: `/api/v1/budgets/${id}`, headers: emr })
    expect(res.statusCode).toBe(200)
    const details = res.json<BudgetDetails>()
    expect(details.budget.id).toBe(id)
    expect(details.monthStart).toBe(Date.parse('2026-11-01T00:00:00Z'))
    expect(details.daysInMonth).toBe(30)
    expect(details.rows.map((r) => r.date)).toEqual(
      Array.from({ length: 22 }, (_, i) => `2026-11-${String(i + 1).padStart(2, '0')}`),
    )
    let running = 0
    for (const row of details.rows) {
      expect(row.cost).toBeCloseTo(row.ec2 + row.emr + row.ebs, 1)
      running += row.cost
      expect(row.cumulativeCost).toBeCloseTo(running, 1)
      expect(row.budgetOverrunCost).toBeLessThanOrEqual(row.cost)
      expect(row.neglectedCost).toBeLessThanOrEqual(row.cost)
    }
    expect(details.rows.at(-1)?.cumulativeCost ?? 0).toBeCloseTo(details.budget.spendToDate, 1)
  })

  it.each([
    ['an id that is not there', '/api/v1/budgets/999999', 404, 'The budget 999999 does not exist'],
    ['an id that is not a number', '/api/v1/budgets/abc', 400, 'params/id must be integer'],
    ['an id of 0', '/api/v1/budgets/0', 400, 'params/id must be >= 1'],
  ])('answers %s (%s) with %i', async (_what, url, status, message) => {
    const res = await app.inject({ method: 'GET', url, headers: emr })
    expect(res.statusCode).toBe(status)
    expect(res.json<{ message: string }>().message).toBe(message)
  })
})

describe('editing and deleting', () => {
  it('renames, but not onto another budget’s name; keeping its own name is fine', async () => {
    const { id } = (await create({ ...valid, name: 'To edit' })).json<Budget>()
    const put = (payload: object) =>
      app.inject({ method: 'PUT', url: `/api/v1/budgets/${id}`, headers: emr, payload })
    expect((await put({ ...valid, name: 'To edit', amount: 99.99 })).json<Budget>().amount).toBe(99.99)
    const clash = await put({ ...valid, name: 'ALL EMR CLUSTERS' })
    expect(clash.statusCode).toBe(400)
    expect(clash.json<{ message: string }>().message).toBe('Budget name already exists.')
    const renamed = await put({ ...valid, name: 'Edited', thresholdPercent: 50 })
    expect(renamed.json<Budget>()).toMatchObject({
      name: 'Edited',
      thresholdPercent: 50,
    })
    expect(renamed.json<Budget>().updatedAt).toBeGreaterThanOrEqual(renamed.json<Budget>().createdAt)
    const missing = await app.inject({
      method: 'PUT',
      url: '/api/v1/budgets/999999',
      headers: emr,
      payload: valid,
    })
    expect(missing.statusCode).toBe(404)
  })

  it('deletes, after which the budget is gone', async () => {
    const { id } = (await create({ ...valid, name: 'To delete' })).json<Budget>()
    const del = await app.inject({ method: 'DELETE', url: `/api/v1/budgets/${id}`, headers: emr })
    expect(del.json()).toEqual({ id, deleted: true })
    expect((await app.inject({ method: 'GET', url: `/api/v1/budgets/${id}`, headers: emr })).statusCode).toBe(
      404,
    )
    expect(
      (await app.inject({ method: 'DELETE', url: `/api/v1/budgets/${id}`, headers: emr })).statusCode,
    ).toBe(404)
  })
})

describe('who may call them', () => {
  it.each([
    ['GET', '/api/v1/budgets'],
    ['GET', '/api/v1/budgets/1'],
    ['POST', '/api/v1/budgets'],
    ['PUT', '/api/v1/budgets/1'],
    ['DELETE', '/api/v1/budgets/1'],
  ] as const)('%s %s: 401 without a token, 403 on another platform', async (method, url) => {
    const payload = method === 'POST' || method === 'PUT' ? valid : undefined
    const anonymous = await app.inject({ method, url, payload })
    expect(anonymous.statusCode).toBe(401)
    const cdh = await app.inject({ method, url, headers: cdhAdmin, payload })
    expect(cdh.statusCode).toBe(403)
    expect(cdh.json<{ message: string }>().message).toBe(
      'EMR or Databricks is not available for CDH clusters.',
    )
  })

  // The read-only admin (the seeded emr-readonly) reads and may not write: emr-readonly.test.ts.
  it('an EMR user (not an admin) may create one', async () => {
    expect((await create({ ...valid, name: 'By a user' }, emrUser)).statusCode).toBe(200)
  })
})

describe('writes are kept', () => {
  it('survive building the app again on the same file, and a reset returns to the seed', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'costlens-budgets-'))
    const dbPath = path.join(dir, 'costlens.db')
    const start = () => frozenTestApp({ dbPath, users: ['emr', 'admin'] })
    try {
      const { app: first, as: firstAs } = await start()
      const token = firstAs('emr')
      const seeded = (
        await first.inject({ method: 'GET', url: '/api/v1/budgets', headers: token })
      ).json<BudgetList>()
      await first.inject({
        method: 'POST',
        url: '/api/v1/budgets',
        headers: token,
        payload: { ...valid, name: 'Kept' },
      })
      await first.close()

      const { app: second, as } = await start()
      const again = as('emr')
      const names = async () =>
        (await second.inject({ method: 'GET', url: '/api/v1/budgets', headers: again }))
          .json<BudgetList>()
          .budgets.map((b) => b.name)
      expect(await names()).toContain('Kept')
      expect(
        (await second.inject({ method: 'POST', url: '/__sim/reset', headers: as('admin') })).statusCode,
      ).toBe(200)
      expect(await names()).toEqual(seeded.budgets.map((b) => b.name))
      await second.close()
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  }, 60_000)
})

/*
 * Databricks budgets (issue 20, /cost_explorer/budgets): the same calls, a Databricks user's own
 * budgets, measured against the Databricks usage of the fixture (databricks-fixture.ts). Their
 * spend is the Databricks cost trends' USD over the same month and workspace.
 */
describe('Databricks budgets', () => {
  let dbApp: FastifyInstance
  let as: (user: string) => Record<string, string>
  beforeAll(async () => {
    const t = await frozenTestApp({ users: ['databricks', 'freemium', 'emr', 'snowflake'] })
    dbApp = t.app
    as = t.as
    // The fixture replaces the seed's Databricks data; the seeded Databricks budgets name the seed's
    // workspaces and tags, so they go too, and every figure below is the fixture's.
    dbApp.db.prepare("DELETE FROM budgets WHERE platform = 'DB'").run()
    insertDatabricksFixture(dbApp.db, t.now)
  })
  afterAll(() => dbApp.close())

  const dbList = async (user = 'databricks') =>
    (await dbApp.inject({ method: 'GET', url: '/api/v1/budgets', headers: as(user) })).json<BudgetList>()
  const dbCreate = (payload: object, user = 'databricks') =>
    dbApp.inject({ method: 'POST', url: '/api/v1/budgets', headers: as(user), payload })
  const trendsTotal = async (filters?: string) => {
    const qs = `gte=2026-11-01&lte=2026-11-22&unit=USD${filters ? `&type=workspaces&filters=${filters}` : ''}`
    const res = await dbApp.inject({
      method: 'GET',
      url: `/api/v1/ds/api/v1/databricks/cost/trends?${qs}`,
      headers: as('databricks'),
    })
    expect(res.statusCode, res.body).toBe(200)
    const body = res.json<{ total: number; series: { key: string; total: number }[] }>()
    return filters ? body.series.find((s) => s.key === filters)!.total : body.total
  }

  it("a workspace's budget spends what the cost trends show for that workspace this month", async () => {
    const res = await dbCreate({
      name: 'Prod AWS',
      amount: 5000,
      scopeType: 'workspaces',
      workspaces: ['acme-prod-aws'],
    })
    expect(res.statusCode, res.body).toBe(200)
    const budget = res.json<Budget>()
    expect(budget).toMatchObject({
      platform: 'DB',
      scopeType: 'workspaces',
      workspaces: ['acme-prod-aws'],
      clusterIds: [],
      createdBy: 'databricks',
      month: '2026-11',
    })
    const expected = await trendsTotal('acme-prod-aws')
    expect(expected).toBeGreaterThan(0)
    expect(budget.spendToDate).toBeCloseTo(expected, 2)
    const all = await dbCreate({ name: 'Everything', amount: 5000, scopeType: 'all' })
    expect(all.json<Budget>().spendToDate).toBeCloseTo(await trendsTotal(), 2)
  })

  it('details: a row a day, DBU cost + VM cost, adding up to the spend; EMR parts 0', async () => {
    const { id } = (
      await dbCreate({
        name: 'Details DB',
        amount: 1,
        scopeType: 'workspaces',
        workspaces: ['acme-prod-aws'],
      })
    ).json<Budget>()
    const res = await dbApp.inject({ method: 'GET', url: `/api/v1/budgets/${id}`, headers: as('databricks') })
    expect(res.statusCode).toBe(200)
    const details = res.json<BudgetDetails>()
    expect(details.rows).toHaveLength(22)
    let running = 0
    for (const row of details.rows) {
      expect(row.cost).toBeCloseTo(row.dbuCost + row.vmCost, 1)
      expect([row.ec2, row.emr, row.ebs]).toEqual([0, 0, 0])
      running += row.cost
    }
    expect(running).toBeCloseTo(details.budget.spendToDate, 1)
    // An amount of $1 against a workspace that spent more: Exceeded, the overrun is the spend above it.
    expect(details.budget.status).toBe('Exceeded')
    const overrun = details.rows.reduce((s, r) => s + r.budgetOverrunCost, 0)
    expect(overrun).toBeCloseTo(details.budget.spendToDate - 1, 1)
  })

  it('a tag budget reads the usage whose tag set holds the tag', async () => {
    const res = await dbCreate({
      name: 'Env prod',
      amount: 100,
      scopeType: 'tag',
      tagKey: 'env',
      tagValue: 'prod',
    })
    expect(res.statusCode, res.body).toBe(200)
    const tagged = res.json<Budget>().spendToDate
    const none = await dbCreate({
      name: 'No such tag',
      amount: 100,
      scopeType: 'tag',
      tagKey: 'env',
      tagValue: 'qa',
    })
    expect(none.json<Budget>().spendToDate).toBe(0)
    const trends = await dbApp.inject({
      method: 'GET',
      url: '/api/v1/ds/api/v1/databricks/cost/trends?gte=2026-11-01&lte=2026-11-22&unit=USD&type=tags&filters=env:prod',
      headers: as('databricks'),
    })
    expect(tagged).toBeCloseTo(trends.json<{ series: { total: number }[] }>().series[0]!.total, 2)
  })

  it('lists only Databricks budgets to a Databricks user, with the workspaces and tags to choose from', async () => {
    const list = await dbList()
    expect(list.platform).toBe('DB')
    expect(list.budgets.every((b) => b.platform === 'DB')).toBe(true)
    expect(list.budgets.map((b) => b.name)).not.toContain('All EMR clusters')
    expect(list.choices.workspaces).toEqual(['acme-analytics-azure', 'acme-ml-enterprise', 'acme-prod-aws'])
    expect(list.choices.tags).toContainEqual({ key: 'env', values: ['dev', 'prod'] })
    const emrList = await dbList('emr')
    expect(emrList.platform).toBe('EMR')
    expect(emrList.budgets.every((b) => b.platform === 'EMR')).toBe(true)
    expect(emrList.choices).toEqual({ workspaces: [], tags: [] })
  })

  it("another platform's budget is not there (404) to read, change or delete; its names do not clash", async () => {
    const emrBudget = (await dbList('emr')).budgets[0]!
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const res = await dbApp.inject({
        method,
        url: `/api/v1/budgets/${emrBudget.id}`,
        headers: as('databricks'),
        ...(method === 'PUT' && { payload: { name: 'Taken over', amount: 1, scopeType: 'all' } }),
      })
      expect(res.statusCode, method).toBe(404)
    }
    const dbBudget = (await dbList()).budgets[0]!
    const byEmr = await dbApp.inject({
      method: 'GET',
      url: `/api/v1/budgets/${dbBudget.id}`,
      headers: as('emr'),
    })
    expect(byEmr.statusCode).toBe(404)
    // An EMR budget's name is free on Databricks: its users never see it.
    expect((await dbCreate({ name: emrBudget.name, amount: 10, scopeType: 'all' })).statusCode).toBe(200)
  })

  it.each([
    ['a duplicate name', { name: 'prod aws ' }, 'Budget name already exists.'],
    [
      'a clusters scope',
      { scopeType: 'clusters', clusterIds: ['j-1'] },
      'body/scopeType: a Databricks budget covers workspaces, not clusters',
    ],
    [
      'a workspaces scope without workspaces',
      { scopeType: 'workspaces' },
      'body/workspaces: choose at least one workspace for this budget.',
    ],
    [
      'a workspace that does not exist',
      { scopeType: 'workspaces', workspaces: ['nope'] },
      'body/workspaces: there is no workspace "nope".',
    ],
    [
      'over 100 workspaces',
      { scopeType: 'workspaces', workspaces: Array.from({ length: 101 }, (_, i) => `w${i}`) },
      'body/workspaces must NOT have more than 100 items',
    ],
    ['an amount of 0', { amount: 0 }, 'Value cannot be zero.'],
  ])('refuses %s with 400 and the reason', async (_what, change, message) => {
    const res = await dbCreate({ name: `DB ${Math.random()}`, amount: 10, scopeType: 'all', ...change })
    expect(res.statusCode).toBe(400)
    expect(res.json<{ message: string }>().message).toBe(message)
  })

  it('refuses a workspaces scope to an EMR user with 400', async () => {
    const res = await dbApp.inject({
      method: 'POST',
      url: '/api/v1/budgets',
      headers: as('emr'),
      payload: { name: 'EMR ws', amount: 10, scopeType: 'workspaces', workspaces: ['acme-prod-aws'] },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json<{ message: string }>().message).toBe(
      'body/scopeType: an EMR budget covers clusters, not workspaces',
    )
  })

  it('a Snowflake user may not call them (403); no token is 401', async () => {
    const res = await dbApp.inject({ method: 'GET', url: '/api/v1/budgets', headers: as('snowflake') })
    expect(res.statusCode).toBe(403)
    expect((await dbApp.inject({ method: 'GET', url: '/api/v1/budgets' })).statusCode).toBe(401)
  })

  it('the free plan reads its budgets and creates one over a workspace, but not over a tag (no tags: 403)', async () => {
    expect((await dbList('freemium')).platform).toBe('DB')
    const ok = await dbCreate(
      { name: 'Free ws', amount: 10, scopeType: 'workspaces', workspaces: ['acme-prod-aws'] },
      'freemium',
    )
    expect(ok.statusCode, ok.body).toBe(200)
    const tag = await dbCreate(
      { name: 'Free tag', amount: 10, scopeType: 'tag', tagKey: 'env', tagValue: 'prod' },
      'freemium',
    )
    expect(tag.statusCode).toBe(403)
    expect(tag.json<{ message: string }>().message).toBe(
      'Tag filters are not included in the free plan. Upgrade to use them.',
    )
  })
})

describe('the seeded Databricks budgets', () => {
  it('show one of each status on the day of seeding, over every scope', async () => {
    const { app: seeded, as } = await frozenTestApp({ users: ['databricks'] })
    try {
      const res = await seeded.inject({ method: 'GET', url: '/api/v1/budgets', headers: as('databricks') })
      const { budgets, errors } = res.json<BudgetList>()
      expect(errors).toEqual([])
      expect(budgets.map((b) => [b.scopeType, b.status]).sort()).toEqual([
        ['all', 'Ok'],
        ['tag', 'Exceeded'],
        ['workspaces', 'At Risk'],
      ])
    } finally {
      await seeded.close()
    }
  })
})
