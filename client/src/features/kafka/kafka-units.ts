import {
  formatBytes,
  formatCount,
  formatNumber,
  formatPercent,
  type KafkaClusterRow,
  type KafkaSeriesResponse,
} from '@costlens/shared'
import type { Kpi } from '../../kit/kpi-row.tsx'
import type { PlotChartSpec } from './plot-chart.tsx'

/*
 * How the Kafka pages write each measure: every figure with its unit (the contract's series units
 * are bytes/s, messages/s, requests/s, %, ms, count, messages, bytes and offset).
 */

type Format = (value: number) => string

/** A rate: '1,204.5 messages/s'. */
const perSecond = (what: string) => (v: number) => `${formatNumber(v, 1)} ${what}/s`

/** How a value of one of the API's units reads. */
export function unitFormat(unit: string): Format {
  switch (unit) {
    case 'bytes/s':
      return (v) => `${formatBytes(v)}/s`
    case 'bytes':
      return formatBytes
    case '%':
      return (v) => formatPercent(v)
    case 'ms':
      return (v) => `${formatNumber(v)} ms`
    case 'messages/s':
      return perSecond('messages')
    case 'requests/s':
      return perSecond('requests')
    case 'messages':
      return (v) => `${formatCount(v)} messages`
    case 'count':
    case 'offset':
      return formatCount
    default:
      return (v) => `${formatNumber(v)} ${unit}`.trim()
  }
}

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

/**
 * A series answer as charts: one per unit, so no axis mixes bytes with milliseconds, each titled
 * with its subject and the unit's measure, its tooltips and axis in that unit.
 */
export function chartsByUnit(
  response: KafkaSeriesResponse | undefined,
  subject: string,
  range: { from: number; to: number },
  exportAllowed: boolean,
): PlotChartSpec[] {
  const byUnit = new Map<string, KafkaSeriesResponse['series']>()
  for (const s of response?.series ?? []) byUnit.set(s.unit, [...(byUnit.get(s.unit) ?? []), s])
  return [...byUnit].map(([unit, series]) => ({
    title: `${subject}: ${UNIT_TITLES[unit] ?? unit}`,
    description: `${series.map((s) => s.name).join(', ')} over the range, one point per interval.`,
    series: series.map((s) => ({ name: s.name, data: s.data })),
    range,
    exportAllowed,
    valueFormat: unitFormat(unit),
    ...(unit === 'bytes' && { binaryUnit: 1 }),
    ...((unit === 'count' || unit === 'messages' || unit === 'offset') && { integerValues: true }),
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
