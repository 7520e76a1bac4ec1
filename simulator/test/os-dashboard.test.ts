import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  DASHBOARD_MESSAGES,
  MAX_DASHBOARD_PANELS,
  bigqueryEndpoints,
  kubernetesEndpoints,
  snowflakeEndpoints,
  type BigQueryCostOverview,
  type Dashboard,
  type DashboardData,
  type DashboardList,
  type KpiPanelData,
  type KubernetesTopxResponse,
  type LinePanelData,
  type BarPanelData,
  type SnowflakeCostBreakdown,
  type SnowflakeCostOverview,
  type TablePanelData,
} from '@costlens/shared'
import { appsTimeShift } from '../src/db/repositories/applications.ts'
import { TEST_NOW_MS, frozenTestApp } from './helper.ts'

let app: FastifyInstance
let as: (user: string) => Record<string, string>

beforeAll(async () => {
  const t = await frozenTestApp({
    users: ['snowflake', 'sfuser', 'bigquery', 'bqviewer', 'emr', 'k8s', 'sfadmin2'],
    peers: { bqviewer: { of: 'bigquery', role: 'user' }, sfadmin2: { of: 'snowflake', role: 'admin' } },
  })
  app = t.app
  as = t.as
})
afterAll(() => app.close())

const SF = '/api/v1/snowflake/os_dashboard'
const BQ = '/api/v1/bigquery/os_dashboard'
const K8S = '/api/v1/kubernetes/os_dashboard'
const DAY = 86_400_000
const WINDOW = {
  startTime: new Date(TEST_NOW_MS - 7 * DAY).toISOString(),
  endTime: new Date(TEST_NOW_MS).toISOString(),
}
const windowQuery = `startTime=${WINDOW.startTime}&endTime=${WINDOW.endTime}`

const get = async <T>(user: string, url: string) => {
  const res = await app.inject({ method: 'GET', url, headers: as(user) })
  expect(res.statusCode, res.body).toBe(200)
  return res.json<T>()
}
const send = (user: string, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  app.inject({ method, url, headers: as(user), ...(payload && { payload }) })
const data = (user: string, base: string, panels: string[], extra = windowQuery) =>
  get<DashboardData>(user, `${base}/panels/data?panels=${panels.join(',')}&${extra}`)
const panel = <P>(d: DashboardData, id: string) => d.panels.find((p) => p.panelId === id) as P

describe('the catalogue and the dashboards', () => {
  it.each([
    ['snowflake', SF, 'Finance weekly review'],
    ['bigquery', BQ, 'Finance weekly review'],
    ['k8s', K8S, 'Platform team overview'],
  ])(
    '%s sees the three prebuilt dashboards, then the saved ones, each panel of its catalogue',
    async (user, base, saved) => {
      const list = await get<DashboardList>(user, `${base}/dashboards`)
      expect(list.dashboards.map((d) => [d.name, d.kind, d.editable])).toEqual([
        ['Cost', 'prebuilt', false],
        ['Usage', 'prebuilt', false],
        ['Performance', 'prebuilt', false],
        [saved, 'saved', true],
      ])
      const ids = new Set(list.catalogue.map((p) => p.id))
      for (const d of list.dashboards) {
        expect(d.panels.length).toBeGreaterThanOrEqual(6)
        expect(d.panels.length).toBeLessThanOrEqual(MAX_DASHBOARD_PANELS)
        for (const p of d.panels) expect(ids.has(p.panelId), p.panelId).toBe(true)
      }
      for (const p of list.catalogue) expect(p.unit, p.id).not.toBe('')
    },
  )

  it('every panel of every catalogue answers over the window, in the order asked', async () => {
    for (const [user, base] of [
      ['snowflake', SF],
      ['bigquery', BQ],
      ['k8s', K8S],
    ] as const) {
      const { catalogue } = await get<DashboardList>(user, `${base}/dashboards`)
      const ids = catalogue.map((p) => p.id)
      const d = await data(user, base, ids)
      expect(d.panels.map((p) => p.panelId)).toEqual(ids)
      for (const p of d.panels) {
        const definition = catalogue.find((c) => c.id === p.panelId)!
        expect([p.visualisation, p.unit]).toEqual([definition.visualisation, definition.unit])
      }
    }
  })
})

describe('a panel’s figure is the platform’s own screen’s', () => {
  it('Snowflake: cost, credits and queries equal Cost › Overview; warehouses and users equal their breakdowns', async () => {
    const q = `startTime=${WINDOW.startTime}&endTime=${WINDOW.endTime}`
    const overview = await get<SnowflakeCostOverview>(
      'sfuser',
      `${snowflakeEndpoints.costOverview.path}?${q}`,
    )
    const warehouses = await get<SnowflakeCostBreakdown>(
      'sfuser',
      `${snowflakeEndpoints.costWarehouses.path}?${q}&limit=10`,
    )
    const d = await data('snowflake', SF, [
      'sf_cost_total',
      'sf_credits_total',
      'sf_query_count',
      'sf_cost_by_warehouse',
      'sf_top_users',
    ])
    expect(panel<KpiPanelData>(d, 'sf_cost_total').value).toBe(overview.total.cost)
    expect(panel<KpiPanelData>(d, 'sf_credits_total').value).toBe(overview.total.credits)
    expect(panel<KpiPanelData>(d, 'sf_query_count').value).toBe(overview.total.queryCount)
    const bars = panel<BarPanelData>(d, 'sf_cost_by_warehouse')
    expect(bars.categories).toEqual(warehouses.rows.map((r) => r.name))
    expect(bars.series[0]!.data).toEqual(warehouses.rows.map((r) => r.cost))
    const users = panel<TablePanelData>(d, 'sf_top_users')
    expect(users.rows.slice(0, 5).map((r) => [r.label, r.values[0]])).toEqual(
      overview.topUsers.map((u) => [u.name, u.cost]),
    )
  })

  it('Snowflake: the daily credits add up to a reference SQL sum over the queries of those hours', async () => {
    const d = await data('snowflake', SF, ['sf_credits_hourly'], `${windowQuery}&interval=day`)
    const line = panel<LinePanelData>(d, 'sf_credits_hourly')
    expect(line.interval).toBe('day')
    const shift = appsTimeShift(app.db)
    const [, secondDay] = line.series[0]!.data[1]!
    const dayStart = line.series[0]!.data[1]![0]
    // The series' hours start on the rollups' grid, moved by the shift: the day holds the hours starting in it.
    const offset = ((shift % 3_600_000) + 3_600_000) % 3_600_000
    const firstHour = Math.ceil((dayStart - offset) / 3_600_000) * 3_600_000 + offset
    const e4 = app.db
      .prepare(
        'SELECT coalesce(sum(credits_e4), 0) FROM snowflake_queries WHERE start_time >= ? AND start_time < ?',
      )
      .pluck()
      .get(firstHour - shift, firstHour + DAY - shift) as number
    expect(secondDay).toBeCloseTo(e4 / 10_000, 3)
  })

  it('BigQuery: cost, bytes and jobs equal Cost 360 (cents shown as USD); projects its project rows', async () => {
    const overview = await get<BigQueryCostOverview>(
      'bigquery',
      `${bigqueryEndpoints.costOverview.path}?${windowQuery}&limit=10`,
    )
    const d = await data('bigquery', BQ, [
      'bq_cost_total',
      'bq_job_count',
      'bq_bytes_total',
      'bq_cost_by_project',
    ])
    expect(panel<KpiPanelData>(d, 'bq_cost_total').value).toBeCloseTo(overview.total.cost / 100, 6)
    expect(panel<KpiPanelData>(d, 'bq_job_count').value).toBe(overview.total.jobCount)
    expect(panel<KpiPanelData>(d, 'bq_bytes_total').value).toBeCloseTo(
      overview.total.billedBytes / 1024 ** 3,
      6,
    )
    expect(panel<BarPanelData>(d, 'bq_cost_by_project').categories).toEqual(
      overview.projects.map((p) => p.name),
    )
  })

  it('Kubernetes: cost, idle and the namespaces equal Top X over the same window', async () => {
    const topx = await get<KubernetesTopxResponse>(
      'k8s',
      `${kubernetesEndpoints.topx.path}?${windowQuery}&groupBy=namespace&limit=10`,
    )
    const d = await data('k8s', K8S, [
      'k8s_cost_total',
      'k8s_idle_cost',
      'k8s_cost_by_namespace',
      'k8s_cpu_vs_request',
    ])
    expect(panel<KpiPanelData>(d, 'k8s_cost_total').value).toBe(topx.total.costUsd)
    expect(panel<KpiPanelData>(d, 'k8s_idle_cost').value).toBe(topx.idle.costUsd)
    expect(panel<BarPanelData>(d, 'k8s_cost_by_namespace').series[0]!.data).toEqual(
      topx.rows.map((r) => r.costUsd),
    )
    expect(panel<TablePanelData>(d, 'k8s_cpu_vs_request').rows[0]!.values).toEqual([
      topx.rows[0]!.cpuCoreHours,
      topx.rows[0]!.cpuRequestCoreHours,
    ])
  })

  it('the interval defaults to hours up to 2 days and days beyond', async () => {
    const day = `startTime=${new Date(TEST_NOW_MS - DAY).toISOString()}&endTime=${WINDOW.endTime}`
    const hourly = await data('snowflake', SF, ['sf_cost_hourly'], day)
    expect(hourly.interval).toBe('hour')
    expect(panel<LinePanelData>(hourly, 'sf_cost_hourly').series[0]!.data.length).toBeGreaterThanOrEqual(24)
    const weekly = await data('snowflake', SF, ['sf_cost_hourly'])
    expect(weekly.interval).toBe('day')
    expect(panel<LinePanelData>(weekly, 'sf_cost_hourly').series[0]!.data.length).toBe(8)
  })
})

describe('saved dashboards', () => {
  it('copy, rename, rearrange and save, seen by another admin of the platform; deleted by its maker only', async () => {
    const copy = await send('snowflake', 'POST', `${SF}/dashboards/cost/copy`, { name: 'My cost' })
    expect(copy.statusCode, copy.body).toBe(200)
    const made = copy.json<Dashboard>()
    expect([made.kind, made.createdBy, made.deletable, made.panels.length]).toEqual([
      'saved',
      'snowflake',
      true,
      8,
    ])

    const panels = [...made.panels.slice(1).reverse(), { panelId: 'sf_queued_overload', width: 3 }]
    const saved = await send('snowflake', 'PUT', `${SF}/dashboards/${made.id}`, {
      name: '  Cost, mine ',
      panels,
    })
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.json<Dashboard>()).toMatchObject({ name: 'Cost, mine', panels })

    const seen = (await get<DashboardList>('sfadmin2', `${SF}/dashboards`)).dashboards.find(
      (d) => d.id === made.id,
    )
    expect(seen).toMatchObject({ name: 'Cost, mine', panels, editable: true, deletable: false })
    const notHers = await send('sfadmin2', 'DELETE', `${SF}/dashboards/${made.id}`)
    expect([notHers.statusCode, notHers.json().message]).toEqual([403, DASHBOARD_MESSAGES.notYours])

    const gone = await send('snowflake', 'DELETE', `${SF}/dashboards/${made.id}`)
    expect(gone.json()).toEqual({ id: made.id, deleted: true })
    expect((await send('snowflake', 'DELETE', `${SF}/dashboards/${made.id}`)).statusCode).toBe(404)
  })

  it('a new dashboard is saved from its panels; another platform does not see it (404)', async () => {
    const res = await send('k8s', 'POST', `${K8S}/dashboards`, {
      name: 'Idle watch',
      panels: [{ panelId: 'k8s_idle_cost', width: 2 }],
    })
    expect(res.statusCode, res.body).toBe(200)
    const { id } = res.json<Dashboard>()
    expect(
      (
        await send('snowflake', 'PUT', `${SF}/dashboards/${id}`, {
          name: 'x',
          panels: [{ panelId: 'sf_cost_total', width: 1 }],
        })
      ).statusCode,
    ).toBe(404)
  })

  it.each(['cost', 'usage', 'performance'])('the prebuilt %s dashboard is read-only: 403', async (id) => {
    const put = await send('bigquery', 'PUT', `${BQ}/dashboards/${id}`, {
      name: 'Mine',
      panels: [{ panelId: 'bq_cost_total', width: 1 }],
    })
    expect([put.statusCode, put.json().message]).toEqual([403, DASHBOARD_MESSAGES.prebuiltReadOnly])
    const del = await send('bigquery', 'DELETE', `${BQ}/dashboards/${id}`)
    expect([del.statusCode, del.json().message]).toEqual([403, DASHBOARD_MESSAGES.prebuiltReadOnly])
  })
})

describe('bad input is a 400 saying what is wrong', () => {
  const ok = { panelId: 'sf_cost_total', width: 1 }
  it.each([
    ['a taken name', { name: ' finance WEEKLY review', panels: [ok] }, DASHBOARD_MESSAGES.nameTaken],
    ['a prebuilt one’s name', { name: 'cost', panels: [ok] }, DASHBOARD_MESSAGES.nameTaken],
    [
      'an unknown panel',
      { name: 'A', panels: [{ panelId: 'bq_cost_total', width: 1 }] },
      DASHBOARD_MESSAGES.unknownPanel('bq_cost_total'),
    ],
    [
      'a panel twice',
      { name: 'A', panels: [ok, { ...ok, width: 2 }] },
      DASHBOARD_MESSAGES.repeatedPanel('sf_cost_total'),
    ],
    ['a blank name', { name: '   ', panels: [ok] }, /body\/name must match pattern/],
    [
      'a name of 81 characters',
      { name: 'x'.repeat(81), panels: [ok] },
      /body\/name must NOT have more than 80 characters/,
    ],
    ['no panel', { name: 'A', panels: [] }, /body\/panels must NOT have fewer than 1 items/],
    [
      '25 panels',
      { name: 'A', panels: Array.from({ length: 25 }, () => ok) },
      /body\/panels must NOT have more than 24 items/,
    ],
    ['a width of 4', { name: 'A', panels: [{ ...ok, width: 4 }] }, /body\/panels\/0\/width/],
    ['an unknown field', { name: 'A', panels: [ok], owner: 'me' }, /must NOT have additional properties/],
  ])('%s', async (_, payload, message) => {
    const res = await send('snowflake', 'POST', `${SF}/dashboards`, payload)
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toMatch(message)
  })

  it.each([
    ['an unknown panel', 'panels=nope', DASHBOARD_MESSAGES.unknownPanel('nope')],
    ['no panel', 'panels=,', DASHBOARD_MESSAGES.noPanels],
    [
      '25 panels',
      `panels=${Array.from({ length: 25 }, () => 'sf_cost_total').join(',')}`,
      DASHBOARD_MESSAGES.tooManyPanels,
    ],
    [
      'start after end',
      `panels=sf_cost_total&startTime=${WINDOW.endTime}&endTime=${WINDOW.startTime}`,
      DASHBOARD_MESSAGES.badRange,
    ],
    [
      '91 days',
      `panels=sf_cost_total&startTime=${new Date(TEST_NOW_MS - 91 * DAY).toISOString()}`,
      DASHBOARD_MESSAGES.longRange(91),
    ],
    [
      'an end past now',
      `panels=sf_cost_total&endTime=${new Date(TEST_NOW_MS + DAY).toISOString()}`,
      DASHBOARD_MESSAGES.futureEnd,
    ],
    [
      'hours over 90 days',
      `panels=sf_cost_total&startTime=${new Date(TEST_NOW_MS - 90 * DAY).toISOString()}&interval=hour`,
      DASHBOARD_MESSAGES.tooManyPoints(2161),
    ],
    [
      'a malformed date',
      'panels=sf_cost_total&startTime=yesterday',
      /querystring\/startTime must match pattern/,
    ],
    ['an unknown interval', 'panels=sf_cost_total&interval=week', /querystring\/interval/],
  ])('panel data with %s', async (_, query, message) => {
    const res = await app.inject({
      method: 'GET',
      url: `${SF}/panels/data?${query}`,
      headers: as('snowflake'),
    })
    expect(res.statusCode, res.body).toBe(400)
    expect(res.json().message).toMatch(message)
  })

  it('a bad dashboard id is a 400; one not there a 404', async () => {
    expect((await send('snowflake', 'DELETE', `${SF}/dashboards/mine`)).statusCode).toBe(400)
    expect((await send('snowflake', 'POST', `${SF}/dashboards/999999/copy`, { name: 'x' })).statusCode).toBe(
      404,
    )
  })
})

describe('who may call', () => {
  it.each([
    ['no token', undefined, `${SF}/dashboards`, 401],
    ['a Snowflake user who is not an admin', 'sfuser', `${SF}/dashboards`, 403],
    ['a BigQuery user who is not an admin', 'bqviewer', `${BQ}/dashboards`, 403],
    [
      'a BigQuery user who is not an admin, the data',
      'bqviewer',
      `${BQ}/panels/data?panels=bq_cost_total`,
      403,
    ],
    ['an EMR admin on Snowflake’s', 'emr', `${SF}/dashboards`, 403],
    ['an EMR admin on Kubernetes’', 'emr', `${K8S}/dashboards`, 403],
    ['Snowflake’s admin on BigQuery’s', 'snowflake', `${BQ}/dashboards`, 403],
  ])('%s: %s', async (_, user, url, status) => {
    const res = await app.inject({ method: 'GET', url, headers: user ? as(user) : {} })
    expect(res.statusCode).toBe(status)
  })

  it('a non-admin Snowflake user cannot save one either', async () => {
    const res = await send('sfuser', 'POST', `${SF}/dashboards/cost/copy`, { name: 'Sneaky' })
    expect(res.statusCode).toBe(403)
  })
})
