import { useMemo } from 'react'
import { SimpleGrid } from '@mantine/core'
import { formatBytes, type NodesResponse, type ResourceSeriesResponse } from '@costlens/shared'
import { AreaRangeChart, LineChart, type BandSeries } from '../../components/charts/line-chart.tsx'
import type { TimeRange, TimeSeries } from '../../components/charts/chart-types.ts'
import type { Maybe } from './api.ts'
import { LoadingPanel } from './loading-panel.tsx'

const MB = 1024 * 1024
const memoryFormat = (mb: number) => formatBytes(mb * MB)
const vcoreFormat = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 1 })
const nodeFormat = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 1 })

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

export interface ResourceChartsProps {
  cpu: Maybe<ResourceSeriesResponse> | undefined
  memory: Maybe<ResourceSeriesResponse> | undefined
  nodes: Maybe<NodesResponse> | undefined
  loading: { cpu: boolean; memory: boolean; nodes: boolean }
  range: TimeRange
  exportAllowed: boolean
}

/**
 * 02 §2 resource usage over the range: vcores and memory allocated (average with its low-high band)
 * against the capacity, and the nodes in service with any unhealthy, lost or decommissioned (G29).
 * Point intervals follow the cluster chart rule (B091).
 */
export function ResourceCharts({ cpu, memory, nodes, loading, range, exportAllowed }: ResourceChartsProps) {
  const vcores = useMemo(() => allocation(cpu), [cpu])
  const mem = useMemo(() => allocation(memory), [memory])
  const nodeSeries = useMemo<TimeSeries[]>(() => {
    const active = nodes?.active ?? []
    return [
      ...(active.length ? [{ name: 'In service', data: active }] : []),
      ...(nodes?.series ?? []).filter((s) => s.data.some((p) => p[1] > 0)),
    ]
  }, [nodes])
  const common = { range, chartKind: 'cluster' as const, exportAllowed, height: 260 }
  return (
    <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="sm">
      <LoadingPanel loading={loading.cpu}>
        <AreaRangeChart
          {...common}
          title="VCores allocated vs total"
          description="Vcores allocated over the range, with the lowest and highest in each interval, against the cluster's total vcores."
          series={vcores.bands}
          totals={vcores.totals}
          valueFormat={vcoreFormat}
          yAxisTitle="vcores"
        />
      </LoadingPanel>
      <LoadingPanel loading={loading.memory}>
        <AreaRangeChart
          {...common}
          title="Memory allocated vs total"
          description="Memory allocated over the range, with the lowest and highest in each interval, against the cluster's total memory."
          series={mem.bands}
          totals={mem.totals}
          valueFormat={memoryFormat}
        />
      </LoadingPanel>
      <LoadingPanel loading={loading.nodes}>
        <LineChart
          {...common}
          title="Nodes"
          description="Nodes in service over the range, and any unhealthy, lost or decommissioned."
          series={nodeSeries}
          valueFormat={nodeFormat}
          yAxisTitle="nodes"
        />
      </LoadingPanel>
    </SimpleGrid>
  )
}
