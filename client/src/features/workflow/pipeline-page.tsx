import { useMemo } from 'react'
import { useParams, useSearchParams } from 'react-router-dom'
import { Stack, Text } from '@mantine/core'
import {
  formatCount,
  formatDollars,
  formatDurationMs,
  type PipelineRuns,
  type WorkflowRun,
} from '@costlens/shared'
import { useDocumentTitle } from '../../app/use-document-title.ts'
import { ChartGrid, type ChartPanelSpec } from '../../kit/chart-panel.tsx'
import { DetailPage } from '../../kit/detail-page.tsx'
import { DetailTable } from '../../kit/detail-table.tsx'
import type { Kpi } from '../../kit/kpi-row.tsx'
import { useRefetchOnTick } from '../../kit/page-clock.ts'
import { RangePicker, RefreshButton } from '../../kit/page-header.tsx'
import { useAddressRange } from '../../kit/use-address-range.ts'
import { usePipelineRunsQuery } from './api.ts'
import { RUN_COLUMNS } from './workflow-columns.tsx'

/** The runs in time order as one point each: a run's duration, and its cost, at its start. */
export function runTrendSpecs(runs: readonly WorkflowRun[]): ChartPanelSpec[] {
  const ordered = [...runs].sort((a, b) => a.startTime - b.startTime)
  const byCluster = new Map<string, WorkflowRun[]>()
  for (const run of ordered) byCluster.set(run.clusterName, [...(byCluster.get(run.clusterName) ?? []), run])
  const series = (value: (r: WorkflowRun) => number) =>
    [...byCluster].map(([name, clusterRuns]) => ({
      name,
      data: clusterRuns.map((r) => [r.startTime, value(r)] as const),
    }))
  return [
    {
      kind: 'line',
      title: 'Duration per run',
      description: "Each run's duration at its start, one line per cluster.",
      series: series((r) => r.duration),
      valueFormat: formatDurationMs,
      axisValueFormat: (ms) => formatDurationMs(ms),
    },
    {
      kind: 'line',
      title: 'Cost per run (USD)',
      description: "Each run's cost (its applications' costs summed) at its start, one line per cluster.",
      series: series((r) => r.cents / 100),
      valueFormat: formatDollars,
    },
  ]
}

const runKpis = (d: PipelineRuns): Kpi[] => {
  const failed = d.runs.filter((r) => r.status === 'F').length
  const cents = d.runs.reduce((sum, r) => sum + r.cents, 0)
  const finished = d.runs.filter((r) => r.endTime !== null)
  const mean = finished.length ? finished.reduce((sum, r) => sum + r.duration, 0) / finished.length : null
  return [
    { label: 'Runs', value: formatCount(d.total) },
    { label: 'Failed runs', value: formatCount(failed) },
    { label: 'Cost (USD)', value: formatDollars(cents / 100) },
    { label: 'Mean duration', value: mean === null ? '--' : formatDurationMs(Math.round(mean)) },
  ]
}

/**
 * /app/application/pipeline/:pipeline (R111; issue 17): a pipeline's runs (workflows: its apps of one
 * UTC day on one cluster) over the range of the pipelines list it was opened from (the last 7 days
 * by default; `?clusterUid=` narrows to one cluster), as a table linking each run to its workflow page
 * and the duration and cost of each run over time.
 */
export default function PipelinePage() {
  const { pipeline = '' } = useParams()
  const [params] = useSearchParams()
  const clusterUid = params.get('clusterUid')?.trim() || undefined
  const range = useAddressRange({ preset: '7_d' })
  const { start, end } = range.state.dateRange
  const request = {
    pipeline,
    start_time: String(start),
    end_time: String(end),
    ...(clusterUid && clusterUid !== '*' ? { clusterUid } : {}),
  }
  const result = usePipelineRunsQuery(request)
  useRefetchOnTick(range.clock.now, request, result.refetch)
  useDocumentTitle(`Pipeline ${pipeline}`)
  const specs = useMemo(() => runTrendSpecs(result.data?.runs ?? []), [result.data])
  return (
    <DetailPage
      title={pipeline}
      what="The pipeline's runs"
      back={{ label: 'Pipelines', to: '/jobs/pipelines' }}
      result={result}
      badge={() => (
        <Text size="sm" c="dimmed">
          Pipeline{clusterUid ? ` · ${clusterUid}` : ' · every cluster'}
        </Text>
      )}
      actions={
        <>
          <RangePicker list={range} rangeTexts={{ '24_h': 'Last 24 Hours' }} />
          <RefreshButton clock={range.clock} />
        </>
      }
      kpis={runKpis}
      kpiLabel="Runs in the range"
      tabs={[
        {
          value: 'runs',
          label: 'Runs',
          render: (d) =>
            d.runs.length === 0 ? (
              <Text c="dimmed">This pipeline has no run in this range.</Text>
            ) : (
              <Stack gap="sm">
                <ChartGrid specs={specs} />
                <DetailTable
                  caption="Runs, latest first"
                  columns={RUN_COLUMNS}
                  rows={d.runs}
                  rowKey={(r) => r.id}
                />
              </Stack>
            ),
        },
      ]}
    />
  )
}
