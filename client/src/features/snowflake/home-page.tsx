import { useMemo, useState } from 'react'
import { Link } from 'react-router-dom'
import { Anchor, Button, Group, Paper, SimpleGrid, Stack, Title } from '@mantine/core'
import { IconRefresh } from '@tabler/icons-react'
import {
  formatCount,
  formatPercent,
  formatSortParam,
  LIST_TABLE_DEFAULTS,
  presetRange,
  snowflakeMetadataParams,
  type SnowflakeQueryRow,
} from '@costlens/shared'
import { DonutChart } from '../../components/charts/donut-chart.tsx'
import { LineChart } from '../../components/charts/line-chart.tsx'
import { DataTable } from '../../components/table/data-table.tsx'
import { useCostOverviewQuery, useQuerySearchQuery } from './api.ts'
import { KpiCards, costChangeColor } from './kpi-cards.tsx'
import { PanelState } from '../../components/panel-state/panel-state.tsx'
import { queryPanel } from '../../components/panel-state/panel-status.ts'
import { QUERY_COLUMNS } from './query-columns.tsx'
import { credits, statusStyle, usd } from './query-format.tsx'

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
 * to its page.
 */
export default function SnowflakeHomePage() {
  const [now, setNow] = useState(() => Date.now())
  const week = useMemo(() => presetRange(COST_WINDOW, now)!, [now])
  const today = useMemo(() => presetRange('today', now)!, [now])
  const overview = useCostOverviewQuery({
    startTime: new Date(week.start).toISOString(),
    endTime: new Date(week.end).toISOString(),
  })
  const worst = useQuerySearchQuery({
    ...snowflakeMetadataParams('inefficient', today),
    page: 1,
    pageSize: TOP_QUERIES,
    sort: formatSortParam(LIST_TABLE_DEFAULTS.snowflakeQueries.sort),
  })
  const data = overview.data
  const change = data?.changePercent

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1} size="h3">
          Snowflake at a glance
        </Title>
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconRefresh size={16} aria-hidden />}
            onClick={() => setNow(Date.now())}
          >
            Refresh
          </Button>
        </Group>
      </Group>
      <PanelState what="The cost" minHeight={320} {...queryPanel(overview, false)}>
        {data && (
          <KpiCards
            label="Last 7 days"
            items={[
              {
                label: 'Cost, last 7 days (USD)',
                value: usd(data.total.cost),
                note:
                  change === null || change === undefined
                    ? 'No cost in the 7 days before'
                    : `${change > 0 ? '▲ +' : change < 0 ? '▼ ' : ''}${formatPercent(change)} vs the 7 days before`,
                noteColor: costChangeColor(change),
              },
              { label: 'Credits, last 7 days', value: credits(data.total.credits) },
              { label: 'Queries, last 7 days', value: formatCount(data.total.queryCount) },
              {
                label: 'Inefficient queries today',
                // A failed list is no count: '--', never 0.
                value: worst.data ? formatCount(worst.data.total) : '--',
                note: worst.isError ? 'The list could not be loaded' : 'Open the list to see why',
              },
            ]}
          />
        )}
        <SimpleGrid cols={{ base: 1, lg: 3 }}>
          <LineChart
            title="Cost, last 7 days (USD)"
            series={[{ name: 'Cost', data: data?.trend ?? [] }]}
            range={{ from: week.start, to: week.end }}
            valueFormat={usd}
          />
          <DonutChart
            title="Costliest warehouses"
            slices={(data?.topWarehouses ?? []).map((r) => ({ name: r.name, value: r.cost }))}
            valueFormat={usd}
          />
          <DonutChart
            title="Costliest users"
            slices={(data?.topUsers ?? []).map((r) => ({ name: r.name, value: r.cost }))}
            valueFormat={usd}
          />
        </SimpleGrid>
      </PanelState>
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
