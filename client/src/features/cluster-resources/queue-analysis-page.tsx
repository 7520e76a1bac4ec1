import { useMemo, useState } from 'react'
import { useLocation, useNavigate } from 'react-router-dom'
import { Group, MultiSelect, Paper, SegmentedControl, Stack, Text } from '@mantine/core'
import {
  defaultSelectedGroupValues,
  formatMegabytes,
  formatNumber,
  formatPercent,
  isActionAllowed,
  MAX_ANALYSED_QUEUES,
  MESSAGES,
  type NamedSeries,
  type ResourceMetric,
} from '@costlens/shared'
import { useAppSelector } from '../../app/hooks.ts'
import { LineChart } from '../../components/charts/line-chart.tsx'
import { paletteColour } from '../../components/charts/chart-options.ts'
import type { TimeSeries, ValueFormat } from '../../components/charts/chart-types.ts'
import { PanelState } from '../../components/panel-state/panel-state.tsx'
import { queriesPanel } from '../../components/panel-state/panel-status.ts'
import { DataTable } from '../../components/table/data-table.tsx'
import type { DataColumn } from '../../components/table/table-types.ts'
import {
  useResourceTaggedSeriesQuery,
  useResourceTaggedStatsQuery,
  useResourceUsageSeriesQuery,
} from './api.ts'
import { providerInterval } from './range-state.ts'
import { RangeNotice } from './range-notice.tsx'
import {
  capacitySeries,
  chooseQueues,
  queueAnalysisSearch,
  queueRows,
  readQueueAnalysisView,
  type QueueAnalysisView,
  type QueueRow,
} from './queue-analysis-state.ts'
import { ResourcePageHeader } from './resource-page-header.tsx'
import { shownCluster } from './yarn-cluster-select.tsx'

const MEASURES: Readonly<
  Record<ResourceMetric, { label: string; unit: string; format: ValueFormat; binaryUnit?: number }>
> = {
  cpu: {
    label: 'VCores',
    unit: 'vcores',
    format: (v) => formatNumber(v, 1),
  },
  // Memory comes in MB: the axis ticks on round binary sizes.
  memory: { label: 'Memory', unit: 'memory', format: formatMegabytes, binaryUnit: 1024 * 1024 },
}
const EMPTY: readonly never[] = []
const percent = (v: number | null) => (v === null ? '--' : formatPercent(v, 1))

/**
 * The queues compared. Priorities (issue 16): the queue (kept at the left), its average and peak
 * use always show; its capacity, apps and share of capacity next; the max capacity gives way first.
 */
function queueColumns(format: ValueFormat): DataColumn<QueueRow>[] {
  const amount = (v: number | null) => (v === null ? '--' : format(v))
  return [
    { key: 'queue', title: 'Queue', width: 180, priority: 1, sticky: true },
    {
      key: 'capacity',
      title: 'Capacity',
      width: 120,
      priority: 2,
      align: 'right',
      render: (r) => percent(r.capacity),
    },
    {
      key: 'maxCapacity',
      title: 'Max capacity',
      width: 130,
      priority: 3,
      align: 'right',
      render: (r) => percent(r.maxCapacity),
    },
    { key: 'apps', title: 'Apps finished', width: 130, priority: 2, align: 'right' },
    {
      key: 'average',
      title: 'Average used',
      width: 140,
      priority: 1,
      align: 'right',
      render: (r) => amount(r.average),
    },
    {
      key: 'peak',
      title: 'Peak used',
      width: 140,
      priority: 1,
      align: 'right',
      render: (r) => amount(r.peak),
    },
    {
      key: 'ofCapacity',
      title: 'Average of capacity',
      width: 170,
      priority: 2,
      align: 'right',
      render: (r) => percent(r.ofCapacity),
    },
  ]
}

/**
 * /clusters/queueanalysis: up to 5 queues compared (B255): what each used over time against its
 * guaranteed capacity (its share of the cluster's total, dashed), and a table of capacity, apps and
 * use. More than 5 queues, or none, is refused with the spec's message (M088, M087).
 */
export default function QueueAnalysisPage() {
  const user = useAppSelector((s) => s.session.user)!
  const location = useLocation()
  const navigate = useNavigate()
  const [now, setNow] = useState(() => Date.now())
  const view = useMemo(() => readQueueAnalysisView(location.search, now, user), [location.search, now, user])
  // A refused choice is the user's last word until the next one: the empty selection they made, the message.
  const [refused, setRefused] = useState<{ queues: string[] | null; problem: string } | null>(null)
  const update = (next: Partial<QueueAnalysisView>) => {
    setRefused(null)
    navigate(
      { pathname: location.pathname, search: queueAnalysisSearch({ ...view, ...next }) },
      { replace: true },
    )
  }
  const cluster = shownCluster(user, view.cluster)
  const { start, end } = view.main.range
  const range = useMemo(() => ({ from: start, to: end }), [start, end])
  const measure = MEASURES[view.metric]

  const stats = useResourceTaggedStatsQuery({ cluster, start, end, finished: true })
  const options = useMemo(() => (stats.data?.queue ?? []).map((q) => q.key), [stats.data])
  const chosen = view.queues ?? defaultSelectedGroupValues(options)
  const shown = refused?.queues ?? chosen
  const problem = refused?.problem ?? view.problem
  const window = { cluster, start, end, interval: providerInterval(view.main.range) }
  const usage = useResourceTaggedSeriesQuery(
    { ...window, metric: view.metric, groupBy: 'queue', values: shown },
    { skip: shown.length === 0 },
  )
  const clusterTotal = useResourceUsageSeriesQuery({ ...window, metric: view.metric, measure: 'allocated' })
  const total = clusterTotal.data?.total ?? EMPTY

  const { series, totals } = useMemo(() => {
    const drawn: NamedSeries[] = usage.data?.series ?? []
    const lines: TimeSeries[] = []
    const limits: TimeSeries[] = []
    shown.forEach((queue, i) => {
      const color = paletteColour(i)
      lines.push({ name: queue, data: drawn.find((s) => s.name === queue)?.data ?? EMPTY, color })
      const capacity = stats.data?.queue?.find((q) => q.key === queue)?.capacity
      if (capacity != null && total.length) limits.push({ ...capacitySeries(queue, capacity, total), color })
    })
    return { series: lines, totals: limits }
  }, [usage.data, shown, stats.data, total])
  const rows = useMemo(
    () => queueRows(shown, stats.data, usage.data?.series ?? [], total),
    [shown, stats.data, usage.data, total],
  )
  const columns = useMemo(() => queueColumns(measure.format), [measure])
  // The chart and the table read the queues' stats, their series and the cluster's total together.
  const chartPanel = queriesPanel([stats, usage, clusterTotal], false)

  return (
    <Stack gap="sm">
      <ResourcePageHeader
        title="Queue analysis"
        user={user}
        cluster={view.cluster}
        onCluster={(id) => update({ cluster: id, queues: null, problem: null })}
        main={view.main}
        onRange={(s) => update({ main: { range: s, label: s.value, problem: null } })}
        onRefresh={() => setNow(Date.now())}
      />

      <RangeNotice main={view.main} />

      <Paper withBorder p="sm" radius="md">
        <Group align="flex-end" gap="md" wrap="wrap">
          <MultiSelect
            label="Queues"
            description={`Compare up to ${MAX_ANALYSED_QUEUES} queues`}
            placeholder={shown.length ? undefined : 'Choose queues'}
            data={[...new Set([...options, ...shown])]}
            value={shown}
            searchable
            clearable
            nothingFoundMessage={MESSAGES.M058}
            error={problem}
            style={{ flex: 1, minWidth: 320 }}
            onChange={(next) => {
              const choice = chooseQueues(next)
              if (choice.queues) update({ queues: choice.queues, problem: null })
              // An empty choice is shown as made; a sixth queue is not added.
              else setRefused({ queues: next.length === 0 ? [] : shown, problem: choice.problem })
            }}
          />
          <Stack gap={4}>
            <Text size="sm" fw={500} id="queue-measure">
              Measure
            </Text>
            <SegmentedControl
              aria-labelledby="queue-measure"
              data={[
                { value: 'cpu', label: MEASURES.cpu.label },
                { value: 'memory', label: MEASURES.memory.label },
              ]}
              value={view.metric}
              onChange={(m) => update({ metric: m as ResourceMetric })}
            />
          </Stack>
        </Group>
      </Paper>

      <PanelState what={`${measure.label} used by queue`} minHeight={360} {...chartPanel}>
        <LineChart
          title={`${measure.label} used by queue`}
          description={`The ${measure.unit} each chosen queue's apps held over time (solid), and the queue's guaranteed capacity, its share of the cluster's total (dashed).`}
          series={series}
          totals={totals}
          range={range}
          chartKind="cluster"
          valueFormat={measure.format}
          binaryUnit={measure.binaryUnit}
          height={360}
          emptyText={shown.length === 0 ? MESSAGES.M087 : undefined}
          exportAllowed={isActionAllowed(user.plan, 'chartExport')}
        />
      </PanelState>

      <DataTable<QueueRow>
        caption="Queues compared"
        columns={columns}
        rows={rows}
        rowKey={(r) => r.queue}
        loading={stats.isFetching || usage.isFetching}
        failure={
          chartPanel.status === 'failed'
            ? { what: 'Queues compared', error: chartPanel.error, onRetry: chartPanel.onRetry }
            : null
        }
        paginate={false}
        search={false}
        download={{ name: 'queue_analysis', locked: !isActionAllowed(user.plan, 'download') }}
      />
    </Stack>
  )
}
