import { Link } from 'react-router-dom'
import { Anchor, Paper, SimpleGrid, Stack, Table, Title } from '@mantine/core'
import type { DatabricksSqlOverview as Overview } from '@costlens/shared'
import { StackedBarChart } from '../../components/charts/stacked-bar-chart.tsx'
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

const dayLabel = (ms: number) =>
  new Date(ms).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' })

/**
 * Spend per UTC day, one stacked series per warehouse, in USD and in DBUs: days as categories, so
 * each day is one full-width bar (on a time axis a week's bars were slivers).
 */
function DayCharts({ o }: { o: Overview }) {
  const categories = o.days.map(dayLabel)
  const per = (unit: 'cost' | 'dbus') => o.series.map((s) => ({ name: s.name, data: s[unit] }))
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }}>
      <Paper withBorder p="sm">
        <StackedBarChart
          title="Spend per day by warehouse (USD)"
          description="Each bar is a UTC day; its parts are the warehouses’ session cost that day, in USD."
          categories={categories}
          series={per('cost')}
          yAxisTitle="USD"
          xAxisTitle="Day (UTC)"
          valueFormat={usd}
        />
      </Paper>
      <Paper withBorder p="sm">
        <StackedBarChart
          title="DBUs per day by warehouse"
          description="Each bar is a UTC day; its parts are the warehouses’ DBUs that day."
          categories={categories}
          series={per('dbus')}
          yAxisTitle="DBU"
          xAxisTitle="Day (UTC)"
          valueFormat={dbus}
        />
      </Paper>
    </SimpleGrid>
  )
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
      >
        {(o) => (
          <Stack gap="md">
            <DayCharts o={o} />
            <TopTables o={o} />
          </Stack>
        )}
      </DashboardPanel>
    </Stack>
  )
}
