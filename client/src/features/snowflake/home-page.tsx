import { useMemo } from 'react'
import { Link } from 'react-router-dom'
import { Anchor, Group, Paper, Stack } from '@mantine/core'
import {
  formatCount,
  formatCredits as credits,
  formatSortParam,
  formatUsd as usd,
  LIST_TABLE_DEFAULTS,
  presetRange,
  snowflakeMetadataParams,
  type SnowflakeQueryRow,
} from '@costlens/shared'
import { DataTable } from '../../components/table/data-table.tsx'
import { DashboardPanel } from '../../kit/dashboard-panel.tsx'
import { costChangeNote } from '../../kit/kpi-row.tsx'
import { usePageClock } from '../../kit/page-clock.ts'
import { PageHeader, RefreshButton } from '../../kit/page-header.tsx'
import { useCostOverviewQuery, useQuerySearchQuery, windowParams } from './api.ts'
import { QUERY_COLUMNS } from './query-columns.tsx'
import { statusStyle } from './query-format.tsx'

// The home's glance: the last 7 days of cost (the cost selector's default) and today's worst queries.
const COST_WINDOW = '7_d'
const TOP_QUERIES = 5
// A fixed top 5: no sorting of its own.
const TOP_COLUMNS = QUERY_COLUMNS.map((c) => ({ ...c, sortable: false })).filter((c) =>
  ['id', 'status', 'insights', 'userName', 'warehouse', 'duration', 'cost', 'usage'].includes(c.key),
)

/**
 * /home (R121, the Snowflake landing, G08): the cost and credits of the last 7 days with their trend
 * and the costliest warehouses and users, and today's costliest inefficient queries, each leading
 * to its page. Refresh moves the page clock: both windows are read again at the new now.
 */
export default function SnowflakeHomePage() {
  const clock = usePageClock()
  const week = useMemo(() => presetRange(COST_WINDOW, clock.now)!, [clock.now])
  const today = useMemo(() => presetRange('today', clock.now)!, [clock.now])
  const overview = useCostOverviewQuery(windowParams(week))
  const worst = useQuerySearchQuery({
    ...snowflakeMetadataParams('inefficient', today),
    page: 1,
    pageSize: TOP_QUERIES,
    sort: formatSortParam(LIST_TABLE_DEFAULTS.snowflakeQueries.sort),
  })

  return (
    <Stack gap="md">
      <PageHeader title="Snowflake at a glance">
        <RefreshButton clock={clock} />
      </PageHeader>
      <DashboardPanel
        what="The cost"
        result={overview}
        minHeight={320}
        kpiLabel="Last 7 days"
        kpis={(d) => [
          {
            label: 'Cost, last 7 days (USD)',
            value: usd(d.total.cost),
            ...costChangeNote(d.changePercent, 'vs the 7 days before', 'No cost in the 7 days before'),
          },
          { label: 'Credits, last 7 days', value: credits(d.total.credits) },
          { label: 'Queries, last 7 days', value: formatCount(d.total.queryCount) },
          {
            label: 'Inefficient queries today',
            // A failed list is no count: '--', never 0.
            value: worst.data ? formatCount(worst.data.total) : '--',
            note: worst.isError ? 'The list could not be loaded' : 'Open the list to see why',
          },
        ]}
        cols={3}
        charts={(d) => [
          {
            kind: 'line',
            title: 'Cost, last 7 days (USD)',
            series: [{ name: 'Cost', data: d.trend }],
            range: { from: week.start, to: week.end },
            valueFormat: usd,
          },
          {
            kind: 'donut',
            title: 'Costliest warehouses',
            slices: d.topWarehouses.map((r) => ({ name: r.name, value: r.cost })),
            valueFormat: usd,
          },
          {
            kind: 'donut',
            title: 'Costliest users',
            slices: d.topUsers.map((r) => ({ name: r.name, value: r.cost })),
            valueFormat: usd,
          },
        ]}
      />
      <Paper withBorder p="sm">
        <DataTable<SnowflakeQueryRow>
          caption="Today's costliest inefficient queries"
          mode="server"
          columns={TOP_COLUMNS}
          rows={worst.data?.results ?? []}
          rowKey={(r) => r.id}
          totalRecords={worst.data?.total ?? 0}
          loading={worst.isFetching}
          failure={
            worst.isError
              ? {
                  what: "Today's costliest inefficient queries",
                  error: worst.error,
                  onRetry: () => void worst.refetch(),
                }
              : null
          }
          paginate={false}
          search={false}
          rowStatus={(r) => statusStyle(r.status)}
          emptyText="No inefficient queries so far today"
          toolbar={
            <Anchor component={Link} to="/query/list" size="sm">
              All inefficient queries
            </Anchor>
          }
        />
      </Paper>
      <Group gap="md">
        <Anchor component={Link} to="/cost/osd_cost_overview" size="sm">
          Cost overview
        </Anchor>
        <Anchor component={Link} to="/warehouse/list" size="sm">
          Warehouses
        </Anchor>
      </Group>
    </Stack>
  )
}
