import { formatCount, type KafkaClusterRow, type KafkaSeriesResponse } from '@costlens/shared'
import type { Kpi } from '../../kit/kpi-row.tsx'
import { chartsByUnit, unitFormat } from '../../kit/unit-series.ts'
import type { PlotChartSpec } from '../../kit/plot-chart.tsx'

/*
 * How the Kafka pages write each measure: every figure with its unit (the contract's series units
 * are bytes/s, messages/s, requests/s, %, ms, count, messages, bytes and offset).
 */

export { unitFormat }

/** What a unit's chart is called after its subject: the measure, then the unit. */
const UNIT_TITLES: Readonly<Record<string, string>> = {
  'bytes/s': 'Throughput (bytes/s)',
  'messages/s': 'Messages (messages/s)',
  'requests/s': 'Requests (requests/s)',
  '%': 'Utilisation (%)',
  ms: 'Latency (ms)',
  count: 'Counts',
  messages: 'Lag (messages)',
  bytes: 'Sizes (bytes)',
  offset: 'Offsets',
}

/** A series answer as charts, one per unit (the kit's chartsByUnit), exported unless the plan forbids. */
export function kafkaCharts(
  response: KafkaSeriesResponse | undefined,
  subject: string,
  range: { from: number; to: number },
  exportAllowed: boolean,
): PlotChartSpec[] {
  return chartsByUnit(response?.series, subject, UNIT_TITLES, range).map((chart) => ({
    ...chart,
    range,
    exportAllowed,
    chartKind: 'kafka' as const,
  }))
}

/** The cluster's figures over the window (rates averaged, the rest at its end), each in its unit. */
export function clusterKpis(c: KafkaClusterRow): Kpi[] {
  const worse = (n: number, what: string): Pick<Kpi, 'note' | 'noteTone'> =>
    n > 0 ? { note: what, noteTone: 'worse' } : {}
  return [
    {
      label: 'Brokers',
      value: formatCount(c.brokers),
      ...worse(c.brokersBehind, `${formatCount(c.brokersBehind)} behind`),
    },
    { label: 'Active controller', value: `Broker ${c.controllerBrokerId}` },
    { label: 'Topics', value: formatCount(c.topics) },
    { label: 'Partitions', value: formatCount(c.partitionCount) },
    {
      label: 'Under-replicated partitions',
      value: formatCount(c.underReplicatedPartitions),
      ...worse(c.underReplicatedPartitions, 'Replicas out of sync'),
    },
    {
      label: 'Offline partitions',
      value: formatCount(c.offlinePartitions),
      ...worse(c.offlinePartitions, 'No leader'),
    },
    { label: 'Bytes in', value: unitFormat('bytes/s')(c.bytesInPerSec) },
    { label: 'Bytes out', value: unitFormat('bytes/s')(c.bytesOutPerSec) },
    { label: 'Messages in', value: unitFormat('messages/s')(c.messagesInPerSec) },
    { label: 'Consumer lag', value: unitFormat('messages')(c.totalLag) },
  ]
}
