import type { ReactNode } from 'react'
import { Link, useLocation } from 'react-router-dom'
import { Anchor, Stack, Text } from '@mantine/core'
import {
  formatCount,
  formatUsd as usd,
  formatCredits as credits,
  isActionAllowed,
  queryStringFromState,
  type DateRange,
  type SnowflakeCostQueryRow,
  type SnowflakeCostRow,
  type SnowflakeCostTotals,
} from '@costlens/shared'
import { useAppSelector } from '../../app/hooks.ts'
import { PanelState } from '../../components/panel-state/panel-state.tsx'
import { queryPanel } from '../../components/panel-state/panel-status.ts'
import { DataTable } from '../../components/table/data-table.tsx'
import { OverflowTooltip } from '../../components/table/overflow-text.tsx'
import type { DataColumn } from '../../components/table/table-types.ts'
import { ChartGrid, type ChartPanelSpec } from '../../kit/chart-panel.tsx'
import { columns as col } from '../../kit/columns.tsx'
import { addressRange } from '../../kit/fields.ts'
import { KpiRow, costChangeNote, type Kpi } from '../../kit/kpi-row.tsx'
import type { ListQueryResult } from '../../kit/list-page.tsx'
import { useRefetchOnTick } from '../../kit/page-clock.ts'
import { PageHeader, RangePicker, RefreshButton } from '../../kit/page-header.tsx'
import { useAddressRange } from '../../kit/use-address-range.ts'
import { useCostBreakdownQuery, useCostOverviewQuery, useCostQueriesQuery, windowParams } from './api.ts'
import { COST_PRESET, COST_VIEWS, type CostView } from './cost-views.ts'
import { queryDetailsHref } from './query-columns.tsx'
import { warehouseHref } from './warehouse-columns.tsx'

type Breakdown = Extract<CostView, { kind: 'breakdown' }>

/** The query list of the same window narrowed to one value, on the whole list. */
function queriesHref(range: DateRange, filter: Record<string, string>) {
  return `/query/list${queryStringFromState({ tab: 'all', ...filter, ...windowFields(range) })}`
}
const windowFields = (range: DateRange) => ({
  startDate: new Date(range.start).toISOString(),
  endDate: new Date(range.end).toISOString(),
})

function totalsKpis(total: SnowflakeCostTotals): Kpi[] {
  return [
    { label: 'Cost (USD)', value: usd(total.cost) },
    { label: 'Credits', value: credits(total.credits) },
    { label: 'Queries', value: formatCount(total.queryCount) },
    { label: 'Avg cost per query', value: usd(total.queryCount ? total.cost / total.queryCount : 0) },
  ]
}

/** What a cost view shows of its answer: a KPI row, its charts and (but the overview) a table. */
interface CostPanelProps<D> {
  result: ListQueryResult<D> & { isLoading: boolean }
  request: unknown
  now: number
  kpis: (data: D) => Kpi[]
  charts: (data: D) => (ChartPanelSpec & { span?: number })[]
  cols?: number
  table?: (data: D) => ReactNode
}

/** One cost view: loading a spinner, a failure its error with a retry, never charts reading 'No Data Available'. */
function CostPanel<D>({ result, request, now, kpis, charts, cols, table }: CostPanelProps<D>) {
  useRefetchOnTick(now, request, result.refetch)
  const { data } = result
  const panel = queryPanel(result, false)
  const status = panel.status === 'ready' && data === undefined ? 'loading' : panel.status
  if (status !== 'ready' || data === undefined)
    return <PanelState what="The cost" minHeight={300} {...panel} status={status} />
  return (
    <Stack gap="md" aria-busy={result.isFetching}>
      <KpiRow label="Cost totals" kpis={kpis(data)} />
      <ChartGrid specs={charts(data)} cols={cols} />
      {table?.(data)}
    </Stack>
  )
}

/** The amounts of a breakdown or signature row: cost and credits to 4 decimals (03 §9), queries and share. */
const amountColumns = <R extends SnowflakeCostTotals & { share: number }>(): DataColumn<R>[] => [
  { ...col.usd<R>('cost', 'Cost', 140, 4), priority: 1 },
  { ...col.credits<R>('credits'), priority: 2 },
  { ...col.count<R>('queryCount', 'Queries', 100), render: (r) => formatCount(r.queryCount), priority: 2 },
  { ...col.percent<R>('share', 'Share'), priority: 2 },
]

/** The warehouse details open on the same window, as its address writes it. */
const WAREHOUSE_RANGE = addressRange({ preset: 'today' })

function breakdownColumns(view: Breakdown, range: { dateRange: DateRange; rangeLabel: string }) {
  const link = (r: SnowflakeCostRow) =>
    view.link === 'warehouse'
      ? warehouseHref(r.id, queryStringFromState(WAREHOUSE_RANGE.write(range)))
      : view.link === 'queries-by-user'
        ? queriesHref(range.dateRange, { userName: r.id })
        : null
  const name: DataColumn<SnowflakeCostRow> = {
    key: 'name',
    title: view.rowTitle,
    width: 240,
    priority: 1,
    sticky: true,
    render: (r) => {
      const text = r.name || '(no tag)'
      const to = link(r)
      return to ? (
        <Anchor component={Link} to={to} size="sm">
          {text}
        </Anchor>
      ) : (
        text
      )
    },
  }
  return [name, ...amountColumns<SnowflakeCostRow>()]
}

/**
 * Priorities (issue 16): the signature and its cost always show; credits, count and share next;
 * then the average duration and the user; the sample query, warehouse and type on wide screens or
 * from the column chooser.
 */
function signatureColumns(range: DateRange): DataColumn<SnowflakeCostQueryRow>[] {
  return [
    {
      key: 'sqlShort',
      title: 'Query signature',
      width: 340,
      priority: 1,
      sticky: true,
      render: (r) => (
        <OverflowTooltip label={`${r.signature} — ${r.sqlShort}`}>
          <Anchor
            component={Link}
            to={queriesHref(range, { signature: r.signature })}
            size="sm"
            ff="monospace"
            truncate
            display="block"
          >
            {r.signature}
          </Anchor>
          <Text size="xs" c="dimmed" ff="monospace" truncate>
            {r.sqlShort}
          </Text>
        </OverflowTooltip>
      ),
    },
    ...amountColumns<SnowflakeCostQueryRow>(),
    { ...col.duration<SnowflakeCostQueryRow>('avgDuration', 'Avg duration', 120), priority: 3 },
    { ...col.text<SnowflakeCostQueryRow>('userName', 'User', 150), priority: 3 },
    {
      key: 'sampleQueryId',
      title: 'Sample query',
      width: 170,
      priority: 4,
      render: (r) => (
        <Anchor component={Link} to={queryDetailsHref(r.sampleQueryId)} size="sm" ff="monospace" truncate>
          {r.sampleQueryId}
        </Anchor>
      ),
    },
    { ...col.text<SnowflakeCostQueryRow>('warehouseName', 'Warehouse', 170), priority: 4 },
    { ...col.text<SnowflakeCostQueryRow>('queryType', 'Type', 110), priority: 5 },
  ]
}

interface ViewProps {
  range: { dateRange: DateRange; rangeLabel: string }
  now: number
  exportAllowed: boolean
}

function CostOverview({ range, now, exportAllowed }: ViewProps) {
  const request = windowParams(range.dateRange)
  const chartRange = { from: range.dateRange.start, to: range.dateRange.end }
  return (
    <CostPanel
      result={useCostOverviewQuery(request)}
      request={request}
      now={now}
      kpis={(d) => {
        const [cost, ...rest] = totalsKpis(d.total)
        const against = `vs ${usd(d.previous.cost)} before`
        return [
          { ...cost!, ...costChangeNote(d.changePercent, against, 'No cost in the previous period') },
          ...rest,
        ]
      }}
      charts={(d) => [
        {
          kind: 'line',
          title: 'Cost (USD)',
          series: [{ name: 'Cost', data: d.trend }],
          range: chartRange,
          valueFormat: usd,
          exportAllowed,
        },
        {
          kind: 'line',
          title: 'Credits',
          series: [{ name: 'Credits', data: d.creditsTrend }],
          range: chartRange,
          valueFormat: credits,
          exportAllowed,
        },
        {
          kind: 'donut',
          title: 'Costliest warehouses',
          slices: d.topWarehouses.map((r) => ({ name: r.name, value: r.cost })),
          valueFormat: usd,
          exportAllowed,
        },
        {
          kind: 'donut',
          title: 'Costliest users',
          slices: d.topUsers.map((r) => ({ name: r.name, value: r.cost })),
          valueFormat: usd,
          exportAllowed,
        },
      ]}
    />
  )
}

function CostBreakdown({ view, range, now, exportAllowed }: ViewProps & { view: Breakdown }) {
  const request = { by: view.call, ...windowParams(range.dateRange) }
  const what = view.rowTitle.toLowerCase()
  return (
    <CostPanel
      result={useCostBreakdownQuery(request)}
      request={request}
      now={now}
      kpis={(d) => [
        ...totalsKpis(d.total).slice(0, 3),
        { label: `${view.rowTitle}s`, value: formatCount(d.rows.length) },
      ]}
      cols={3}
      charts={(d) => [
        {
          kind: 'stacked-bars',
          title: `Cost of the top ${what}s (USD)`,
          series: d.series.map((s) => ({ name: s.name || '(no tag)', data: s.data })),
          range: { from: range.dateRange.start, to: range.dateRange.end },
          valueFormat: usd,
          cost: true,
          exportAllowed,
          span: 2,
        },
        {
          kind: 'donut',
          title: `Share of cost by ${what}`,
          slices: d.rows.slice(0, 10).map((r) => ({ name: r.name || '(no tag)', value: r.cost })),
          valueFormat: usd,
          exportAllowed,
        },
      ]}
      table={(d) => (
        <DataTable<SnowflakeCostRow>
          caption={`Cost by ${what}`}
          columns={breakdownColumns(view, range)}
          rows={d.rows}
          rowKey={(r) => r.id || '(none)'}
          defaultView={{ sort: { key: 'cost', direction: 'desc' }, pageSize: 15 }}
          download={{ name: `snowflake_${view.call}`, formats: ['csv'], locked: !exportAllowed }}
        />
      )}
    />
  )
}

function CostQueries({ range, now, exportAllowed }: ViewProps) {
  const request = windowParams(range.dateRange)
  return (
    <CostPanel
      result={useCostQueriesQuery(request)}
      request={request}
      now={now}
      kpis={(d) => totalsKpis(d.total)}
      cols={1}
      charts={(d) => [
        {
          kind: 'line',
          title: 'Cost (USD)',
          series: [{ name: 'Cost', data: d.trend }],
          range: { from: range.dateRange.start, to: range.dateRange.end },
          valueFormat: usd,
          exportAllowed,
        },
      ]}
      table={(d) => (
        <DataTable<SnowflakeCostQueryRow>
          caption="Costliest query signatures"
          columns={signatureColumns(range.dateRange)}
          rows={d.rows}
          rowKey={(r) => r.signature}
          defaultView={{ sort: { key: 'cost', direction: 'desc' }, pageSize: 15 }}
          download={{ name: 'snowflake_cost_queries', formats: ['csv'], locked: !exportAllowed }}
        />
      )}
    />
  )
}

/**
 * /cost/osd_cost_overview, osd_cost_users, osd_cost_warehouses, osd_cost_queries and osd_tags
 * (R122-R126): the window's Snowflake cost in USD and credits (4 decimals, 03 §9), its trend and
 * its breakdown, on the cost range selector (7, 14, 30, 90 days, a year; 7 by default) kept in the
 * address.
 */
export default function CostPage() {
  const { pathname } = useLocation()
  const user = useAppSelector((s) => s.session.user)!
  const view = COST_VIEWS[pathname] ?? COST_VIEWS['/cost/osd_cost_overview']!
  const range = useAddressRange({ preset: COST_PRESET })
  const props = {
    range: range.state,
    now: range.clock.now,
    exportAllowed: isActionAllowed(user.plan, 'download'),
  }
  return (
    <Stack gap="md">
      <PageHeader title={view.title}>
        <RangePicker list={range} kind="cost" />
        <RefreshButton clock={range.clock} />
      </PageHeader>
      {view.kind === 'overview' ? (
        <CostOverview {...props} />
      ) : view.kind === 'queries' ? (
        <CostQueries {...props} />
      ) : (
        <CostBreakdown key={view.call} view={view} {...props} />
      )}
    </Stack>
  )
}
