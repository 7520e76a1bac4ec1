import type { EsClusterRow, KibanaClusterRow, LogstashDeploymentRow } from '@costlens/shared'
import type { Kpi } from '../../kit/kpi-row.tsx'
import { fmt, usedOf } from './elk-units.ts'

/*
 * The KPI rows of the three pages: rates and latencies averaged over the range, the rest as of its
 * end (G100), every figure in its unit. A note flags what an operator must look at (in words).
 */

const worse = (bad: boolean, note: string): Pick<Kpi, 'note' | 'noteTone'> =>
  bad ? { note, noteTone: 'worse' } : { note }
const heapPercent = (used: number, max: number) => (max > 0 ? (used / max) * 100 : Number.NaN)

/** An Elasticsearch cluster: nodes, indices, shards (unassigned flagged), docs, store, heap, rates. */
export function esClusterKpis(c: EsClusterRow): Kpi[] {
  const moving = c.relocatingShards + c.initializingShards
  return [
    {
      label: 'Nodes',
      value: fmt.count(c.nodes),
      note: `${fmt.count(c.dataNodes)} data · master ${c.masterNode}`,
    },
    { label: 'Indices', value: fmt.count(c.indices) },
    {
      label: 'Active shards',
      value: fmt.count(c.activeShards),
      note: `${fmt.count(c.primaryShards)} primaries${moving > 0 ? ` · ${fmt.count(moving)} moving` : ''}`,
    },
    {
      label: 'Unassigned shards',
      value: fmt.count(c.unassignedShards),
      ...worse(
        c.unassignedShards > 0,
        c.unassignedShards > 0 ? 'Not allocated to any node' : 'All allocated',
      ),
    },
    { label: 'Documents', value: fmt.count(c.docsCount), note: 'in primaries' },
    { label: 'Store size', value: fmt.bytes(c.storeSizeBytes), note: 'primaries and replicas' },
    {
      label: 'Heap used',
      value: fmt.percent(c.heapPercent),
      ...worse(c.heapPercent >= 85, usedOf(c.jvmHeapUsedBytes, c.jvmHeapMaxBytes)),
    },
    {
      label: 'Search rate',
      value: fmt.perSec('queries')(c.searchRatePerSec),
      note: `${fmt.ms(c.searchLatencyMs)} a query`,
    },
    {
      label: 'Indexing rate',
      value: fmt.perSec('docs')(c.indexingRatePerSec),
      note: `${fmt.ms(c.indexingLatencyMs)} a document`,
    },
    {
      label: 'Stack',
      value: `${fmt.count(c.logstashNodes)} Logstash`,
      note: `${fmt.count(c.kibanaInstances)} Kibana instances`,
    },
  ]
}

/** A Logstash deployment: nodes, pipelines, events in, filtered and out, latency, heap, queue. */
export function logstashKpis(d: LogstashDeploymentRow): Kpi[] {
  const heap = heapPercent(d.jvmHeapUsedBytes, d.jvmHeapMaxBytes)
  return [
    { label: 'Nodes', value: fmt.count(d.nodes), note: `Logstash ${d.version}` },
    { label: 'Pipelines', value: fmt.count(d.pipelines) },
    { label: 'Events received', value: fmt.perSec('events')(d.eventsInPerSec) },
    { label: 'Events filtered', value: fmt.perSec('events')(d.eventsFilteredPerSec) },
    {
      label: 'Events emitted',
      value: fmt.perSec('events')(d.eventsOutPerSec),
      ...worse(
        d.eventsOutPerSec < d.eventsInPerSec * 0.9,
        d.eventsInPerSec > 0
          ? `${fmt.percent((d.eventsOutPerSec / d.eventsInPerSec) * 100)} of received`
          : '--',
      ),
    },
    { label: 'Event latency', value: fmt.ms(d.eventLatencyMs), note: 'in filters and outputs' },
    {
      label: 'Heap used',
      value: fmt.percent(heap),
      ...worse(heap >= 85, usedOf(d.jvmHeapUsedBytes, d.jvmHeapMaxBytes)),
    },
    {
      label: 'Persisted queue',
      value: `${fmt.count(d.persistedQueueEvents)} events`,
      ...worse(d.persistedQueueEvents > 0, d.persistedQueueEvents > 0 ? 'Waiting to be processed' : 'Empty'),
    },
  ]
}

/** The Kibana instances of a cluster: requests, response times, connections, disconnects, heap, load. */
export function kibanaKpis(k: KibanaClusterRow): Kpi[] {
  const heap = heapPercent(k.heapUsedBytes, k.heapMaxBytes)
  return [
    { label: 'Instances', value: fmt.count(k.instances) },
    {
      label: 'Requests',
      value: fmt.perSec('requests')(k.requestsPerSec),
      note: `${fmt.count(k.requestsTotal)} in the range`,
    },
    { label: 'Response time (avg)', value: fmt.ms(k.responseTimeAvgMs) },
    {
      label: 'Response time (max)',
      value: fmt.ms(k.responseTimeMaxMs),
      ...worse(k.responseTimeMaxMs >= 10_000, 'the slowest request'),
    },
    { label: 'Connections', value: fmt.count(k.concurrentConnections), note: 'open now' },
    { label: 'Disconnects', value: fmt.count(k.disconnects), note: 'in the range' },
    {
      label: 'Heap used',
      value: fmt.percent(heap),
      ...worse(heap >= 85, usedOf(k.heapUsedBytes, k.heapMaxBytes)),
    },
    { label: 'OS load (1m)', value: fmt.load(k.osLoad1m), note: 'the busiest instance' },
  ]
}
