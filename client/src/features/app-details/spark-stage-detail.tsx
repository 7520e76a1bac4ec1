import { useEffect, useMemo, useRef, useState } from 'react'
import { Badge, Group, Pagination, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core'
import type { Options } from 'highcharts'
import {
  formatBytes,
  formatDateTime,
  formatNumber,
  withZone,
  type SparkStage,
  type SparkTask,
} from '@costlens/shared'
import { ChartShell } from '../../components/charts/chart-shell.tsx'
import { baseOptions, tooltipHtml } from '../../components/charts/chart-options.ts'
import { PanelState } from '../../components/panel-state/panel-state.tsx'
import { queryPanel } from '../../components/panel-state/panel-status.ts'
import { DataTable } from '../../components/table/data-table.tsx'
import type { DataColumn } from '../../components/table/table-types.ts'
import { columns as col } from '../../kit/columns.tsx'
import { useSparkAppAnalysisQuery } from './api.ts'
import type { AppRef } from './app-ref.ts'
import { useSparkStageDetailQuery } from './spark-extras-api.ts'
import {
  QUANTILE_TITLES,
  distributionRows,
  formatTaskMs,
  skewInsight,
  timeUnit,
  type DistributionRow,
} from './spark-stage-detail-data.ts'

/** Task rows a page of the stage detail reads (the call's most). */
export const STAGE_TASK_PAGE = 500

const taskMs = (key: 'duration' | 'jvmGcTime', title: string): DataColumn<SparkTask> => ({
  key,
  title,
  width: 100,
  align: 'right',
  render: (t) => formatTaskMs(t[key]),
})
const taskBytes = (key: 'inputBytes' | 'shuffleReadBytes' | 'shuffleWriteBytes', title: string) =>
  ({
    key,
    title,
    width: 110,
    align: 'right',
    render: (t) => formatBytes(t[key]),
  }) satisfies DataColumn<SparkTask>

const TASK_COLUMNS: DataColumn<SparkTask>[] = [
  col.count('index', 'Task', 70),
  col.count('attempt', 'Attempt', 80),
  {
    key: 'status',
    title: 'Status',
    width: 90,
    value: (t) => t.status.charAt(0) + t.status.slice(1).toLowerCase(),
  },
  col.text('executorId', 'Executor', 90),
  col.text('host', 'Host', 200),
  {
    key: 'launchTime',
    title: withZone('Launched'),
    width: 170,
    render: (t) => formatDateTime(t.launchTime),
  },
  taskMs('duration', 'Duration'),
  taskMs('jvmGcTime', 'GC time'),
  taskBytes('inputBytes', 'Input'),
  taskBytes('shuffleReadBytes', 'Shuffle read'),
  taskBytes('shuffleWriteBytes', 'Shuffle write'),
  col.text('errorMessage', 'Error', 320),
]

function DistributionTable({ rows }: { rows: readonly DistributionRow[] }) {
  const overs = [...new Set(rows.map((r) => r.over))]
  return (
    <Stack gap={4}>
      <Table withTableBorder withColumnBorders striped fz="sm" aria-label="Task distribution">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Metric</Table.Th>
            {QUANTILE_TITLES.map((q) => (
              <Table.Th key={q} ta="right">
                {q}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.metric}>
              <Table.Th scope="row">{r.metric}</Table.Th>
              {r.values.map((v, i) => (
                <Table.Td key={QUANTILE_TITLES[i]} ta="right">
                  {r.format(v)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="xs" c="dimmed">
        {overs
          .map(
            (over) =>
              `${rows
                .filter((r) => r.over === over)
                .map((r) => r.metric)
                .join(', ')}: over ${over}.`,
          )
          .join(' ')}
      </Text>
    </Stack>
  )
}

/** Duration and GC time as box plots (ms): the spread of a stage's tasks at a glance. */
function distributionChart(rows: readonly DistributionRow[]): Options {
  const timed = rows.filter((r) => r.format === formatTaskMs)
  const unit = timeUnit(Math.max(...timed.flatMap((r) => r.values)))
  const base = baseOptions({ title: `Task time distribution (${unit.label})`, height: 240 })
  return {
    ...base,
    chart: { ...base.chart, type: 'boxplot', inverted: true },
    legend: { enabled: false },
    xAxis: { categories: timed.map((r) => r.metric) },
    yAxis: { title: { text: unit.label }, min: 0 },
    tooltip: {
      formatter() {
        const p = this as unknown as {
          key: string
          low: number
          q1: number
          median: number
          q3: number
          high: number
        }
        return tooltipHtml(
          p.key,
          (['low', 'q1', 'median', 'q3', 'high'] as const).map((k, i) => ({
            name: QUANTILE_TITLES[i]!,
            value: formatTaskMs(p[k] * unit.ms),
          })),
        )
      },
    },
    series: [
      {
        type: 'boxplot',
        name: 'Tasks',
        data: timed.map((r) => r.values.map((v) => Math.round((v / unit.ms) * 100) / 100)),
      },
    ],
  }
}

/**
 * One stage attempt's detail: the distribution of its tasks (table and box plot), the skew flag
 * when the insights name the stage, and its task attempts 500 a page in a virtualised table.
 */
export function SparkStageDetail({ app, stage }: { app: AppRef; stage: SparkStage }) {
  const [page, setPage] = useState(1)
  const result = useSparkStageDetailQuery({
    a: app.clusterUid,
    c: app.id,
    b: stage.stageId,
    d: stage.attemptId,
    offset: (page - 1) * STAGE_TASK_PAGE,
    limit: STAGE_TASK_PAGE,
  })
  const analysis = useSparkAppAnalysisQuery({ id: app.id, attempt: String(app.attempt) })
  const skew = skewInsight(analysis.data, stage.stageId)
  const detail = result.data
  const rows = useMemo(
    () => (detail ? distributionRows(detail.stage, detail.tasks.tasks, detail.tasks.total) : []),
    [detail],
  )
  const panel = useRef<HTMLElement>(null)
  // Chosen from a row far down the stage table: bring the detail, above the table, into view.
  useEffect(() => panel.current?.scrollIntoView?.({ block: 'nearest' }), [])
  const pages = detail ? Math.max(1, Math.ceil(detail.tasks.total / STAGE_TASK_PAGE)) : 1
  const attempt = stage.attemptId ? `, attempt ${stage.attemptId}` : ''
  return (
    <Paper ref={panel} withBorder p="sm" component="section" aria-label={`Stage ${stage.stageId} detail`}>
      <Stack gap="sm">
        <Group gap="sm">
          <Title order={2} size="h5">
            Stage {stage.stageId}
            {attempt}: {stage.name}
          </Title>
          {skew && (
            <>
              <Badge color="orange" variant="light">
                Skewed
              </Badge>
              <Text size="sm">The insights name this stage: {skew.title}</Text>
            </>
          )}
        </Group>
        <PanelState what="Stage detail" {...queryPanel(result, !detail)}>
          {detail && (
            <Stack gap="sm">
              {rows.length === 0 ? (
                <Text size="sm" c="dimmed">
                  No task of this stage finished: there is no distribution to show.
                </Text>
              ) : (
                <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="sm">
                  <DistributionTable rows={rows} />
                  <ChartShell
                    title="Task time distribution"
                    options={distributionChart(rows)}
                    hasData={rows.some((r) => r.format === formatTaskMs)}
                    height={240}
                  />
                </SimpleGrid>
              )}
              <Group justify="space-between">
                <Text size="sm">
                  {formatNumber(detail.tasks.total)} task attempts
                  {pages > 1 &&
                    `, ${formatNumber(detail.offset + 1)}–${formatNumber(detail.offset + detail.tasks.tasks.length)} shown`}
                </Text>
                {pages > 1 && (
                  <Pagination
                    size="sm"
                    total={pages}
                    value={page}
                    onChange={setPage}
                    aria-label="Task pages"
                  />
                )}
              </Group>
              <DataTable
                caption={`Tasks of stage ${stage.stageId}`}
                columns={TASK_COLUMNS}
                rows={detail.tasks.tasks}
                rowKey={(t) => `${t.taskId}.${t.attempt}`}
                paginate={false}
                search={false}
                height={360}
              />
            </Stack>
          )}
        </PanelState>
      </Stack>
    </Paper>
  )
}
