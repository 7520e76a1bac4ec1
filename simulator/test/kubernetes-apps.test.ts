import type { KubernetesAppDaily, KubernetesAppMetrics } from '@costlens/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AppInstance } from '../src/app.ts'
import { p95 } from '../src/db/repositories/kubernetes-apps.ts'
import { kubernetesClock } from '../src/db/repositories/kubernetes-common.ts'
import { TEST_NOW_MS, frozenTestApp, type FrozenTestApp } from './helper.ts'

const HOUR = 3_600_000
const DAY = 24 * HOUR
const PROD = 'k8s-prod-eks'
const iso = (ms: number) => new Date(ms).toISOString()
/** The 3 days to the last whole hour before the test's now. */
const END = Math.floor(TEST_NOW_MS / HOUR) * HOUR
const START = END - 3 * DAY

type Args = Record<string, string | number>
const query = (args: Args) =>
  new URLSearchParams(Object.entries(args).map(([k, v]): [string, string] => [k, String(v)]))

describe('Kubernetes app metrics (R218, /kubernetes/osd_app_metrics)', () => {
  let app: AppInstance
  let as: FrozenTestApp['as']
  beforeAll(async () => {
    ;({ app, as } = await frozenTestApp({ users: ['k8s', 'admin', 'emr'] }))
  })
  afterAll(() => app.close())

  const call = (args: Args = {}, user: string | null = 'k8s', path = 'app_metrics') =>
    app.inject({
      method: 'GET',
      url: `/api/v1/kubernetes/${path}?${query(args)}`,
      headers: user === null ? {} : as(user),
    })
  const metrics = async (args: Args = {}) => {
    const res = await call({ startTime: iso(START), endTime: iso(END), pageSize: 100, ...args })
    expect(res.statusCode, res.body).toBe(200)
    return res.json<KubernetesAppMetrics>()
  }
  const close = (a: number, b: number) =>
    expect(Math.abs(a - b)).toBeLessThanOrEqual(1e-6 * Math.max(1, Math.abs(b)))

  /** The reference: each workload's cost and CPU request over the window, straight from the hour rows. */
  function workloadReference() {
    const shift = kubernetesClock(app.db, TEST_NOW_MS).shift
    return app.db
      .prepare(
        `SELECT n.cluster_uid || '/' || n.name || '/' || w.kind || '/' || w.name AS key,
           sum(h.cost_cpu + h.cost_ram + h.cost_gpu) / 1e6 AS cost, sum(h.cpu_request) / 1e4 AS cpuRequest,
           max(h.cpu_peak_m) AS cpuPeak, max(h.mem_peak_mib) AS memPeak
         FROM k8s_pod_hours h JOIN k8s_pods p ON p.id = h.pod_id JOIN k8s_workloads w ON w.id = p.workload_id
           JOIN k8s_namespaces n ON n.id = w.namespace_id
         WHERE h.ts >= ? AND h.ts < ? GROUP BY 1`,
      )
      .all(START - shift, END - shift) as {
      key: string
      cost: number
      cpuRequest: number
      cpuPeak: number
      memPeak: number
    }[]
  }

  it('lists every workload with its cost and peaks as the hour rows sum them, and a recommendation', async () => {
    const body = await metrics()
    const reference = new Map(workloadReference().map((r) => [r.key, r]))
    expect(body.total).toBe(reference.size)
    expect(body.rows).toHaveLength(Math.min(100, reference.size))
    for (const row of body.rows) {
      const ref = reference.get(row.key)!
      close(row.costUsd, ref.cost)
      // requestM × pod-hours is the stored request core-hours.
      close((row.cpu.requestM / 1000) * row.podHours, ref.cpuRequest)
      // The 95th percentile of the stored peaks: never above the highest one.
      expect(row.cpu.peakM).toBeLessThanOrEqual(ref.cpuPeak)
      expect(row.memory.peakMib).toBeLessThanOrEqual(ref.memPeak)
      expect(row.savingUsd).toBeLessThanOrEqual(row.costUsd + 1e-9)
      expect(row.cpu.recommendedM % 10).toBe(0)
      expect(row.memory.recommendedMib % 64).toBe(0)
      if (row.cpu.action === 'raise') expect(row.cpu.peakM).toBeGreaterThan(row.cpu.requestM)
      if (row.cpu.action === 'lower') expect(row.cpu.recommendedM).toBeLessThan(row.cpu.requestM)
    }
    // Sorted by cost, the costliest first.
    const costs = body.rows.map((r) => r.costUsd)
    expect(costs).toEqual([...costs].sort((a, b) => b - a))
    close(
      body.totals.costUsd,
      [...reference.values()].reduce((s, r) => s + r.cost, 0),
    )
    expect(body.totals.overRequested).toBeGreaterThan(0)
    expect(body.totals.savingUsd).toBeGreaterThan(0)
    expect(body.totals.savingUsd).toBeLessThanOrEqual(body.totals.costUsd)
    expect(
      body.rows.some((r) => r.savingUsd > 0 && (r.cpu.action === 'lower' || r.memory.action === 'lower')),
    ).toBe(true)
  })

  it.each<[number[], number]>([
    [[], 0],
    [[7], 7],
    [Array.from({ length: 100 }, (_, i) => 100 - i), 95],
    [Array.from({ length: 20 }, (_, i) => i + 1), 19],
  ])('takes the 95th percentile of the stored peaks by nearest rank: %j → %i', (values, expected) => {
    expect(p95(values)).toBe(expected)
  })

  it('a fixed-size workload reads its own request: checkout-api asks 1000 m and 2048 MiB a pod', async () => {
    const body = await metrics({ search: 'checkout-api', namespace: 'checkout' })
    expect(body.rows.map((r) => r.key)).toEqual([`${PROD}/checkout/Deployment/checkout-api`])
    const row = body.rows[0]!
    // Its pods carry an istio-proxy sidecar (100 m, 128 MiB) beside the 1000 m / 2048 MiB container.
    close(row.cpu.requestM, 1100)
    close(row.memory.requestMib, 2176)
  })

  it.each(['cost', 'saving', 'efficiency', 'name'] as const)('sorts by %s both ways', async (sort) => {
    const desc = await metrics({ sort })
    const asc = await metrics({ sort, order: 'asc' })
    const value = (r: KubernetesAppMetrics['rows'][number]) =>
      sort === 'cost'
        ? r.costUsd
        : sort === 'saving'
          ? r.savingUsd
          : sort === 'efficiency'
            ? r.efficiency
            : r.name
    const values = desc.rows.map(value)
    expect(values).toEqual([...values].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0)))
    expect(asc.rows.map(value)).toEqual([...values].reverse().sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)))
  })

  it('filters by kind, namespace and name, and pages without overlap', async () => {
    const spark = await metrics({ kinds: 'SparkApplication' })
    expect(spark.total).toBeGreaterThan(0)
    expect(spark.rows.every((r) => r.kind === 'SparkApplication')).toBe(true)
    const two = await metrics({ kinds: 'StatefulSet,CronJob' })
    expect(new Set(two.rows.map((r) => r.kind))).toEqual(new Set(['StatefulSet', 'CronJob']))
    const payments = await metrics({ namespace: 'payments' })
    expect(payments.rows.every((r) => r.namespace === 'payments')).toBe(true)
    // A LIKE wildcard in the text is a character, not a pattern.
    expect((await metrics({ search: '%' })).total).toBe(0)
    const all = await metrics({ sort: 'name', order: 'asc' })
    const first = await metrics({ sort: 'name', order: 'asc', pageSize: 5, page: 1 })
    const second = await metrics({ sort: 'name', order: 'asc', pageSize: 5, page: 2 })
    expect([...first.rows, ...second.rows].map((r) => r.key)).toEqual(all.rows.slice(0, 10).map((r) => r.key))
    expect(first.total).toBe(all.total)
  })

  it('groups by namespace or app label, with the same totals', async () => {
    const byWorkload = await metrics()
    for (const groupBy of ['namespace', 'label:app']) {
      const body = await metrics({ groupBy })
      close(body.totals.costUsd, byWorkload.totals.costUsd)
      expect(body.rows.every((r) => r.savingUsd <= r.costUsd + 1e-9)).toBe(true)
    }
  })

  it("draws a workload's days: requests and usage per UTC day, costs adding up to its row", async () => {
    const { rows } = await metrics({ search: 'payments-api', namespace: 'payments' })
    const row = rows[0]!
    const res = await call(
      { startTime: iso(START), endTime: iso(END), key: row.key },
      'k8s',
      'app_metrics/daily',
    )
    expect(res.statusCode, res.body).toBe(200)
    const daily = res.json<KubernetesAppDaily>()
    expect(daily.days.length).toBeGreaterThanOrEqual(3)
    close(
      daily.days.reduce((s, d) => s + d.costUsd, 0),
      row.costUsd,
    )
    expect(daily.days.every((d) => d.cpuRequestCores >= 0 && d.memoryRequestGib >= 0)).toBe(true)
    expect(daily.days.some((d) => d.cpuRequestCores > d.cpuUsageCores)).toBe(true)
  })

  it.each<[Args, RegExp]>([
    [{ sort: 'cpu' }, /querystring\/sort/],
    [{ kinds: 'Pod' }, /querystring\/kinds must match pattern/],
    [{ pageSize: 101 }, /querystring\/pageSize must be <= 100/],
    [{ page: 0 }, /querystring\/page must be >= 1/],
    [{ search: 'x'.repeat(101) }, /querystring\/search must NOT have more than 100 characters/],
    [{ groupBy: 'pod' }, /querystring\/groupBy/],
    [{ startTime: 'yesterday' }, /querystring\/startTime/],
    [{ startTime: iso(END), endTime: iso(START) }, /startTime must not be after querystring\/endTime/],
    [{ startTime: iso(END - 91 * DAY), endTime: iso(END) }, /at most 90/],
    [{ clusters: 'acme-ml-sandbox' }, /do not have access to the cluster "acme-ml-sandbox"/],
  ])('refuses %j', async (args, message) => {
    const res = await call(args)
    expect([400, 403]).toContain(res.statusCode)
    expect(res.json<{ message: string }>().message).toMatch(message)
  })

  it('the daily call needs a key', async () => {
    const res = await call({}, 'k8s', 'app_metrics/daily')
    expect(res.statusCode).toBe(400)
    expect(res.json<{ message: string }>().message).toBe("querystring must have the field 'key'")
  })

  it('is 401 without a token and 403 for another platform, whatever the role', async () => {
    for (const path of ['app_metrics', 'app_metrics/daily?key=x']) {
      expect((await call({}, null, path)).statusCode).toBe(401)
      expect((await call({}, 'emr', path)).statusCode).toBe(403)
      expect((await call({}, 'admin', path)).statusCode).toBe(403)
    }
  })
})
