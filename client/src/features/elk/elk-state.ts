import { ELK_INTERVALS, SCREEN_DEFAULT_RANGES, type ElkInterval } from '@costlens/shared'
import { addressRange, flag, tabs, text } from '../../kit/fields.ts'
import { defineListState, type ListChange } from '../../kit/list-state.ts'

/*
 * The Elastic pages' state in the address (02 §2: "Elasticsearch/Kibana state: dateRange,
 * ClusterName, node, index (Kibana default today, 1m)"), so a reload or a shared link shows the same
 * view. Elasticsearch and Logstash open on today at 1h (the API's default interval, as Kafka's and
 * HBase's pages); Kibana on today at 1m (SCREEN_DEFAULT_RANGES.kibana). A chosen node, index,
 * pipeline or instance is a filter: a new cluster sends it back to none.
 */

export { ELK_INTERVALS, type ElkInterval }

const range = addressRange({ preset: SCREEN_DEFAULT_RANGES.kibana.range })
const interval = (fallback: ElkInterval) => tabs<ElkInterval>('interval', ELK_INTERVALS, fallback)
const ClusterName = text('ClusterName')
const KIBANA_INTERVAL = (SCREEN_DEFAULT_RANGES.kibana.intervals?.[0] ?? '1m') as ElkInterval

/** The Elasticsearch page's sections (Stack Monitoring's): the cluster, its nodes, its indices. */
export const ES_TABS = ['overview', 'nodes', 'indices'] as const
export type EsTab = (typeof ES_TABS)[number]

const esFields = {
  interval: interval('1h'),
  ClusterName,
  tab: tabs('tab', ES_TABS),
  /** Whether the index list shows system indices (.kibana, .security…) too. */
  system: flag('system'),
}
const esFilters = { node: text('node'), index: text('index') }

/** /clusters/elasticsearch: cluster, range, interval, section, the chosen node and index. */
export const esPageState = defineListState({
  range,
  fields: esFields,
  filters: esFilters,
  resetFiltersOn: ['ClusterName'],
})
export type EsChange = ListChange<typeof esFields, typeof esFilters>

/** The Logstash page's sections: the deployment, its nodes, its pipelines. */
export const LOGSTASH_TABS = ['overview', 'nodes', 'pipelines'] as const
export type LogstashTab = (typeof LOGSTASH_TABS)[number]

const logstashFields = { interval: interval('1h'), ClusterName, tab: tabs('tab', LOGSTASH_TABS) }
const logstashFilters = { node: text('node'), pipeline: text('pipeline') }

/** /clusters/logstash: the deployment (by the cluster it ships to), range, interval, node, pipeline. */
export const logstashPageState = defineListState({
  range,
  fields: logstashFields,
  filters: logstashFilters,
  resetFiltersOn: ['ClusterName'],
})
export type LogstashChange = ListChange<typeof logstashFields, typeof logstashFilters>

const kibanaFields = { interval: interval(KIBANA_INTERVAL), ClusterName }
const kibanaFilters = { instance: text('instance') }

/** /clusters/kibana: cluster, range (today), interval (1m), the chosen instance. */
export const kibanaPageState = defineListState({
  range,
  fields: kibanaFields,
  filters: kibanaFilters,
  resetFiltersOn: ['ClusterName'],
})
export type KibanaChange = ListChange<typeof kibanaFields, typeof kibanaFilters>
