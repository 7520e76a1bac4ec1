import { Group, Select, Stack } from '@mantine/core'
import {
  KUBERNETES_GROUP_BYS,
  KUBERNETES_TOPX_METRICS,
  formatCount,
  formatPercent,
  formatUsd,
  type KubernetesGroupBy,
  type KubernetesTopxMetric,
  type KubernetesTopxResponse,
  type KubernetesTopxRow,
} from '@costlens/shared'
import { DataTable } from '../../components/table/data-table.tsx'
import type { DataColumn } from '../../components/table/table-types.ts'
import { costWindowParams } from '../../kit/cost-page.tsx'
import { DashboardPanel } from '../../kit/dashboard-panel.tsx'
import type { Kpi } from '../../kit/kpi-row.tsx'
import { useRefetchOnTick } from '../../kit/page-clock.ts'
import { PageHeader, RangePicker, RefreshButton } from '../../kit/page-header.tsx'
import { ReturnLink } from '../../kit/return-link.tsx'
import { useAddressRange } from '../../kit/use-address-range.ts'
import { useKubernetesTopxQuery } from './api.ts'
import { GroupBySelect, LabelledSegments, useAddressUpdate } from './controls.tsx'
import { GROUP_LABELS, addressChoice, groupName, trendHref } from './groups.ts'

const METRIC_LABELS: Record<KubernetesTopxMetric, string> = {
  cost: 'Cost',
  cpu: 'CPU',
  memory: 'Memory',
  efficiency: 'Efficiency',
}

const LIMITS = ['10', '25', '50', '100'] as const

const usd = (v: number) => formatUsd(Math.round(v * 100) / 100)
const hours = (v: number) => formatCount(v)
const efficiency = (v: number) => formatPercent(100 * v, 1)

function kpis(d: KubernetesTopxResponse): Kpi[] {
  return [
    {
      label: 'Cost (USD)',
      value: usd(d.total.costUsd),
      note: `${formatCount(d.groups)} ${GROUP_LABELS[d.groupBy].toLowerCase()} groups`,
    },
    {
      label: 'Idle (USD)',
      value: usd(d.idle.costUsd),
      note: `${formatPercent(100 * d.idle.share, 1)} of the node cost no pod was allocated`,
    },
    {
      label: 'CPU used (core-hours)',
      value: hours(d.total.cpuCoreHours),
      note: `of ${hours(d.total.cpuRequestCoreHours)} requested`,
    },
    {
      label: 'Memory used (GiB-hours)',
      value: hours(d.total.memoryGbHours),
      note: `of ${hours(d.total.memoryRequestGbHours)} requested`,
    },
    { label: 'Efficiency', value: efficiency(d.total.efficiency), note: 'usage ÷ allocation, cost-weighted' },
  ]
}

function columns(groupBy: KubernetesGroupBy, params: URLSearchParams): DataColumn<KubernetesTopxRow>[] {
  const where: DataColumn<KubernetesTopxRow>[] = groupBy.startsWith('label:')
    ? []
    : [{ key: 'cluster', title: 'Cluster', width: 150, priority: 2, render: (r) => r.cluster ?? '' }]
  const namespace: DataColumn<KubernetesTopxRow>[] =
    groupBy === 'workload' || groupBy === 'pod'
      ? [{ key: 'namespace', title: 'Namespace', width: 150, priority: 2, render: (r) => r.namespace ?? '' }]
      : []
  const kind: DataColumn<KubernetesTopxRow>[] =
    groupBy === 'workload'
      ? [{ key: 'kind', title: 'Kind', width: 140, priority: 3, render: (r) => r.kind ?? '' }]
      : []
  return [
    {
      key: 'name',
      title: GROUP_LABELS[groupBy],
      width: 280,
      priority: 1,
      sticky: true,
      value: groupName,
      // The group's usage trend over the same window.
      render: (r) => <ReturnLink to={trendHref(params, groupBy, r.key)}>{groupName(r)}</ReturnLink>,
    },
    ...where,
    ...namespace,
    ...kind,
    {
      key: 'costUsd',
      title: 'Cost (USD)',
      width: 120,
      align: 'right',
      priority: 1,
      value: (r) => r.costUsd,
      render: (r) => usd(r.costUsd),
    },
    {
      key: 'share',
      title: 'Share',
      width: 90,
      align: 'right',
      priority: 1,
      value: (r) => r.share,
      render: (r) => formatPercent(100 * r.share, 1),
    },
    {
      key: 'cpuCoreHours',
      title: 'CPU core-h used / req.',
      width: 200,
      align: 'right',
      priority: 2,
      value: (r) => r.cpuCoreHours,
      render: (r) => `${hours(r.cpuCoreHours)} / ${hours(r.cpuRequestCoreHours)}`,
    },
    {
      key: 'memoryGbHours',
      title: 'Memory GiB-h used / req.',
      width: 220,
      align: 'right',
      priority: 2,
      value: (r) => r.memoryGbHours,
      render: (r) => `${hours(r.memoryGbHours)} / ${hours(r.memoryRequestGbHours)}`,
    },
    {
      key: 'gpuHours',
      title: 'GPU (hours)',
      width: 110,
      align: 'right',
      priority: 3,
      value: (r) => r.gpuHours,
      render: (r) => hours(r.gpuHours),
    },
    {
      key: 'efficiency',
      title: 'Efficiency',
      width: 110,
      align: 'right',
      priority: 1,
      value: (r) => r.efficiency,
      render: (r) => efficiency(r.efficiency),
    },
  ]
}

/**
 * /kubernetes/osd_topx (R216, the K8S landing): the costliest (or busiest, or least efficient)
 * namespaces, workloads, pods, nodes, clusters or label values over a window of whole UTC days, with
 * idle cost (node assets no pod was allocated, OpenCost) as its own figure and slice. Group, metric and
 * rows are kept in the address with the window, so a link shows the same ranking.
 */
export default function KubernetesTopxPage() {
  const [params, update] = useAddressUpdate()
  const range = useAddressRange({ preset: '7_d' })
  const groupBy = addressChoice(params.get('groupBy'), KUBERNETES_GROUP_BYS, 'namespace')
  const metric = addressChoice(params.get('metric'), KUBERNETES_TOPX_METRICS, 'cost')
  const limit = addressChoice(params.get('limit'), LIMITS, '10')
  const request = { ...costWindowParams(range.state.dateRange), groupBy, metric, limit: Number(limit) }
  const result = useKubernetesTopxQuery(request)
  useRefetchOnTick(range.clock.now, request, result.refetch)
  const set = (key: string, value: string) => update({ [key]: value })
  return (
    <Stack gap="md">
      <PageHeader
        title="Top X"
        description="Where the clusters' money goes: by OpenCost's rules, idle included."
      >
        <RangePicker list={range} kind="kubernetes" />
        <RefreshButton clock={range.clock} />
      </PageHeader>
      <Group align="flex-end" gap="md" wrap="wrap">
        <GroupBySelect value={groupBy} onChange={(g) => set('groupBy', g)} />
        <LabelledSegments
          label="Rank by"
          value={metric}
          options={KUBERNETES_TOPX_METRICS}
          labels={METRIC_LABELS}
          onChange={(m) => set('metric', m)}
        />
        <Select
          label="Rows"
          w={110}
          data={[...LIMITS]}
          value={limit}
          allowDeselect={false}
          onChange={(v) => v && set('limit', v)}
        />
      </Group>
      <DashboardPanel
        what="The ranking"
        result={result}
        kpiLabel="Totals of the window"
        kpis={kpis}
        cols={1}
        charts={(d) => {
          const shown = d.rows.reduce((sum, r) => sum + r.costUsd, 0)
          const others = Math.max(0, d.total.allocationCostUsd - shown)
          return [
            {
              kind: 'donut',
              title: `Cost by ${GROUP_LABELS[d.groupBy].toLowerCase()} (USD)`,
              description: `The ${d.rows.length} ranked groups, the other groups together and idle cost: the clusters' whole node cost.`,
              slices: [
                ...d.rows.map((r) => ({ name: groupName(r), value: Math.round(r.costUsd * 100) / 100 })),
                ...(others > 0.005 ? [{ name: 'Other groups', value: Math.round(others * 100) / 100 }] : []),
                { name: 'Idle', value: Math.round(d.idle.costUsd * 100) / 100, color: '#868e96' },
              ],
            },
          ]
        }}
      >
        {(d) => (
          <DataTable<KubernetesTopxRow>
            caption={`Top ${d.rows.length} by ${METRIC_LABELS[d.metric].toLowerCase()}`}
            columns={columns(d.groupBy, params)}
            rows={d.rows}
            rowKey={(r) => r.key}
            defaultView={{ pageSize: 25 }}
            download={{ name: `kubernetes_top_${d.groupBy.replace(':', '_')}`, formats: ['csv'] }}
          />
        )}
      </DashboardPanel>
    </Stack>
  )
}
