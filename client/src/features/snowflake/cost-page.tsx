import { useMemo, useState } from 'react'
import { Link, useLocation } from 'react-router-dom'
import { Anchor, Grid, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import {
  formatCount,
  formatDurationMs,
  formatPercent,
  isActionAllowed,
  queryStringFromState,
  type DateRange,
  type SnowflakeCostQueryRow,
  type SnowflakeCostRow,
  type SnowflakeCostTotals,
} from '@costlens/shared'
import { useAppSelector } from '../../app/hooks.ts'
import { DonutChart } from '../../components/charts/donut-chart.tsx'
import { LineChart } from '../../components/charts/line-chart.tsx'
import { StackedBarChart } from '../../components/charts/stacked-bar-chart.tsx'
import { DataTable } from '../../components/table/data-table.tsx'
import type { DataColumn } from '../../components/table/table-types.ts'
import { useCostBreakdownQuery, useCostOverviewQuery, useCostQueriesQuery } from './api.ts'
import { COST_PRESET, COST_VIEWS, type CostView } from './cost-views.ts'
import { KpiCards, costChangeColor, type Kpi } from './kpi-cards.tsx'
import { PanelState } from '../../components/panel-state/panel-state.tsx'
import { queryPanel } from '../../components/panel-state/panel-status.ts'
import { queryDetailsHref } from './query-columns.tsx'
import { credits, plain4, usd } from './query-format.tsx'
import { warehouseHref } from './warehouse-columns.tsx'
import { WindowPicker } from './window-picker.tsx'
import { useAddressWindow, windowParams } from './window-state.ts'

/** The query list of the same window narrowed to one value, on the whole list. */
function queriesHref(range: DateRange, filter: Record<string, string>) {
  return `/query/list${queryStringFromState({
    tab: 'all',
    ...filter,
    startDate: new Date(range.start).toISOString(),
    endDate: new Date(range.end).toISOString(),
  })}`
}

function totalsKpis(total: SnowflakeCostTotals): Kpi[] {
  return [
    { label: 'Cost (USD)', value: usd(total.cost) },
    { label: 'Credits', value: credits(total.credits) },
    { label: 'Queries', value: formatCount(total.queryCount) },
    { label: 'Avg cost per query', value: usd(total.queryCount ? total.cost / total.queryCount : 0) },
  ]
}

/**
 * /cost/osd_cost_overview, osd_cost_users, osd_cost_warehouses, osd_cost_queries and osd_tags
 * (R122-R126): the window's Snowflake cost in USD and credits (4 decimals, 03 §9), its trend and
 * its breakdown, on the cost range selector (7, 14, 30, 90 days, a year; 7 by default).
 */
export default function CostPage() {
  const location = useLocation()
  const user = useAppSelector((s) => s.session.user)!
  const view = COST_VIEWS[location.pathname] ?? COST_VIEWS['/cost/osd_cost_overview']!
  const { window, toNow } = useAddressWindow(COST_PRESET)
  const [refreshes, setRefreshes] = useState(0)
  const freemium = user.plan === 'freemium'
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h3">
          {view.title}
        </Title>
        <WindowPicker
          window={window}
          preset={COST_PRESET}
          kind="cost"
          freemium={freemium}
          onRefresh={() => {
            toNow()
            setRefreshes((n) => n + 1)
          }}
        />
      </Group>
      <CostBody
        key={`${view.title}:${refreshes}`}
        view={view}
        range={window.dateRange}
        exportAllowed={isActionAllowed(user.plan, 'download')}
      />
    </Stack>
  )
}

interface BodyProps {
  range: DateRange
  exportAllowed: boolean
}

function CostBody({ view, ...props }: BodyProps & { view: CostView }) {
  if (view.kind === 'overview') return <CostOverview {...props} />
  if (view.kind === 'queries') return <CostQueries {...props} />
  return <CostBreakdown {...props} view={view} />
}

function CostOverview({ range, exportAllowed }: BodyProps) {
  const overview = useCostOverviewQuery(windowParams(range), { refetchOnMountOrArgChange: true })
  const data = overview.data
  // Loading is a spinner and a failure its error with a retry: never charts reading 'No Data Available'.
  const panel = queryPanel(overview, false)
  if (panel.status !== 'ready') return <PanelState what="The cost" minHeight={300} {...panel} />
  const chartRange = { from: range.start, to: range.end }
  const change = data?.changePercent
  const kpis = data ? totalsKpis(data.total) : []
  if (data)
    kpis[0] = {
      ...kpis[0]!,
      note:
        change === null || change === undefined
          ? 'No cost in the previous period'
          : `${change > 0 ? '▲ +' : change < 0 ? '▼ ' : ''}${formatPercent(change)} vs ${usd(data.previous.cost)} before`,
      noteColor: costChangeColor(change),
    }
  return (
    <Stack gap="md" aria-busy={overview.isFetching}>
      {data && <KpiCards label="Cost totals" items={kpis} />}
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <LineChart
          title="Cost (USD)"
          series={[{ name: 'Cost', data: data?.trend ?? [] }]}
          range={chartRange}
          valueFormat={usd}
          exportAllowed={exportAllowed}
        />
        <LineChart
          title="Credits"
          series={[{ name: 'Credits', data: data?.creditsTrend ?? [] }]}
          range={chartRange}
          valueFormat={credits}
          exportAllowed={exportAllowed}
        />
        <DonutChart
          title="Costliest warehouses"
          slices={(data?.topWarehouses ?? []).map((r) => ({ name: r.name, value: r.cost }))}
          valueFormat={usd}
          exportAllowed={exportAllowed}
        />
        <DonutChart
          title="Costliest users"
          slices={(data?.topUsers ?? []).map((r) => ({ name: r.name, value: r.cost }))}
          valueFormat={usd}
          exportAllowed={exportAllowed}
        />
      </SimpleGrid>
    </Stack>
  )
}

function costColumns(view: Extract<CostView, { kind: 'breakdown' }>, range: DateRange) {
  const name: DataColumn<SnowflakeCostRow> = {
    key: 'name',
    title: view.rowTitle,
    width: 240,
    render: (r) => {
      const text = r.name || '(no tag)'
      if (view.link === 'warehouse')
        return (
          <Anchor
            component={Link}
            to={warehouseHref(r.id, queryStringFromState({ start_date: range.start, end_date: range.end }))}
            size="sm"
          >
            {text}
          </Anchor>
        )
      if (view.link === 'queries-by-user')
        return (
          <Anchor component={Link} to={queriesHref(range, { userName: r.id })} size="sm">
            {text}
          </Anchor>
        )
      return text
    },
  }
  return [name, ...AMOUNT_COLUMNS]
}

const AMOUNT_COLUMNS: readonly DataColumn<SnowflakeCostRow & SnowflakeCostQueryRow>[] = [
  {
    key: 'cost',
    title: 'Cost (USD)',
    width: 140,
    align: 'right',
    render: (r) => usd(r.cost),
    exportValue: (r) => plain4(r.cost),
  },
  {
    key: 'credits',
    title: 'Credits',
    width: 120,
    align: 'right',
    render: (r) => credits(r.credits),
    exportValue: (r) => plain4(r.credits),
  },
  {
    key: 'queryCount',
    title: 'Queries',
    width: 110,
    align: 'right',
    render: (r) => formatCount(r.queryCount),
  },
  { key: 'share', title: 'Share', width: 100, align: 'right', render: (r) => `${formatPercent(r.share)}` },
]

function CostBreakdown({
  view,
  range,
  exportAllowed,
}: BodyProps & { view: Extract<CostView, { kind: 'breakdown' }> }) {
  const breakdown = useCostBreakdownQuery(
    { by: view.call, ...windowParams(range) },
    { refetchOnMountOrArgChange: true },
  )
  const data = breakdown.data
  const columns = useMemo(() => costColumns(view, range), [view, range])
  // Loading is a spinner and a failure its error with a retry: never charts reading 'No Data Available'.
  const panel = queryPanel(breakdown, false)
  if (panel.status !== 'ready') return <PanelState what="The cost" minHeight={300} {...panel} />
  const chartRange = { from: range.start, to: range.end }
  return (
    <Stack gap="md">
      {data && (
        <KpiCards
          label="Cost totals"
          items={[
            ...totalsKpis(data.total).slice(0, 3),
            { label: `${view.rowTitle}s`, value: String(data.rows.length) },
          ]}
        />
      )}
      <Grid>
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <StackedBarChart
            title={`Cost of the top ${view.rowTitle.toLowerCase()}s (USD)`}
            series={(data?.series ?? []).map((s) => ({ name: s.name || '(no tag)', data: s.data }))}
            range={chartRange}
            valueFormat={usd}
            cost
            exportAllowed={exportAllowed}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <DonutChart
            title={`Share of cost by ${view.rowTitle.toLowerCase()}`}
            slices={(data?.rows ?? [])
              .slice(0, 10)
              .map((r) => ({ name: r.name || '(no tag)', value: r.cost }))}
            valueFormat={usd}
            exportAllowed={exportAllowed}
          />
        </Grid.Col>
      </Grid>
      <DataTable<SnowflakeCostRow>
        caption={`Cost by ${view.rowTitle.toLowerCase()}`}
        columns={columns as DataColumn<SnowflakeCostRow>[]}
        rows={data?.rows ?? []}
        rowKey={(r) => r.id || '(none)'}
        loading={breakdown.isFetching}
        defaultView={{ sort: { key: 'cost', direction: 'desc' }, pageSize: 15 }}
        download={{ name: `snowflake_${view.call}`, formats: ['csv'], locked: !exportAllowed }}
      />
    </Stack>
  )
}

function CostQueries({ range, exportAllowed }: BodyProps) {
  const queries = useCostQueriesQuery(windowParams(range), { refetchOnMountOrArgChange: true })
  const data = queries.data
  const columns = useMemo<DataColumn<SnowflakeCostQueryRow>[]>(
    () => [
      {
        key: 'sqlShort',
        title: 'Query signature',
        width: 360,
        render: (r) => (
          <Stack gap={0}>
            <Anchor
              component={Link}
              to={queriesHref(range, { signature: r.signature })}
              size="sm"
              ff="monospace"
              truncate
            >
              {r.signature}
            </Anchor>
            <Text size="xs" c="dimmed" ff="monospace" truncate title={r.sqlShort}>
              {r.sqlShort}
            </Text>
          </Stack>
        ),
      },
      { key: 'queryType', title: 'Type', width: 110 },
      {
        key: 'sampleQueryId',
        title: 'Sample query',
        width: 170,
        render: (r) => (
          <Anchor component={Link} to={queryDetailsHref(r.sampleQueryId)} size="sm" ff="monospace" truncate>
            {r.sampleQueryId}
          </Anchor>
        ),
      },
      { key: 'userName', title: 'User', width: 130 },
      { key: 'warehouseName', title: 'Warehouse', width: 160 },
      ...(AMOUNT_COLUMNS as readonly DataColumn<SnowflakeCostQueryRow>[]),
      {
        key: 'avgDuration',
        title: 'Avg duration',
        width: 120,
        align: 'right',
        render: (r) => formatDurationMs(r.avgDuration),
      },
    ],
    [range],
  )
  // Loading is a spinner and a failure its error with a retry: never charts reading 'No Data Available'.
  const panel = queryPanel(queries, false)
  if (panel.status !== 'ready') return <PanelState what="The cost" minHeight={300} {...panel} />
  return (
    <Stack gap="md">
      {data && <KpiCards label="Cost totals" items={totalsKpis(data.total)} />}
      <LineChart
        title="Cost (USD)"
        series={[{ name: 'Cost', data: data?.trend ?? [] }]}
        range={{ from: range.start, to: range.end }}
        valueFormat={usd}
        exportAllowed={exportAllowed}
      />
      <DataTable<SnowflakeCostQueryRow>
        caption="Costliest query signatures"
        columns={columns}
        rows={data?.rows ?? []}
        rowKey={(r) => r.signature}
        loading={queries.isFetching}
        defaultView={{ sort: { key: 'cost', direction: 'desc' }, pageSize: 15 }}
        download={{ name: 'snowflake_cost_queries', formats: ['csv'], locked: !exportAllowed }}
      />
    </Stack>
  )
}
