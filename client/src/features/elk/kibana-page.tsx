import { Stack } from '@mantine/core'
import { useDocumentTitle } from '../../app/use-document-title.ts'
import { shownByName } from '../../kit/cluster-select.tsx'
import { DetailPage } from '../../kit/detail-page.tsx'
import { DetailTable } from '../../kit/detail-table.tsx'
import { useListState } from '../../kit/use-list-state.ts'
import { useKibanaClusterKpiQuery, useKibanaClustersQuery, useKibanaInstancesQuery } from './api.ts'
import { ElkActions, ScopeNote, SeriesSection, TitleHealth } from './elk-parts.tsx'
import { kibanaKpis } from './elk-kpis.ts'
import { kibanaPageState, type KibanaChange } from './elk-state.ts'
import { FRESH, useElkView, useRefreshed, type ElkView } from './elk-view.ts'
import { MemberCharts, tableFailure } from './member-charts.tsx'
import { kibanaInstanceColumns } from './stack-columns.tsx'

/** The cluster's Kibana series (every instance summed), its instances, and a chosen instance's series. */
function KibanaSections(props: {
  cluster: string
  view: ElkView
  now: number
  instance: string
  change: (e: KibanaChange) => void
}) {
  const { cluster, view, now, instance } = props
  const series = { cluster, ...view.window, interval: view.interval }
  const kpi = useRefreshed(now, series, useKibanaClusterKpiQuery(series, FRESH))
  const instances = useRefreshed(
    now,
    { cluster, ...view.window },
    useKibanaInstancesQuery({ cluster, ...view.window }, FRESH),
  )
  const oneArgs = { ...series, instance }
  const one = useRefreshed(
    now,
    oneArgs,
    useKibanaClusterKpiQuery(oneArgs, { ...FRESH, skip: !instance }),
    !instance,
  )
  const choose = (name: string) => props.change({ type: 'filters', filters: { instance: name } })
  return (
    <Stack gap="md">
      <SeriesSection title="Every instance" subject="Kibana" query={kpi} view={view} />
      <DetailTable
        caption="Kibana instances"
        columns={kibanaInstanceColumns(instance, choose)}
        rows={instances.data ?? []}
        rowKey={(r) => r.uuid}
        loading={instances.isFetching}
        failure={tableFailure('Kibana instances', instances)}
        emptyText="No Kibana instance reported in this range."
        download={{ name: 'kibana_instances', locked: view.downloadLocked }}
      />
      <MemberCharts
        kind="instance"
        names={(instances.data ?? []).map((i) => i.instance)}
        value={instance}
        onChange={choose}
        query={one}
        view={view}
        shows="heap, requests, disconnects, connections and response times"
      />
    </Stack>
  )
}

/**
 * /clusters/kibana (R016, R063; 02 §2: today at 1m by default): the Kibana instances serving an
 * Elasticsearch cluster: their status, requests, response times, connections and heap over the
 * range, their series, and one instance's when chosen. Everything chosen is in the address.
 */
export default function KibanaPage() {
  useDocumentTitle('Kibana')
  const list = useListState(kibanaPageState)
  const { state, change, clock } = list
  const view = useElkView(state)
  const clusters = useRefreshed(clock.now, view.window, useKibanaClustersQuery(view.window, FRESH))
  const cluster = shownByName(clusters.data ?? [], state.ClusterName, (c) => c.cluster)
  return (
    <DetailPage
      title="Kibana"
      what="Kibana clusters"
      back={{ label: 'Clusters', to: '/clusters' }}
      result={clusters}
      missing={clusters.data?.length === 0 ? 'No Kibana instance to show.' : undefined}
      badge={() =>
        cluster && (
          <>
            <TitleHealth health={cluster.status} what="Status" of="service" />
            <ScopeNote view={view}>
              Kibana for {cluster.cluster}, beside {cluster.clusterUid}
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
      kpis={() => (cluster ? kibanaKpis(cluster) : [])}
      kpiLabel={cluster ? `Kibana ${cluster.cluster} figures` : undefined}
      tabs={[
        {
          value: 'instances',
          label: 'Instances',
          render: () =>
            cluster && (
              <KibanaSections
                cluster={cluster.cluster}
                view={view}
                now={clock.now}
                instance={state.filters.instance}
                change={change}
              />
            ),
        },
      ]}
    />
  )
}
