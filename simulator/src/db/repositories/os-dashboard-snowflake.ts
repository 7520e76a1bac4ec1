import type { PanelPlacement, PrebuiltDashboardId } from '@costlens/shared'
import {
  TOP_N,
  alertingSeries,
  barPanel,
  bars,
  kpiPanel,
  linePanel,
  seriesTotal,
  tablePanel,
  type PanelContext,
  type PanelEntry,
} from './os-dashboard-catalogue.ts'
import { isoWindow } from './os-dashboard-window.ts'
import { costSummary } from './snowflake-cost.ts'
import { searchQueries } from './snowflake-queries.ts'

/*
 * Snowflake's panels (issue 23 /os_dashboard, R127): the totals and breakdowns of its cost pages
 * (snowflake-cost.ts, the same window), the hourly series its monitors watch (os-alerting-series.ts)
 * and the query list's longest queries (snowflake-queries.ts). Nothing is summed anew here.
 */

/*
 * The tiles, bars and tables share one summary (costSummary: the overview's totals and the
 * breakdowns' rows, without the series those calls also draw and no panel here shows): a cost
 * dashboard over 30 days read costOverview and two costBreakdowns, p99 103 ms at the large scale,
 * where the summary reads whole rollup buckets and an hour of queries at either edge (issue 18).
 */
const summary = (ctx: PanelContext) =>
  ctx.shared('sf:summary', () => costSummary(ctx.db, { ...isoWindow(ctx.window), limit: TOP_N }, ctx.now))
const hourly = (ctx: PanelContext, metric: string) => alertingSeries(ctx, 'SNOWFLAKE', metric)

export const SNOWFLAKE_PANELS: readonly PanelEntry[] = [
  kpiPanel(
    {
      id: 'sf_cost_total',
      title: 'Cost',
      unit: 'USD',
      description: 'The queries’ cost over the window (Cost › Overview).',
    },
    (ctx) => {
      const o = summary(ctx)
      return {
        value: o.total.cost,
        ...(o.changePercent !== null && {
          note: `${o.changePercent > 0 ? '+' : ''}${o.changePercent}% vs the period before`,
        }),
      }
    },
  ),
  kpiPanel(
    {
      id: 'sf_credits_total',
      title: 'Credits used',
      unit: 'credits',
      description: 'Compute credits over the window.',
    },
    (ctx) => ({ value: summary(ctx).total.credits }),
  ),
  kpiPanel(
    {
      id: 'sf_query_count',
      title: 'Queries',
      unit: 'queries',
      description: 'Queries started in the window.',
    },
    (ctx) => ({ value: summary(ctx).total.queryCount }),
  ),
  kpiPanel(
    {
      id: 'sf_failed_total',
      title: 'Failed queries',
      unit: 'queries',
      description: 'Queries that failed, over the hours of the window.',
    },
    (ctx) => ({ value: seriesTotal(hourly(ctx, 'failed_queries')) }),
  ),
  linePanel(
    {
      id: 'sf_credits_hourly',
      title: 'Credits used over time',
      unit: 'credits',
      description: 'Credits per hour or day of start time.',
    },
    (ctx) => ({ interval: ctx.window.interval, series: [{ name: 'Credits', data: hourly(ctx, 'credits') }] }),
  ),
  linePanel(
    {
      id: 'sf_cost_hourly',
      title: 'Cost over time',
      unit: 'USD',
      description: 'Cost per hour or day of start time.',
    },
    (ctx) => ({ interval: ctx.window.interval, series: [{ name: 'Cost', data: hourly(ctx, 'cost') }] }),
  ),
  linePanel(
    {
      id: 'sf_failed_queries',
      title: 'Failed queries over time',
      unit: 'queries',
      description: 'Failed queries per hour or day.',
    },
    (ctx) => ({
      interval: ctx.window.interval,
      series: [{ name: 'Failed queries', data: hourly(ctx, 'failed_queries') }],
    }),
  ),
  linePanel(
    {
      id: 'sf_queued_overload',
      title: 'Queued overload time',
      unit: 's',
      description: 'Seconds queries waited for a warehouse busy with other queries, per hour or day.',
    },
    (ctx) => ({
      interval: ctx.window.interval,
      series: [{ name: 'Queued overload', data: hourly(ctx, 'queued_overload') }],
    }),
  ),
  barPanel(
    {
      id: 'sf_cost_by_warehouse',
      title: 'Cost by warehouse',
      unit: 'USD',
      description: `The ${TOP_N} costliest warehouses (Cost › Warehouses).`,
    },
    (ctx) =>
      bars(
        'Cost',
        summary(ctx).warehouses.map((r) => ({ name: r.name, value: r.cost })),
      ),
  ),
  barPanel(
    {
      id: 'sf_cost_by_user',
      title: 'Cost by user',
      unit: 'USD',
      description: `The ${TOP_N} costliest users (Cost › Users).`,
    },
    (ctx) =>
      bars(
        'Cost',
        summary(ctx).users.map((r) => ({ name: r.name, value: r.cost })),
      ),
  ),
  tablePanel(
    {
      id: 'sf_top_users',
      title: 'Top users by cost',
      unit: 'USD',
      description: `The ${TOP_N} costliest users with their credits and queries.`,
    },
    (ctx) => ({
      label: 'User',
      columns: [
        { title: 'Cost', unit: 'USD' },
        { title: 'Credits', unit: 'credits' },
        { title: 'Queries', unit: 'queries' },
      ],
      rows: summary(ctx).users.map((r) => ({
        key: r.id,
        label: r.name,
        values: [r.cost, r.credits, r.queryCount],
      })),
    }),
  ),
  tablePanel(
    {
      id: 'sf_top_queries_duration',
      title: 'Longest queries',
      unit: 's',
      description: `The ${TOP_N} longest queries of the window (Query › Queries, by duration).`,
    },
    (ctx) => {
      const { results } = ctx.shared('sf:longest', () =>
        searchQueries(ctx.db, { ...isoWindow(ctx.window), sort: 'duration-desc', pageSize: TOP_N }, ctx.now),
      )
      return {
        label: 'Query',
        columns: [
          { title: 'Duration', unit: 's' },
          { title: 'Cost', unit: 'USD' },
          { title: 'Credits', unit: 'credits' },
        ],
        rows: results.map((q) => ({
          key: q.id,
          label: `${q.sqlShort.slice(0, 80)} (${q.warehouse.name}, ${q.userName})`,
          values: [q.duration / 1000, q.cost, q.usage],
        })),
      }
    },
  ),
]

export const SNOWFLAKE_PREBUILT: Readonly<Record<PrebuiltDashboardId, readonly PanelPlacement[]>> = {
  cost: [
    { panelId: 'sf_cost_total', width: 1 },
    { panelId: 'sf_credits_total', width: 1 },
    { panelId: 'sf_query_count', width: 1 },
    { panelId: 'sf_cost_hourly', width: 2 },
    { panelId: 'sf_cost_by_warehouse', width: 1 },
    { panelId: 'sf_credits_hourly', width: 2 },
    { panelId: 'sf_cost_by_user', width: 1 },
    { panelId: 'sf_top_users', width: 3 },
  ],
  usage: [
    { panelId: 'sf_credits_total', width: 1 },
    { panelId: 'sf_query_count', width: 1 },
    { panelId: 'sf_cost_total', width: 1 },
    { panelId: 'sf_credits_hourly', width: 3 },
    { panelId: 'sf_cost_by_warehouse', width: 1 },
    { panelId: 'sf_top_users', width: 2 },
  ],
  performance: [
    { panelId: 'sf_failed_total', width: 1 },
    { panelId: 'sf_query_count', width: 1 },
    { panelId: 'sf_credits_total', width: 1 },
    { panelId: 'sf_failed_queries', width: 3 },
    { panelId: 'sf_queued_overload', width: 3 },
    { panelId: 'sf_top_queries_duration', width: 3 },
  ],
}
