import type { Endpoint } from './load.ts'
import { createPrng } from '../simulator/src/db/seed/prng.ts'
import { dayWindows, queryOf } from './day-rows.ts'
import type { Vocabulary } from './vocabulary.ts'
import { elkRows } from './elk-rows.ts'
import { kafkaRows } from './kafka-rows.ts'
import { kubernetesRows } from './kubernetes-rows.ts'
import { alertingRows } from './alerting-rows.ts'
import { impalaRows } from './impala-rows.ts'
import { openSearchRows } from './opensearch-rows.ts'

/**
 * The hand-written rows: where a row's variants say more than the generic generator's (the
 * application list as the console sends it, two-level chargeback, the resource series, Snowflake's
 * and EMR's lists as issues 6, 7 and 16 measured them) and the three slow rows (global search,
 * pipelines, job counts and the bucket routes). Each names the endpoint-table entries it covers; those
 * get no generic row.
 */
export interface HandRow extends Endpoint {
  /** The keys (`<domain>.<name>`) of the endpoint-table entries this row measures. */
  covers: readonly string[]
}

const DAY = 86_400_000
const VARIANTS = 200
const HOURS = [1, 2, 6, 12, 24]
const SORTS = ['startTime', 'duration', 'cents', 'user', 'queue'] as const

/**
 * The application-list queries the console sends most, each as 200 variants (users, queues,
 * statuses, pages and ranges drawn from the seeded values, B097 paging inside 10,000), so the
 * figure is that of the queries, not of a cache of one request.
 */
export function unifiedSearches(now: number, v: Vocabulary): HandRow[] {
  const prng = createPrng(2026)
  const window = (maxDays: number) => {
    const end = now - prng.int(0, 3) * DAY - prng.int(0, 23) * 3_600_000
    const span = maxDays > 1 ? prng.int(1, maxDays) * DAY : prng.pick(HOURS) * 3_600_000
    return { start_time: end - span, end_time: end }
  }
  // The targets are for a first page; deeper pages have a row of their own.
  const page = (size: number) => ({ from: 0, size })
  const deepPage = (size: number) => ({ from: prng.int(1, 20) * size, size })
  const order = () => (prng.chance(0.7) ? 'desc' : 'asc')
  const many = (make: () => object) => Array.from({ length: VARIANTS }, () => ({ body: make() }))
  const search = (name: string, variants: { body: object }[]): HandRow => ({
    name,
    covers: ['apps.unifiedSearch'],
    method: 'POST',
    path: '/api/v1/apps/unifiedsearch',
    auth: true,
    variants,
  })
  return [
    search(
      'apps: all, 1-24 hours',
      many(() => ({ ...window(1), ...page(15), sort: [{ startTime: { order: 'desc' } }] })),
    ),
    search(
      'apps: finished, 1-7 days, by status',
      many(() => ({
        ...window(7),
        ...page(15),
        appStatus: prng.pick([['S', 'F', 'K'], ['F'], ['K'], ['F', 'K']]),
        queryOnFinishedTime: true,
        sort: [{ finishedTime: { order: 'desc' } }],
      })),
    ),
    search(
      'apps: user, queue or type, 1-7 days, any sort',
      many(() => ({
        ...window(7),
        ...page(15),
        ...prng.pick([
          { users: [prng.pick(v.users)] },
          { queues: [prng.pick(v.queues)] },
          { appTypes: [prng.pick(v.kinds)] },
        ]),
        sort: [{ [prng.pick(SORTS)]: { order: order() } }],
      })),
    ),
    search(
      'apps: inefficient, 1-7 days',
      many(() => ({
        ...window(7),
        ...page(50),
        eventTypes: [2, 6],
        ...(prng.chance(0.5) ? { insights: [prng.pick(v.events)] } : {}),
        sort: [{ duration: { order: 'desc' } }],
      })),
    ),
    search(
      'apps: pages 2-21, 1-7 days, any sort',
      many(() => ({
        ...window(7),
        ...deepPage(15),
        sort: [{ [prng.pick(SORTS)]: { order: order() } }],
      })),
    ),
    search(
      'apps: running',
      many(() => ({
        appStatus: ['R'],
        ...page(15),
        ...(prng.chance(0.5) ? { queues: [prng.pick(v.queues)] } : {}),
        sort: [{ [prng.pick(['startTime', 'duration', 'user'])]: { order: order() } }],
      })),
    ),
  ]
}

/**
 * Issue 6's figures: a two-level chargeback over 30 days (as the EMR admin: the EMR clusters run most
 * of the large scale's work) and a resource series over 7 days at its point interval, varied.
 */
function clusterEndpoints(now: number, v: Vocabulary): HandRow[] {
  const prng = createPrng(66)
  const emr = v.yarnClusters.EMR ?? []
  const cdh = v.yarnClusters.CDH ?? []
  const PAIRS = ['appt/user', 'appt/queue', 'user/queue', 'queue/appt', 'user/appt', 'queue/user']
  const end = () => now - prng.int(0, 48) * 3_600_000 - prng.int(0, 3_599_999)
  return [
    {
      name: 'chargeback, two levels, 30 days',
      covers: ['chargeback.cbTwoGroups'],
      method: 'GET',
      path: '/api/v1/search/cb/appt/user',
      auth: true,
      user: 'emr',
      variants: Array.from({ length: VARIANTS }, () => {
        const to = end()
        const cluster = prng.chance(0.5) ? `&clusterUid=${prng.pick(emr)}` : ''
        return { path: `/api/v1/search/cb/${prng.pick(PAIRS)}?from=${to - 30 * DAY}&to=${to}${cluster}` }
      }),
    },
    {
      name: 'resource series, 7 days',
      covers: [
        'clusters.cpuAllocated',
        'clusters.cpuTotal',
        'clusters.memoryAllocated',
        'clusters.memoryTotal',
      ],
      method: 'GET',
      path: '/api/v1/clusters/*/resources/cpu/allocated',
      auth: true,
      variants: Array.from({ length: VARIANTS }, () => {
        const to = end()
        const what = `${prng.pick(['cpu', 'memory'])}/${prng.pick(['allocated', 'total'])}`
        return {
          path: `/api/v1/clusters/${prng.pick(['*', ...cdh])}/resources/${what}?start_time=${to - 7 * DAY}&end_time=${to}`,
        }
      }),
    },
  ]
}

/**
 * Issue 7's figures: the Snowflake inefficient list as the console opens it (first page, cost
 * descending) with one filter of each kind, and its metadata, over windows from half a day to 90
 * days ending at varied hours.
 */
function snowflakeEndpoints(now: number, v: Vocabulary): HandRow[] {
  const prng = createPrng(77)
  const { warehouses, snowflakeUsers: users } = v
  const window = () => {
    const end = now - prng.int(0, 48) * 3_600_000 - prng.int(0, 3_599_999)
    const days = prng.pick([0.5, 1, 3, 7, 30, 90])
    return { startTime: new Date(end - days * DAY).toISOString(), endTime: new Date(end).toISOString() }
  }
  const filter = () =>
    prng.pick([
      { warehouseUid: [prng.pick(warehouses)] },
      { userName: [prng.pick(users)] },
      { insights: [prng.pick(['FULL_TABLE_SCAN', 'REMOTE_SPILLAGE', 'QUEUED_OVERLOAD', 'REPEATED_QUERY'])] },
      { status: [prng.pick(['S', 'F'])] },
      { accounts: [prng.pick(['QB41627', 'RX80233'])] },
    ])
  return [
    {
      name: 'snowflake: inefficient list, filtered, varied windows',
      covers: ['snowflake.querySearch'],
      method: 'POST',
      path: '/api/v1/snowflake/queries/search',
      auth: true,
      user: 'snowflake',
      variants: Array.from({ length: VARIANTS }, () => ({
        body: {
          ...window(),
          showInefficientOnly: true,
          ...filter(),
          page: 1,
          pageSize: 15,
          sort: 'cost-desc',
        },
      })),
    },
    {
      name: 'snowflake: inefficient metadata, varied windows',
      covers: ['snowflake.queryMetadata'],
      method: 'GET',
      path: '/api/v1/snowflake/queries/metadata',
      auth: true,
      user: 'snowflake',
      variants: Array.from({ length: VARIANTS }, () => ({
        path: `/api/v1/snowflake/queries/metadata?${new URLSearchParams({ ...window(), showInefficientOnly: 'true' })}`,
      })),
    },
  ]
}

/**
 * Issue 19's figures at the large scale (a million jobs): the BigQuery job list (p50 ≤ 15 ms, p99 ≤
 * 60 ms with varied filters) and its metadata (p99 ≤ 60 ms), over the list's date presets (1 hour to
 * 30 days, 12 hours the most), the three list types, one filter of each kind and every sort the
 * console offers; and the project list with its metadata, 200 variants each (the job details name one record: no row).
 */
function bigqueryEndpoints(now: number, v: Vocabulary): HandRow[] {
  const prng = createPrng(19)
  // An empty catalogue (a seed without BigQuery) still makes well-formed requests.
  const pick = <T>(items: readonly T[], none: T) => (items.length ? prng.pick(items) : none)
  const window = () => {
    const end = now - prng.int(0, 6) * 3_600_000 - prng.int(0, 3_599_999)
    const hours = prng.pick([1, 6, 12, 12, 12, 24, 7 * 24, 14 * 24, 30 * 24])
    return {
      startTime: new Date(end - hours * 3_600_000).toISOString(),
      endTime: new Date(end).toISOString(),
    }
  }
  const filter = () =>
    prng.pick<object>([
      {},
      { projectId: [pick(v.bigqueryProjects, 'none')] },
      { userName: [pick(v.bigqueryUsers, 'none')] },
      { status: [prng.pick(['S', 'F'])] },
      { type: [prng.pick(['Q', 'L', 'E', 'C'])] },
      { tags: [pick(v.bigqueryLabels, { key: 'team', value: 'none' })] },
      { pricing: [prng.pick(['ON_DEMAND', 'STANDARD', 'ENTERPRISE', 'ENTERPRISE_PLUS'])] },
      { minSlotMs: prng.pick([60_000, 1_000_000, 10_000_000]) },
      { minBilledBytes: 2 ** 30, maxBilledBytes: 2 ** 40 },
      { minDuration: prng.pick([10_000, 60_000, 600_000]) },
      { filterType: 'inefficient' },
      {
        filterType: 'inefficient',
        insights: [prng.pick(['SELECT_STAR', 'NO_PARTITION_FILTER', 'CROSS_JOIN'])],
      },
      { filterType: 'running' },
    ])
  const sort = () =>
    prng.pick([
      'createTime-desc',
      'createTime-desc',
      'cost-desc',
      'duration-desc',
      'slotMs-desc',
      'billedBytes-desc',
    ])
  const get = (name: string, key: string, path: string, paths: () => string): HandRow => ({
    name,
    covers: [`bigquery.${key}`],
    method: 'GET',
    path,
    auth: true,
    user: 'bigquery',
    variants: Array.from({ length: VARIANTS }, () => ({ path: paths() })),
  })
  return [
    {
      name: 'bigquery: job list, presets 1h-30d, filtered, sorted',
      covers: ['bigquery.jobSearch'],
      method: 'POST',
      path: '/api/v1/bigquery/jobs/search',
      auth: true,
      user: 'bigquery',
      variants: Array.from({ length: VARIANTS }, () => ({
        body: { ...window(), ...filter(), page: 1, pageSize: 15, sort: sort() },
      })),
    },
    get(
      'bigquery: job metadata, presets 1h-30d, list types',
      'jobMetadata',
      '/api/v1/bigquery/jobs/metadata',
      () => {
        const filterType = prng.pick(['all', 'all', 'inefficient', 'running'])
        return `/api/v1/bigquery/jobs/metadata?${new URLSearchParams({ ...window(), filterType })}`
      },
    ),
    get('bigquery: project list, sorted, by organization', 'projects', '/api/v1/bigquery/projects', () => {
      const params = new URLSearchParams({
        sort: prng.pick(['cost-desc', 'jobCount-desc', 'projectId-asc', 'slotMs-desc']),
        page: String(prng.int(1, 4)),
        pageSize: String(prng.pick([15, 25, 50])),
      })
      return `/api/v1/bigquery/projects?${params}`
    }),
    get(
      'bigquery: project metadata',
      'projectMetadata',
      '/api/v1/bigquery/projects/metadata',
      () => '/api/v1/bigquery/projects/metadata',
    ),
    // The cost pages (admin): Cost 360 over 30 days is issue 19's figure (p99 ≤ 100 ms).
    get('bigquery: Cost 360 over 30 days', 'costOverview', '/api/v1/bigquery/cost/overview', () => {
      const end = now - prng.int(0, 6) * 3_600_000 - prng.int(0, 3_599_999)
      const params = {
        startTime: new Date(end - 30 * 86_400_000 + 1).toISOString(),
        endTime: new Date(end).toISOString(),
      }
      return `/api/v1/bigquery/cost/overview?${new URLSearchParams(params)}`
    }),
    get('bigquery: Top K, 7-30 days, K 5-50', 'costTopK', '/api/v1/bigquery/cost/topk', () => {
      const days = prng.pick([7, 7, 14, 30])
      const end = now - prng.int(0, 3_599_999)
      const params = {
        startTime: new Date(end - days * 86_400_000 + 1).toISOString(),
        endTime: new Date(end).toISOString(),
        k: String(prng.pick([5, 10, 10, 25, 50])),
      }
      return `/api/v1/bigquery/cost/topk?${new URLSearchParams(params)}`
    }),
    get('bigquery: cost by tag, 7-30 days', 'costTags', '/api/v1/bigquery/cost/tags', () => {
      const days = prng.pick([7, 7, 14, 30])
      const end = now - prng.int(0, 3_599_999)
      const params = {
        startTime: new Date(end - days * 86_400_000 + 1).toISOString(),
        endTime: new Date(end).toISOString(),
        ...(prng.int(0, 1) ? { key: pick(v.bigqueryLabels, { key: 'team', value: '' }).key } : {}),
      }
      return `/api/v1/bigquery/cost/tags?${new URLSearchParams(params)}`
    }),
  ]
}

/**
 * The EMR cluster list (E040) and cost trends at the large scale (issue 16 targets: list p50 ≤ 15 ms,
 * p99 ≤ 60 ms; trends over 90 days p99 ≤ 50 ms), each as 200 variants: windows of 1 to 90 days,
 * the three tabs, status groups, name terms, cost ranges, tags and sorts drawn from the seeded clusters.
 */
function emrEndpoints(now: number, v: Vocabulary): HandRow[] {
  const prng = createPrng(16)
  const { emrClusterNames: names, emrClusterIds: ids, emrTags: tags } = v
  const window = (days: number[]) => {
    const to = now - prng.int(0, 6) * 3_600_000
    return { from: to - prng.pick(days) * DAY, to }
  }
  const filter = (): object => {
    const tag = prng.pick(tags)
    return prng.pick<object>([
      {},
      { statuses: [prng.pick(['active', 'terminated', 'failed'])] },
      { cluster_name_term: prng.pick(names).split('-')[0] },
      { minCost: prng.pick([1, 10, 50]), maxCost: prng.pick([100, 500, 5000]) },
      { tags: { [tag.key]: [tag.value] } },
      { eventTypes: ['NODE_DOWNSIZING'] },
      { includeClustersWithUnravel: true, includeClustersWithoutUnravel: false },
    ])
  }
  const sorts = ['startTime-desc', 'totalCost-desc', 'duration-desc', 'clusterName-asc', 'endTime-desc']
  return [
    {
      name: 'emr: cluster list, varied filters, 1-90 days',
      covers: ['emr.clusterSearch'],
      method: 'POST',
      path: '/api/v1/emr/clusters/search',
      auth: true,
      user: 'emr',
      variants: Array.from({ length: VARIANTS }, () => ({
        body: { ...window([1, 7, 30, 90]), ...filter(), page: 1, pageSize: 15, sort: prng.pick(sorts) },
      })),
    },
    {
      name: 'emr: cost trends, 90 days',
      covers: ['emr.costTrends'],
      method: 'GET',
      path: '/api/v1/emr/cost/trends',
      auth: true,
      user: 'emr',
      variants: Array.from({ length: VARIANTS }, () => {
        const { from, to } = window([90])
        const tag = prng.pick(tags)
        const scope = prng.pick<Record<string, string>>([
          {},
          { clusterId: prng.pick(ids) },
          { tag: `${tag.key}:${tag.value}` },
        ])
        return {
          path: `/api/v1/emr/cost/trends?${new URLSearchParams({ from: String(from), to: String(to), ...scope })}`,
        }
      }),
    },
  ]
}

/**
 * Issue 18's global search (p50 ≤ 15 ms, p99 ≤ 60 ms at a million apps): seeded words (users, queues,
 * pipeline names), fragments of application ids, strings that match nothing and strings that match
 * about half the apps (`etl` is in the name or queue of 55% of them; `e` in nearly all), on varied pages.
 */
function globalSearch(v: Vocabulary): HandRow {
  const prng = createPrng(18)
  const fragment = () => {
    const id = prng.pick(v.appIds)
    const length = prng.int(4, 10)
    const at = prng.int(0, Math.max(0, id.length - length))
    return id.slice(at, at + length)
  }
  const word = () =>
    prng.pick<() => string>([
      () => prng.pick([...v.users, ...v.queues, ...v.pipelines]),
      fragment,
      () => `zqxj${prng.int(100, 999)}`,
      () => prng.pick(['etl', 'root.etl', 'e', 'report']),
    ])()
  return {
    name: 'global search, seeded words, id fragments, no match, half the apps',
    covers: ['apps.globalSearch'],
    method: 'GET',
    path: '/api/v1/apps/globalsearch',
    auth: true,
    variants: Array.from({ length: VARIANTS }, () => ({
      path: `/api/v1/apps/globalsearch?${new URLSearchParams({
        searchString: word(),
        size: String(prng.pick([10, 15, 50])),
        from: String(prng.chance(0.7) ? 0 : prng.int(1, 5) * 15),
      })}`,
    })),
  }
}

/** Issue 18's pipelines list (p50 ≤ 30 ms, p99 ≤ 100 ms): 1-7 days ending at varied hours, every sort. */
function pipelines(now: number, v: Vocabulary): HandRow {
  const prng = createPrng(19)
  const SORT_KEYS = ['key', 'clusterUid', 'docCount', 'startTime', 'duration', 'userName', 'status', 'costs']
  return {
    name: 'pipelines, 1-7 days, any sort',
    covers: ['pipelines.pipelineList'],
    method: 'POST',
    path: '/api/v1/ds/api/v1/workflows/list',
    auth: true,
    variants: Array.from({ length: VARIANTS }, () => {
      const end = now - prng.int(0, 47) * 3_600_000 - prng.int(0, 3_599_999)
      return {
        body: {
          start_time: end - prng.int(1, 7) * DAY,
          end_time: end,
          sort_key: prng.pick(SORT_KEYS),
          sort_type: prng.pick(['asc', 'desc']),
          ...(prng.chance(0.2) ? { search_text: prng.pick(v.pipelines).split('_')[0] } : {}),
          ...(prng.chance(0.2) ? { clusters: [prng.pick(v.yarnClusters.CDH ?? ['*'])] } : {}),
        },
      }
    }),
  }
}

/**
 * Issue 18's job counts (p50 ≤ 15 ms, p99 ≤ 60 ms for any window up to 30 days): every groupBy,
 * interval 1h or 1d, windows of 1 hour to 30 days; and each bucket route (E028-E033) over the same
 * windows, for every kind or one.
 */
function jobCounts(now: number, v: Vocabulary): HandRow[] {
  const prng = createPrng(20)
  const window = () => {
    const end = now - prng.int(0, 47) * 3_600_000 - prng.int(0, 3_599_999)
    const span = prng.pick([1 / 24, 0.25, 1, 3, 7, 14, 30]) * DAY
    return { start_time: end - Math.round(span), end_time: end, span }
  }
  const count: HandRow = {
    name: 'job counts, every groupBy, 1h/1d, up to 30 days',
    covers: ['jobs.jobCount'],
    method: 'GET',
    path: '/api/v1/jobs/count',
    auth: true,
    variants: Array.from({ length: VARIANTS }, () => {
      const { start_time, end_time, span } = window()
      // 1h over 30 days is 720 buckets; 1d over an hour is one.
      const interval = span > 7 * DAY ? '1d' : prng.pick(['1h', '1d'])
      return {
        path: `/api/v1/jobs/count?${new URLSearchParams({
          start_time: String(start_time),
          end_time: String(end_time),
          interval,
          groupBy: prng.pick(['state', 'applicationType', 'user', 'queue']),
          ...(prng.chance(0.2) ? { clusterName: prng.pick(v.yarnClusters.CDH ?? ['*']) } : {}),
        })}`,
      }
    }),
  }
  const buckets = [
    ['jobs.runningByStatus', '/api/v1/jobs/bystatus', 'E028'],
    ['jobs.runningByType', '/api/v1/jobs/bytype', 'E029'],
    ['jobs.runningByInefficiency', '/api/v1/jobs/byinefficiency', 'E030'],
    ['jobs.finishedByStatus', '/api/v1/jobs/finished/bystatus', 'E031'],
    ['jobs.finishedByType', '/api/v1/jobs/finished/bytype', 'E032'],
    ['jobs.finishedByInefficiency', '/api/v1/jobs/finished/byinefficiency', 'E033'],
  ] as const
  return [
    count,
    ...buckets.map(([key, path, id]): HandRow => ({
      name: `job buckets ${path.replace('/api/v1/jobs/', '')} (${id}), up to 30 days`,
      covers: [key],
      method: 'GET',
      path,
      auth: true,
      variants: Array.from({ length: VARIANTS }, () => {
        const { start_time, end_time } = window()
        return {
          path: `${path}?${new URLSearchParams({
            start_time: String(start_time),
            end_time: String(end_time),
            ...(prng.chance(0.3) ? { kind: prng.pick(v.kinds) } : {}),
          })}`,
        }
      }),
    })),
  ]
}

/** EMR's cluster-sizing analyses (its body names the clusters: the generator has no object lists). */
function emrAnalyses(v: Vocabulary): HandRow {
  const prng = createPrng(21)
  return {
    name: 'emr: cluster sizing analyses, 1-10 clusters',
    covers: ['emr.listAnalysis'],
    method: 'POST',
    path: '/api/v1/dsinsights/api/v1/insights/listAnalysis',
    auth: true,
    user: 'emr',
    variants: Array.from({ length: VARIANTS }, () => ({
      body: {
        entities: Array.from({ length: prng.int(1, 10) }, () => ({
          entityType: 'CLUSTER',
          entityId: prng.pick(v.emrClusterIds),
        })),
        eventType: 'CLUSTER_SIZING',
      },
    })),
  }
}

/**
 * Every hand-written row: `first` are measured before the generic rows, `last` (the slow rows)
 * after them, since the requests a slow route leaves queued when its run ends would stall the next run.
 */
/**
 * Issue 20's figures at the large scale (a million runs over 90 days): the runs list (p50 ≤ 15 ms, p99
 * ≤ 60 ms with varied filters, over the list's presets and tabs), a two-level dcb chargeback over 30
 * days (p99 ≤ 150 ms) and the cost trends over 90 days (p99 ≤ 50 ms), 200 variants each.
 */
function databricksEndpoints(now: number, v: Vocabulary): HandRow[] {
  const prng = createPrng(20)
  const pick = <T>(items: readonly T[], none: T) => (items.length ? prng.pick(items) : none)
  const DAY = 86_400_000
  const runsWindow = () => {
    const end = now - prng.int(0, 6) * 3_600_000 - prng.int(0, 3_599_999)
    const hours = prng.pick([24, 7 * 24, 7 * 24, 7 * 24, 14 * 24, 30 * 24, 90 * 24])
    return { start_time: end - hours * 3_600_000, end_time: end }
  }
  const runsFilter = () =>
    prng.pick<object>([
      {},
      {},
      { appStatus: ['S', 'F', 'K'], queryOnFinishedTime: true },
      { appStatus: [prng.pick(['F', 'K'])] },
      { queues: [pick(v.databricksWorkspaces, 'none')] },
      { users: [pick(v.databricksUsers, 'none')] },
      { jobIds: [pick(v.databricksJobIds, '1')] },
      { clusterTypes: [prng.pick(['db_job_cluster', 'db_all_purpose', 'serverless'])] },
      { durations: { min: 600_000, max: 86_400_000 } },
      { cost: { min: 1, max: 10_000 } },
      { globalsearchpattern: prng.pick(['etl', 'daily', 'nightly', 'zzz']) },
    ])
  const runsSort = () =>
    prng.pick([
      { startTime: { order: 'desc' } },
      { startTime: { order: 'desc' } },
      { duration: { order: 'desc' } },
      { total_cost: { order: 'desc' } },
      { user: { order: 'asc' } },
    ])
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10)
  const get = (name: string, key: string, path: string, paths: () => string): HandRow => ({
    name,
    covers: [key],
    method: 'GET',
    path,
    auth: true,
    user: 'databricks',
    variants: Array.from({ length: VARIANTS }, () => ({ path: paths() })),
  })
  const groups = ['realuser', 'queue', 'clusterUid', 'clusterType']
  return [
    {
      name: 'databricks: runs list, 1-90 days, tabs, filtered, sorted',
      covers: ['databricksRuns.runs'],
      method: 'POST',
      path: '/api/v1/dbworkflows/api/v1/databricks/runs',
      auth: true,
      user: 'databricks',
      variants: Array.from({ length: VARIANTS }, () => {
        const running = prng.int(0, 9) === 0
        return {
          body: running
            ? { appTypes: ['db'], appStatus: ['R'], from: 0, size: 15, sort: [runsSort()] }
            : { appTypes: ['db'], ...runsWindow(), ...runsFilter(), from: 0, size: 15, sort: [runsSort()] },
        }
      }),
    },
    get(
      'databricks: dcb two levels over 30 days',
      'chargeback.dcbTwoGroups',
      '/api/v1/search/dcb/{group1}/{group2}',
      () => {
        const end = now - prng.int(0, 6) * 3_600_000
        const [first, second] = prng.pick(
          groups.flatMap((a) => groups.filter((b) => b !== a).map((b) => [a, b] as const)),
        )
        const params = new URLSearchParams({
          from: String(Math.floor((end - 30 * DAY) / 1000)),
          to: String(Math.floor(end / 1000)),
          kind: prng.pick(['db', 'db', 'spark']),
        })
        return `/api/v1/search/dcb/${first}/${second}?${params}`
      },
    ),
    {
      name: 'databricks: job selector, by part of a name or an id',
      covers: ['databricksRuns.jobSearch'],
      method: 'POST',
      path: '/api/v1/ds/api/v1/databricks/jobs/search',
      auth: true,
      user: 'databricks',
      variants: Array.from({ length: VARIANTS }, () => {
        const name = pick(v.databricksJobNames, 'etl')
        const start = prng.int(0, Math.max(0, name.length - 4))
        return {
          body: {
            query: prng.pick([
              name.slice(start, start + prng.int(3, 8)),
              pick(v.databricksJobIds, '1'),
              'zzz',
            ]),
            size: prng.pick([10, 20, 50]),
          },
        }
      }),
    },
    // The billing page sends its range's start plus 15 days as from (02 §7): a month or a few.
    get(
      'databricks: billing, 1-3 months',
      'databricksManage.billing',
      '/api/v1/ds/api/v1/databricks/billing',
      () => {
        const months = prng.int(0, 2)
        const start = new Date(now)
        start.setUTCDate(1)
        start.setUTCMonth(start.getUTCMonth() - months)
        const from = start.getTime() + 15 * DAY
        // The range's end: today, or a day of the last few (never before from).
        const to = Math.max(from, now - prng.int(0, 9) * DAY)
        return `/api/v1/ds/api/v1/databricks/billing?${new URLSearchParams({ from: day(from), to: day(to) })}`
      },
    ),
    get(
      'databricks: cost trends over 90 days',
      'databricksCost.costTrends',
      '/api/v1/ds/api/v1/databricks/cost/trends',
      () => {
        const params = new URLSearchParams({
          gte: day(now - 89 * DAY),
          lte: day(now),
          type: prng.pick(['workspaces', 'userName', 'tags']),
          unit: prng.pick(['USD', 'DBU']),
          granularity: prng.pick(['daily', 'weekly']),
        })
        return `/api/v1/ds/api/v1/databricks/cost/trends?${params}`
      },
    ),
  ]
}

export function handRows(now: number, v: Vocabulary): { first: HandRow[]; last: HandRow[] } {
  return {
    first: [
      ...unifiedSearches(now, v),
      ...clusterEndpoints(now, v),
      ...snowflakeEndpoints(now, v),
      ...bigqueryEndpoints(now, v),
      ...databricksEndpoints(now, v),
      ...emrEndpoints(now, v),
      emrAnalyses(v),
      ...hbaseEndpoints(now, v),
      ...kafkaRows(now, v),
      ...kubernetesRows(now, v),
      ...alertingRows(),
      ...openSearchRows(now),
      ...elkRows(now, v),
      ...impalaRows(now, v),
    ],
    last: [...jobCounts(now, v), pipelines(now, v), globalSearch(v)],
  }
}

/**
 * Issue 21's HBase figures: each series call over one day (today, yesterday or the last 24 hours) at
 * each of its intervals, for a host or the whole cluster, and the row lists over the same days, as
 * the admin (CDH) sees them; cluster, host and table are drawn together so every request names
 * things that exist.
 */
function hbaseEndpoints(now: number, v: Vocabulary): HandRow[] {
  const prng = createPrng(21)
  const clusters = v.hbase.filter((c) => c.platform === 'CDH' && c.hosts.length && c.tables.length)
  if (!clusters.length) return []
  const dayWindow = dayWindows(prng, now)
  const interval = () => prng.pick(['5m', '15m', '30m', '1h', '1h', '1d'])
  const row = (name: string, key: string, path: (c: (typeof clusters)[number]) => string): HandRow => ({
    name,
    covers: [key],
    method: 'GET',
    path: '/api/v1/hbase',
    auth: true,
    user: 'admin',
    variants: Array.from({ length: VARIANTS }, () => ({ path: path(prng.pick(clusters)) })),
  })
  const query = queryOf
  const uid = (c: (typeof clusters)[number]) => encodeURIComponent(c.clusterUid)
  return [
    row('hbase: cluster or host KPIs, a day at each interval', 'hbase.kpi', (c) => {
      const host = prng.chance(0.5) ? prng.pick(c.hosts) : undefined
      const prefix = prng.pick(['os', 'regionserver', 'jvm'])
      return `/api/v1/hbase/${uid(c)}/kpi?${query({ ...dayWindow(), interval: interval(), prefix, host })}`
    }),
    row(
      'hbase: table KPIs, a day at each interval',
      'hbase.tableKpi',
      (c) =>
        `/api/v1/hbase/table/${uid(c)}/kpi?${query({ ...dayWindow(), interval: interval(), table: prng.pick(c.tables) })}`,
    ),
    row(
      "hbase: a region server's OS metrics, a day at each interval",
      'hbase.regionOsMetrics',
      (c) =>
        `/api/v1/hbase/regions/${uid(c)}/region_os_metrics?${query({ ...dayWindow(), interval: interval(), host: prng.pick(c.hosts) })}`,
    ),
    row(
      'hbase: region servers over a day',
      'hbase.regionServers',
      (c) => `/api/v1/hbase/regions/${uid(c)}/region_server_optional?${query(dayWindow())}`,
    ),
    row(
      "hbase: tables over a day, or a region server's",
      'hbase.tableMetrics',
      (c) =>
        `/api/v1/hbase/${uid(c)}/metrics_tables?${query({ ...dayWindow(), host: prng.chance(0.5) ? prng.pick(c.hosts) : undefined })}`,
    ),
    row(
      'hbase: regions of a host or a table',
      'hbase.regionMetrics',
      (c) =>
        `/api/v1/hbase/${uid(c)}/metrics_regions?${query({ ...dayWindow(), ...(prng.chance(0.5) ? { host: prng.pick(c.hosts) } : { table: prng.pick(c.tables) }) })}`,
    ),
    row(
      "hbase: a table's info",
      'hbase.tableBasicInfo',
      (c) =>
        `/api/v1/hbase/table/${uid(c)}/table_basic_info?${query({ ...dayWindow(), table: prng.pick(c.tables) })}`,
    ),
    row(
      "hbase: a table's regions and their servers",
      'hbase.tableRegionInfo',
      (c) =>
        `/api/v1/hbase/table/${uid(c)}/table_region_info?${query({ ...dayWindow(), table: prng.pick(c.tables) })}`,
    ),
  ]
}
