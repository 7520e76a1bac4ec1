import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  kubernetesEndpoints,
  snowflakeEndpoints,
  type BarPanelData,
  type DashboardData,
  type KpiPanelData,
  type KubernetesTopxResponse,
  type KubernetesUsageTrends,
  type LinePanelData,
  type SnowflakeCostBreakdown,
  type SnowflakeCostOverview,
  type TablePanelData,
} from '@costlens/shared'
import { TEST_NOW_MS, frozenTestApp } from './helper.ts'

/*
 * The dashboards' reads (issue 18): Snowflake's tiles and rankings from one summary without the cost
 * pages' series; Kubernetes' Top X panels from Top X and its trend panels from the usage trends'
 * reader (both from the workloads' and namespaces' rollups, whose sums kubernetes-seed.test.ts checks),
 * a request's trend panels sharing one read. Each answers what the platform's own screen answers
 * over the same window.
 */

let app: FastifyInstance
let as: (user: string) => Record<string, string>

beforeAll(async () => {
  const t = await frozenTestApp({ users: ['snowflake', 'k8s'] })
  app = t.app
  as = t.as
})
afterAll(() => app.close())

const HOUR = 3_600_000
const DAY = 24 * HOUR
/** A week to now; two days with ragged ends; a day of whole hours ending two hours ago. */
const WINDOWS = [
  [TEST_NOW_MS - 7 * DAY, TEST_NOW_MS],
  [TEST_NOW_MS - 2 * DAY - 5 * HOUR - 1_234, TEST_NOW_MS - 7 * HOUR - 56_789],
  [Math.floor(TEST_NOW_MS / HOUR) * HOUR - 26 * HOUR, Math.floor(TEST_NOW_MS / HOUR) * HOUR - 2 * HOUR],
].map(([start, end]) => `startTime=${new Date(start!).toISOString()}&endTime=${new Date(end!).toISOString()}`)

const get = async <T>(user: string, url: string) => {
  const res = await app.inject({ method: 'GET', url, headers: as(user) })
  expect(res.statusCode, res.body).toBe(200)
  return res.json<T>()
}
const panel = <P>(d: DashboardData, id: string) => d.panels.find((p) => p.panelId === id) as P

describe('Snowflake: the tiles and rankings equal the cost pages', () => {
  it.each(WINDOWS)('over %s', async (window) => {
    const overview = await get<SnowflakeCostOverview>(
      'snowflake',
      `${snowflakeEndpoints.costOverview.path}?${window}`,
    )
    const users = await get<SnowflakeCostBreakdown>(
      'snowflake',
      `${snowflakeEndpoints.costUsers.path}?${window}&limit=10`,
    )
    const warehouses = await get<SnowflakeCostBreakdown>(
      'snowflake',
      `${snowflakeEndpoints.costWarehouses.path}?${window}&limit=10`,
    )
    const d = await get<DashboardData>(
      'snowflake',
      `/api/v1/snowflake/os_dashboard/panels/data?panels=sf_cost_total,sf_credits_total,sf_query_count,sf_cost_by_warehouse,sf_cost_by_user,sf_top_users&${window}`,
    )
    const cost = panel<KpiPanelData>(d, 'sf_cost_total')
    expect(cost.value).toBe(overview.total.cost)
    expect(cost.note ?? null).toBe(
      overview.changePercent === null
        ? null
        : `${overview.changePercent > 0 ? '+' : ''}${overview.changePercent}% vs the period before`,
    )
    expect(panel<KpiPanelData>(d, 'sf_credits_total').value).toBe(overview.total.credits)
    expect(panel<KpiPanelData>(d, 'sf_query_count').value).toBe(overview.total.queryCount)
    expect(panel<BarPanelData>(d, 'sf_cost_by_warehouse').categories).toEqual(
      warehouses.rows.map((r) => r.name),
    )
    expect(panel<BarPanelData>(d, 'sf_cost_by_user').series[0]!.data).toEqual(users.rows.map((r) => r.cost))
    expect(panel<TablePanelData>(d, 'sf_top_users').rows).toEqual(
      users.rows.map((r) => ({ key: r.id, label: r.name, values: [r.cost, r.credits, r.queryCount] })),
    )
  })
})

describe('Kubernetes: the Top X panels equal Top X', () => {
  it.each(WINDOWS)('over %s, by namespace and by workload', async (window) => {
    const d = await get<DashboardData>(
      'k8s',
      `/api/v1/kubernetes/os_dashboard/panels/data?panels=k8s_cost_total,k8s_idle_cost,k8s_efficiency,k8s_cpu_used,k8s_memory_used,k8s_cost_by_namespace,k8s_cpu_vs_request,k8s_top_workloads&${window}`,
    )
    const topx = (groupBy: string) =>
      get<KubernetesTopxResponse>(
        'k8s',
        `${kubernetesEndpoints.topx.path}?${window}&groupBy=${groupBy}&limit=10`,
      )
    const [byNamespace, byWorkload] = [await topx('namespace'), await topx('workload')]
    expect(byNamespace.rows.length).toBeGreaterThan(0)
    const { total, idle } = byNamespace
    expect(panel<KpiPanelData>(d, 'k8s_cost_total').value).toBe(total.costUsd)
    expect(panel<KpiPanelData>(d, 'k8s_idle_cost').value).toBe(idle.costUsd)
    expect(panel<KpiPanelData>(d, 'k8s_efficiency').value).toBe(Math.round(total.efficiency * 1000) / 10)
    expect(panel<KpiPanelData>(d, 'k8s_cpu_used').value).toBe(total.cpuCoreHours)
    expect(panel<KpiPanelData>(d, 'k8s_memory_used').value).toBe(total.memoryGbHours)
    expect(panel<BarPanelData>(d, 'k8s_cost_by_namespace')).toMatchObject({
      categories: byNamespace.rows.map((r) => r.name),
      series: [{ data: byNamespace.rows.map((r) => r.costUsd) }],
    })
    expect(panel<TablePanelData>(d, 'k8s_cpu_vs_request').rows).toEqual(
      byNamespace.rows.map((r) => ({
        key: r.key,
        label: r.name,
        values: [r.cpuCoreHours, r.cpuRequestCoreHours],
      })),
    )
    expect(panel<TablePanelData>(d, 'k8s_top_workloads').rows).toEqual(
      byWorkload.rows.map((r) => ({
        key: r.key,
        label: `${r.namespace}/${r.name}`,
        values: [r.costUsd, r.cpuCoreHours, r.memoryGbHours, Math.round(r.efficiency * 1000) / 10],
      })),
    )
  })
})

describe('Kubernetes: the trend panels equal the usage trends', () => {
  const PANELS = [
    ['k8s_cost_by_cluster_trend', 'cluster', 'cost'],
    ['k8s_namespace_cost_trend', 'namespace', 'cost'],
    ['k8s_cpu_trend', 'namespace', 'cpu'],
    ['k8s_memory_trend', 'namespace', 'memory'],
  ] as const

  it.each(WINDOWS)('over %s, each point of each of the first four groups', async (window) => {
    const d = await get<DashboardData>(
      'k8s',
      `/api/v1/kubernetes/os_dashboard/panels/data?panels=${PANELS.map(([id]) => id).join(',')}&${window}`,
    )
    for (const [id, groupBy, metric] of PANELS) {
      const trends = await get<KubernetesUsageTrends>(
        'k8s',
        `${kubernetesEndpoints.usageTrends.path}?${window}&groupBy=${groupBy}&metric=${metric}`,
      )
      const line = panel<LinePanelData>(d, id)
      expect(trends.series.length, id).toBeGreaterThan(0)
      expect(line.interval).toBe('day')
      expect(line.series, id).toEqual(trends.series.map((s) => ({ name: s.name, data: s.data })))
    }
  })
})
