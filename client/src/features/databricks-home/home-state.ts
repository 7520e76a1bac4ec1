import {
  FREEMIUM_MAX_SPAN_DAYS,
  type DatabricksCostTrendsQuery,
  type DatabricksJobListBody,
  type DatabricksRunSearchBody,
  type DatabricksTrendType,
} from '@costlens/shared'
import { utcDay, utcDayStart } from '../../kit/utc-days.ts'

/*
 * The Databricks home's period (issue 20, R178): the last 7 or 30 UTC days to now, the way the cost
 * trends count them (gte..lte whole UTC days, today cut at now), so the home's spend is the number
 * /cost_explorer/trends shows for the same days. Every list and link of the page uses that window:
 * the jobs, the failed runs and the addresses each item opens.
 */

const DAY = 86_400_000
export const HOME_PERIODS = [7, 30] as const
export type HomePeriod = (typeof HOME_PERIODS)[number]
export const TOP_ITEMS = 5
export const FAILED_RUNS = 8

/** The period of the address (`?days=30`); default 7, and always 7 on the free plan (B054). */
export function readHomePeriod(search: string, freemium: boolean): HomePeriod {
  const days = Number(new URLSearchParams(search).get('days'))
  if (freemium) return FREEMIUM_MAX_SPAN_DAYS as HomePeriod
  return (HOME_PERIODS as readonly number[]).includes(days) ? (days as HomePeriod) : 7
}

export interface HomeWindow {
  days: HomePeriod
  /** The UTC days of the period, as the cost trends take them. */
  gte: string
  lte: string
  /** The same period as instants for the lists: the first day's start to now. */
  start: number
  end: number
  /** The period before, as many whole UTC days just before gte. */
  previous: { gte: string; lte: string }
}

export function homeWindow(days: HomePeriod, now: number): HomeWindow {
  const lte = utcDay(now)
  const start = utcDayStart(lte) - (days - 1) * DAY
  return {
    days,
    gte: utcDay(start),
    lte,
    start,
    end: now,
    previous: { gte: utcDay(start - days * DAY), lte: utcDay(start - DAY) },
  }
}

/** E051 for the period (or the one before), by workspace or user, in USD a day: the trends' defaults. */
export function trendsArgs(
  days: { gte: string; lte: string },
  type: Extract<DatabricksTrendType, 'workspaces' | 'userName'>,
): DatabricksCostTrendsQuery {
  return { gte: days.gte, lte: days.lte, type, unit: 'USD', granularity: 'daily' }
}

/** E017: the costliest jobs of the period (total cost = DBUs at list price + VMs, final costs). */
export function topJobsBody(w: HomeWindow): DatabricksJobListBody {
  return {
    start_time: w.start,
    end_time: w.end,
    from: 0,
    size: TOP_ITEMS,
    sort: 'totalCost',
    order: 'desc',
  }
}

/** E015: the period's failed runs, newest first. */
export function failedRunsBody(w: HomeWindow): DatabricksRunSearchBody {
  return {
    appTypes: ['db'],
    appStatus: ['F'],
    start_time: w.start,
    end_time: w.end,
    from: 0,
    size: FAILED_RUNS,
    sort: [{ startTime: { order: 'desc' } }],
  }
}

/** Change against the period before, in percent; null when nothing was spent before. */
export function changePercent(current: number, previous: number): number | null {
  return previous > 0 ? ((current - previous) / previous) * 100 : null
}

const listRange = (w: HomeWindow) => `start_date=${w.start}&end_date=${w.end}`

/** The runs list filtered to one job over the period (B192: that job's own runs call). */
export const jobRunsHref = (jobId: string, w: HomeWindow) =>
  `/jobs/runs?jobIds=${encodeURIComponent(jobId)}&${listRange(w)}`

/** The runs list's failed runs over the period. */
export const failedRunsHref = (w: HomeWindow) => `/jobs/runs?status=F&${listRange(w)}`

/** The jobs list over the period, the costliest first (a free plan user's list drops the cost sort). */
export const jobsHref = (w: HomeWindow) => `/jobs/jobs?${listRange(w)}&s=totalCost-desc`

/** A run's details (R113). */
export const runDetailsHref = (runKey: string) => `/app/application/db?execId=${encodeURIComponent(runKey)}`

/**
 * The cost trends over the period; with an item, that workspace or user as the one trend item,
 * selected (the trends page's address: gte, lte, unit, granularity, type, item, selected).
 */
export function trendsHref(w: HomeWindow, type: 'workspaces' | 'userName' = 'workspaces', item?: string) {
  const params = new URLSearchParams({ gte: w.gte, lte: w.lte, unit: 'USD', granularity: 'daily', type })
  if (item !== undefined) {
    params.append('item', item)
    params.set('selected', '1')
  }
  return `/cost_explorer/trends?${params.toString()}`
}
