import { Stack } from '@mantine/core'
import { useDocumentTitle } from '../../app/use-document-title.ts'
import { shownByName } from '../../kit/cluster-select.tsx'
import { DetailPage } from '../../kit/detail-page.tsx'
import { DetailTable } from '../../kit/detail-table.tsx'
import { useListState } from '../../kit/use-list-state.ts'
import {
  useLogstashDeploymentsQuery,
  useLogstashNodeKpiQuery,
  useLogstashNodesKpiQuery,
  useLogstashNodesQuery,
  useLogstashPipelineKpiQuery,
  useLogstashPipelinesQuery,
} from './api.ts'
import { ElkActions, ScopeNote, SeriesSection } from './elk-parts.tsx'
import { logstashKpis } from './elk-kpis.ts'
import { logstashPageState, type LogstashChange } from './elk-state.ts'
import { FRESH, useElkView, useRefreshed, type ElkView } from './elk-view.ts'
import { MemberCharts, tableFailure } from './member-charts.tsx'
import { logstashNodeColumns, pipelineColumns } from './stack-columns.tsx'

interface SectionProps {
  cluster: string
  view: ElkView
  now: number
  change: (event: LogstashChange) => void
}

/**
 * The deployment's events received, filtered and emitted and its persisted queues over time, its
 * nodes summed. Its pipelines summed are the same events (G101), so their series are shown one
 * pipeline at a time, on its tab.
 */
function Overview({ cluster, view, now }: SectionProps) {
  const args = { cluster, ...view.window, interval: view.interval }
  const nodes = useRefreshed(now, args, useLogstashNodesKpiQuery(args, FRESH))
  return (
    <SeriesSection
      title="Events and queues through the deployment"
      subject={cluster}
      query={nodes}
      view={view}
    />
  )
}

/** The deployment's nodes; a chosen node's events, heap, CPU and load below. */
function Nodes({ cluster, view, now, change, node }: SectionProps & { node: string }) {
  const args = { cluster, ...view.window }
  const nodes = useRefreshed(now, args, useLogstashNodesQuery(args, FRESH))
  const choose = (name: string) => change({ type: 'filters', filters: { node: name } })
  // Node names may repeat across deployments: the chosen one is asked for by its id.
  const id = nodes.data?.find((n) => n.node === node)?.nodeId
  const kpiArgs = { node: id ?? node, ...view.window, interval: view.interval }
  const skip = !node || !id
  const kpi = useRefreshed(now, kpiArgs, useLogstashNodeKpiQuery(kpiArgs, { ...FRESH, skip }), skip)
  return (
    <Stack gap="md">
      <DetailTable
        caption="Logstash nodes"
        columns={logstashNodeColumns(node, choose)}
        rows={nodes.data ?? []}
        rowKey={(r) => r.nodeId}
        loading={nodes.isFetching}
        failure={tableFailure('Logstash nodes', nodes)}
        emptyText="No Logstash node reported in this range."
        download={{ name: 'logstash_nodes', locked: view.downloadLocked }}
      />
      <MemberCharts
        kind="node"
        names={(nodes.data ?? []).map((n) => n.node)}
        value={node}
        onChange={choose}
        query={skip ? { ...nodes, data: undefined } : kpi}
        view={view}
        shows="events, heap, CPU and load"
      />
    </Stack>
  )
}

/** The deployment's pipelines; a chosen pipeline's events and persisted queue below. */
function Pipelines({ cluster, view, now, change, pipeline }: SectionProps & { pipeline: string }) {
  const args = { cluster, ...view.window }
  const pipelines = useRefreshed(now, args, useLogstashPipelinesQuery(args, FRESH))
  const choose = (name: string) => change({ type: 'filters', filters: { pipeline: name } })
  const kpiArgs = { pipeline, cluster, ...view.window, interval: view.interval }
  const kpi = useRefreshed(
    now,
    kpiArgs,
    useLogstashPipelineKpiQuery(kpiArgs, { ...FRESH, skip: !pipeline }),
    !pipeline,
  )
  return (
    <Stack gap="md">
      <DetailTable
        caption="Pipelines"
        columns={pipelineColumns(pipeline, choose)}
        rows={pipelines.data ?? []}
        rowKey={(r) => r.pipeline}
        loading={pipelines.isFetching}
        failure={tableFailure('Pipelines', pipelines)}
        emptyText="No pipeline ran in this range."
        download={{ name: 'logstash_pipelines', locked: view.downloadLocked }}
      />
      <MemberCharts
        kind="pipeline"
        names={(pipelines.data ?? []).map((p) => p.pipeline)}
        value={pipeline}
        onChange={choose}
        query={kpi}
        view={view}
        shows="events and persisted queue"
      />
    </Stack>
  )
}

/**
 * /clusters/logstash (R015, R062; 02 §2): a Logstash deployment (named by the Elasticsearch cluster
 * it ships to) over the range: its events in, filtered and out, latency, heap and queue; its events
 * over time; its nodes and pipelines, each charted when chosen. Everything chosen is in the address.
 */
export default function LogstashPage() {
  useDocumentTitle('Logstash')
  const list = useListState(logstashPageState)
  const { state, change, clock } = list
  const view = useElkView(state)
  const deployments = useRefreshed(clock.now, view.window, useLogstashDeploymentsQuery(view.window, FRESH))
  const deployment = shownByName(deployments.data ?? [], state.ClusterName, (d) => d.cluster)
  const section = deployment && { cluster: deployment.cluster, view, now: clock.now, change }
  return (
    <DetailPage
      title="Logstash"
      what="Logstash deployments"
      back={{ label: 'Clusters', to: '/clusters' }}
      result={deployments}
      missing={deployments.data?.length === 0 ? 'No Logstash deployment to show.' : undefined}
      badge={() =>
        deployment && (
          <ScopeNote view={view}>
            Logstash {deployment.version} shipping to {deployment.cluster}, beside {deployment.clusterUid}
          </ScopeNote>
        )
      }
      actions={
        <ElkActions
          clusterLabel="Deployment (ships to)"
          clusters={deployments.data}
          cluster={deployment?.cluster}
          change={change}
          list={list}
          view={view}
        />
      }
      kpis={() => (deployment ? logstashKpis(deployment) : [])}
      kpiLabel={deployment ? `Logstash ${deployment.cluster} figures` : undefined}
      tabs={[
        { value: 'overview', label: 'Overview', render: () => section && <Overview {...section} /> },
        {
          value: 'nodes',
          label: `Nodes${deployment ? ` (${deployment.nodes})` : ''}`,
          render: () => section && <Nodes {...section} node={state.filters.node} />,
        },
        {
          value: 'pipelines',
          label: `Pipelines${deployment ? ` (${deployment.pipelines})` : ''}`,
          render: () => section && <Pipelines {...section} pipeline={state.filters.pipeline} />,
        },
      ]}
    />
  )
}
