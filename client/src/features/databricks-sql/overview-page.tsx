import { Link } from 'react-router-dom'
import { Anchor, SimpleGrid, Stack, Table, Title } from '@mantine/core'
import type { DatabricksSqlOverview as Overview } from '@costlens/shared'
import type { ChartPanelSpec } from '../../kit/chart-panel.tsx'
import { DashboardPanel } from '../../kit/dashboard-panel.tsx'
import type { Kpi } from '../../kit/kpi-row.tsx'
import { PageHeader, RangePicker, RefreshButton } from '../../kit/page-header.tsx'
import { useAddressRange } from '../../kit/use-address-range.ts'
import { useDatabricksSqlOverviewQuery } from './api.ts'
import { PreviewTitle, count, dbus, duration, hours, usd, windowArgs } from './sql-format.tsx'

const kpis = (o: Overview): Kpi[] => [
  { label: 'Spend (USD)', value: usd(o.totals.cost) },
  { label: 'DBUs', value: dbus(o.totals.dbus) },
  { label: 'Queries', value: count(o.totals.queries) },
  { label: 'Failed queries', value: count(o.totals.failedQueries) },
  { label: 'Query duration p50', value: duration(o.totals.p50Ms) },
  { label: 'Query duration p95', value: duration(o.totals.p95Ms) },
  { label: 'Busy hours', value: hours(o.totals.busyHours) },
  { label: 'Idle hours', value: hours(o.totals.idleHours) },
  { label: 'Idle cost (USD)', value: usd(o.totals.idleCost) },
]

/** Spend per UTC day, one stacked series per warehouse, in USD and in DBUs. */
const charts = (o: Overview): ChartPanelSpec[] => {
  const range = { from: o.days[0] ?? o.start, to: o.end }
  const per = (unit: 'cost' | 'dbus') =>
    o.series.map((s) => ({ name: s.name, data: o.days.map((d, i) => [d, s[unit][i] ?? 0] as const) }))
  return [
    {
      kind: 'stacked-bars',
      title: 'Spend per day by warehouse (USD)',
      description: 'Each bar is a UTC day; its parts are the warehouses’ session cost that day, in USD.',
      series: per('cost'),
      range,
      cost: true,
      yAxisTitle: 'USD',
      valueFormat: usd,
    },
    {
      kind: 'stacked-bars',
      title: 'DBUs per day by warehouse',
      description: 'Each bar is a UTC day; its parts are the warehouses’ DBUs that day.',
      series: per('dbus'),
      range,
      yAxisTitle: 'DBU',
      valueFormat: dbus,
    },
  ]
}

function TopTables({ o }: { o: Overview }) {
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }}>
      <Stack gap="xs">
        <Title order={2} size="h5">
          Top warehouses by spend
        </Title>
        <Table aria-label="Top warehouses by spend" withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Warehouse</Table.Th>
              <Table.Th>Workspace</Table.Th>
              <Table.Th ta="right">Queries</Table.Th>
              <Table.Th ta="right">Idle cost (USD)</Table.Th>
              <Table.Th ta="right">Spend (USD)</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {o.topWarehouses.map((w) => (
              <Table.Tr key={w.warehouseId}>
                <Table.Td>{w.name}</Table.Td>
                <Table.Td>{w.workspace}</Table.Td>
                <Table.Td ta="right">{count(w.queries)}</Table.Td>
                <Table.Td ta="right">{usd(w.idleCost)}</Table.Td>
                <Table.Td ta="right">{usd(w.cost)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Anchor component={Link} to="/sql/osd_sql_warehouses" size="sm">
          All warehouses
        </Anchor>
      </Stack>
      <Stack gap="xs">
        <Title order={2} size="h5">
          Top users by attributed cost
        </Title>
        <Table aria-label="Top users by attributed cost" withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>User</Table.Th>
              <Table.Th ta="right">Queries</Table.Th>
              <Table.Th ta="right">Attributed cost (USD)</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {o.topUsers.map((u) => (
              <Table.Tr key={u.user}>
                <Table.Td>{u.user}</Table.Td>
                <Table.Td ta="right">{count(u.queries)}</Table.Td>
                <Table.Td ta="right">{usd(u.cost)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Anchor component={Link} to="/sql/osd_sql_users" size="sm">
          All users, with the idle cost
        </Anchor>
      </Stack>
    </SimpleGrid>
  )
}

/**
 * /sql/osd_sql_overview (R191, preview): the SQL warehouses' spend in the range per day by
 * warehouse (USD and DBUs), KPIs (spend, queries, failures, p50/p95, busy and idle hours, idle
 * cost) and the top warehouses and users, linking to their lists.
 */
export default function SqlOverviewPage() {
  const range = useAddressRange({ preset: '7_d' })
  const result = useDatabricksSqlOverviewQuery(windowArgs(range.state.dateRange))
  return (
    <Stack gap="md">
      <PageHeader
        title={<PreviewTitle title="SQL Overview" />}
        description="Databricks SQL warehouses in the range: spend, queries and idle time"
      >
        <RangePicker list={range} kind="databricksSql" />
        <RefreshButton clock={range.clock} onRefresh={() => void result.refetch()} />
      </PageHeader>
      <DashboardPanel
        what="The SQL overview"
        result={result}
        kpis={kpis}
        kpiLabel="SQL warehouses in the range"
        charts={charts}
        cols={2}
      >
        {(o) => <TopTables o={o} />}
      </DashboardPanel>
    </Stack>
  )
}
