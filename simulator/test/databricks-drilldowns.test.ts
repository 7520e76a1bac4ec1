import type { FastifyInstance } from 'fastify'
import {
  DATABRICKS_SKUS,
  DRILL_OTHER_KEY,
  databricksCostEndpoints,
  databricksDrillDownEndpoints,
  drillComputeTypeOf,
  drillPathParam,
  parseDrillPath,
  type DatabricksCostTrends,
  type DatabricksDrillDown,
  type DatabricksSku,
} from '@costlens/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appsTimeShift } from '../src/db/repositories/applications.ts'
import { insertDatabricksFixture } from './databricks-fixture.ts'
import { frozenTestApp, type FrozenTestApp } from './helper.ts'

/*
 * The Databricks cost drill-downs (issue 20, /cost_explorer/drill_downs; path ours), on the
 * fixture. The oracle sums the fixture's stored rows here (not the rollup the call reads): each
 * usage once on its start, a run's figures from its cost_final_at on, its SKU family, its source.
 */

const DAY = 86_400_000
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10)
const PATH = databricksDrillDownEndpoints.costDrillDowns.path

interface Usage {
  start: number
  workspace: string
  user: string
  computeType: string
  source: string
  tags: Map<string, string>
  n: number
  dbusE4: number
  costE4: number
}

describe('databricks cost drill-downs (GET …/databricks/cost/drill_downs)', () => {
  let app: FastifyInstance
  let as: FrozenTestApp['as']
  let now: number
  let usages: Usage[]
  beforeAll(async () => {
    ;({ app, as, now } = await frozenTestApp({ users: ['databricks', 'freemium', 'snowflake'] }))
    insertDatabricksFixture(app.db, now)
    usages = oracleUsages(app, now)
    // The app's seed is the slow part: under a shared machine's load it may take minutes.
  }, 300_000)
  afterAll(() => app.close())

  const get = (url: string, user: string | null = 'databricks') =>
    app.inject({ method: 'GET', url, headers: user ? as(user) : {} })
  const qs = (params: Record<string, string | number>) =>
    new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)] as [string, string])).toString()
  const drill = async (params: Record<string, string | number>, user = 'databricks') => {
    const res = await get(`${PATH}?${qs(params)}`, user)
    expect(res.statusCode, res.body).toBe(200)
    return res.json<DatabricksDrillDown>()
  }
  const today = () => Math.floor(now / DAY) * DAY
  const inRange = (from: number, to: number) => usages.filter((u) => u.start >= from && u.start < to)
  /** The oracle's level: the usages grouped by a dimension, USD or DBU sums by key. */
  const grouped = (xs: readonly Usage[], key: (u: Usage) => string, dbu = false) => {
    const out = new Map<string, number>()
    for (const u of xs) out.set(key(u), (out.get(key(u)) ?? 0) + (dbu ? u.dbusE4 / 1e4 : u.costE4 / 1e6))
    return out
  }

  it('a workspace level over 7 days: each workspace its USD, DBUs, runs and sessions; the level adds up to the cost trends total', async () => {
    const from = today() - 6 * DAY
    const res = await drill({ gte: day(from), lte: day(now), groupBy: 'workspace' })
    expect(res).toMatchObject({ unit: 'USD', groupBy: 'workspace', from, to: now, path: [] })
    expect(res.previousTo).toBe(from)
    expect(res.previousFrom).toBe(from - (now - from))
    const window = inRange(from, now)
    const want = grouped(window, (u) => u.workspace)
    expect(res.rows.map((r) => r.key).sort()).toEqual([...want.keys()].sort())
    for (const row of res.rows) {
      const of = window.filter((u) => u.workspace === row.key)
      expect(row.value).toBeCloseTo(want.get(row.key)!, 6)
      expect(row.cost).toBeCloseTo(row.value, 9)
      expect(row.dbus).toBeCloseTo(
        of.reduce((s, u) => s + u.dbusE4 / 1e4, 0),
        6,
      )
      expect(row.count).toBe(of.reduce((s, u) => s + u.n, 0))
      expect(row.share).toBeCloseTo(row.value / res.level.value, 9)
    }
    // Largest first; the shares of a level add up to 1; no path: the level is the range's total.
    expect(res.rows.map((r) => r.value)).toEqual([...res.rows.map((r) => r.value)].sort((a, b) => b - a))
    expect(res.rows.reduce((s, r) => s + r.share, 0)).toBeCloseTo(1, 9)
    expect(res.level.value).toBeCloseTo(res.total, 9)
    const trends = await get(
      `${databricksCostEndpoints.costTrends.path}?${qs({ gte: day(from), lte: day(now), type: 'workspaces' })}`,
    )
    expect(trends.json<DatabricksCostTrends>().total).toBeCloseTo(res.total, 9)
  })

  it.each(['USD', 'DBU'] as const)('the 30-day total agrees with the cost trends in %s', async (unit) => {
    const from = today() - 29 * DAY
    const res = await drill({ gte: day(from), lte: day(now), groupBy: 'computeType', unit })
    const trends = await get(
      `${databricksCostEndpoints.costTrends.path}?${qs({ gte: day(from), lte: day(now), unit })}`,
    )
    expect(res.total).toBeCloseTo(trends.json<DatabricksCostTrends>().total, 9)
    expect(res.level.value).toBeCloseTo(res.total, 9)
    const want = grouped(inRange(from, now), (u) => u.computeType, unit === 'DBU')
    expect(Object.fromEntries(res.rows.map((r) => [r.key, r.value]))).toEqual(
      Object.fromEntries([...want].map(([k, v]) => [k, expect.closeTo(v, 6)])),
    )
  })

  it('workspace → compute type → source: each level keeps to the path; a job carries its id for the runs list', async () => {
    const from = today() - 29 * DAY
    const base = { gte: day(from), lte: day(now) }
    const window = inRange(from, now)
    const top = (await drill({ ...base, groupBy: 'workspace' })).rows[0]!
    const second = await drill({
      ...base,
      groupBy: 'computeType',
      path: drillPathParam([{ dimension: 'workspace', value: top.key }]),
    })
    expect(second.path).toEqual([{ dimension: 'workspace', value: top.key, label: top.label }])
    expect(second.level.value).toBeCloseTo(top.value, 9)
    const inWorkspace = window.filter((u) => u.workspace === top.key)
    const want = grouped(inWorkspace, (u) => u.computeType)
    expect(Object.fromEntries(second.rows.map((r) => [r.key, r.value]))).toEqual(
      Object.fromEntries([...want].map(([k, v]) => [k, expect.closeTo(v, 6)])),
    )
    const jobs = second.rows.find((r) => r.key === 'JOBS')
    expect(jobs?.label).toBe('Jobs')
    const third = await drill({
      ...base,
      groupBy: 'source',
      path: drillPathParam([
        { dimension: 'workspace', value: top.key },
        { dimension: 'computeType', value: 'JOBS' },
      ]),
    })
    expect(third.level.value).toBeCloseTo(jobs!.value, 9)
    const wantSources = grouped(
      inWorkspace.filter((u) => u.computeType === 'JOBS'),
      (u) => u.source,
    )
    expect(Object.fromEntries(third.rows.map((r) => [r.key, r.value]))).toEqual(
      Object.fromEntries([...wantSources].map(([k, v]) => [k, expect.closeTo(v, 6)])),
    )
    for (const row of third.rows) {
      expect(row.source).toMatchObject({ kind: 'job', workspace: top.key })
      expect(row.key).toBe(`job:${top.key}/${row.source!.id}`)
    }
  })

  it('the previous period of equal length: previous and change per row and for the level', async () => {
    const from = today() - 6 * DAY
    const res = await drill({ gte: day(from), lte: day(now), groupBy: 'workspace' })
    const before = inRange(res.previousFrom, res.previousTo)
    const want = grouped(before, (u) => u.workspace)
    expect(res.level.previous).toBeCloseTo(
      before.reduce((s, u) => s + u.costE4 / 1e6, 0),
      6,
    )
    for (const row of res.rows) {
      const previous = want.get(row.key) ?? 0
      expect(row.previous).toBeCloseTo(previous, 6)
      if (previous === 0) expect(row.change).toBeNull()
      else expect(row.change).toBeCloseTo((row.value - previous) / previous, 6)
    }
  })

  it('limit: the rows past it are one "Other" row; the level still adds up', async () => {
    const from = today() - 29 * DAY
    const all = await drill({ gte: day(from), lte: day(now), groupBy: 'user' })
    expect(all.values).toBeGreaterThan(2)
    const two = await drill({ gte: day(from), lte: day(now), groupBy: 'user', limit: 2 })
    expect(two.values).toBe(all.values)
    expect(two.rows).toHaveLength(3)
    expect(two.rows.slice(0, 2)).toEqual(all.rows.slice(0, 2))
    const other = two.rows[2]!
    expect(other.key).toBe(DRILL_OTHER_KEY)
    expect(other.label).toBe(`Other (${all.values - 2})`)
    const rest = all.rows.slice(2)
    expect(other.value).toBeCloseTo(
      rest.reduce((s, r) => s + r.value, 0),
      6,
    )
    expect(other.count).toBe(rest.reduce((s, r) => s + r.count, 0))
    expect(two.rows.reduce((s, r) => s + r.value, 0)).toBeCloseTo(two.level.value, 6)
    expect(other.previous).toBeCloseTo(two.level.previous - two.rows[0]!.previous - two.rows[1]!.previous, 6)
  })

  it('a tag key level: its values and the usage without the key; a tag value in the path', async () => {
    const from = today() - 29 * DAY
    const window = inRange(from, now)
    const res = await drill({ gte: day(from), lte: day(now), groupBy: 'tag:cost_center' })
    expect(res.tagKeys).toEqual(['cost_center', 'env', 'team'])
    const want = grouped(window, (u) => u.tags.get('cost_center') ?? '')
    expect(Object.fromEntries(res.rows.map((r) => [r.key, r.value]))).toEqual(
      Object.fromEntries([...want].map(([k, v]) => [k, expect.closeTo(v, 6)])),
    )
    expect(res.rows.find((r) => r.key === '')?.label).toBe('(no cost_center)')
    const env = await drill({
      gte: day(from),
      lte: day(now),
      groupBy: 'user',
      path: drillPathParam([{ dimension: 'tag:env', value: 'prod' }]),
    })
    const wantUsers = grouped(
      window.filter((u) => u.tags.get('env') === 'prod'),
      (u) => u.user,
    )
    expect(Object.fromEntries(env.rows.map((r) => [r.key, r.value]))).toEqual(
      Object.fromEntries([...wantUsers].map(([k, v]) => [k, expect.closeTo(v, 6)])),
    )
  })

  it('no groupBy: the workspace level', async () => {
    const res = await drill({ gte: day(today() - 6 * DAY), lte: day(now) })
    expect(res.groupBy).toBe('workspace')
    expect(res.rows.length).toBeGreaterThan(0)
  })

  it('a value nobody used answers an empty level (not an error)', async () => {
    const res = await drill({
      gte: day(today() - 6 * DAY),
      lte: day(now),
      groupBy: 'user',
      path: 'workspace:no-such-workspace',
    })
    expect(res.rows).toEqual([])
    expect(res.level).toMatchObject({ value: 0, count: 0 })
    expect(res.path[0]).toEqual({
      dimension: 'workspace',
      value: 'no-such-workspace',
      label: 'no-such-workspace',
    })
  })

  it.each([
    ['gte after lte', { gte: '2026-11-20', lte: '2026-11-19', groupBy: 'workspace' }, 'must not be after'],
    ['91 days', { gte: '2026-08-23', lte: '2026-11-21', groupBy: 'workspace' }, '1 to 90 days'],
    [
      'a day that does not exist',
      { gte: '2026-02-30', lte: '2026-03-02', groupBy: 'workspace' },
      'is not a day',
    ],
    ['after today', { gte: '2026-12-01', lte: '2026-12-02', groupBy: 'workspace' }, 'gte'],
    ['an unknown groupBy', { gte: '2026-11-20', lte: '2026-11-21', groupBy: 'queue' }, 'groupBy'],
    ['an unknown unit', { gte: '2026-11-20', lte: '2026-11-21', groupBy: 'user', unit: 'EUR' }, 'unit'],
    ['limit 0', { gte: '2026-11-20', lte: '2026-11-21', groupBy: 'user', limit: 0 }, 'limit'],
    ['limit 51', { gte: '2026-11-20', lte: '2026-11-21', groupBy: 'user', limit: 51 }, 'limit'],
    [
      'a path without a value',
      { gte: '2026-11-20', lte: '2026-11-21', groupBy: 'user', path: 'workspace' },
      'path',
    ],
    [
      'an unknown path dimension',
      { gte: '2026-11-20', lte: '2026-11-21', groupBy: 'user', path: 'queue:a' },
      'path',
    ],
    [
      'a dimension twice in the path',
      { gte: '2026-11-20', lte: '2026-11-21', groupBy: 'user', path: 'workspace:a,workspace:b' },
      'twice',
    ],
    [
      'groupBy already in the path',
      { gte: '2026-11-20', lte: '2026-11-21', groupBy: 'workspace', path: 'workspace:a' },
      'already chosen',
    ],
    [
      'five levels',
      {
        gte: '2026-11-20',
        lte: '2026-11-21',
        groupBy: 'user',
        path: 'workspace:a,computeType:JOBS,source:b,tag:team:x,tag:env:y',
      },
      'at most 4',
    ],
    [
      'a badly encoded value',
      { gte: '2026-11-20', lte: '2026-11-21', groupBy: 'user', path: 'workspace:%E0' },
      'encoded',
    ],
  ])('bad input: %s → 400 naming the field', async (_name, params, message) => {
    const res = await get(`${PATH}?${qs(params)}`)
    expect(res.statusCode, res.body).toBe(400)
    expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' })
    expect(res.json().message).toContain(message)
  })

  it('200 to Databricks users, 403 to another platform, 401 without a token', async () => {
    const url = `${PATH}?gte=2026-11-20&lte=2026-11-21&groupBy=workspace`
    expect((await get(url)).statusCode).toBe(200)
    const other = await get(url, 'snowflake')
    expect(other.statusCode).toBe(403)
    expect(other.json()).toMatchObject({ statusCode: 403, error: 'Forbidden' })
    expect((await get(url, null)).statusCode).toBe(401)
  })

  it('free plan: 7 days allowed, with no tag keys offered', async () => {
    const res = await drill({ gte: '2026-11-16', lte: '2026-11-22', groupBy: 'workspace' }, 'freemium')
    expect(res.rows.length).toBeGreaterThan(0)
    expect(res.tagKeys).toEqual([])
  })

  it.each([
    ['8 days', { gte: '2026-11-15', lte: '2026-11-22', groupBy: 'workspace' }, 'at most 7 days'],
    ['a tag level', { gte: '2026-11-20', lte: '2026-11-21', groupBy: 'tag:team' }, 'Tag grouping'],
    [
      'a tag in the path',
      { gte: '2026-11-20', lte: '2026-11-21', groupBy: 'user', path: 'tag:team:data-eng' },
      'Tag filters',
    ],
  ])('free plan: %s is refused with the upgrade message', async (_n, params, message) => {
    const res = await get(`${PATH}?${qs(params)}`, 'freemium')
    expect(res.statusCode).toBe(403)
    expect(res.json().message).toContain(message)
    expect((await get(`${PATH}?${qs(params)}`)).statusCode).toBe(200)
  })
})

describe('the drill path parameter', () => {
  it.each([
    ['', []],
    ['workspace:acme-prod', [{ dimension: 'workspace', value: 'acme-prod' }]],
    [
      'tag:team:data%3Aeng,computeType:JOBS',
      [
        { dimension: 'tag:team', value: 'data:eng' },
        { dimension: 'computeType', value: 'JOBS' },
      ],
    ],
    ['tag:team:', [{ dimension: 'tag:team', value: '' }]],
    ['source:job%3Aacme%2F12', [{ dimension: 'source', value: 'job:acme/12' }]],
  ])('%j reads as its steps and back', (text, steps) => {
    expect(parseDrillPath(text)).toEqual(steps)
    expect(drillPathParam(steps)).toBe(text)
  })

  it.each([
    ['workspace', 'is not <dimension>:<value>'],
    ['tag::x', 'is not a dimension'],
    ['user:a,user:b', 'chosen twice'],
  ])('%j is refused: %s', (text, reason) => {
    expect(parseDrillPath(text)).toContain(reason)
  })

  it.each([
    ['JOBS_COMPUTE', 'JOBS'],
    ['JOBS_LIGHT_COMPUTE', 'JOBS'],
    ['ALL_PURPOSE_COMPUTE', 'ALL_PURPOSE'],
    ['DLT_CORE', 'DLT'],
    ['DLT_ADVANCED', 'DLT'],
    ['SQL_CLASSIC', 'SQL'],
    ['SQL_PRO', 'SQL'],
    ['SQL_SERVERLESS', 'SERVERLESS'],
    ['JOBS_SERVERLESS', 'SERVERLESS'],
    ['ALL_PURPOSE_SERVERLESS', 'SERVERLESS'],
  ] as const)('SKU %s is compute type %s', (sku, family) => {
    expect(drillComputeTypeOf(sku)).toBe(family)
  })
})

/** The fixture's usage as the oracle sums it, from the stored rows (times moved to real ones). */
function oracleUsages(app: FastifyInstance, now: number): Usage[] {
  const shift = appsTimeShift(app.db)
  const storedNow = now - shift
  const rows = (sql: string) => app.db.prepare(sql).all() as Record<string, number | string | null>[]
  const tagSets = new Map<number, Map<string, string>>()
  for (const r of rows('SELECT s.code, t.key, t.value FROM db_tag_sets s JOIN db_tags t ON t.code = s.tag'))
    tagSets.set(
      Number(r.code),
      (tagSets.get(Number(r.code)) ?? new Map()).set(String(r.key), String(r.value)),
    )
  const sku = (name: DatabricksSku) => DATABRICKS_SKUS.indexOf(name)
  const of = (r: Record<string, number | string | null>, source: string, final = true): Usage => ({
    start: Number(r.start_time) + shift,
    workspace: String(r.workspace_name),
    user: String(r.principal_name),
    computeType: drillComputeTypeOf(DATABRICKS_SKUS[Number(r.sku)]!),
    source,
    tags: tagSets.get(Number(r.tag_set)) ?? new Map(),
    n: 1,
    dbusE4: final ? Number(r.dbus_e4) : 0,
    costE4: final ? Number(r.dbu_cost_e4) + Number(r.vm_cost_e4) : 0,
  })
  return [
    ...rows(
      `SELECT r.*, j.job_id, w.workspace_name, p.name AS principal_name FROM db_runs r JOIN db_jobs j ON j.code = r.job
         JOIN db_workspaces w ON w.code = r.workspace JOIN db_principals p ON p.code = r.principal`,
    ).map((r) => of(r, `job:${r.workspace_name}/${r.job_id}`, Number(r.cost_final_at) <= storedNow)),
    ...rows(
      `SELECT s.*, c.tag_set, c.cluster_id, ${sku('ALL_PURPOSE_COMPUTE')} AS sku, w.workspace_name,
              p.name AS principal_name FROM db_cluster_sessions s
         JOIN db_clusters c ON c.code = s.cluster JOIN db_workspaces w ON w.code = c.workspace
         JOIN db_principals p ON p.code = s.principal`,
    ).map((r) => of(r, `cluster:${r.cluster_id}`)),
    ...rows(
      `SELECT u.*, pl.tag_set, pl.pipeline_id, ${sku('DLT_CORE')} + pl.edition AS sku, w.workspace_name,
              p.name AS principal_name FROM db_pipeline_updates u
         JOIN db_pipelines pl ON pl.code = u.pipeline JOIN db_workspaces w ON w.code = pl.workspace
         JOIN db_principals p ON p.code = pl.owner WHERE u.job_run IS NULL`,
    ).map((r) => of(r, `pipeline:${r.pipeline_id}`)),
    ...rows(
      `SELECT s.*, wh.tag_set, wh.warehouse_id, ${sku('SQL_CLASSIC')} + wh.warehouse_type AS sku, w.workspace_name,
              p.name AS principal_name FROM db_warehouse_sessions s
         JOIN db_warehouses wh ON wh.code = s.warehouse JOIN db_workspaces w ON w.code = wh.workspace
         JOIN db_principals p ON p.code = wh.creator`,
    ).map((r) => of(r, `warehouse:${r.warehouse_id}`)),
  ]
}
