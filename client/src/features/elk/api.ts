import {
  elasticsearchEndpoints as es,
  kibanaEndpoints as kibana,
  logstashEndpoints as logstash,
} from '@costlens/shared'
import { api } from '../../api/api.ts'
import { SILENT_QUERY } from '../../api/app-queries.ts'
import { endpointQuery } from '../../api/endpoint-query.ts'

/**
 * The Elasticsearch, Logstash and Kibana pages' calls (02 §2, E153), built from their endpoint
 * tables. Their failures raise no toast (C25): each panel shows its own with a retry.
 */
export const elkApi = api.injectEndpoints({
  endpoints: (build) => ({
    esClusters: endpointQuery(build, es.clusters, SILENT_QUERY),
    esNodes: endpointQuery(build, es.nodes, SILENT_QUERY),
    esClusterKpi: endpointQuery(build, es.clusterKpi, SILENT_QUERY),
    esNodeKpi: endpointQuery(build, es.nodeKpi, SILENT_QUERY),
    esIndices: endpointQuery(build, es.indices, SILENT_QUERY),
    esIndexKpi: endpointQuery(build, es.indexKpi, SILENT_QUERY),
    logstashDeployments: endpointQuery(build, logstash.kpis, SILENT_QUERY),
    logstashNodes: endpointQuery(build, logstash.nodes, SILENT_QUERY),
    logstashNodesKpi: endpointQuery(build, logstash.nodesKpi, SILENT_QUERY),
    logstashNodeKpi: endpointQuery(build, logstash.nodeKpi, SILENT_QUERY),
    logstashPipelines: endpointQuery(build, logstash.pipelines, SILENT_QUERY),
    logstashPipelinesKpi: endpointQuery(build, logstash.pipelinesKpi, SILENT_QUERY),
    logstashPipelineKpi: endpointQuery(build, logstash.pipelineKpi, SILENT_QUERY),
    kibanaClusters: endpointQuery(build, kibana.clusters, SILENT_QUERY),
    kibanaClusterKpi: endpointQuery(build, kibana.clusterKpi, SILENT_QUERY),
    kibanaInstances: endpointQuery(build, kibana.instances, SILENT_QUERY),
  }),
})

export const {
  useEsClustersQuery,
  useEsNodesQuery,
  useEsClusterKpiQuery,
  useEsNodeKpiQuery,
  useEsIndicesQuery,
  useEsIndexKpiQuery,
  useLogstashDeploymentsQuery,
  useLogstashNodesQuery,
  useLogstashNodesKpiQuery,
  useLogstashNodeKpiQuery,
  useLogstashPipelinesQuery,
  useLogstashPipelinesKpiQuery,
  useLogstashPipelineKpiQuery,
  useKibanaClustersQuery,
  useKibanaClusterKpiQuery,
  useKibanaInstancesQuery,
} = elkApi
