import {
  DASHBOARD_MAX_POINTS,
  DASHBOARD_MAX_WINDOW_DAYS,
  DASHBOARD_MESSAGES,
  HOUR_MS,
  type DashboardInterval,
  type PanelDataQuery,
} from '@costlens/shared'
import { HttpError } from '../../errors.ts'
import { instant } from './applications.ts'

/*
 * The window and interval a dashboard reads (issue 23 /os_dashboard): one for all its panels, as
 * OpenSearch Dashboards' time picker is the dashboard's. Shown (UTC) time, both ends included, as the
 * platforms' own cost pages take it, so a panel's figure equals theirs for the same window.
 */

const DAY_MS = 24 * HOUR_MS
/** Past two days an hourly series is more lines than a panel can show: a point a day reads better. */
const HOURLY_UP_TO_MS = 2 * DAY_MS
const DEFAULT_DAYS = 7

export interface DashboardWindow {
  start: number
  end: number
  interval: DashboardInterval
}

/** The query's window (default the last 7 days) and interval, or 400 saying what is wrong. */
export function dashboardWindow(query: Omit<PanelDataQuery, 'panels'>, now: number): DashboardWindow {
  const end = instant(query.endTime, 'endTime', 'querystring', 'iso') ?? now
  const start = instant(query.startTime, 'startTime', 'querystring', 'iso') ?? end - DEFAULT_DAYS * DAY_MS
  if (start > end) throw new HttpError(400, DASHBOARD_MESSAGES.badRange)
  // A minute of slack: the page's clock and the simulator's are not the same clock.
  if (end > now + 60_000) throw new HttpError(400, DASHBOARD_MESSAGES.futureEnd)
  if (end - start > DASHBOARD_MAX_WINDOW_DAYS * DAY_MS)
    throw new HttpError(400, DASHBOARD_MESSAGES.longRange(Math.ceil((end - start) / DAY_MS)))
  const interval = query.interval ?? (end - start <= HOURLY_UP_TO_MS ? 'hour' : 'day')
  const points = Math.ceil((end - start + 1) / HOUR_MS)
  if (interval === 'hour' && points > DASHBOARD_MAX_POINTS)
    throw new HttpError(400, DASHBOARD_MESSAGES.tooManyPoints(points))
  return { start, end, interval }
}

/** The window as the platforms' calls take it: ISO bounds. */
export const isoWindow = (w: DashboardWindow) => ({
  startTime: new Date(w.start).toISOString(),
  endTime: new Date(w.end).toISOString(),
})

/**
 * Hourly points (each at its hour's start) as the interval's series: every hour or UTC day of the
 * window, 0 where nothing ran, each day the sum of its hours.
 */
export function bucketed(
  points: readonly { start: number; value: number }[],
  window: DashboardWindow,
  firstHour: number,
): [number, number][] {
  const step = window.interval === 'hour' ? HOUR_MS : DAY_MS
  const first = window.interval === 'hour' ? firstHour : Math.floor(window.start / DAY_MS) * DAY_MS
  const sums = new Map<number, number>()
  for (const p of points) {
    const bucket = first + Math.floor((p.start - first) / step) * step
    sums.set(bucket, (sums.get(bucket) ?? 0) + p.value)
  }
  const series: [number, number][] = []
  for (let t = first; t <= window.end; t += step) series.push([t, sums.get(t) ?? 0])
  return series
}
