import { Link } from 'react-router-dom'
import { Anchor, SimpleGrid, Stack, Table, Title } from '@mantine/core'
import type { DatabricksClusterSummary as Summary } from '@costlens/shared'
import { DashboardPanel } from '../../kit/dashboard-panel.tsx'
import type { Kpi } from '../../kit/kpi-row.tsx'
import { PageHeader, RangePicker, RefreshButton } from '../../kit/page-header.tsx'
import { ShareBars } from '../../kit/share-bars.tsx'
import { useAddressRange } from '../../kit/use-address-range.ts'
import { useDatabricksClusterSummaryQuery } from './api.ts'
import { CLUSTER_TYPE_LABELS, dbus, usd } from './cluster-format.ts'

const hours = (h: number) => `${h.toLocaleString('en-US', { maximumFractionDigits: 2 })} h`
const percent = (share: number) => `${(share * 100).toFixed(1)} %`

/** The list of all-purpose clusters by idle cost, where the drawer shows each one's sessions. */
export const IDLE_LIST_HREF = '/compute/dbclusters?tab=inefficient&s=idleCost-desc'

const kpis = (s: Summary): Kpi[] => [
  { label: 'Clusters up now', value: String(s.runningNow.allPurpose + s.runningNow.jobClusters) },
  { label: 'SQL warehouses up now', value: String(s.runningNow.warehouses) },
  { label: 'Cluster cost (USD)', value: usd(s.totals.cost) },
  { label: 'Cluster DBUs', value: dbus(s.totals.dbus) },
  { label: 'Cluster idle hours', value: hours(s.totals.idleHours) },
  { label: 'Cluster idle cost (USD)', value: usd(s.totals.idleCost) },
]

function SummaryTables({ s }: { s: Summary }) {
  return (
    <Stack gap="lg">
      <ShareBars
        caption="Cost by compute type"
        labelTitle="Compute type"
        valueTitles={['Cost (USD)', 'Idle cost (USD)']}
        barsTitle="Cost and idle cost"
        rows={s.byType.map((t) => ({
          key: t.type,
          label: `${CLUSTER_TYPE_LABELS[t.type]} (${t.count.toLocaleString('en-US')})`,
          values: [t.cost, t.idleCost],
        }))}
        format={usd}
      />
      <Table aria-label="Busy and idle hours by compute type" withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Compute type</Table.Th>
            <Table.Th ta="right">DBUs</Table.Th>
            <Table.Th ta="right">Busy hours</Table.Th>
            <Table.Th ta="right">Idle hours</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {s.byType.map((t) => (
            <Table.Tr key={t.type}>
              <Table.Td>{CLUSTER_TYPE_LABELS[t.type]}</Table.Td>
              <Table.Td ta="right">{dbus(t.dbus)}</Table.Td>
              <Table.Td ta="right">{hours(t.busyHours)}</Table.Td>
              <Table.Td ta="right">{hours(t.idleHours)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <ShareBars
          caption="Cluster cost by workspace"
          labelTitle="Workspace"
          valueTitles={['Cost (USD)', 'Idle cost (USD)']}
          barsTitle="Cost and idle cost"
          rows={s.byWorkspace.map((w) => ({
            key: w.workspace,
            label: w.workspace,
            values: [w.cost, w.idleCost],
          }))}
          format={usd}
        />
        <ShareBars
          caption="Cluster cost by node type"
          labelTitle="Node type"
          valueTitles={['Cost (USD)']}
          rows={s.byNodeType.map((n) => ({
            key: n.nodeType,
            label: `${n.nodeType} (${hours(n.hours)})`,
            values: [n.cost],
          }))}
          format={usd}
        />
      </SimpleGrid>
      <Table aria-label="Autoscaling and spot shares of the cluster cost" withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Configuration</Table.Th>
            <Table.Th ta="right">Clusters</Table.Th>
            <Table.Th ta="right">Cost (USD)</Table.Th>
            <Table.Th ta="right">Share of the cluster cost</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {[...s.scaling, ...s.availability].map((k) => (
            <Table.Tr key={k.kind}>
              <Table.Td>
                {
                  {
                    autoscaling: 'Autoscaling',
                    fixed: 'Fixed workers',
                    spot: 'Spot workers',
                    on_demand: 'On-demand workers',
                  }[k.kind]
                }
              </Table.Td>
              <Table.Td ta="right">{k.count.toLocaleString('en-US')}</Table.Td>
              <Table.Td ta="right">{usd(k.cost)}</Table.Td>
              <Table.Td ta="right">{percent(k.share)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Stack gap="xs">
        <Title order={2} size="h5">
          All-purpose clusters by idle cost
        </Title>
        <Table aria-label="All-purpose clusters by idle cost" withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Cluster</Table.Th>
              <Table.Th>Workspace</Table.Th>
              <Table.Th ta="right">Sessions</Table.Th>
              <Table.Th ta="right">Idle hours</Table.Th>
              <Table.Th ta="right">Idle cost (USD)</Table.Th>
              <Table.Th ta="right">Cost (USD)</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {s.topIdle.map((c) => (
              <Table.Tr key={c.clusterId}>
                <Table.Td>
                  {c.name} <span style={{ fontFamily: 'monospace' }}>[{c.clusterId}]</span>
                </Table.Td>
                <Table.Td>{c.workspace}</Table.Td>
                <Table.Td ta="right">{c.sessions}</Table.Td>
                <Table.Td ta="right">{hours(c.idleHours)}</Table.Td>
                <Table.Td ta="right">{usd(c.idleCost)}</Table.Td>
                <Table.Td ta="right">{usd(c.cost)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Anchor component={Link} to={IDLE_LIST_HREF} size="sm">
          See the inefficient clusters, costliest idle time first
        </Anchor>
      </Stack>
    </Stack>
  )
}

/**
 * /compute/cluster_summary (R185): what a Databricks admin wants on one page — clusters and SQL
 * warehouses up now, cost and DBUs by compute type, busy and idle hours and the cost of idle time,
 * by workspace and node type, autoscaling and spot shares, and the clusters idling the most,
 * linking to the list. Figures are the clusters list's rows summed for the same window.
 */
export default function ClusterSummaryPage() {
  const range = useAddressRange({ preset: '7_d' })
  const { dateRange } = range.state
  const result = useDatabricksClusterSummaryQuery({
    start_time: String(dateRange.start),
    end_time: String(dateRange.end),
  })
  return (
    <Stack gap="md">
      <PageHeader
        title="Cluster Summary"
        description="Databricks compute in the range: clusters and SQL warehouses"
      >
        <RangePicker list={range} />
        <RefreshButton clock={range.clock} onRefresh={() => void result.refetch()} />
      </PageHeader>
      <DashboardPanel what="The cluster summary" result={result} kpis={kpis} kpiLabel="Compute in the range">
        {(s) => <SummaryTables s={s} />}
      </DashboardPanel>
    </Stack>
  )
}
