import { useMemo } from 'react'
import { SimpleGrid } from '@mantine/core'
import {
  formatMegabytes,
  formatNumber,
  type NodesResponse,
  type ResourceSeriesResponse,
} from '@costlens/shared'
import { AreaRangeChart, LineChart } from '../../components/charts/line-chart.tsx'
import type { TimeRange, TimeSeries, ValueFormat } from '../../components/charts/chart-types.ts'
import { PanelState } from '../../components/panel-state/panel-state.tsx'
import type { PanelView } from '../../components/panel-state/panel-status.ts'

/** Memory series count MB: the axis ticks on round binary sizes. */
const MB = 1024 * 1024
const EMPTY: readonly never[] = []
const NO_DATA: Partial<ResourceSeriesResponse> = {}
const whole: ValueFormat = (v) => formatNumber(v, 1)
const NODE_STATE_NAMES: Readonly<Record<string, string>> = {
  UNHEALTHY: 'Unhealthy nodes',
  LOST: 'Lost nodes',
  DECOMMISSIONED: 'Decommissioned nodes',
}

interface UsageChartProps {
  title: string
  description: string
  unit: string
  data: Partial<ResourceSeriesResponse> | undefined
  comparison?: Partial<ResourceSeriesResponse>
  comparisonLabel?: string
  range: TimeRange
  valueFormat?: ValueFormat
  binaryUnit?: number
  exportAllowed: boolean
}

/**
 * One resource over time (02 §7): the allocation's average with its low-high band, the cluster's
 * total as a dashed limit, and, when asked, the allocation over the comparison range on a second
 * time axis (02 §2).
 */
function UsageChart(props: UsageChartProps) {
  const { data, comparison, unit } = props
  const bands = useMemo(
    () => [{ name: `Allocated ${unit}`, average: data?.avg ?? EMPTY, range: data?.range ?? EMPTY }],
    [data, unit],
  )
  const totals = useMemo(() => [{ name: `Total ${unit}`, data: data?.total ?? EMPTY }], [data, unit])
  const compared = useMemo(
    () => (comparison ? [{ name: `Allocated ${unit}`, data: comparison.avg ?? EMPTY }] : undefined),
    [comparison, unit],
  )
  return (
    <AreaRangeChart
      title={props.title}
      description={props.description}
      series={bands}
      totals={totals}
      comparison={compared}
      comparisonLabel={props.comparisonLabel}
      range={props.range}
      chartKind="cluster"
      valueFormat={props.valueFormat}
      binaryUnit={props.binaryUnit}
      exportAllowed={props.exportAllowed}
    />
  )
}

export interface ResourceUsageChartsProps {
  /** Each chart's state; a chart not ready shows the kit's state in its place. */
  states: { vcores: PanelView; memory: PanelView; nodes: PanelView }
  vcores: Partial<ResourceSeriesResponse> | undefined
  memory: Partial<ResourceSeriesResponse> | undefined
  nodes: Partial<NodesResponse> | undefined
  /** The same allocations over the comparison range, when it is shown. */
  comparison?: {
    vcores: Partial<ResourceSeriesResponse> | undefined
    memory: Partial<ResourceSeriesResponse> | undefined
    label: string
  }
  range: TimeRange
  exportAllowed: boolean
}

/** 02 §2 Cluster summary and resources: vcores, memory and nodes over time, side by side. */
export function ResourceUsageCharts({
  states,
  vcores,
  memory,
  nodes,
  comparison,
  range,
  exportAllowed,
}: ResourceUsageChartsProps) {
  const nodeSeries = useMemo<TimeSeries[]>(
    () => [
      { name: 'Active nodes', data: nodes?.active ?? EMPTY },
      ...(nodes?.series ?? []).map((s) => ({ name: NODE_STATE_NAMES[s.name] ?? s.name, data: s.data })),
    ],
    [nodes],
  )
  return (
    <SimpleGrid cols={{ base: 1, md: 2, lg: 3 }} spacing="sm">
      <PanelState what="VCores" minHeight={300} {...states.vcores}>
        <UsageChart
          title="VCores"
          description="Vcores allocated to applications (average and range per point) against the cluster's total vcores."
          unit="vcores"
          data={vcores}
          comparison={comparison ? (comparison.vcores ?? NO_DATA) : undefined}
          comparisonLabel={comparison?.label}
          range={range}
          valueFormat={whole}
          exportAllowed={exportAllowed}
        />
      </PanelState>
      <PanelState what="Memory" minHeight={300} {...states.memory}>
        <UsageChart
          title="Memory"
          description="Memory allocated to applications (average and range per point) against the cluster's total memory."
          unit="memory"
          data={memory}
          comparison={comparison ? (comparison.memory ?? NO_DATA) : undefined}
          comparisonLabel={comparison?.label}
          range={range}
          valueFormat={formatMegabytes}
          binaryUnit={MB}
          exportAllowed={exportAllowed}
        />
      </PanelState>
      <PanelState what="Nodes" minHeight={300} {...states.nodes}>
        <LineChart
          title="Nodes"
          description="Nodes in service, and nodes unhealthy, lost or decommissioned, over time."
          series={nodeSeries}
          range={range}
          chartKind="cluster"
          valueFormat={whole}
          exportAllowed={exportAllowed}
        />
      </PanelState>
    </SimpleGrid>
  )
}
