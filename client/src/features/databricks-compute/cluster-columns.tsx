import { Link } from 'react-router-dom'
import { Anchor, Badge, Group, Text, UnstyledButton } from '@mantine/core'
import type { DatabricksClusterRecord } from '@costlens/shared'
import { StatusBadge } from '../../components/status/status-badge.tsx'
import type { DataColumn } from '../../components/table/table-types.ts'
import { timeColumn } from '../../components/table/time-column.ts'
import {
  CLUSTER_TYPE_LABELS,
  INSIGHT_TITLES,
  availabilityText,
  dbus,
  duration,
  usd,
  workersText,
} from './cluster-format.ts'

type Row = DatabricksClusterRecord

/** A run's details (R113): a job cluster opens the run it ran, like any application. */
export const runDetailsHref = (runKey: string) => `/app/application/db?execId=${encodeURIComponent(runKey)}`

/**
 * The clusters list's columns (02 §2 row fields, shown as the spec names them: queue as
 * Workspace), then what a cluster's cost depends on: node type, workers, spot or on-demand,
 * auto-termination, idle time and its cost, and the waste patterns found. The name opens an
 * all-purpose cluster's sessions (`onOpen`) or links a job cluster to its run.
 */
export function clusterColumns(onOpen: (row: Row) => void): DataColumn<Row>[] {
  return [
    {
      key: 'status',
      title: 'Status',
      width: 110,
      value: (r) => r.status,
      render: (r) => <StatusBadge code={r.status} />,
      priority: 1,
    },
    {
      key: 'name',
      title: 'Cluster',
      width: 240,
      sticky: true,
      priority: 1,
      value: (r) => r.name,
      render: (r) =>
        r.clusterType === 'db_job_cluster' && r.runId ? (
          <Anchor component={Link} to={runDetailsHref(r.runId)} size="xs" truncate display="block">
            {r.name}
          </Anchor>
        ) : (
          <UnstyledButton onClick={() => onOpen(r)} aria-label={`Sessions of ${r.name}`}>
            <Text size="xs" c="blue.8" td="underline" truncate>
              {r.name}
            </Text>
          </UnstyledButton>
        ),
    },
    { key: 'clusterId', title: 'Cluster ID', width: 190, value: (r) => r.clusterId, priority: 3 },
    {
      key: 'clusterType',
      title: 'Type',
      width: 110,
      value: (r) => CLUSTER_TYPE_LABELS[r.clusterType] ?? r.clusterType,
      priority: 3,
    },
    { key: 'queue', title: 'Workspace', width: 170, value: (r) => r.queue, priority: 2 },
    { key: 'user', title: 'User', width: 180, value: (r) => r.user, priority: 3 },
    { ...timeColumn<Row>('startTime', 'Start Time', (r) => r.startTime), sortable: true, priority: 2 },
    { ...timeColumn<Row>('finishedTime', 'End Time', (r) => r.finishedTime), sortable: true, priority: 4 },
    {
      key: 'duration',
      title: 'Duration',
      width: 110,
      sortable: true,
      align: 'right',
      value: (r) => r.duration,
      render: (r) => duration(r.duration),
      priority: 2,
    },
    {
      key: 'setupDuration',
      title: 'Setup',
      width: 90,
      sortable: true,
      align: 'right',
      value: (r) => r.setupDuration,
      render: (r) => duration(r.setupDuration),
      priority: 5,
    },
    { key: 'nodeType', title: 'Node type', width: 140, value: (r) => r.nodeType, priority: 4 },
    { key: 'workers', title: 'Workers', width: 90, value: (r) => workersText(r), priority: 4 },
    {
      key: 'availability',
      title: 'Availability',
      width: 120,
      value: (r) => availabilityText(r.availability),
      priority: 5,
    },
    {
      key: 'autoTerminationMinutes',
      title: 'Auto-termination',
      width: 130,
      value: (r) => r.autoTerminationMinutes,
      render: (r) =>
        r.autoTerminationMinutes === null
          ? '--'
          : r.autoTerminationMinutes === 0
            ? 'Never'
            : `${r.autoTerminationMinutes} min`,
      priority: 5,
    },
    {
      key: 'dbus',
      title: 'DBUs',
      width: 90,
      sortable: true,
      align: 'right',
      value: (r) => r.dbus,
      render: (r) => dbus(r.dbus),
      priority: 3,
    },
    {
      key: 'total_cost',
      title: 'Cost (USD)',
      width: 130,
      sortable: true,
      align: 'right',
      value: (r) => r.total_cost,
      render: (r) => usd(r.total_cost),
      priority: 1,
    },
    {
      key: 'idleTime',
      title: 'Idle time',
      width: 100,
      sortable: true,
      align: 'right',
      value: (r) => r.idleTime,
      render: (r) => duration(r.idleTime),
      priority: 3,
    },
    {
      key: 'idleCost',
      title: 'Idle cost (USD)',
      width: 130,
      sortable: true,
      align: 'right',
      value: (r) => r.idleCost,
      render: (r) => usd(r.idleCost),
      priority: 1,
    },
    {
      key: 'insights',
      title: 'Insights',
      width: 220,
      value: (r) => r.insights.map((i) => INSIGHT_TITLES[i]).join('; '),
      render: (r) => (
        <Group gap={4} wrap="nowrap">
          {r.insights.map((i) => (
            <Badge key={i} size="xs" color="orange" variant="light" title={INSIGHT_TITLES[i]}>
              {INSIGHT_TITLES[i]}
            </Badge>
          ))}
        </Group>
      ),
      priority: 2,
    },
  ]
}
