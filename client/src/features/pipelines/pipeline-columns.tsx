import { Group, Text } from '@mantine/core'
import { formatBytes, formatDurationMs, type PipelineRow } from '@costlens/shared'
import { OverflowTooltip } from '../../components/table/overflow-text.tsx'
import type { DataColumn } from '../../components/table/table-types.ts'
import { timeColumn } from '../../components/table/time-column.ts'
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
 *
 * Priorities (issue 16): the name always shows and stays at the left; status and the duration
 * trend next, then start time and cluster, user and instances, then the read and write trends.
 */
export function pipelineColumns(): DataColumn<PipelineTableRow>[] {
  return [
    {
      key: 'name',
      title: 'Pipeline Name',
      width: 200,
      priority: 1,
      sticky: true,
      render: (r) => (
        <OverflowTooltip label={`${r.name} (${PIPELINE_TYPE_LABELS[r.pipelineType]})`}>
          <Text size="sm" truncate>
            {r.name}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {PIPELINE_TYPE_LABELS[r.pipelineType]}
          </Text>
        </OverflowTooltip>
      ),
    },
    {
      key: 'clusterId',
      title: 'Cluster ID',
      width: 140,
      priority: 3,
      // The cluster's name shows; its uid is in the tooltip (and the whole name when it is cut).
      render: (r) => (
        <OverflowTooltip label={`${r.clusterId} (${r.row.clusterUid})`} always>
          {r.clusterId}
        </OverflowTooltip>
      ),
    },
    { key: 'docCount', title: 'Instances', width: 100, align: 'right', priority: 4 },
    {
      key: 'duration',
      title: 'Duration trend',
      width: 150,
      priority: 2,
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
      priority: 5,
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
      priority: 5,
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
    { key: 'userName', title: 'User', width: 110, priority: 4 },
    { ...timeColumn<PipelineTableRow>('startTime', 'Start Time', (r) => r.startTime, 150), priority: 3 },
    {
      key: 'status',
      title: 'Status',
      width: 110,
      priority: 2,
      render: (r) => <StatusBadge code={r.status} />,
    },
  ]
}
