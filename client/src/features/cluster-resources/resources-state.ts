import {
  ALL_CLUSTERS,
  DEFAULT_PAGE_SIZES,
  FINISHED_APP_DEFAULT_SORT,
  FINISHED_APP_SORT_FIELDS,
  GENERIC_TABLE_PAGE_SIZES,
  MULTI_SELECT_MAX,
  RESOURCE_GROUP_BYS,
  SCREEN_DEFAULT_RANGES,
  defaultSelectedGroupValues,
  formatSignedSort,
  formatSortParam,
  pageOffset,
  parseSortParam,
  queryStringFromState,
  readList,
  readNumber,
  resourcesQueryFromSearch,
  type IntervalChoice,
  type ResourceGroupBy,
  type TableSort,
} from '@costlens/shared'
import {
  INTERVALS,
  coarsestNeeded,
  intervalForRange,
  intervalFromParam,
  rangeParams,
  readScreenRange,
  type RangeKeys,
  type RangeUser,
  type ScreenRange,
} from './range-state.ts'

/**
 * The /clusters/resources screen's whole state, kept in the address (02 §2: the resources route
 * reads startTime and clusterUid, B034) so a link, a reload or the back button shows the same
 * charts: cluster, range and interval, the group-by and its values, the comparison range, and the
 * Yarn jobs table's page and sort.
 */
export interface ResourcesView {
  cluster: string
  main: ScreenRange
  interval: IntervalChoice
  groupBy: ResourceGroupBy
  /** The chosen group values; null until the user chooses, meaning the first 4 (B164). */
  values: string[] | null
  compare: boolean
  comparison: ScreenRange
  jobs: { page: number; pageSize: number; sort: TableSort }
  /** B296: the resource application type shown (Impala only for CDH/CDP users; the page checks). */
  appType: 'Yarn' | 'Impala'
  /** The Impala mode's own keys (impala-usage-state.ts), kept as they are. */
  impala: Readonly<Record<string, string>>
}

/** B087: the last hour; the comparison the last 7 days (its interval by the provider rule, C26). */
export const MAIN_DEFAULT = SCREEN_DEFAULT_RANGES.clusterSummary.range
export const COMPARISON_DEFAULT = SCREEN_DEFAULT_RANGES.clusterSummaryComparison.range
export const COMPARISON_KEYS: RangeKeys = {
  label: 'compareRangeLabel',
  start: 'compareStart',
  end: 'compareEnd',
}

/** The YARN group-bys (02 §2 Chargeback, YARN flavour) in their order; the first is the default. */
export const GROUP_BY_LABELS: Readonly<Record<ResourceGroupBy, string>> = {
  applicationType: 'Application type',
  user: 'User',
  queue: 'Queue',
}

/** G33: the Yarn jobs table opens on the last finished first. */
export function defaultJobsSort(): TableSort {
  const signed = FINISHED_APP_DEFAULT_SORT.fapps
  return signed.startsWith('-')
    ? { key: signed.slice(1), direction: 'desc' }
    : { key: signed, direction: 'asc' }
}

const JOBS_PAGE_SIZE = DEFAULT_PAGE_SIZES.genericServer

/** The screen as it opens: all clusters, B087's ranges, the first group-by and its first 4 values. */
export function resourcesDefaults(now: number, user?: RangeUser): ResourcesView {
  return readResourcesView('', now, user)
}

/**
 * The screen from its address. Anything unknown or malformed falls back to the default: an interval
 * too fine for the range (the server's point cap) is made coarser, a sort on a column the table
 * lacks is the default sort.
 */
export function readResourcesView(search: string, now: number, user?: RangeUser): ResourcesView {
  const params = new URLSearchParams(search)
  const entry = resourcesQueryFromSearch(search)
  const main = readScreenRange(params, 'default', MAIN_DEFAULT, now, user)
  const comparison = readScreenRange(params, 'default', COMPARISON_DEFAULT, now, user, COMPARISON_KEYS)
  const asked = intervalFromParam(params.get('interval'))
  const groupBy = RESOURCE_GROUP_BYS.find((g) => g === params.get('groupBy')) ?? RESOURCE_GROUP_BYS[0]
  const sort = parseSortParam(params.get('jobsSort'))
  const pageSize = readNumber(params, 'jobsPageSize')
  const page = readNumber(params, 'jobsPage')
  return {
    cluster: entry.cluster ?? ALL_CLUSTERS,
    main,
    interval: asked ? coarsestNeeded(asked, main.range) : intervalForRange(main.range),
    groupBy,
    values: params.has('values') ? readList(params, 'values').slice(0, MULTI_SELECT_MAX) : null,
    compare: params.get('compare') === 'true',
    comparison,
    jobs: {
      sort: sort && FINISHED_APP_SORT_FIELDS.fapps.includes(sort.key) ? sort : defaultJobsSort(),
      pageSize:
        pageSize !== undefined && (GENERIC_TABLE_PAGE_SIZES as readonly number[]).includes(pageSize)
          ? pageSize
          : JOBS_PAGE_SIZE,
      page: page !== undefined && Number.isInteger(page) && page > 0 ? page : 1,
    },
    appType: params.get('appType') === 'Impala' ? 'Impala' : 'Yarn',
    impala: Object.fromEntries([...params].filter(([key]) => key.startsWith('impala'))),
  }
}

/**
 * B030: the address of a view, keys sorted, defaults left out. A chosen empty set of group values
 * is written as `values=` so it reads back as empty, not as the default four.
 */
export function resourcesSearch(view: ResourcesView): string {
  const defaultInterval = intervalForRange(view.main.range)
  const sort = view.jobs.sort
  const dflt = defaultJobsSort()
  const text = queryStringFromState({
    clusterUid: view.cluster === ALL_CLUSTERS ? undefined : view.cluster,
    ...rangeParams(view.main, MAIN_DEFAULT),
    interval: view.interval === defaultInterval ? undefined : INTERVALS[view.interval].param,
    groupBy: view.groupBy === RESOURCE_GROUP_BYS[0] ? undefined : view.groupBy,
    values: view.values ?? undefined,
    compare: view.compare ? 'true' : undefined,
    ...(view.compare ? rangeParams(view.comparison, COMPARISON_DEFAULT, COMPARISON_KEYS) : {}),
    jobsSort: sort.key === dflt.key && sort.direction === dflt.direction ? undefined : formatSortParam(sort),
    jobsPage: view.jobs.page === 1 ? undefined : view.jobs.page,
    jobsPageSize: view.jobs.pageSize === JOBS_PAGE_SIZE ? undefined : view.jobs.pageSize,
    appType: view.appType === 'Yarn' ? undefined : view.appType,
    ...view.impala,
  })
  if (view.values?.length !== 0) return text
  const params = new URLSearchParams(text)
  params.set('values', '')
  params.sort()
  return `?${params.toString()}`
}

/** One change to the screen. */
export type ResourcesEvent =
  | { type: 'cluster'; cluster: string }
  | { type: 'range'; screen: Pick<ScreenRange, 'range' | 'label'> }
  | { type: 'interval'; interval: IntervalChoice }
  | { type: 'groupBy'; groupBy: ResourceGroupBy }
  | { type: 'values'; values: string[] }
  | { type: 'compare'; compare: boolean }
  | { type: 'comparisonRange'; screen: Pick<ScreenRange, 'range' | 'label'> }
  | { type: 'jobs'; jobs: Partial<ResourcesView['jobs']> }
  | { type: 'appType'; appType: ResourcesView['appType'] }
  | { type: 'impala'; impala: Record<string, string | undefined> }

/**
 * What a change does. Another cluster or group-by has other values, so the chosen ones go back to
 * the first 4; a new range sets the interval from its span (B092) and, like a new cluster, takes
 * the Yarn jobs table back to its first page (B103).
 */
export function changeResources(view: ResourcesView, event: ResourcesEvent): ResourcesView {
  const firstPage = { ...view.jobs, page: 1 }
  switch (event.type) {
    case 'cluster':
      return { ...view, cluster: event.cluster, values: null, jobs: firstPage }
    case 'range': {
      // The Impala queries table goes back to its first page too.
      const { impalaPage: _page, ...impala } = view.impala
      return {
        ...view,
        main: { ...event.screen, problem: null },
        interval: intervalForRange(event.screen.range),
        jobs: firstPage,
        impala,
      }
    }
    case 'interval':
      return { ...view, interval: coarsestNeeded(event.interval, view.main.range) }
    case 'groupBy':
      return { ...view, groupBy: event.groupBy, values: null }
    case 'values':
      return { ...view, values: event.values }
    case 'compare':
      return { ...view, compare: event.compare }
    case 'comparisonRange':
      return { ...view, comparison: { ...event.screen, problem: null } }
    case 'jobs':
      return { ...view, jobs: { ...view.jobs, ...event.jobs } }
    case 'appType':
      return { ...view, appType: event.appType }
    case 'impala': {
      const impala = { ...view.impala, ...event.impala }
      return {
        ...view,
        impala: Object.fromEntries(
          Object.entries(impala).filter((e): e is [string, string] => e[1] !== undefined),
        ),
      }
    }
  }
}

/** B164: the values the charts show: the chosen ones, else the first 4 of the options. */
export function selectedGroupValues(chosen: readonly string[] | null, options: readonly string[]): string[] {
  return chosen ? [...chosen] : defaultSelectedGroupValues(options)
}

/** The fapps query of the Yarn jobs table: its window, page and sort (B099, B100). */
export function yarnJobsArgs(view: ResourcesView) {
  return {
    cluster: view.cluster,
    start: view.main.range.start,
    end: view.main.range.end,
    sort: formatSignedSort(view.jobs.sort),
    from: pageOffset(view.jobs.page, view.jobs.pageSize),
    size: view.jobs.pageSize,
  }
}
