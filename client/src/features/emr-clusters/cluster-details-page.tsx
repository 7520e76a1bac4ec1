import { Anchor, Stack, Text } from '@mantine/core'
import { Link, useParams } from 'react-router-dom'
import {
  emrStateStyle,
  formatDateTime,
  formatDollars,
  formatDurationMs,
  type EmrClusterDetails as Details,
  type EmrInstanceGroup,
  type EmrSizingAnalysis,
  withZone,
} from '@costlens/shared'
import { PanelState } from '../../components/panel-state/panel-state.tsx'
import { queryPanel } from '../../components/panel-state/panel-status.ts'
import { daySeries } from '../../kit/chart-panel.tsx'
import { columns as col, statusBadge, statusWords, tagsText } from '../../kit/columns.tsx'
import { DetailPage } from '../../kit/detail-page.tsx'
import { DetailTable } from '../../kit/detail-table.tsx'
import { useEmrClusterDetailsQuery, useEmrClusterSizingQuery } from './api.ts'

const MARKETS = { ON_DEMAND: 'On-Demand', SPOT: 'Spot' } as const
type Group = Pick<EmrInstanceGroup, 'role' | 'instanceType' | 'market'> & { count: number }
const groupText = (g: Group) =>
  `${g.count} × ${g.instanceType} ${g.role.toLowerCase()} (${MARKETS[g.market]})`
const hourly = (usd: number) => `${formatDollars(usd)} / h`

const groupColumns = [
  { ...col.text<EmrInstanceGroup>('role', 'Role', 90), value: (g: EmrInstanceGroup) => statusWords(g.role) },
  col.text<EmrInstanceGroup>('instanceType', 'Instance type', 130),
  {
    ...col.text<EmrInstanceGroup>('market', 'Market', 110),
    value: (g: EmrInstanceGroup) => MARKETS[g.market],
  },
  col.count<EmrInstanceGroup>('requested', 'Requested'),
  col.count<EmrInstanceGroup>('running', 'Running'),
  col.count<EmrInstanceGroup>('ebsGb', 'EBS GB a node', 110),
  // DOMAIN.md §4 prices are to the tenth of a cent: 2 decimals would round them away.
  col.usd<EmrInstanceGroup>('ec2Hourly', 'EC2 a node-hour', 150, 4),
  col.usd<EmrInstanceGroup>('emrHourly', 'EMR a node-hour', 150, 4),
  col.usd<EmrInstanceGroup>('ebsHourly', 'EBS a node-hour', 150, 4),
]

/** A row of the sizing table: the current groups, then each recommendation with its saving. */
type SizingRow = { name: string; groups: readonly Group[]; hourlyCost: number } & Partial<
  Pick<EmrSizingAnalysis['recommendations'][number], 'saving' | 'savingPercent'>
>
const sizingColumns = [
  col.text<SizingRow>('name', 'Sizing', 150),
  {
    key: 'groups',
    title: 'Instance groups',
    width: 380,
    sortable: false,
    value: (r: SizingRow) => r.groups.map(groupText).join(', '),
    // One group a line: a cluster has up to a dozen, and a cut list would hide the recommendation.
    render: (r: SizingRow) => (
      <Stack gap={0}>
        {r.groups.map(groupText).map((g) => (
          <Text key={g} size="sm">
            {g}
          </Text>
        ))}
      </Stack>
    ),
  },
  col.usd<SizingRow>('hourlyCost', 'Hourly cost', 130),
  {
    ...col.usd<SizingRow>('saving', 'Saving over its life', 170),
    render: (r: SizingRow) => (r.saving === undefined ? '--' : formatDollars(r.saving)),
  },
  {
    key: 'savingPercent',
    title: 'Saving %',
    width: 100,
    align: 'right' as const,
    value: (r: SizingRow) => (r.savingPercent === undefined ? '--' : `${r.savingPercent.toFixed(1)} %`),
  },
]
const SIZING_NAMES = { RESOURCE_OPTIMIZED: 'Resource-optimised', COST_OPTIMIZED: 'Cost-optimised' } as const
const sizingRows = ({ current, recommendations }: EmrSizingAnalysis): SizingRow[] => [
  { name: 'Current', ...current },
  ...recommendations.map((r) => ({ ...r, name: SIZING_NAMES[r.kind] })),
]

/** E142: the resource- and cost-optimised sizings of the cluster and its node down-sizing events. */
function SizingPanel({ clusterId }: { clusterId: string }) {
  const sizing = useEmrClusterSizingQuery({
    entities: [{ entityType: 'CLUSTER', entityId: clusterId }],
    eventType: 'CLUSTER_SIZING',
  })
  const analysis = sizing.data?.results[0]
  return (
    <PanelState what="Sizing recommendations" {...queryPanel(sizing, !analysis)}>
      {analysis && (
        <Stack gap="sm">
          <Text size="sm">
            Based on the peak use{' '}
            {analysis.basis === 'yarn-apps' ? 'of its Yarn apps' : 'AWS reports for its nodes'}:{' '}
            {(analysis.peakUtilisation * 100).toFixed(0)} %. Its cost so far:{' '}
            {formatDollars(analysis.clusterCost)}.
          </Text>
          <DetailTable
            caption="Sizing recommendations"
            columns={sizingColumns}
            rows={sizingRows(analysis)}
            rowKey={(r) => r.name}
          />
          <DetailTable
            caption="Node down-sizing"
            columns={[
              col.time('eventTime', 'Time'),
              col.text('role', 'Role', 90),
              col.text('instanceType', 'Instance type', 130),
              col.count('currentNodes', 'Nodes'),
              col.count('recommendedNodes', 'Enough'),
              col.text('message', 'Why', 360),
            ]}
            rows={analysis.nodeDownsizing}
            rowKey={(e) => `${e.eventTime}-${e.role}`}
            emptyText="No node down-sizing: its nodes were busy"
          />
        </Stack>
      )}
    </PanelState>
  )
}

/** The Overview tab's fields: what the cluster is and its timeline (02 §2 EMR detail page). */
function overviewFields({ cluster: c, timeline: t, ...d }: Details) {
  return [
    { label: 'Name', value: c.clusterName },
    { label: 'Region', value: d.region },
    { label: 'Release', value: d.releaseLabel },
    { label: 'Applications', value: d.applications.join(', ') },
    { label: withZone('Created'), value: formatDateTime(t.creationDateTime) },
    { label: withZone('Ready'), value: t.readyDateTime && formatDateTime(t.readyDateTime) },
    { label: withZone('Ended'), value: t.endDateTime ? formatDateTime(t.endDateTime) : 'Still running' },
    { label: 'Last state change', value: t.stateChangeReason.message || t.stateChangeReason.code },
    { label: 'Markets', value: c.marketTypes.map((m) => MARKETS[m]).join(', ') },
    { label: 'Tags', value: tagsText(c.tags) },
  ]
}

function yarnApps(d: Details) {
  const end = d.timeline.endDateTime ?? Date.now()
  const href = `/jobs/applications?clusterUid=${encodeURIComponent(d.yarnApps.clusterUid)}&start_date=${d.timeline.creationDateTime}&end_date=${end}`
  if (d.yarnApps.count === 0)
    return (
      <Text size="sm">
        Unravel saw no Yarn app on this cluster{d.cluster.withUnravel ? '' : ': it is not installed there'}.
      </Text>
    )
  return (
    <Anchor component={Link} to={href} size="sm">
      The {d.yarnApps.count.toLocaleString('en-US')} Yarn apps that ran on it, in the applications list
    </Anchor>
  )
}

/**
 * /clusters/:cluster_id/details/ (02 §2 EMR detail page): one EMR cluster's timeline and fields,
 * its daily cost split, instance groups, the Yarn apps that ran on it and the sizing
 * recommendations (E142), with the tab in the address.
 */
export default function ClusterDetailsPage() {
  const clusterId = useParams().cluster_id ?? ''
  const result = useEmrClusterDetailsQuery({ clusterId })
  return (
    <DetailPage
      title={clusterId}
      what="Cluster"
      back={{ label: 'Clusters', to: '/clusters/list' }}
      result={result}
      badge={(d) => statusBadge(d.cluster.status, emrStateStyle)}
      kpis={(d) => [
        { label: 'Cost so far (USD)', value: formatDollars(d.cluster.totalCost) },
        { label: 'Hourly cost (USD)', value: hourly(d.hourlyCost.total) },
        { label: 'Duration', value: formatDurationMs(d.cluster.duration) },
        { label: 'Nodes', value: String(d.cluster.nodeCount) },
        { label: 'Down-sizing events', value: String(d.downsizingEvents.length) },
      ]}
      tabs={[
        {
          value: 'overview',
          label: 'Overview',
          fields: overviewFields,
          charts: (d) => [
            {
              kind: 'stacked-bars',
              title: 'Daily cost (USD)',
              description: 'What the cluster cost each UTC day, split into EC2, the EMR uplift and EBS.',
              cost: true,
              valueFormat: formatDollars,
              series: daySeries(d.costByDay, { ec2: 'EC2', emr: 'EMR', ebs: 'EBS' }),
            },
          ],
        },
        {
          value: 'groups',
          label: 'Instance groups',
          render: (d) => (
            <DetailTable
              caption="Instance groups"
              columns={groupColumns}
              rows={d.instanceGroups}
              rowKey={(g) => `${g.role}-${g.instanceType}-${g.market}`}
            />
          ),
        },
        { value: 'sizing', label: 'Sizing', render: (d) => <SizingPanel clusterId={d.cluster.clusterId} /> },
        { value: 'apps', label: 'Yarn apps', render: yarnApps },
      ]}
    />
  )
}
