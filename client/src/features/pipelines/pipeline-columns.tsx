import { Group, Stack, Text, Tooltip } from '@mantine/core'
import { formatBytes, formatDateTime, formatDurationMs, type PipelineRow } from '@costlens/shared'
import type { DataColumn } from '../../components/table/table-types.ts'
import { Sparkline, type SparkPoint } from '../../components/charts/sparkline.tsx'
import { StatusBadge } from '../../components/status/status-badge.tsx'
import type { PipelineTableRow } from './pipeline-list-state.ts'

/** B187: the pipeline types in words; the filter and the name column use the same ones. */
export const PIPELINE_TYPE_LABELS: Readonly<Record<PipelineRow['pipelineType'], string>> = {
  hivemr: 'Hive on MR',
  hivetz: 'Hive on Tez',
  impala: 'Impala',
  spark: 'Spark',
}

/** A trend cell: the last runs as a sparkline, and the latest value in words beside it. */
function TrendCell({
  name,
  data,
  latest,
  format,
}: {
  name: string
  data: readonly SparkPoint[]
  latest: number
  format: (v: number) => string
}) {
  return (
    <Group gap={6} wrap="nowrap">
      <Sparkline name={name} data={data} format={format} width={72} />
      <Text size="xs" ta="right" style={{ flex: 1, whiteSpace: 'nowrap' }} aria-hidden>
        {format(latest)}
      </Text>
    </Group>
  )
}

/**
 * The on-premises pipelines list's columns (02 §2): Pipeline Name, Cluster ID, Instances, the
 * duration, read and write trends of the last runs, User, Start Time and Status of the latest run.
 * Trend columns sort by the latest run's value, the number shown beside each line.
 */
export function pipelineColumns(): DataColumn<PipelineTableRow>[] {
  return [
    {
      key: 'name',
      title: 'Pipeline Name',
      width: 200,
      render: (r) => (
        <Tooltip label={`${r.name} (${PIPELINE_TYPE_LABELS[r.pipelineType]})`} openDelay={250}>
          <Stack gap={0}>
            <Text size="sm" truncate>
              {r.name}
            </Text>
            <Text size="xs" c="dimmed" truncate>
              {PIPELINE_TYPE_LABELS[r.pipelineType]}
            </Text>
          </Stack>
        </Tooltip>
      ),
    },
    {
      key: 'clusterId',
      title: 'Cluster ID',
      width: 140,
      render: (r) => (
        <Tooltip label={r.row.clusterUid} openDelay={250}>
          <Text size="sm" truncate>
            {r.clusterId}
          </Text>
        </Tooltip>
      ),
    },
    { key: 'docCount', title: 'Instances', width: 100, align: 'right' },
    {
      key: 'duration',
      title: 'Duration trend',
      width: 150,
      searchable: false,
      render: (r) => (
        <TrendCell
          name="Duration trend"
          data={r.row.trends.duration}
          latest={r.duration}
          format={formatDurationMs}
        />
      ),
    },
    {
      key: 'totalDfsBytesRead',
      title: 'Read trend',
      width: 150,
      searchable: false,
      render: (r) => (
        <TrendCell
          name="Read trend"
          data={r.row.trends.read}
          latest={r.totalDfsBytesRead}
          format={formatBytes}
        />
      ),
    },
    {
      key: 'totalDfsBytesWritten',
      title: 'Write trend',
      width: 150,
      searchable: false,
      render: (r) => (
        <TrendCell
          name="Write trend"
          data={r.row.trends.write}
          latest={r.totalDfsBytesWritten}
          format={formatBytes}
        />
      ),
    },
    { key: 'userName', title: 'User', width: 110 },
    {
      key: 'startTime',
      title: 'Start Time',
      width: 165,
      value: (r) => r.startTime,
      render: (r) => formatDateTime(r.startTime),
      exportValue: (r) => formatDateTime(r.startTime),
    },
    { key: 'status', title: 'Status', width: 100, render: (r) => <StatusBadge code={r.status} /> },
  ]
}
