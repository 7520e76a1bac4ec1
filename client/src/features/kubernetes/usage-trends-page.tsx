import { Group, MultiSelect, Stack } from '@mantine/core'
import {
  KUBERNETES_GROUP_BYS,
  KUBERNETES_TREND_MAX_SELECTED,
  KUBERNETES_TREND_METRICS,
  formatCount,
  formatUsd,
  type KubernetesTrendMetric,
  type KubernetesUsageTrends,
} from '@costlens/shared'
import { DataTable } from '../../components/table/data-table.tsx'
import { costTimeRange, costWindowParams } from '../../kit/cost-page.tsx'
import { DashboardPanel } from '../../kit/dashboard-panel.tsx'
import { useRefetchOnTick } from '../../kit/page-clock.ts'
import { PageHeader, RangePicker, RefreshButton } from '../../kit/page-header.tsx'
import { useAddressRange } from '../../kit/use-address-range.ts'
import { useKubernetesUsageTrendsQuery } from './api.ts'
import { GroupBySelect, LabelledSegments, useAddressUpdate } from './controls.tsx'
import { GROUP_LABELS, addressChoice, groupName } from './groups.ts'

const METRIC_LABELS: Record<KubernetesTrendMetric, string> = { cost: 'Cost', cpu: 'CPU', memory: 'Memory' }

/** A figure in the answer's unit. */
function formatIn(unit: KubernetesUsageTrends['unit']) {
  return unit === 'USD'
    ? (v: number) => formatUsd(Math.round(v * 100) / 100)
    : (v: number) => `${formatCount(v)} ${unit}`
}

type Available = KubernetesUsageTrends['available'][number]

/**
 * /kubernetes/osd_usage_trends (R217; the 03 §3 usage-trending state): cost, CPU or memory per UTC day
 * of the chosen groups, by the same groupings as Top X (cluster, namespace, workload, pod, node or a
 * label). The groups of the window are offered with their totals; the first four are drawn until
 * others are picked. Grouping, metric, the values drawn and the window (whole UTC days, 7 by default)
 * are kept in the address, so Top X's rows open their own trend.
 */
export default function KubernetesUsageTrendsPage() {
  const [params, set] = useAddressUpdate()
  const range = useAddressRange({ preset: '7_d' })
  const groupBy = addressChoice(params.get('groupBy'), KUBERNETES_GROUP_BYS, 'namespace')
  const metric = addressChoice(params.get('metric'), KUBERNETES_TREND_METRICS, 'cost')
  const values = params.get('values') ?? ''
  const request = {
    ...costWindowParams(range.state.dateRange),
    groupBy,
    metric,
    ...(values && { values }),
  }
  const result = useKubernetesUsageTrendsQuery(request)
  useRefetchOnTick(range.clock.now, request, result.refetch)
  const data = result.data
  return (
    <Stack gap="md">
      <PageHeader
        title="Usage Trends"
        description="Cost and usage per day of the groups you pick, by OpenCost's rules."
      >
        <RangePicker list={range} kind="kubernetes" />
        <RefreshButton clock={range.clock} />
      </PageHeader>
      <Group align="flex-end" gap="md" wrap="wrap">
        <GroupBySelect
          value={groupBy}
          // Another grouping has other values: its first four are drawn.
          onChange={(g) => set({ groupBy: g, values: null })}
        />
        <LabelledSegments
          label="Measure"
          value={metric}
          options={KUBERNETES_TREND_METRICS}
          labels={METRIC_LABELS}
          onChange={(m) => set({ metric: m })}
        />
        <MultiSelect
          label={`${GROUP_LABELS[groupBy]} values drawn`}
          w={460}
          searchable
          maxValues={KUBERNETES_TREND_MAX_SELECTED}
          data={(data?.available ?? []).map((g) => ({
            value: g.key,
            label: g.cluster ? `${groupName(g)} (${g.cluster})` : groupName(g),
          }))}
          value={data?.selected ?? []}
          onChange={(keys) => set({ values: keys.join(',') })}
          disabled={!data}
        />
      </Group>
      <DashboardPanel
        what="The trends"
        result={result}
        cols={1}
        charts={(d) => [
          {
            kind: 'line',
            title: `${METRIC_LABELS[d.metric]} per day (${d.unit})`,
            description: `${METRIC_LABELS[d.metric]} per UTC day of each ${GROUP_LABELS[d.groupBy].toLowerCase()} drawn.`,
            series: d.series.map((s) => ({ name: groupName(s), data: s.data })),
            range: costTimeRange(range.state.dateRange),
            valueFormat: formatIn(d.unit),
            yAxisTitle: d.unit,
          },
        ]}
      >
        {(d) => (
          <DataTable<Available>
            caption={`Every ${GROUP_LABELS[d.groupBy].toLowerCase()} of the window`}
            columns={[
              {
                key: 'name',
                title: GROUP_LABELS[d.groupBy],
                width: 300,
                priority: 1,
                sticky: true,
                value: groupName,
                render: groupName,
              },
              { key: 'cluster', title: 'Cluster', width: 160, priority: 2, render: (g) => g.cluster ?? '' },
              {
                key: 'total',
                title: `${METRIC_LABELS[d.metric]} (${d.unit})`,
                width: 160,
                align: 'right',
                priority: 1,
                value: (g) => g.total,
                render: (g) => formatIn(d.unit)(g.total),
              },
              {
                key: 'drawn',
                title: 'Drawn',
                width: 90,
                priority: 2,
                render: (g) => (d.selected.includes(g.key) ? 'Yes' : ''),
              },
            ]}
            rows={d.available}
            rowKey={(g) => g.key}
            defaultView={{ pageSize: 15 }}
            download={{ name: `kubernetes_${d.metric}_by_${d.groupBy.replace(':', '_')}`, formats: ['csv'] }}
          />
        )}
      </DashboardPanel>
    </Stack>
  )
}
