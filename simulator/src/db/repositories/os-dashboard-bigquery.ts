import { bigQueryCostUsd, type PanelPlacement, type PrebuiltDashboardId } from '@costlens/shared'
import { costTopK } from './bigquery-cost-topk.ts'
import { costOverview } from './bigquery-cost.ts'
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

/*
 * BigQuery's panels (issue 23 /os_dashboard, R160): Cost 360's totals and breakdowns and Top K's
 * statements (bigquery-cost*.ts, the same window), and the hourly series its monitors watch
 * (os-alerting-series.ts). Stored and answered cost is cents (bq_jobs.cost_e4); panels show USD,
 * converted by the rule the cost pages use (bigQueryCostUsd).
 */

const GIB = 1024 ** 3
const SLOT_MS_PER_HOUR = 3_600_000

const overview = (ctx: PanelContext) =>
  ctx.shared('bq:overview', () => costOverview(ctx.db, { ...isoWindow(ctx.window), limit: TOP_N }, ctx.now))
const hourly = (ctx: PanelContext, metric: string, scale = 1) =>
  alertingSeries(ctx, 'BIGQUERYV2', metric, scale)
// The monitors' hourly cost is USD already (os-alerting-series.ts turns the stored cents into dollars).
const hourlyCostUsd = (ctx: PanelContext) => hourly(ctx, 'cost')

export const BIGQUERY_PANELS: readonly PanelEntry[] = [
  kpiPanel(
    {
      id: 'bq_cost_total',
      title: 'Cost',
      unit: 'USD',
      description: 'The jobs’ cost over the window (Cost › Cost 360).',
    },
    (ctx) => {
      const o = overview(ctx)
      return {
        value: bigQueryCostUsd(o.total.cost),
        ...(o.changePercent !== null && {
          note: `${o.changePercent > 0 ? '+' : ''}${o.changePercent}% vs the period before`,
        }),
      }
    },
  ),
  kpiPanel(
    {
      id: 'bq_bytes_total',
      title: 'Bytes billed',
      unit: 'GiB',
      description: 'Bytes billed over the window.',
    },
    (ctx) => ({ value: overview(ctx).total.billedBytes / GIB }),
  ),
  kpiPanel(
    {
      id: 'bq_slot_total',
      title: 'Slot time',
      unit: 'slot-hours',
      description: 'Slot time over the window.',
    },
    (ctx) => ({ value: overview(ctx).total.slotMs / SLOT_MS_PER_HOUR }),
  ),
  kpiPanel(
    { id: 'bq_job_count', title: 'Jobs', unit: 'jobs', description: 'Jobs created in the window.' },
    (ctx) => ({ value: overview(ctx).total.jobCount }),
  ),
  kpiPanel(
    {
      id: 'bq_failed_total',
      title: 'Failed jobs',
      unit: 'jobs',
      description: 'Jobs that failed, over the hours of the window.',
    },
    (ctx) => ({ value: seriesTotal(hourly(ctx, 'failed_jobs')) }),
  ),
  linePanel(
    {
      id: 'bq_cost_hourly',
      title: 'Cost over time',
      unit: 'USD',
      description: 'Cost per hour or day of creation.',
    },
    (ctx) => ({ interval: ctx.window.interval, series: [{ name: 'Cost', data: hourlyCostUsd(ctx) }] }),
  ),
  linePanel(
    {
      id: 'bq_bytes_billed',
      title: 'Bytes billed over time',
      unit: 'GiB',
      description: 'Bytes billed per hour or day.',
    },
    (ctx) => ({
      interval: ctx.window.interval,
      series: [{ name: 'Bytes billed', data: hourly(ctx, 'bytes_billed') }],
    }),
  ),
  linePanel(
    {
      id: 'bq_slot_hours',
      title: 'Slot-hours over time',
      unit: 'slot-hours',
      description: 'Slot time per hour or day.',
    },
    (ctx) => ({
      interval: ctx.window.interval,
      series: [{ name: 'Slot-hours', data: hourly(ctx, 'slot_hours') }],
    }),
  ),
  linePanel(
    {
      id: 'bq_failed_jobs',
      title: 'Failed jobs over time',
      unit: 'jobs',
      description: 'Failed jobs per hour or day.',
    },
    (ctx) => ({
      interval: ctx.window.interval,
      series: [{ name: 'Failed jobs', data: hourly(ctx, 'failed_jobs') }],
    }),
  ),
  barPanel(
    {
      id: 'bq_cost_by_project',
      title: 'Cost by project',
      unit: 'USD',
      description: `The ${TOP_N} costliest projects (Cost 360).`,
    },
    (ctx) =>
      bars(
        'Cost',
        overview(ctx).projects.map((r) => ({ name: r.name, value: bigQueryCostUsd(r.cost) })),
      ),
  ),
  tablePanel(
    {
      id: 'bq_top_principals',
      title: 'Top principals by cost',
      unit: 'USD',
      description: `The ${TOP_N} costliest users and service accounts.`,
    },
    (ctx) => ({
      label: 'Principal',
      columns: [
        { title: 'Cost', unit: 'USD' },
        { title: 'Jobs', unit: 'jobs' },
        { title: 'Bytes billed', unit: 'GiB' },
        { title: 'Slot time', unit: 'slot-hours' },
      ],
      rows: overview(ctx).users.map((r) => ({
        key: r.id,
        label: r.name,
        values: [bigQueryCostUsd(r.cost), r.jobCount, r.billedBytes / GIB, r.slotMs / SLOT_MS_PER_HOUR],
      })),
    }),
  ),
  tablePanel(
    {
      id: 'bq_top_statements',
      title: 'Costliest statements',
      unit: 'USD',
      description: `The ${TOP_N} costliest statements (Cost › Top K).`,
    },
    (ctx) => {
      const top = ctx.shared('bq:topk', () =>
        costTopK(ctx.db, { ...isoWindow(ctx.window), k: TOP_N }, ctx.now),
      )
      return {
        label: 'Statement',
        columns: [
          { title: 'Cost', unit: 'USD' },
          { title: 'Jobs', unit: 'jobs' },
          { title: 'Slot time', unit: 'slot-hours' },
        ],
        rows: top.statements.map((r) => ({
          key: r.id,
          label: (r.sqlShort || r.name).slice(0, 100),
          values: [bigQueryCostUsd(r.cost), r.jobCount, r.slotMs / SLOT_MS_PER_HOUR],
        })),
      }
    },
  ),
]

export const BIGQUERY_PREBUILT: Readonly<Record<PrebuiltDashboardId, readonly PanelPlacement[]>> = {
  cost: [
    { panelId: 'bq_cost_total', width: 1 },
    { panelId: 'bq_job_count', width: 1 },
    { panelId: 'bq_bytes_total', width: 1 },
    { panelId: 'bq_cost_hourly', width: 2 },
    { panelId: 'bq_cost_by_project', width: 1 },
    { panelId: 'bq_top_principals', width: 2 },
    { panelId: 'bq_slot_total', width: 1 },
    { panelId: 'bq_top_statements', width: 3 },
  ],
  usage: [
    { panelId: 'bq_bytes_total', width: 1 },
    { panelId: 'bq_slot_total', width: 1 },
    { panelId: 'bq_job_count', width: 1 },
    { panelId: 'bq_bytes_billed', width: 3 },
    { panelId: 'bq_slot_hours', width: 3 },
    { panelId: 'bq_top_principals', width: 3 },
  ],
  performance: [
    { panelId: 'bq_failed_total', width: 1 },
    { panelId: 'bq_job_count', width: 1 },
    { panelId: 'bq_slot_total', width: 1 },
    { panelId: 'bq_failed_jobs', width: 3 },
    { panelId: 'bq_slot_hours', width: 3 },
    { panelId: 'bq_top_statements', width: 3 },
  ],
}
