import type { ReactNode } from 'react'
import { Anchor, Group, Text } from '@mantine/core'
import { Link, useLocation } from 'react-router-dom'
import { SCREEN_DEFAULT_RANGES, formatBytes, formatDurationMs, type PipelineRow } from '@costlens/shared'
import { appDetailsHref } from '../../components/app-details-href.ts'
import { pipelineHref } from '../../components/workflow-href.ts'
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

/**
 * The pipeline's name as a link to its runs (R111) over the list's range and on the row's cluster:
 * the range comes from the list's address, so the page opens on the runs the list counted.
 */
function PipelineName({ row }: { row: PipelineTableRow }) {
  const location = useLocation()
  const range = new URLSearchParams(location.search)
  // The list's own default range is not in its address: the link names it, so the page counts alike.
  if (!range.has('dateRangeLabel') && !range.has('start_date'))
    range.set('dateRangeLabel', SCREEN_DEFAULT_RANGES.pipelines.range)
  const href = pipelineHref(row.name, row.row.clusterUid, range)
  return (
    <Anchor
      component={Link}
      to={href}
      state={{ from: location.pathname + location.search }}
      size="sm"
      truncate
      display="block"
    >
      {row.name}
    </Anchor>
  )
}

/**
 * The latest run's start time as a link to that application's details (its type: the row's
 * pipeline type); the link's name and tooltip name the application.
 */
function LatestRunLink({ row, started }: { row: PipelineTableRow; started: ReactNode }) {
  const location = useLocation()
  const { jobId, kind } = row.row.latestInstance
  return (
    <Anchor
      component={Link}
      // The run's own kind (a top-level MR job of a 'hivemr' pipeline opens MR details); a backend
      // that does not send it falls back to the pipeline type.
      to={appDetailsHref({ kind: kind ?? row.pipelineType, id: jobId, clusterUid: row.row.clusterUid })}
      state={{ from: location.pathname + location.search }}
      size="sm"
      aria-label={`Latest run ${jobId}, started ${String(started)}`}
      title={`Latest run: ${jobId}`}
    >
      {started}
    </Anchor>
  )
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
  const startTime = timeColumn<PipelineTableRow>('startTime', 'Start Time', (r) => r.startTime, 150)
  return [
    {
      key: 'name',
      title: 'Pipeline Name',
      width: 200,
      priority: 1,
      sticky: true,
      render: (r) => (
        <OverflowTooltip label={`${r.name} (${PIPELINE_TYPE_LABELS[r.pipelineType]})`}>
          <PipelineName row={r} />
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
    {
      ...startTime,
      priority: 3,
      // The latest run's start opens that application's details (its type: the row's pipeline type).
      render: (r) => <LatestRunLink row={r} started={startTime.render!(r)} />,
    },
    {
      key: 'status',
      title: 'Status',
      width: 110,
      priority: 2,
      render: (r) => <StatusBadge code={r.status} />,
    },
  ]
}
