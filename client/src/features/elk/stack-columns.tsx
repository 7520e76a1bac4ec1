import type { KibanaInstanceRow, LogstashNodeRow, LogstashPipelineRow } from '@costlens/shared'
import type { DataColumn } from '../../components/table/table-types.ts'
import { columns as col } from '../../kit/columns.tsx'
import { chooseColumn, figure, ranked } from './column-parts.tsx'
import { HealthBadge, healthWords } from './elk-parts.tsx'
import { fmt, usedOf } from './elk-units.ts'

/*
 * The Logstash and Kibana tables' columns: every measure in its unit, '--' where there is none; the
 * name shows the row's charts. Columns rank 1 (always shown) to 3 (first to give way).
 */

const events = fmt.perSec('events')

/** A deployment's Logstash nodes. */
export function logstashNodeColumns(
  chosen: string,
  onChoose: (node: string) => void,
): DataColumn<LogstashNodeRow>[] {
  return [
    chooseColumn<LogstashNodeRow>('node', 'Node', chosen, onChoose, 170),
    figure(1, 'eventsInPerSec', 'Events in', 140, events),
    figure(2, 'eventsFilteredPerSec', 'Filtered', 140, events),
    figure(1, 'eventsOutPerSec', 'Events out', 140, events),
    figure(1, 'eventLatencyMs', 'Latency', 100, fmt.ms),
    {
      ...figure<LogstashNodeRow>(1, 'heapPercent', 'Heap used', 190, fmt.percent),
      render: (r) => `${fmt.percent(r.heapPercent)} · ${usedOf(r.jvmHeapUsedBytes, r.jvmHeapMaxBytes)}`,
    },
    figure(1, 'cpuPercent', 'CPU', 80, fmt.percent),
    figure(3, 'load1m', 'Load (1m)', 90, fmt.load),
    figure(2, 'pipelines', 'Pipelines', 90, fmt.count),
    figure(3, 'workers', 'Workers', 90, fmt.count),
    figure(3, 'uptimeMs', 'Uptime', 150, fmt.duration),
    ranked(3, col.text<LogstashNodeRow>('version', 'Version', 90)),
    ranked(3, col.text<LogstashNodeRow>('host', 'Host', 240)),
  ]
}

/** A deployment's pipelines: where events come from and go, how fast, and what waits in the queue. */
export function pipelineColumns(
  chosen: string,
  onChoose: (pipeline: string) => void,
): DataColumn<LogstashPipelineRow>[] {
  return [
    chooseColumn<LogstashPipelineRow>('pipeline', 'Pipeline', chosen, onChoose, 190),
    ranked(1, {
      key: 'input',
      title: 'Input → output',
      width: 190,
      value: (r) => `${r.input} → ${r.output}`,
    }),
    figure(1, 'eventsInPerSec', 'Events in', 140, events),
    figure(2, 'eventsFilteredPerSec', 'Filtered', 140, events),
    figure(1, 'eventsOutPerSec', 'Events out', 140, events),
    figure(1, 'eventLatencyMs', 'Latency', 100, fmt.ms),
    ranked(2, {
      key: 'queueType',
      title: 'Queue',
      width: 100,
      value: (r) => (r.queueType === 'persisted' ? 'Persisted' : 'Memory'),
    }),
    {
      ...figure<LogstashPipelineRow>(1, 'persistedQueueEvents', 'Queued', 210, fmt.count),
      // A memory queue keeps nothing on disk: '--', not '0 events'.
      render: (r) =>
        r.queueType === 'persisted'
          ? `${fmt.count(r.persistedQueueEvents)} events · ${fmt.bytes(r.persistedQueueSizeBytes)}`
          : '--',
    },
    figure(2, 'nodes', 'Nodes', 80, fmt.count),
    figure(3, 'workers', 'Workers', 90, fmt.count),
    figure(3, 'batchSize', 'Batch size', 100, fmt.count),
  ]
}

/** A cluster's Kibana instances. */
export function kibanaInstanceColumns(
  chosen: string,
  onChoose: (instance: string) => void,
): DataColumn<KibanaInstanceRow>[] {
  return [
    chooseColumn<KibanaInstanceRow>('instance', 'Instance', chosen, onChoose, 170),
    ranked(1, {
      key: 'status',
      title: 'Status',
      width: 100,
      value: (r) => healthWords(r.status),
      render: (r) => <HealthBadge health={r.status} />,
    }),
    figure(1, 'requestsPerSec', 'Requests', 140, fmt.perSec('requests')),
    figure(1, 'responseTimeAvgMs', 'Response (avg)', 140, fmt.ms),
    figure(1, 'responseTimeMaxMs', 'Response (max)', 140, fmt.ms),
    figure(1, 'concurrentConnections', 'Connections', 120, fmt.count),
    figure(2, 'disconnects', 'Disconnects', 120, fmt.count),
    {
      ...figure<KibanaInstanceRow>(1, 'heapUsedBytes', 'Heap used', 190, fmt.bytes),
      render: (r) => usedOf(r.heapUsedBytes, r.heapMaxBytes),
    },
    figure(2, 'osLoad1m', 'Load (1m)', 90, fmt.load),
    figure(3, 'uptimeMs', 'Uptime', 150, fmt.duration),
    ranked(3, col.text<KibanaInstanceRow>('version', 'Version', 90)),
    ranked(3, col.text<KibanaInstanceRow>('host', 'Host', 240)),
  ]
}
