import { useMemo } from 'react'
import { SimpleGrid } from '@mantine/core'
import {
  formatMegabytes,
  formatNumber,
  type NodesResponse,
  type ResourceSeriesResponse,
} from '@costlens/shared'
import { AreaRangeChart, LineChart, type BandSeries } from '../../components/charts/line-chart.tsx'
import type { TimeRange, TimeSeries } from '../../components/charts/chart-types.ts'
import type { Maybe } from './api.ts'
import { Panel } from '../../components/panel-state/panel-state.tsx'
import { queryPanel, type PanelQuery } from '../../components/panel-state/panel-status.ts'

/** Memory series count MB: the axis ticks on round binary sizes. */
const MB = 1024 * 1024
const memoryFormat = formatMegabytes
const vcoreFormat = (n: number) => formatNumber(n, 1)
const nodeFormat = (n: number) => formatNumber(n, 1)

/** An allocated answer as the chart draws it: the band and average of the allocation, the capacity dashed. */
function allocation(answer: Maybe<ResourceSeriesResponse> | undefined): {
  bands: BandSeries[]
  totals: TimeSeries[]
} {
  const average = answer?.avg ?? []
  const range = answer?.range ?? []
  const total = answer?.total ?? []
  return {
    bands: average.length || range.length ? [{ name: 'Allocated', average, range }] : [],
    totals: total.length ? [{ name: 'Total', data: total }] : [],
  }
}

/** A chart's call as the panel reads it: its answer, its state and its refetch. */
type ChartQuery<T> = PanelQuery & { data?: Maybe<T>; refetch: () => unknown }

export interface ResourceChartsProps {
  cpu: ChartQuery<ResourceSeriesResponse>
  memory: ChartQuery<ResourceSeriesResponse>
  nodes: ChartQuery<NodesResponse>
  range: TimeRange
  exportAllowed: boolean
}

/**
 * 02 §2 resource usage over the range: vcores and memory allocated (average with its low-high band)
 * against the capacity, and the nodes in service with any unhealthy, lost or decommissioned (G29).
 * Point intervals follow the cluster chart rule (B091).
 */
export function ResourceCharts({ cpu, memory, nodes, range, exportAllowed }: ResourceChartsProps) {
  const vcores = useMemo(() => allocation(cpu.data), [cpu.data])
  const mem = useMemo(() => allocation(memory.data), [memory.data])
  const nodeSeries = useMemo<TimeSeries[]>(() => {
    const active = nodes.data?.active ?? []
    return [
      ...(active.length ? [{ name: 'In service', data: active }] : []),
      ...(nodes.data?.series ?? []).filter((s) => s.data.some((p) => p[1] > 0)),
    ]
  }, [nodes.data])
  const common = { range, chartKind: 'cluster' as const, exportAllowed, height: 260 }
  return (
    <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="sm">
      <Panel
        title="VCores allocated vs total"
        state={queryPanel(cpu, vcores.bands.length + vcores.totals.length === 0)}
        refreshing={cpu.isFetching}
        minHeight={280}
      >
        <AreaRangeChart
          {...common}
          title="VCores allocated vs total"
          description="Vcores allocated over the range, with the lowest and highest in each interval, against the cluster's total vcores."
          series={vcores.bands}
          totals={vcores.totals}
          valueFormat={vcoreFormat}
          yAxisTitle="vcores"
        />
      </Panel>
      <Panel
        title="Memory allocated vs total"
        state={queryPanel(memory, mem.bands.length + mem.totals.length === 0)}
        refreshing={memory.isFetching}
        minHeight={280}
      >
        <AreaRangeChart
          {...common}
          title="Memory allocated vs total"
          description="Memory allocated over the range, with the lowest and highest in each interval, against the cluster's total memory."
          series={mem.bands}
          totals={mem.totals}
          valueFormat={memoryFormat}
          binaryUnit={MB}
        />
      </Panel>
      <Panel
        title="Nodes"
        state={queryPanel(nodes, nodeSeries.length === 0)}
        refreshing={nodes.isFetching}
        minHeight={280}
      >
        <LineChart
          {...common}
          title="Nodes"
          description="Nodes in service over the range, and any unhealthy, lost or decommissioned."
          series={nodeSeries}
          valueFormat={nodeFormat}
          yAxisTitle="nodes"
        />
      </Panel>
    </SimpleGrid>
  )
}
