import { Link, useLocation } from 'react-router-dom'
import { Anchor, Text } from '@mantine/core'
import {
  formatCount,
  formatUsd as usd,
  formatCredits as credits,
  queryStringFromState,
  type DateRange,
  type SnowflakeCostQueryRow,
  type SnowflakeCostRow,
  type SnowflakeCostTotals,
} from '@costlens/shared'
import type { TimeSeries } from '../../components/charts/chart-types.ts'
import { DataTable } from '../../components/table/data-table.tsx'
import { OverflowTooltip } from '../../components/table/overflow-text.tsx'
import type { DataColumn } from '../../components/table/table-types.ts'
import type { ChartPanelSpec } from '../../kit/chart-panel.tsx'
import { columns as col } from '../../kit/columns.tsx'
import {
  CostPage as CostFrame,
  costTimeRange,
  useCostCall,
  type CostViewProps,
} from '../../kit/cost-page.tsx'
import { DashboardPanel } from '../../kit/dashboard-panel.tsx'
import { addressRange } from '../../kit/fields.ts'
import { costChangeNote, type Kpi } from '../../kit/kpi-row.tsx'
import { useCostBreakdownQuery, useCostOverviewQuery, useCostQueriesQuery, windowParams } from './api.ts'
import { COST_VIEWS, type CostView } from './cost-views.ts'
import { queryDetailsHref, queryListHref } from './query-columns.tsx'
import { warehouseHref } from './warehouse-columns.tsx'

type Breakdown = Extract<CostView, { kind: 'breakdown' }>

function totalsKpis(total: SnowflakeCostTotals): Kpi[] {
  return [
    { label: 'Cost (USD)', value: usd(total.cost) },
    { label: 'Credits', value: credits(total.credits) },
    { label: 'Queries', value: formatCount(total.queryCount) },
    { label: 'Avg cost per query', value: usd(total.queryCount ? total.cost / total.queryCount : 0) },
  ]
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
        ? queryListHref(range.dateRange, { userName: r.id })
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
            to={queryListHref(range, { signature: r.signature })}
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
        <OverflowTooltip label={r.sampleQueryId}>
          <Anchor component={Link} to={queryDetailsHref(r.sampleQueryId)} size="xs" ff="monospace" truncate>
            {r.sampleQueryId}
          </Anchor>
        </OverflowTooltip>
      ),
    },
    { ...col.text<SnowflakeCostQueryRow>('warehouseName', 'Warehouse', 170), priority: 4 },
    { ...col.text<SnowflakeCostQueryRow>('queryType', 'Type', 110), priority: 5 },
  ]
}

type ViewProps = CostViewProps

/** The views' charts: over the window, with the plan's export permission (C19). */
function chartKit({ range, exportAllowed }: ViewProps) {
  const timeRange = costTimeRange(range.dateRange)
  return {
    line: (title: string, name: string, data: TimeSeries['data'], valueFormat = usd): ChartPanelSpec => ({
      kind: 'line',
      title,
      series: [{ name, data }],
      range: timeRange,
      valueFormat,
      exportAllowed,
    }),
    donut: (title: string, rows: readonly SnowflakeCostRow[]): ChartPanelSpec => ({
      kind: 'donut',
      title,
      slices: rows.map((r) => ({ name: r.name || '(no tag)', value: r.cost })),
      valueFormat: usd,
      exportAllowed,
    }),
    timeRange,
  }
}

function CostOverview(props: ViewProps) {
  const result = useCostCall(useCostOverviewQuery, windowParams(props.range.dateRange), props.now)
  const { line, donut } = chartKit(props)
  return (
    <DashboardPanel
      what="The cost"
      result={result}
      kpiLabel="Cost totals"
      kpis={(d) => {
        const [cost, ...rest] = totalsKpis(d.total)
        const change = costChangeNote(
          d.changePercent,
          `vs ${usd(d.previous.cost)} before`,
          'No cost in the previous period',
        )
        return [{ ...cost!, ...change }, ...rest]
      }}
      charts={(d) => [
        line('Cost (USD)', 'Cost', d.trend),
        line('Credits', 'Credits', d.creditsTrend, credits),
        donut('Costliest warehouses', d.topWarehouses),
        donut('Costliest users', d.topUsers),
      ]}
    />
  )
}

function CostBreakdown({ view, ...props }: ViewProps & { view: Breakdown }) {
  const request = { by: view.call, ...windowParams(props.range.dateRange) }
  const result = useCostCall(useCostBreakdownQuery, request, props.now)
  const { donut, timeRange } = chartKit(props)
  const what = view.rowTitle.toLowerCase()
  return (
    <DashboardPanel
      what="The cost"
      result={result}
      kpiLabel="Cost totals"
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
          range: timeRange,
          cost: true,
          valueFormat: usd,
          exportAllowed: props.exportAllowed,
          // The days over two columns, the donut of shares in the third.
          span: 2,
        },
        donut(`Share of cost by ${what}`, d.rows.slice(0, 10)),
      ]}
    >
      {(d) => (
        <DataTable<SnowflakeCostRow>
          caption={`Cost by ${what}`}
          columns={breakdownColumns(view, props.range)}
          rows={d.rows}
          rowKey={(r) => r.id || '(none)'}
          defaultView={{ sort: { key: 'cost', direction: 'desc' }, pageSize: 15 }}
          download={{ name: `snowflake_${view.call}`, formats: ['csv'], locked: !props.exportAllowed }}
        />
      )}
    </DashboardPanel>
  )
}

function CostQueries(props: ViewProps) {
  const result = useCostCall(useCostQueriesQuery, windowParams(props.range.dateRange), props.now)
  const { line } = chartKit(props)
  return (
    <DashboardPanel
      what="The cost"
      result={result}
      kpiLabel="Cost totals"
      kpis={(d) => totalsKpis(d.total)}
      cols={1}
      charts={(d) => [line('Cost (USD)', 'Cost', d.trend)]}
    >
      {(d) => (
        <DataTable<SnowflakeCostQueryRow>
          caption="Costliest query signatures"
          columns={signatureColumns(props.range.dateRange)}
          rows={d.rows}
          rowKey={(r) => r.signature}
          defaultView={{ sort: { key: 'cost', direction: 'desc' }, pageSize: 15 }}
          download={{ name: 'snowflake_cost_queries', formats: ['csv'], locked: !props.exportAllowed }}
        />
      )}
    </DashboardPanel>
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
  const view = COST_VIEWS[pathname] ?? COST_VIEWS['/cost/osd_cost_overview']!
  return (
    <CostFrame title={view.title}>
      {(props) =>
        view.kind === 'overview' ? (
          <CostOverview {...props} />
        ) : view.kind === 'queries' ? (
          <CostQueries {...props} />
        ) : (
          <CostBreakdown key={view.call} view={view} {...props} />
        )
      }
    </CostFrame>
  )
}
