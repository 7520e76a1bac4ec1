import { ES_INDEX_SORTS } from '@costlens/shared'
import { createPrng } from '../simulator/src/db/seed/prng.ts'
import { dayWindows, queryOf } from './day-rows.ts'
import type { HandRow } from './hand-rows.ts'
import type { Vocabulary } from './vocabulary.ts'

const VARIANTS = 200

type ElkCluster = Vocabulary['elk'][number]

/**
 * Issue 21's Elasticsearch, Logstash and Kibana figures, as the admin (CDH, elkEnabled) sees them:
 * each series over one day (today, yesterday or the last 24 hours) at the pages' intervals (1m for
 * today, 1h for days; Kibana opens on 1m) and each list over the same days; cluster, node, index and
 * pipeline drawn together so every request names things that exist.
 */
export function elkRows(now: number, v: Vocabulary): HandRow[] {
  const prng = createPrng(2153)
  const clusters = v.elk.filter((c) => c.platform === 'CDH' && c.nodes.length)
  if (!clusters.length) return []
  const dayWindow = dayWindows(prng, now)
  const interval = () => prng.pick(['1m', '1h', '1h', '1m', '5m', '10m', '30m'])
  const query = queryOf
  const row = (name: string, covers: string[], path: (c: ElkCluster) => string): HandRow => ({
    name,
    covers,
    method: 'GET',
    path: '/api/v1/elasticsearch',
    auth: true,
    user: 'admin',
    variants: Array.from({ length: VARIANTS }, () => ({ path: path(prng.pick(clusters)) })),
  })
  const name = (c: ElkCluster) => encodeURIComponent(c.cluster)
  const series = () => ({ ...dayWindow(), interval: interval() })
  return [
    row(
      'elk: Elasticsearch clusters and nodes over a day',
      ['elasticsearch.clusters', 'elasticsearch.nodes'],
      (c) =>
        prng.chance(0.5)
          ? `/api/v1/elasticsearch/clusters/metrics?${query(dayWindow())}`
          : `/api/v1/elasticsearch/${name(c)}/nodes?${query(dayWindow())}`,
    ),
    row('elk: Elasticsearch indices over a day, a page', ['elasticsearch.indices'], (c) => {
      const sort = prng.pick(ES_INDEX_SORTS)
      return `/api/v1/elasticsearch/${name(c)}/index?${query({ ...dayWindow(), sort, size: '25' })}`
    }),
    row(
      'elk: Elasticsearch cluster KPIs, a day at its interval',
      ['elasticsearch.clusterKpi'],
      (c) => `/api/v1/elasticsearch/${name(c)}/kpi_cluster?${query(series())}`,
    ),
    row('elk: Elasticsearch node KPIs, a day at its interval', ['elasticsearch.nodeKpi'], (c) => {
      const node = prng.chance(0.7) ? prng.pick(c.nodes) : undefined
      return `/api/v1/elasticsearch/${name(c)}/kpi_node?${query({ ...series(), node })}`
    }),
    // The page charts one index; every index at once (one series per index, 60 of them) is measured
    // at 1h: at 1m it is 86,000 points, about 130 ms however it is written.
    row('elk: Elasticsearch index KPIs, a day at its interval', ['elasticsearch.indexKpi'], (c) =>
      c.indices.length && prng.chance(0.8)
        ? `/api/v1/elasticsearch/${name(c)}/kpi_index?${query({ ...series(), index: prng.pick(c.indices) })}`
        : `/api/v1/elasticsearch/${name(c)}/kpi_index?${query({ ...dayWindow(), interval: '1h' })}`,
    ),
    row(
      'elk: Logstash deployments, nodes and pipelines over a day',
      ['logstash.kpis', 'logstash.nodes', 'logstash.pipelines'],
      (c) => {
        const list = prng.pick(['kpis', 'nodes/list', 'pipelines/list'])
        const cluster = prng.chance(0.5) ? c.cluster : undefined
        return `/api/v1/logstash/${list}?${query({ ...dayWindow(), cluster })}`
      },
    ),
    row('elk: Logstash node KPIs, a day at its interval', ['logstash.nodesKpi', 'logstash.nodeKpi'], (c) =>
      c.logstashNodes.length && prng.chance(0.6)
        ? `/api/v1/logstash/nodes/${encodeURIComponent(prng.pick(c.logstashNodes))}/kpis?${query(series())}`
        : `/api/v1/logstash/nodes/kpis?${query({ ...series(), cluster: c.cluster })}`,
    ),
    row(
      'elk: Logstash pipeline KPIs, a day at its interval',
      ['logstash.pipelinesKpi', 'logstash.pipelineKpi'],
      (c) =>
        c.pipelines.length && prng.chance(0.6)
          ? `/api/v1/logstash/pipelines/${encodeURIComponent(prng.pick(c.pipelines))}/kpis?${query(series())}`
          : `/api/v1/logstash/pipelines/kpis?${query({ ...series(), cluster: c.cluster })}`,
    ),
    row('elk: Kibana clusters and instances over a day', ['kibana.clusters', 'kibana.instances'], (c) =>
      prng.chance(0.5)
        ? `/api/v1/kibana/clusters/metrics?${query(dayWindow())}`
        : `/api/v1/kibana/${name(c)}/instances?${query(dayWindow())}`,
    ),
    row(
      'elk: Kibana KPIs, a day at its interval',
      ['kibana.clusterKpi'],
      (c) => `/api/v1/kibana/${name(c)}/kpi_cluster?${query(series())}`,
    ),
  ]
}
