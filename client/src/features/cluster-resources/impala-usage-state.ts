import {
  ALL_CLUSTERS,
  IMPALA_GROUP_BYS,
  IMPALA_SEARCH_SORTS,
  IMPALA_USAGE_INTERVALS,
  IMPALA_USAGE_MAX_WINDOW_DAYS,
  JOB_INTERVAL_MS,
  MULTI_SELECT_MAX,
  pageOffset,
  type CurrentUser,
  type ImpalaGroupBy,
  type ImpalaUsageInterval,
  type TableSort,
} from '@costlens/shared'
import { cappedWindow, fittingInterval } from '../../kit/unit-series.ts'

/*
 * The Impala mode's own state, kept in the address beside the resources page's under keys starting
 * with 'impala' (resources-state.ts keeps them as they are): the Impala cluster, the group-by and
 * its chosen values, and the queries table's page and sort.
 */

export interface ImpalaView {
  cluster: string
  groupBy: ImpalaGroupBy
  /** null until the user chooses: the first 4 by queries (B216). */
  values: string[] | null
  page: number
  sort: TableSort
}

export const QUERIES_PAGE_SIZE = 10
export const DEFAULT_QUERIES_SORT: TableSort = { key: 'startTime', direction: 'desc' }
/** An empty choice is written as ',' so it reads back as empty, not as the default four. */
const NONE = ','

export function readImpalaView(keys: Readonly<Record<string, string>>, user: CurrentUser): ImpalaView {
  const cluster = keys.impalaCluster
  const sort = keys.impalaSort
  const desc = sort?.startsWith('-') ?? false
  const sortKey = desc ? sort!.slice(1) : sort
  const page = Number(keys.impalaPage)
  return {
    cluster: user.impalaclusters.some((c) => c.unravelId === cluster) ? cluster! : ALL_CLUSTERS,
    groupBy: IMPALA_GROUP_BYS.find((g) => g === keys.impalaGroupBy) ?? 'user',
    values:
      keys.impalaValues === undefined
        ? null
        : keys.impalaValues
            .split(',')
            .map((v) => v.trim())
            .filter(Boolean)
            .slice(0, MULTI_SELECT_MAX),
    page: Number.isInteger(page) && page > 0 ? page : 1,
    sort:
      sortKey && (IMPALA_SEARCH_SORTS as readonly string[]).includes(sortKey)
        ? { key: sortKey, direction: desc ? 'desc' : 'asc' }
        : DEFAULT_QUERIES_SORT,
  }
}

/** The address keys of a change (undefined removes a key: the default). */
export type ImpalaKeys = Record<string, string | undefined>

export const clusterKeys = (cluster: string): ImpalaKeys => ({
  impalaCluster: cluster === ALL_CLUSTERS ? undefined : cluster,
  impalaValues: undefined,
  impalaPage: undefined,
})
export const groupByKeys = (groupBy: ImpalaGroupBy): ImpalaKeys => ({
  impalaGroupBy: groupBy === 'user' ? undefined : groupBy,
  impalaValues: undefined,
})
export const valuesKeys = (values: readonly string[]): ImpalaKeys => ({
  impalaValues: values.length ? values.join(',') : NONE,
})
export const pageKeys = (page: number): ImpalaKeys => ({ impalaPage: page === 1 ? undefined : String(page) })
export const sortKeys = (sort: TableSort): ImpalaKeys => ({
  impalaSort:
    sort.key === DEFAULT_QUERIES_SORT.key && sort.direction === DEFAULT_QUERIES_SORT.direction
      ? undefined
      : `${sort.direction === 'desc' ? '-' : ''}${sort.key}`,
  impalaPage: undefined,
})

/** The window the calls take: the page's range, its start moved up past 31 days (the API's cap). */
export function impalaWindow(start: number, end: number) {
  return cappedWindow(start, end, IMPALA_USAGE_MAX_WINDOW_DAYS)
}

/** The API interval nearest the page's, no finer, and coarse enough for the window's 2,000 points. */
export function impalaInterval(pageStepMs: number, start: number, end: number): ImpalaUsageInterval {
  const finest = [...IMPALA_USAGE_INTERVALS].reverse().find((i) => JOB_INTERVAL_MS[i] <= pageStepMs) ?? '1m'
  const usable = IMPALA_USAGE_INTERVALS.filter((i) => JOB_INTERVAL_MS[i] >= JOB_INTERVAL_MS[finest])
  return fittingInterval(finest, usable, (i) => JOB_INTERVAL_MS[i], start, end)
}

/** The search call of the queries table. */
export function queriesArgs(view: ImpalaView, window: { start: number; end: number }) {
  return {
    clusterUid: view.cluster,
    start_time: String(window.start),
    end_time: String(window.end),
    from: pageOffset(view.page, QUERIES_PAGE_SIZE),
    size: QUERIES_PAGE_SIZE,
    sort: `${view.sort.direction === 'desc' ? '-' : ''}${view.sort.key}`,
  }
}
