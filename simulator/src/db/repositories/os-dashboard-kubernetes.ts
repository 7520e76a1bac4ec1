import type {
  KubernetesGroupBy,
  KubernetesTrendMetric,
  PanelPlacement,
  PrebuiltDashboardId,
} from '@costlens/shared'
import { kubernetesTopx } from './kubernetes-topx.ts'
import { byCluster, trendDays, usageTrendsOf } from './kubernetes-trends.ts'
import {
  TOP_N,
  barPanel,
  bars,
  kpiPanel,
  linePanel,
  tablePanel,
  type PanelContext,
  type PanelEntry,
} from './os-dashboard-catalogue.ts'
import { isoWindow } from './os-dashboard-window.ts'

/*
 * Kubernetes' panels (issue 23 /os_dashboard, R221): Top X's totals, idle cost and rankings
 * (kubernetes-topx.ts) and the usage trends' series (kubernetes-trends.ts), over the same window, so
 * each figure is the one those pages show (both read the workloads' and namespaces' rollups). The
 * trends are per UTC day (their grain) whatever the dashboard's interval; a request's trend panels
 * share one read (cost, CPU and memory of each namespace and day).
 */

const topx = (ctx: PanelContext, groupBy: KubernetesGroupBy = 'namespace') =>
  ctx.shared(`k8s:topx:${groupBy}`, () =>
    kubernetesTopx(ctx.db, ctx.scope, { ...isoWindow(ctx.window), groupBy, limit: TOP_N }, ctx.now),
  )
/** A request's trend panels from one read of the namespaces' days (a cluster's the sum of its namespaces'). */
const trend = (ctx: PanelContext, groupBy: 'namespace' | 'cluster', metric: KubernetesTrendMetric) => {
  const days = ctx.shared('k8s:trend:namespace', () =>
    trendDays(ctx.db, ctx.scope, { ...isoWindow(ctx.window), groupBy: 'namespace' }, ctx.now, [
      'cost',
      'cpu',
      'memory',
    ]),
  )
  const trends = usageTrendsOf(groupBy === 'cluster' ? byCluster(days) : days, metric)
  return { interval: 'day' as const, series: trends.series.map((s) => ({ name: s.name, data: s.data })) }
}

const percent = (share: number) => Math.round(share * 1000) / 10

export const KUBERNETES_PANELS: readonly PanelEntry[] = [
  kpiPanel(
    {
      id: 'k8s_cost_total',
      title: 'Cluster cost',
      unit: 'USD',
      description: 'The nodes’ cost over the window, idle included (Top X).',
    },
    (ctx) => ({ value: topx(ctx).total.costUsd }),
  ),
  kpiPanel(
    {
      id: 'k8s_idle_cost',
      title: 'Idle cost',
      unit: 'USD',
      description: 'Node cost no pod was allocated (OpenCost’s idle).',
    },
    (ctx) => {
      const { idle } = topx(ctx)
      return { value: idle.costUsd, note: `${percent(idle.share)}% of the cluster cost` }
    },
  ),
  kpiPanel(
    {
      id: 'k8s_efficiency',
      title: 'Efficiency',
      unit: '%',
      description: 'Usage ÷ allocation, cost-weighted across CPU and memory.',
    },
    (ctx) => ({ value: Math.round(topx(ctx).total.efficiency * 1000) / 10 }),
  ),
  kpiPanel(
    {
      id: 'k8s_cpu_used',
      title: 'CPU used',
      unit: 'core-hours',
      description: 'CPU usage over the window, against the requests.',
    },
    (ctx) => {
      const { total } = topx(ctx)
      return {
        value: total.cpuCoreHours,
        note: `of ${Math.round(total.cpuRequestCoreHours).toLocaleString('en-US')} core-hours requested`,
      }
    },
  ),
  kpiPanel(
    {
      id: 'k8s_memory_used',
      title: 'Memory used',
      unit: 'GiB-hours',
      description: 'Memory usage over the window, against the requests.',
    },
    (ctx) => {
      const { total } = topx(ctx)
      return {
        value: total.memoryGbHours,
        note: `of ${Math.round(total.memoryRequestGbHours).toLocaleString('en-US')} GiB-hours requested`,
      }
    },
  ),
  linePanel(
    {
      id: 'k8s_cost_by_cluster_trend',
      title: 'Cost by cluster per day',
      unit: 'USD',
      description: 'Each cluster’s allocated cost per UTC day (Usage Trends).',
    },
    (ctx) => trend(ctx, 'cluster', 'cost'),
  ),
  linePanel(
    {
      id: 'k8s_namespace_cost_trend',
      title: 'Cost of the top namespaces per day',
      unit: 'USD',
      description: 'The 4 costliest namespaces’ cost per UTC day.',
    },
    (ctx) => trend(ctx, 'namespace', 'cost'),
  ),
  linePanel(
    {
      id: 'k8s_cpu_trend',
      title: 'CPU usage of the top namespaces per day',
      unit: 'core-hours',
      description: 'The 4 busiest namespaces’ CPU per UTC day.',
    },
    (ctx) => trend(ctx, 'namespace', 'cpu'),
  ),
  linePanel(
    {
      id: 'k8s_memory_trend',
      title: 'Memory usage of the top namespaces per day',
      unit: 'GiB-hours',
      description: 'The 4 busiest namespaces’ memory per UTC day.',
    },
    (ctx) => trend(ctx, 'namespace', 'memory'),
  ),
  barPanel(
    {
      id: 'k8s_cost_by_namespace',
      title: 'Cost by namespace',
      unit: 'USD',
      description: `The ${TOP_N} costliest namespaces (Top X).`,
    },
    (ctx) =>
      bars(
        'Cost',
        topx(ctx).rows.map((r) => ({ name: r.name, value: r.costUsd })),
      ),
  ),
  tablePanel(
    {
      id: 'k8s_cpu_vs_request',
      title: 'CPU usage vs request',
      unit: 'core-hours',
      description: `The ${TOP_N} costliest namespaces’ CPU used and requested.`,
    },
    (ctx) => ({
      label: 'Namespace',
      columns: [
        { title: 'Used', unit: 'core-hours' },
        { title: 'Requested', unit: 'core-hours' },
      ],
      rows: topx(ctx).rows.map((r) => ({
        key: r.key,
        label: r.name,
        values: [r.cpuCoreHours, r.cpuRequestCoreHours],
      })),
    }),
  ),
  tablePanel(
    {
      id: 'k8s_memory_vs_request',
      title: 'Memory usage vs request',
      unit: 'GiB-hours',
      description: `The ${TOP_N} costliest namespaces’ memory used and requested.`,
    },
    (ctx) => ({
      label: 'Namespace',
      columns: [
        { title: 'Used', unit: 'GiB-hours' },
        { title: 'Requested', unit: 'GiB-hours' },
      ],
      rows: topx(ctx).rows.map((r) => ({
        key: r.key,
        label: r.name,
        values: [r.memoryGbHours, r.memoryRequestGbHours],
      })),
    }),
  ),
  tablePanel(
    {
      id: 'k8s_top_workloads',
      title: 'Top workloads by cost',
      unit: 'USD',
      description: `The ${TOP_N} costliest workloads (Top X by workload).`,
    },
    (ctx) => ({
      label: 'Workload',
      columns: [
        { title: 'Cost', unit: 'USD' },
        { title: 'CPU used', unit: 'core-hours' },
        { title: 'Memory used', unit: 'GiB-hours' },
        { title: 'Efficiency', unit: '%' },
      ],
      rows: topx(ctx, 'workload').rows.map((r) => ({
        key: r.key,
        label: `${r.namespace ?? ''}/${r.name}`,
        values: [r.costUsd, r.cpuCoreHours, r.memoryGbHours, Math.round(r.efficiency * 1000) / 10],
      })),
    }),
  ),
]

export const KUBERNETES_PREBUILT: Readonly<Record<PrebuiltDashboardId, readonly PanelPlacement[]>> = {
  cost: [
    { panelId: 'k8s_cost_total', width: 1 },
    { panelId: 'k8s_idle_cost', width: 1 },
    { panelId: 'k8s_efficiency', width: 1 },
    { panelId: 'k8s_cost_by_cluster_trend', width: 2 },
    { panelId: 'k8s_cost_by_namespace', width: 1 },
    { panelId: 'k8s_namespace_cost_trend', width: 3 },
    { panelId: 'k8s_top_workloads', width: 3 },
  ],
  usage: [
    { panelId: 'k8s_cpu_used', width: 1 },
    { panelId: 'k8s_memory_used', width: 1 },
    { panelId: 'k8s_efficiency', width: 1 },
    { panelId: 'k8s_cpu_trend', width: 3 },
    { panelId: 'k8s_memory_trend', width: 3 },
    { panelId: 'k8s_cpu_vs_request', width: 3 },
    { panelId: 'k8s_memory_vs_request', width: 3 },
  ],
  performance: [
    { panelId: 'k8s_efficiency', width: 1 },
    { panelId: 'k8s_idle_cost', width: 1 },
    { panelId: 'k8s_cpu_used', width: 1 },
    { panelId: 'k8s_top_workloads', width: 3 },
    { panelId: 'k8s_cpu_vs_request', width: 3 },
    { panelId: 'k8s_memory_vs_request', width: 3 },
  ],
}
