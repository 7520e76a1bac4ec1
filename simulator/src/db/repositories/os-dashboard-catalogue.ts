import type {
  BarPanelData,
  KpiPanelData,
  LinePanelData,
  PanelData,
  PanelDefinition,
  PanelWidth,
  TablePanelData,
} from '@costlens/shared'
import type { Db } from '../open-database.ts'
import { seriesReader } from './os-alerting-series.ts'
import { bucketed, type DashboardWindow } from './os-dashboard-window.ts'
import type { ClusterScope } from './scope.ts'

/*
 * What a panel of the catalogue is (issue 23 /os_dashboard): its definition as the editor shows it
 * and its reader, which answers the panel's figures over the dashboard's window through the
 * platform's existing repositories. The builders below type each reader by its visualisation, so an
 * entry cannot answer a table where it promised a line.
 */

/** What a reader is given: the store, the window, the user's clusters and the request's shared reads. */
export interface PanelContext {
  db: Db
  now: number
  window: DashboardWindow
  scope: ClusterScope
  /**
   * A read shared by the request's panels (the cost overview behind three KPI tiles): made once per
   * key and request, so a dashboard of eight panels does not read the same window eight times.
   */
  shared: <T>(key: string, read: () => T) => T
}

export interface PanelEntry {
  definition: PanelDefinition
  read: (ctx: PanelContext) => PanelData
}

type Meta = Omit<PanelDefinition, 'visualisation' | 'defaultWidth'> & { defaultWidth?: PanelWidth }
type Body<D> = Omit<D, 'panelId' | 'unit' | 'visualisation'>

function entry<D extends PanelData>(
  meta: Meta,
  visualisation: D['visualisation'],
  width: PanelWidth,
  read: (ctx: PanelContext) => Body<D>,
): PanelEntry {
  const definition: PanelDefinition = { ...meta, visualisation, defaultWidth: meta.defaultWidth ?? width }
  return {
    definition,
    read: (ctx) => ({ panelId: meta.id, unit: meta.unit, visualisation, ...read(ctx) }) as D,
  }
}

export const kpiPanel = (meta: Meta, read: (ctx: PanelContext) => Body<KpiPanelData>) =>
  entry<KpiPanelData>(meta, 'kpi', 1, read)
export const linePanel = (meta: Meta, read: (ctx: PanelContext) => Body<LinePanelData>) =>
  entry<LinePanelData>(meta, 'line', 2, read)
export const barPanel = (meta: Meta, read: (ctx: PanelContext) => Body<BarPanelData>) =>
  entry<BarPanelData>(meta, 'bar', 1, read)
export const tablePanel = (meta: Meta, read: (ctx: PanelContext) => Body<TablePanelData>) =>
  entry<TablePanelData>(meta, 'table', 3, read)

/** The rows most first, as a one-series bar chart of categories. */
export function bars(name: string, rows: readonly { name: string; value: number }[]): Body<BarPanelData> {
  return { categories: rows.map((r) => r.name), series: [{ name, data: rows.map((r) => r.value) }] }
}

/** How many rows a top-N panel shows. */
export const TOP_N = 10

const HOUR = 3_600_000

/**
 * A metric of the alerting series (os-alerting-series.ts: the same hourly reads a monitor makes) over
 * the window at the dashboard's interval, each value multiplied by `scale` (BigQuery's cents to USD).
 */
export function alertingSeries(
  ctx: PanelContext,
  platform: 'SNOWFLAKE' | 'BIGQUERYV2',
  metric: string,
  scale = 1,
): [number, number][] {
  return ctx.shared(`series:${platform}:${metric}`, () => {
    const reader = seriesReader(platform, { id: metric })
    const offset = reader.offset(ctx.db)
    const firstHour = Math.floor((ctx.window.start - offset) / HOUR) * HOUR + offset
    const points = reader.read(ctx.db, { from: firstHour, to: ctx.window.end + 1 }, null)
    return bucketed(
      points.map((p) => ({ start: p.start, value: p.value * scale })),
      ctx.window,
      firstHour,
    )
  })
}

/** The sum of a series' values (a KPI of the same hours its line draws). */
export const seriesTotal = (series: readonly [number, number][]) => series.reduce((sum, [, v]) => sum + v, 0)
