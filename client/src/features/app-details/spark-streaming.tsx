import { useMemo, useState } from 'react'
import { Group, Pagination, SegmentedControl, Select, Stack, Text } from '@mantine/core'
import type { Options } from 'highcharts'
import {
  formatDateTime,
  formatNumber,
  withZone,
  type SparkStream,
  type SparkStreamingQuery,
} from '@costlens/shared'
import { ChartShell } from '../../components/charts/chart-shell.tsx'
import { baseOptions, tooltipHtml } from '../../components/charts/chart-options.ts'
import { PanelState } from '../../components/panel-state/panel-state.tsx'
import { queryPanel } from '../../components/panel-state/panel-status.ts'
import type { DataColumn } from '../../components/table/table-types.ts'
import { columns as col } from '../../kit/columns.tsx'
import { DetailTable } from '../../kit/detail-table.tsx'
import type { AppRef } from './app-ref.ts'
import {
  useSparkBatchesQuery,
  useSparkStreamingQueriesQuery,
  useSparkStreamQuery,
} from './spark-extras-api.ts'
import { formatTaskMs, timeUnit } from './spark-stage-detail-data.ts'
import {
  DEFAULT_STREAM_RANGE,
  STREAM_RANGES,
  processingRate,
  streamSeries,
  type StreamRange,
} from './spark-streaming-data.ts'

/** Batches a page of the batches call holds (E111). */
const BATCH_PAGE = 100
const words = (s: string) => s.charAt(0) + s.slice(1).toLowerCase()
// A tenth of a row a second matters only for slow streams.
const rate = (v: number) => `${formatNumber(v, v >= 100 ? 0 : 1)} rows/s`

const QUERY_COLUMNS: DataColumn<SparkStreamingQuery>[] = [
  col.text('name', 'Query', 220),
  col.text('id', 'Query id', 300),
  { key: 'status', title: 'Status', width: 110, value: (q) => words(q.status) },
  { key: 'startTime', title: withZone('Started'), width: 170, render: (q) => formatDateTime(q.startTime) },
  {
    key: 'endTime',
    title: withZone('Ended'),
    width: 170,
    render: (q) => (q.endTime === null ? 'Still running' : formatDateTime(q.endTime)),
  },
  col.count('numBatches', 'Batches', 100),
  {
    key: 'inputRows',
    title: 'Input rows',
    width: 130,
    align: 'right',
    render: (q) => formatNumber(q.inputRows),
  },
]

type Batch = NonNullable<ReturnType<typeof useSparkBatchesQuery>['data']>['batches'][number]
const BATCH_COLUMNS: DataColumn<Batch>[] = [
  col.count('batchId', 'Batch', 80),
  { key: 'batchTime', title: withZone('Triggered'), width: 180, render: (b) => formatDateTime(b.batchTime) },
  { key: 'status', title: 'Status', width: 110, value: (b) => words(b.status) },
  {
    key: 'inputRows',
    title: 'Input rows',
    width: 120,
    align: 'right',
    render: (b) => formatNumber(b.inputRows),
  },
  {
    key: 'processingTimeMs',
    title: 'Batch duration',
    width: 130,
    align: 'right',
    render: (b) => formatTaskMs(b.processingTimeMs),
  },
  {
    key: 'rate',
    title: 'Processing rate',
    width: 150,
    align: 'right',
    value: (b) => processingRate(b.inputRows, b.processingTimeMs),
    render: (b) => rate(processingRate(b.inputRows, b.processingTimeMs)),
  },
  {
    key: 'schedulingDelayMs',
    title: 'Scheduling delay',
    width: 140,
    align: 'right',
    render: (b) => formatTaskMs(b.schedulingDelayMs),
  },
]

function streamChart(stream: SparkStream): Options {
  const s = streamSeries(stream)
  const unit = timeUnit(Math.max(0, ...s.batchDuration.map(([, ms]) => ms)))
  const base = baseOptions({ title: 'Micro-batches', height: 300 })
  return {
    ...base,
    xAxis: { type: 'datetime' },
    yAxis: [
      { title: { text: 'rows/s' }, min: 0 },
      { title: { text: `Batch duration (${unit.label})` }, min: 0, opposite: true },
    ],
    tooltip: {
      shared: true,
      formatter() {
        const points =
          (this as unknown as { points?: { series: { name: string; color: string }; y: number }[] }).points ??
          []
        return tooltipHtml(
          formatDateTime(Number((this as unknown as { x: number }).x)),
          points.map((p) => ({
            name: p.series.name,
            value: p.series.name === 'Batch duration' ? formatTaskMs(p.y * unit.ms) : rate(p.y),
            color: p.series.color,
          })),
        )
      },
    },
    series: [
      { type: 'line', name: 'Input rate', data: s.inputRate, yAxis: 0 },
      { type: 'line', name: 'Processing rate', data: s.processingRate, yAxis: 0 },
      {
        type: 'column',
        name: 'Batch duration',
        data: s.batchDuration.map(([t, ms]) => [t, ms / unit.ms]),
        yAxis: 1,
        opacity: 0.5,
      },
    ],
  }
}

/** The chosen query's batches over the range: the chart of the stream call and a page of the batches call. */
function QueryBatches({ app, query }: { app: AppRef; query: SparkStreamingQuery }) {
  const [range, setRange] = useState<StreamRange>(DEFAULT_STREAM_RANGE)
  const [page, setPage] = useState(1)
  // The call's default window is the last hour of the app's life: its end anchors the other ranges.
  const byDefault = useSparkStreamQuery({ id: app.id })
  const end = byDefault.data?.lte
  const ms = STREAM_RANGES.find((r) => r.value === range)!.ms
  const window = range === DEFAULT_STREAM_RANGE || end === undefined ? {} : { gte: end - ms, lte: end }
  const stream = useSparkStreamQuery({ id: app.id, ...window }, { skip: end === undefined })
  const batches = useSparkBatchesQuery(
    {
      a: app.clusterUid,
      b: app.id,
      c: app.attempt,
      d: query.id,
      ...window,
      from: (page - 1) * BATCH_PAGE,
    },
    { skip: end === undefined },
  )
  const options = useMemo(() => (stream.data ? streamChart(stream.data) : null), [stream.data])
  const total = batches.data?.total ?? 0
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end">
        <SegmentedControl
          aria-label="Stream range"
          value={range}
          onChange={(v) => {
            setRange(v as StreamRange)
            setPage(1)
          }}
          data={STREAM_RANGES.map((r) => ({ value: r.value, label: r.label }))}
        />
        {stream.data && (
          <Text size="sm" c="dimmed">
            {withZone(`${formatDateTime(stream.data.gte)} – ${formatDateTime(stream.data.lte)}`)}
          </Text>
        )}
      </Group>
      <PanelState
        what="Stream"
        {...queryPanel(stream, !stream.data?.points.length)}
        emptyText="No batch in this range"
      >
        {options && <ChartShell title="Micro-batches" options={options} hasData height={300} />}
      </PanelState>
      <PanelState
        what="Batches"
        {...queryPanel(batches, !batches.data?.batches.length)}
        emptyText="No batch in this range"
      >
        <Group justify="space-between">
          <Text size="sm">{formatNumber(total)} batches in the range</Text>
          {total > BATCH_PAGE && (
            <Pagination
              size="sm"
              total={Math.ceil(total / BATCH_PAGE)}
              value={page}
              onChange={setPage}
              aria-label="Batch pages"
            />
          )}
        </Group>
        <DetailTable
          caption="Streaming batches"
          columns={BATCH_COLUMNS}
          rows={batches.data?.batches ?? []}
          rowKey={(b) => String(b.batchId)}
        />
      </PanelState>
    </Stack>
  )
}

/** The Streaming tab (02 §2): the app's structured-streaming queries, and the chosen one's batches. */
export function SparkStreamingTab({ app }: { app: AppRef }) {
  const result = useSparkStreamingQueriesQuery({ a: app.clusterUid, b: app.id, c: app.attempt })
  const queries = result.data ?? []
  const [chosen, setChosen] = useState<string | null>(null)
  const query = queries.find((q) => q.id === chosen) ?? queries[0]
  return (
    <PanelState
      what="Streaming queries"
      {...queryPanel(result, queries.length === 0)}
      emptyText="This application does not stream: it has no streaming queries."
    >
      <Stack gap="sm">
        <DetailTable
          caption="Streaming queries"
          columns={QUERY_COLUMNS}
          rows={queries}
          rowKey={(q) => q.id}
        />
        {queries.length > 1 && (
          <Select
            label="Batches of"
            data={queries.map((q) => ({ value: q.id, label: `${q.name} (${q.id})` }))}
            value={query?.id ?? null}
            onChange={setChosen}
            allowDeselect={false}
            w={420}
          />
        )}
        {query && <QueryBatches key={query.id} app={app} query={query} />}
      </Stack>
    </PanelState>
  )
}
