import type { KafkaBrokerMetric } from '@costlens/shared'
import type { Vec3 } from './kafka-load.ts'
import { brokerCoefficients, ratesAt, type ClusterModel, type Coefficients } from './kafka-model.ts'

/*
 * The reference's broker KPIs (G91) from a broker's traffic at a load: rates from its coefficients,
 * the rest from how busy it is (its bytes in and out against what it carries at load 2.5, plus
 * headroom). The cluster's are its brokers' summed (`sum`) or averaged (`avg`).
 */

const MB = 1024 * 1024

export const BROKER_METRIC_SPECS: Record<
  KafkaBrokerMetric,
  { name: string; unit: string; cluster: 'sum' | 'avg' }
> = {
  BytesInPerSec: { name: 'Bytes in (bytes/s)', unit: 'bytes/s', cluster: 'sum' },
  BytesOutPerSec: { name: 'Bytes out (bytes/s)', unit: 'bytes/s', cluster: 'sum' },
  MessagesInPerSec: { name: 'Messages in (/s)', unit: 'messages/s', cluster: 'sum' },
  TotalFetchRequestsPerSec: { name: 'Consumer fetch requests (/s)', unit: 'requests/s', cluster: 'sum' },
  UnderReplicatedPartitions: { name: 'Under-replicated partitions', unit: 'count', cluster: 'sum' },
  ActiveControllerCount: { name: 'Active controllers', unit: 'count', cluster: 'sum' },
  'RequestHandlerAvgIdlePercent-OneMinuteRate': {
    name: 'Request handler idle (%)',
    unit: '%',
    cluster: 'avg',
  },
  'PartitionCount-Value': { name: 'Replicas hosted', unit: 'count', cluster: 'sum' },
  'LeaderCount-Value': { name: 'Partitions led', unit: 'count', cluster: 'sum' },
  OfflinePartitionsCount: { name: 'Offline partitions', unit: 'count', cluster: 'sum' },
  'TotalTimeMs_Fetch-99thPercentile': { name: 'Fetch time, p99 (ms)', unit: 'ms', cluster: 'avg' },
  'RequestsPerSec_Fetch-OneMinuteRate': { name: 'Fetch requests (/s)', unit: 'requests/s', cluster: 'sum' },
  'RequestsPerSec_Produce-OneMinuteRate': {
    name: 'Produce requests (/s)',
    unit: 'requests/s',
    cluster: 'sum',
  },
  'PurgatorySize_Produce-Value': { name: 'Produce purgatory', unit: 'count', cluster: 'sum' },
  'PurgatorySize_Fetch-Value': { name: 'Fetch purgatory', unit: 'count', cluster: 'sum' },
  'LogFlushRateAndTimeMs-99thPercentile': { name: 'Log flush time, p99 (ms)', unit: 'ms', cluster: 'avg' },
}

/** What does not change with the load: counts of replicas and leaders, and who is the controller. */
export interface BrokerLayout {
  brokerId: number
  coefficients: Coefficients
  replicas: number
  leaders: number
  controller: boolean
  /** Partitions it leads that lose a follower while broker (key) is behind. */
  urpWhenBehind: Map<number, number>
  /** What it carries at load 2.5 plus 20 MB/s: its bytes in + out over this is how busy it is. */
  capacity: number
}

export function brokerLayouts(model: ClusterModel, controllerId: number): BrokerLayout[] {
  const coefficients = brokerCoefficients(model)
  return model.brokers.map((b) => {
    let replicas = 0
    let leaders = 0
    const urpWhenBehind = new Map<number, number>()
    for (const list of model.partitionsOf.values())
      for (const p of list) {
        if (p.replicas.includes(b.brokerId)) replicas++
        if (p.leader !== b.brokerId) continue
        leaders++
        if (p.fragile)
          for (const r of p.replicas.slice(1)) urpWhenBehind.set(r, (urpWhenBehind.get(r) ?? 0) + 1)
      }
    const c = coefficients.get(b.brokerId)!
    const atOne = ratesAt(c, [1, 1, 1])
    return {
      brokerId: b.brokerId,
      coefficients: c,
      replicas,
      leaders,
      controller: b.brokerId === controllerId,
      urpWhenBehind,
      capacity: 2.5 * (atOne.bytesInPerSec + atOne.bytesOutPerSec) + 20 * MB,
    }
  })
}

const clamp = (n: number, low: number, high: number) => Math.min(high, Math.max(low, n))

/** Every KPI of a broker at a load, with the brokers behind at some moment of the point. */
export function brokerMetrics(
  b: BrokerLayout,
  load: Vec3,
  behind: readonly number[],
  brokerCount: number,
): Record<KafkaBrokerMetric, number> {
  const r = ratesAt(b.coefficients, load)
  const busy = clamp((r.bytesInPerSec + r.bytesOutPerSec) / b.capacity, 0, 1)
  const consumerFetches = r.bytesOutPerSec / 65_536 + 3
  const followerFetches = 2 * (brokerCount - 1)
  const produce = r.messagesInPerSec / 40 + 0.5
  return {
    BytesInPerSec: r.bytesInPerSec,
    BytesOutPerSec: r.bytesOutPerSec,
    MessagesInPerSec: r.messagesInPerSec,
    TotalFetchRequestsPerSec: consumerFetches,
    UnderReplicatedPartitions: Math.max(0, ...behind.map((x) => b.urpWhenBehind.get(x) ?? 0)),
    ActiveControllerCount: b.controller ? 1 : 0,
    'RequestHandlerAvgIdlePercent-OneMinuteRate': clamp(100 * (0.97 - 0.6 * busy), 5, 99),
    'PartitionCount-Value': b.replicas,
    'LeaderCount-Value': b.leaders,
    OfflinePartitionsCount: 0,
    'TotalTimeMs_Fetch-99thPercentile': 500 + 140 * busy * busy,
    'RequestsPerSec_Fetch-OneMinuteRate': consumerFetches + followerFetches,
    'RequestsPerSec_Produce-OneMinuteRate': produce,
    'PurgatorySize_Produce-Value': produce * 0.04 * (1 + busy),
    'PurgatorySize_Fetch-Value': 4 + 40 * (1 - busy),
    'LogFlushRateAndTimeMs-99thPercentile': 3 + 45 * busy * busy,
  }
}
