import { useDocumentTitle } from '../../app/use-document-title.ts'
import { shownByName } from '../../kit/cluster-select.tsx'
import { DetailPage } from '../../kit/detail-page.tsx'
import { useListState } from '../../kit/use-list-state.ts'
import { useEsClustersQuery } from './api.ts'
import { ElkActions, ScopeNote, TitleHealth } from './elk-parts.tsx'
import { esClusterKpis } from './elk-kpis.ts'
import { esPageState } from './elk-state.ts'
import { FRESH, useElkView, useRefreshed } from './elk-view.ts'
import { EsIndices, EsNodes, EsOverview } from './es-sections.tsx'

/**
 * /clusters/elasticsearch (R014, R061; 02 §2): an Elasticsearch cluster's health and figures over
 * the range, then its search and indexing series, its nodes and its indices; a node or an index
 * chosen shows its own series. Cluster, range, interval, section, node and index are in the address.
 */
export default function ElasticsearchPage() {
  useDocumentTitle('Elasticsearch')
  const list = useListState(esPageState)
  const { state, change, clock } = list
  const view = useElkView(state)
  const clusters = useRefreshed(clock.now, view.window, useEsClustersQuery(view.window, FRESH))
  const cluster = shownByName(clusters.data ?? [], state.ClusterName, (c) => c.cluster)
  const section = cluster && { cluster: cluster.cluster, view, now: clock.now, change }
  return (
    <DetailPage
      title="Elasticsearch"
      what="Elasticsearch clusters"
      back={{ label: 'Clusters', to: '/clusters' }}
      result={clusters}
      missing={clusters.data?.length === 0 ? 'No Elasticsearch cluster to show.' : undefined}
      badge={() =>
        cluster && (
          <>
            <TitleHealth health={cluster.status} what="Health" of="shards" />
            <ScopeNote view={view}>
              Elasticsearch {cluster.version} beside {cluster.hadoopCluster}
            </ScopeNote>
          </>
        )
      }
      actions={
        <ElkActions
          clusterLabel="Elasticsearch cluster"
          clusters={clusters.data}
          cluster={cluster?.cluster}
          change={change}
          list={list}
          view={view}
        />
      }
      kpis={() => (cluster ? esClusterKpis(cluster) : [])}
      kpiLabel={cluster ? `${cluster.cluster} figures` : undefined}
      tabs={[
        { value: 'overview', label: 'Overview', render: () => section && <EsOverview {...section} /> },
        {
          value: 'nodes',
          label: `Nodes${cluster ? ` (${cluster.nodes})` : ''}`,
          render: () => section && <EsNodes {...section} node={state.filters.node} />,
        },
        {
          value: 'indices',
          label: `Indices${cluster ? ` (${cluster.indices})` : ''}`,
          render: () =>
            section && <EsIndices {...section} index={state.filters.index} system={state.system} />,
        },
      ]}
    />
  )
}
