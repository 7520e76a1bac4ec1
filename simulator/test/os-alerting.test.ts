import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  HOUR_MS,
  bigQueryCostUsd,
  bigqueryAlertingEndpoints as bigquery,
  kubernetesAlertingEndpoints as kubernetes,
  lookbackWindow,
  snowflakeAlertingEndpoints as snowflake,
  type AlertPage,
  type Monitor,
  type MonitorList,
  type MonitorOptions,
  type MetricPreview,
  type NotificationChannelPage,
} from '@costlens/shared'
import { appsTimeShift } from '../src/db/repositories/applications.ts'
import { TEST_NOW_MS, frozenTestApp } from './helper.ts'

let app: FastifyInstance
let as: (user: string) => Record<string, string>

beforeAll(async () => {
  const t = await frozenTestApp({ users: ['snowflake', 'sfuser', 'bigquery', 'emr', 'k8s'] })
  app = t.app
  as = t.as
})
afterAll(() => app.close())

const SF = '/api/v1/snowflake/os_alerting'
const BQ = '/api/v1/bigquery/os_alerting'
const K8S = '/api/v1/kubernetes/os_alerting'

const get = async <T>(user: string, url: string) => {
  const res = await app.inject({ method: 'GET', url, headers: as(user) })
  expect(res.statusCode, res.body).toBe(200)
  return res.json<T>()
}
const send = (user: string, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  app.inject({ method, url, headers: as(user), ...(payload && { payload }) })
const alerts = (user: string, base: string, query = '') => get<AlertPage>(user, `${base}/alerts${query}`)

const monitor = (overrides: object = {}) => ({
  name: 'Test monitor',
  metric: 'credits',
  warehouse: 'BI_WH',
  aggregation: 'sum',
  lookbackHours: 1,
  condition: 'above',
  threshold: 0.0001,
  scheduleMinutes: 60,
  severity: 2,
  channelIds: [],
  enabled: true,
  ...overrides,
})
const created = async (user: string, base: string, payload: object) => {
  const res = await send(user, 'POST', `${base}/monitors`, payload)
  expect(res.statusCode, res.body).toBe(200)
  return res.json<Monitor>()
}

/** Reference: BI_WH's credits of the queries started in the hour before `tick`, from the queries themselves. */
function referenceCredits(warehouse: string, tick: number): number {
  const shift = appsTimeShift(app.db)
  const { from, to } = lookbackWindow(tick, 1, ((shift % HOUR_MS) + HOUR_MS) % HOUR_MS)
  const e4 = app.db
    .prepare(
      `SELECT coalesce(sum(q.credits_e4), 0) FROM snowflake_queries q
         JOIN snowflake_warehouses w ON w.code = q.warehouse_code
        WHERE w.name = ? AND q.start_time >= ? AND q.start_time < ?`,
    )
    .pluck()
    .get(warehouse, from - shift, to - shift) as number
  return Math.round(e4) / 10_000
}

describe('the seeded monitors and alerts', () => {
  it('Snowflake’s admin sees its monitors, their last runs and the alerts they raised', async () => {
    const { monitors } = await get<MonitorList>('snowflake', `${SF}/monitors`)
    expect(monitors.map((m) => [m.name, m.enabled])).toEqual([
      ['Daily spend over plan', true],
      ['Failed queries surge', true],
      ['Transform queueing', false],
      ['Warehouse credits spike', true],
    ])
    const spike = monitors.find((m) => m.name === 'Warehouse credits spike')!
    expect(spike).toMatchObject({
      metric: 'credits',
      warehouse: 'BI_WH',
      unit: 'credits',
      scheduleMinutes: 15,
    })
    expect(spike.channels.map((c) => c.name)).toEqual([
      '#data-platform-alerts',
      'Platform on-call (PagerDuty)',
    ])
    expect(spike.lastRunAt).toBe(Math.floor(TEST_NOW_MS / (15 * 60_000)) * 15 * 60_000)
    expect(spike.alertCount).toBeGreaterThan(0)
    const page = await alerts('snowflake', SF)
    expect(page.counts.all).toBeGreaterThan(2)
    expect(page.counts.all).toBe(page.counts.active + page.counts.acknowledged + page.counts.completed)
    expect(page.counts.completed).toBeGreaterThan(0)
    // The channels of the monitor were told (recorded, never sent).
    const fromSpike = page.alerts.find((a) => a.monitorName === 'Warehouse credits spike')
    expect(fromSpike?.notified).toEqual(['#data-platform-alerts', 'Platform on-call (PagerDuty)'])
    expect(fromSpike?.message).toMatch(
      /^Credits used per hour on BI_WH \(sum over 1 h\) was [\d.,]+ credits, is above the threshold of [\d.,]+ credits\.$/,
    )
  })

  it('BigQuery’s admin and the Kubernetes users have their own', async () => {
    const bq = await get<MonitorList>('bigquery', `${BQ}/monitors`)
    expect(bq.monitors.map((m) => m.name)).toEqual(['Failed jobs', 'Hourly spend', 'Slot usage spike'])
    expect((await alerts('bigquery', BQ)).counts.all).toBeGreaterThan(0)
    const k8s = await get<MonitorOptions>('k8s', `${K8S}/options`)
    expect(k8s.metrics.map((m) => [m.id, m.unit])).toEqual([
      ['cost', 'USD'],
      ['idle_cost', 'USD'],
      ['cpu_usage', 'cores'],
      ['memory_usage', 'GiB'],
    ])
    expect(k8s.note).toBeNull()
    const monitors = (await get<MonitorList>('k8s', `${K8S}/monitors`)).monitors
    expect(monitors.map((m) => m.name)).toEqual(['Cluster CPU surge', 'Idle spend'])
    expect((await alerts('k8s', K8S)).counts.all).toBeGreaterThan(0)
  })

  it('the form’s options: the platform’s metrics with units, and Snowflake’s warehouses', async () => {
    const options = await get<MonitorOptions>('snowflake', `${SF}/options`)
    expect(options.metrics.map((m) => [m.id, m.unit])).toEqual([
      ['credits', 'credits'],
      ['cost', 'USD'],
      ['failed_queries', 'queries'],
      ['queued_overload', 's'],
    ])
    expect(options.warehouses).toContain('BI_WH')
    const bq = await get<MonitorOptions>('bigquery', `${BQ}/options`)
    expect(bq.metrics.map((m) => m.id)).toEqual(['bytes_billed', 'slot_hours', 'cost', 'failed_jobs'])
    expect(bq.warehouses).toEqual([])
  })

  it('a metric’s preview is its last 24 whole hours, each the stored series’ sum', async () => {
    const preview = await get<MetricPreview>(
      'snowflake',
      `${SF}/metric_preview?metric=credits&warehouse=BI_WH`,
    )
    expect(preview.unit).toBe('credits')
    expect(preview.points).toHaveLength(24)
    const last = preview.points[23]!
    expect(last.start + HOUR_MS).toBeLessThanOrEqual(TEST_NOW_MS)
    expect(last.value).toBeCloseTo(referenceCredits('BI_WH', last.start + HOUR_MS), 4)
    expect(preview.points.some((p) => p.value > 0)).toBe(true)
  })
})

describe('BigQuery’s series', () => {
  it('an hour of its preview is the jobs created in it, added up from the jobs themselves', async () => {
    const preview = await get<MetricPreview>('bigquery', `${BQ}/metric_preview?metric=slot_hours`)
    expect(preview.unit).toBe('slot-hours')
    const shift = appsTimeShift(app.db)
    for (const point of preview.points.filter((p) => p.value > 0).slice(-3)) {
      const slotMs = app.db
        .prepare('SELECT coalesce(sum(slot_ms), 0) FROM bq_jobs WHERE create_time >= ? AND create_time < ?')
        .pluck()
        .get(point.start - shift, point.start + HOUR_MS - shift) as number
      expect(point.value).toBeCloseTo(slotMs / HOUR_MS, 2)
    }
    expect(preview.points.some((p) => p.value > 0)).toBe(true)
  })

  it('its cost is dollars: the jobs’ stored cents (cost_e4 / 10^4) turned to USD as Cost 360 turns them', async () => {
    const preview = await get<MetricPreview>('bigquery', `${BQ}/metric_preview?metric=cost`)
    expect(preview.unit).toBe('USD')
    const shift = appsTimeShift(app.db)
    const hours = preview.points.filter((p) => p.value > 0).slice(-3)
    expect(hours.length).toBeGreaterThan(0)
    for (const point of hours) {
      const costE4 = app.db
        .prepare('SELECT coalesce(sum(cost_e4), 0) FROM bq_jobs WHERE create_time >= ? AND create_time < ?')
        .pluck()
        .get(point.start - shift, point.start + HOUR_MS - shift) as number
      expect(point.value).toBeCloseTo(bigQueryCostUsd(costE4 / 10_000), 2)
    }
  })
})

describe('Kubernetes’ series', () => {
  it('an hour is its nodes’ cost and its pods’ usage, added up from the stored hours', async () => {
    const shift = Math.round(appsTimeShift(app.db) / HOUR_MS) * HOUR_MS
    const sumOf = (sql: string, start: number) =>
      app.db
        .prepare(sql)
        .pluck()
        .get(start - shift) as number
    const cost = await get<MetricPreview>('k8s', `${K8S}/metric_preview?metric=cost`)
    const cpu = await get<MetricPreview>('k8s', `${K8S}/metric_preview?metric=cpu_usage`)
    expect([cost.unit, cpu.unit]).toEqual(['USD', 'cores'])
    expect(cost.points.filter((p) => p.value > 0).length).toBeGreaterThan(12)
    for (const point of cost.points.slice(-3)) {
      const micro = sumOf('SELECT coalesce(sum(cost), 0) FROM k8s_node_hours WHERE ts = ?', point.start)
      expect(point.value).toBeCloseTo(micro / 1e6, 2)
    }
    for (const point of cpu.points.slice(-3)) {
      const coreHours = sumOf(
        'SELECT coalesce(sum(cpu_usage), 0) FROM k8s_pod_hours WHERE ts = ?',
        point.start,
      )
      expect(point.value).toBeCloseTo(coreHours / 1e4, 2)
    }
  })
})

describe('a monitor on Snowflake credits (done when: it fires on the seeded data and is acknowledged)', () => {
  let made: Monitor

  it('is created, runs over the last 24 hours at once, and fires where the seeded data crosses it', async () => {
    made = await created('snowflake', SF, monitor({ name: 'BI credits above almost nothing' }))
    expect(made).toMatchObject({
      metric: 'credits',
      warehouse: 'BI_WH',
      enabled: true,
      createdBy: 'snowflake',
    })
    expect(made.lastRunAt).toBe(Math.floor(TEST_NOW_MS / HOUR_MS) * HOUR_MS)
    expect(made.alertCount).toBeGreaterThan(0)
    const page = await alerts('snowflake', SF, `?monitorId=${made.id}&sort=createdAt-asc`)
    const first = page.alerts[0]!
    expect(first.createdAt).toBeGreaterThan(TEST_NOW_MS - 24 * HOUR_MS)
    expect(first.value).toBeGreaterThan(0.0001)
    // Its value is the hour's credits summed from the queries themselves.
    expect(first.value).toBeCloseTo(referenceCredits('BI_WH', first.createdAt), 4)
    expect(first).toMatchObject({ severity: 2, threshold: 0.0001, unit: 'credits', notified: [] })
  })

  it('its active alert is acknowledged, records who, and cannot be acknowledged twice', async () => {
    const active = (await alerts('snowflake', SF, `?monitorId=${made.id}&tab=active`)).alerts[0]!
    expect(active.state).toBe('ACTIVE')
    const res = await send('snowflake', 'POST', `${SF}/alerts/acknowledge`, { ids: [active.id] })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toEqual({ acknowledged: [active.id] })
    const page = await alerts('snowflake', SF, `?monitorId=${made.id}&tab=acknowledged`)
    expect(page.alerts[0]).toMatchObject({
      id: active.id,
      state: 'ACKNOWLEDGED',
      acknowledgedBy: 'snowflake',
      acknowledgedAt: TEST_NOW_MS,
    })
    const again = await send('snowflake', 'POST', `${SF}/alerts/acknowledge`, { ids: [active.id] })
    expect(again.statusCode).toBe(400)
    expect(again.json().message).toBe(`Only active alerts can be acknowledged: #${active.id} is not active.`)
    const { monitors } = await get<MonitorList>('snowflake', `${SF}/monitors`)
    expect(monitors.find((m) => m.id === made.id)?.state).toBe('ACKNOWLEDGED')
  })

  it('tells its channels of each new alert, recorded and never sent', async () => {
    const channels = await get<NotificationChannelPage>(
      'snowflake',
      '/api/v1/snowflake/notification_channels',
    )
    const slack = channels.channels.find((c) => c.type === 'slack')!
    const told = await created('snowflake', SF, monitor({ name: 'Told on Slack', channelIds: [slack.id] }))
    const page = await alerts('snowflake', SF, `?monitorId=${told.id}`)
    expect(page.alerts.length).toBeGreaterThan(0)
    for (const alert of page.alerts) expect(alert.notified).toEqual([slack.name])
    expect(told.channels).toEqual([{ id: slack.id, name: slack.name }])
  })

  it('a threshold the data never crosses raises nothing; a below monitor fires on the quiet hours', async () => {
    const never = await created('snowflake', SF, monitor({ name: 'Never', threshold: 1e9 }))
    expect(never).toMatchObject({ alertCount: 0, state: null })
    expect(never.lastValue).toBeCloseTo(referenceCredits('BI_WH', never.lastRunAt!), 4)
    const quiet = await created(
      'snowflake',
      SF,
      monitor({ name: 'Quiet', condition: 'below', threshold: 1e9, aggregation: 'max', lookbackHours: 24 }),
    )
    expect(quiet).toMatchObject({ alertCount: 1, state: 'ACTIVE' })
  })

  it('a disabled monitor does not run; enabled, it runs from now on', async () => {
    const off = await created('snowflake', SF, monitor({ name: 'Off', enabled: false }))
    expect(off).toMatchObject({ enabled: false, lastRunAt: null, alertCount: 0 })
    const on = await send('snowflake', 'PUT', `${SF}/monitors/${off.id}/enabled`, { enabled: true })
    expect(on.statusCode, on.body).toBe(200)
    expect(on.json<Monitor>()).toMatchObject({ enabled: true, lastRunAt: TEST_NOW_MS, alertCount: 0 })
    const again = await send('snowflake', 'PUT', `${SF}/monitors/${off.id}/enabled`, { enabled: false })
    expect(again.json<Monitor>().enabled).toBe(false)
  })

  it('is changed and deleted, its alerts with it', async () => {
    const res = await send(
      'snowflake',
      'PUT',
      `${SF}/monitors/${made.id}`,
      monitor({ name: 'Renamed', severity: 5 }),
    )
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json<Monitor>()).toMatchObject({ id: made.id, name: 'Renamed', severity: 5 })
    const removed = await send('snowflake', 'DELETE', `${SF}/monitors/${made.id}`)
    expect(removed.json()).toEqual({ id: made.id, deleted: true })
    expect((await alerts('snowflake', SF, `?monitorId=${made.id}`)).counts.all).toBe(0)
    const gone = await send('snowflake', 'DELETE', `${SF}/monitors/${made.id}`)
    expect(gone.statusCode).toBe(404)
    expect(gone.json().message).toBe(`The monitor ${made.id} does not exist`)
  })
})

describe('the alerts list (E171): tabs, range, filters, sort and pages in SQL', () => {
  it('opens on tab all, 15 per page, newest first, over the last year', async () => {
    const page = await alerts('snowflake', SF)
    expect(page.total).toBe(page.counts.all)
    expect(page.alerts.length).toBe(Math.min(15, page.total))
    const times = page.alerts.map((a) => a.createdAt)
    expect(times).toEqual([...times].sort((a, b) => b - a))
    expect(page.alerts.every((a) => a.createdAt >= TEST_NOW_MS - 365 * 24 * HOUR_MS)).toBe(true)
  })

  it('each tab holds its state and its count', async () => {
    const all = await alerts('snowflake', SF, '?pageSize=100')
    for (const [tab, state] of [
      ['active', 'ACTIVE'],
      ['acknowledged', 'ACKNOWLEDGED'],
      ['completed', 'COMPLETED'],
    ] as const) {
      const page = await alerts('snowflake', SF, `?tab=${tab}&pageSize=100`)
      expect(page.total).toBe(page.counts[tab])
      expect(page.alerts.every((a) => a.state === state)).toBe(true)
      expect(page.alerts.map((a) => a.id).sort()).toEqual(
        all.alerts
          .filter((a) => a.state === state)
          .map((a) => a.id)
          .sort(),
      )
    }
  })

  it('pages follow one order; sort by severity, monitor and value either way', async () => {
    const all = (await alerts('snowflake', SF, '?pageSize=100&sort=severity-asc')).alerts
    expect(all.length).toBeGreaterThan(3)
    const second = await alerts('snowflake', SF, '?pageSize=2&page=2&sort=severity-asc')
    expect(second.alerts.map((a) => a.id)).toEqual(all.slice(2, 4).map((a) => a.id))
    const severities = all.map((a) => a.severity)
    expect(severities).toEqual([...severities].sort((a, b) => a - b))
    const byValue = (await alerts('snowflake', SF, '?pageSize=100&sort=value-desc')).alerts.map(
      (a) => a.value,
    )
    expect(byValue).toEqual([...byValue].sort((a, b) => b - a))
    const names = (await alerts('snowflake', SF, '?pageSize=100&sort=monitorName-asc')).alerts.map((a) =>
      a.monitorName.toLowerCase(),
    )
    expect(names).toEqual([...names].sort())
  })

  it('filters by severity, monitor and trigger time', async () => {
    const all = (await alerts('snowflake', SF, '?pageSize=100')).alerts
    const one = all[0]!
    const bySeverity = await alerts('snowflake', SF, `?severity=${one.severity}&pageSize=100`)
    expect(bySeverity.alerts.every((a) => a.severity === one.severity)).toBe(true)
    expect(bySeverity.total).toBe(all.filter((a) => a.severity === one.severity).length)
    const byMonitor = await alerts('snowflake', SF, `?monitorId=${one.monitorId}&pageSize=100`)
    expect(byMonitor.alerts.every((a) => a.monitorId === one.monitorId)).toBe(true)
    const window = await alerts('snowflake', SF, `?startTime=${one.createdAt}&endTime=${one.createdAt}`)
    expect(window.alerts.map((a) => a.id)).toContain(one.id)
    expect(window.alerts.every((a) => a.createdAt === one.createdAt)).toBe(true)
  })
})

describe('bad input (400, each with its message)', () => {
  const refused = async (base: string, user: string, payload: object, message: string | RegExp) => {
    const res = await send(user, 'POST', `${base}/monitors`, payload)
    expect(res.statusCode, res.body).toBe(400)
    expect(res.json().message).toMatch(message)
  }

  it('refuses a taken name, an unknown metric, warehouse or channel', async () => {
    await refused(
      SF,
      'snowflake',
      monitor({ name: ' warehouse CREDITS spike ' }),
      'Monitor name already exists.',
    )
    await refused(
      SF,
      'snowflake',
      monitor({ metric: 'slot_hours' }),
      'The metric slot_hours is not one of this platform’s.',
    )
    await refused(SF, 'snowflake', monitor({ warehouse: 'NOPE_WH' }), 'There is no warehouse named NOPE_WH.')
    await refused(
      SF,
      'snowflake',
      monitor({ channelIds: [999_999] }),
      'There is no notification channel 999999 on this platform.',
    )
    const bqChannel = (await get<NotificationChannelPage>('bigquery', '/api/v1/notification_channels'))
      .channels[0]!
    await refused(
      SF,
      'snowflake',
      monitor({ channelIds: [bqChannel.id] }),
      `There is no notification channel ${bqChannel.id} on this platform.`,
    )
    await refused(
      BQ,
      'bigquery',
      monitor({ metric: 'cost', warehouse: 'BI_WH' }),
      'This metric is read account-wide: leave the warehouse out.',
    )
    await refused(
      BQ,
      'bigquery',
      monitor({ metric: 'cost', warehouse: null, channelIds: [bqChannel.id, bqChannel.id] }),
      'A channel is listed twice.',
    )
    await refused(
      K8S,
      'k8s',
      monitor({ metric: 'credits', warehouse: null }),
      'The metric credits is not one of this platform’s.',
    )
  })

  it('refuses values out of bounds by the contract', async () => {
    await refused(SF, 'snowflake', monitor({ lookbackHours: 25 }), /lookbackHours/)
    await refused(SF, 'snowflake', monitor({ scheduleMinutes: 10 }), /scheduleMinutes/)
    await refused(SF, 'snowflake', monitor({ severity: 6 }), /severity/)
    await refused(SF, 'snowflake', monitor({ threshold: -1 }), /threshold/)
    await refused(SF, 'snowflake', monitor({ aggregation: 'median' }), /aggregation/)
    await refused(SF, 'snowflake', monitor({ name: '   ' }), /name/)
    await refused(SF, 'snowflake', { ...monitor(), extra: 1 }, /extra|additional/i)
  })

  it('refuses acknowledging unknown alerts, a reversed range and a bad preview', async () => {
    const ack = await send('snowflake', 'POST', `${SF}/alerts/acknowledge`, { ids: [999_999] })
    expect(ack.statusCode).toBe(400)
    expect(ack.json().message).toBe('There is no alert #999999 on this platform.')
    const empty = await send('snowflake', 'POST', `${SF}/alerts/acknowledge`, { ids: [] })
    expect(empty.statusCode).toBe(400)
    const range = await app.inject({
      method: 'GET',
      url: `${SF}/alerts?startTime=${TEST_NOW_MS - HOUR_MS}&endTime=${TEST_NOW_MS - 2 * HOUR_MS}`,
      headers: as('snowflake'),
    })
    expect(range.statusCode).toBe(400)
    expect(range.json().message).toBe('startTime must not be after endTime.')
    const preview = await app.inject({
      method: 'GET',
      url: `${SF}/metric_preview?metric=nope`,
      headers: as('snowflake'),
    })
    expect(preview.statusCode).toBe(400)
    expect(preview.json().message).toBe('The metric nope is not one of this platform’s.')
    // Another platform's alert is not there to acknowledge.
    const bqAlert = (await alerts('bigquery', BQ)).alerts[0]!
    const cross = await send('snowflake', 'POST', `${SF}/alerts/acknowledge`, { ids: [bqAlert.id] })
    expect(cross.json().message).toBe(`There is no alert #${bqAlert.id} on this platform.`)
  })
})

describe('who may call', () => {
  const families = [snowflake, bigquery, kubernetes]

  it('without a token every call is a 401', async () => {
    for (const entry of families.flatMap((f) => Object.values(f))) {
      const url = entry.path.replace('{id}', '1')
      const res = await app.inject({
        method: entry.method,
        url,
        ...(entry.method !== 'GET' && { payload: {} }),
      })
      expect(res.statusCode, `${entry.method} ${url}`).toBe(401)
    }
  })

  it('Snowflake’s and BigQuery’s are their admins’ only; Kubernetes’ every role’s; another platform 403', async () => {
    const sfUser = await app.inject({ method: 'GET', url: `${SF}/alerts`, headers: as('sfuser') })
    expect(sfUser.statusCode).toBe(403)
    expect(sfUser.json().message).toBe('This action needs the admin role.')
    const sfWrite = await send('sfuser', 'POST', `${SF}/monitors`, monitor())
    expect(sfWrite.statusCode).toBe(403)
    for (const url of [`${SF}/alerts`, `${BQ}/monitors`, `${K8S}/alerts`]) {
      const emr = await app.inject({ method: 'GET', url, headers: as('emr') })
      expect(emr.statusCode, url).toBe(403)
    }
    expect(
      (await app.inject({ method: 'GET', url: `${BQ}/alerts`, headers: as('snowflake') })).statusCode,
    ).toBe(403)
    expect(
      (await app.inject({ method: 'GET', url: `${SF}/alerts`, headers: as('bigquery') })).statusCode,
    ).toBe(403)
  })
})
