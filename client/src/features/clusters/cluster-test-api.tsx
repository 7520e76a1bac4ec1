import { vi } from 'vitest'
import type { Options } from 'highcharts'
import type {
  ClusterItem,
  JobBucket,
  JobCountResponse,
  NodesResponse,
  ResourceSeriesResponse,
  TaggedStatsResponse,
} from '@costlens/shared'
import { json, stubApi, type Handler } from '../../../test/render.tsx'

/*
 * Fixtures and stubs for the cluster screens' component tests. Not a test file itself: the tests
 * import it (and call `mockCharts()` at their top, which vitest hoists).
 */

/**
 * Stands in for the lazy Highcharts frame: an image named by the chart's title and the series it
 * was given (with their point counts), so a test reads what would be drawn without loading
 * Highcharts in jsdom seven times a page. The chart widgets have tests of their own.
 */
export function FakeHighchartsFrame({ options }: { options: Options }) {
  const series = (options.series ?? []).map((s) => {
    const data = (s as { data?: unknown[] }).data ?? []
    return `${s.name ?? ''} (${data.length})`
  })
  return <div role="img" aria-label={`${String(options.title?.text)}: ${series.join(', ')}`} />
}

export const mockChartsFactory = () => ({ LazyHighchartsFrame: FakeHighchartsFrame })

const T = Date.parse('2026-11-23T11:00:00Z')

export const CLUSTERS: ClusterItem[] = [
  {
    unravelId: 'cdh-prod-01',
    displayName: 'Production CDH',
    clusterName: 'prod-cdh-01',
    clusterType: 'Yarn',
  },
  { unravelId: 'cdh-dev-01', displayName: 'Development CDH', clusterName: 'dev-cdh-01', clusterType: 'Yarn' },
]

export const cpuAnswer: ResourceSeriesResponse = {
  avg: [
    [T, 20],
    [T + 120_000, 30],
  ],
  range: [
    [T, 18, 22],
    [T + 120_000, 25, 35],
  ],
  total: [
    [T, 100],
    [T + 120_000, 100],
  ],
  interval: '2m',
  pointInterval: 120_000,
}
export const memoryAnswer: ResourceSeriesResponse = {
  avg: [[T, 2048]],
  range: [[T, 1024, 4096]],
  total: [[T, 8192]],
  interval: '2m',
  pointInterval: 120_000,
}
export const nodesAnswer: NodesResponse = {
  active: [
    [T, 6],
    [T + 120_000, 5],
  ],
  series: [
    {
      name: 'UNHEALTHY',
      data: [
        [T, 0],
        [T + 120_000, 1],
      ],
    },
    {
      name: 'LOST',
      data: [
        [T, 0],
        [T + 120_000, 0],
      ],
    },
  ],
  nodes: 6,
  // The real product's documented node-state fields, which the console does not read.
  total: [
    [T, 6],
    [T + 120_000, 6],
  ],
  unhealthy: [
    [T, 0],
    [T + 120_000, 1],
  ],
  lost: [
    [T, 0],
    [T + 120_000, 0],
  ],
  decommissioned: [],
  rebooted: [],
  nodeType: 'm5.2xlarge',
  nodeVcores: 8,
  nodeMemoryMB: 32768,
  interval: '2m',
  pointInterval: 120_000,
}
export const statsAnswer: TaggedStatsResponse = {
  applicationType: [
    { key: 'SPARK', doc_count: 6 },
    { key: 'MAPREDUCE', doc_count: 2 },
  ],
  user: [
    { key: 'etl_svc', doc_count: 5 },
    { key: 'airflow', doc_count: 3 },
  ],
  queue: [
    { key: 'root.etl', doc_count: 8, capacity: 60, maxCapacity: 80 },
    { key: 'root.adhoc', doc_count: 0, capacity: 40, maxCapacity: 100 },
  ],
}

export const bucket = (key: string, count: number): JobBucket => ({ key, count, doc_count: count, ts: T })

export interface JobAnswers {
  bystatus: JobBucket[]
  bytype: JobBucket[]
  byinefficiency: JobBucket[]
  'finished/bystatus': JobBucket[]
  'finished/bytype': JobBucket[]
  'finished/byinefficiency': JobBucket[]
}

export const jobAnswers: JobAnswers = {
  bystatus: [bucket('running', 7), bucket('pending', 2)],
  bytype: [bucket('spark', 5), bucket('mr', 2)],
  byinefficiency: [],
  'finished/bystatus': [bucket('success', 40), bucket('failed', 3), bucket('killed', 0)],
  'finished/bytype': [bucket('hive', 20), bucket('spark', 23)],
  'finished/byinefficiency': [bucket('Data Skew', 4)],
}

export const jobCountAnswer = (date: number[], groups: Record<string, number[]>): JobCountResponse => {
  const out: JobCountResponse = { date }
  for (const [key, counts] of Object.entries(groups))
    out[key] = Object.fromEntries(date.map((d, i) => [String(d), counts[i] ?? 0]))
  return out
}

export interface ClusterApiAnswers {
  cpu?: unknown
  memory?: unknown
  nodes?: unknown
  stats?: (finished: boolean) => unknown
  jobs?: Partial<Record<keyof JobAnswers, unknown>>
  jobCount?: (params: URLSearchParams) => unknown
  /** The auto-action violations (default none). */
  violations?: unknown[]
  /** Every data call answers 500 (a silent failure, B290). */
  failing?: boolean
}

/**
 * Stubs every call of the cluster screens. Resource paths carry the cluster (`/clusters/{c}/…`),
 * so they are matched by pattern; the cluster search filters CLUSTERS by its customQ.
 */
export function stubClusterApi(answers: ClusterApiAnswers = {}) {
  const route =
    (pattern: RegExp, respond: (request: Request, match: RegExpExecArray) => Response): Handler =>
    (request) => {
      const match = pattern.exec(new URL(request.url).pathname)
      return request.method === 'GET' && match ? respond(request, match) : undefined
    }
  const failing = answers.failing ?? false
  const data = (body: unknown) => (failing ? json({ message: 'boom' }, 500) : json(body))
  const api = stubApi(
    route(/^\/api\/v1\/cluster_search$/, (request) => {
      const q = new URL(request.url).searchParams.get('customQ') ?? ''
      return json(CLUSTERS.filter((c) => c.displayName.includes(q)))
    }),
    route(/^\/api\/v1\/jobs\/lastChecked$/, () => json({ lastChecked: T })),
    route(/^\/api\/v1\/clusters\/[^/]+\/resources\/cpu\/allocated$/, () => data(answers.cpu ?? cpuAnswer)),
    route(/^\/api\/v1\/clusters\/[^/]+\/resources\/memory\/allocated$/, () =>
      data(answers.memory ?? memoryAnswer),
    ),
    route(/^\/api\/v1\/clusters\/[^/]+\/nodes$/, () => data(answers.nodes ?? nodesAnswer)),
    route(/^\/api\/v1\/clusters\/[^/]+\/resources\/tagged\/stats$/, (request) => {
      const finished = new URL(request.url).searchParams.get('final_status') === 'true'
      return data(answers.stats?.(finished) ?? statsAnswer)
    }),
    route(/^\/api\/v1\/jobs\/count$/, (request) =>
      data(answers.jobCount ? answers.jobCount(new URL(request.url).searchParams) : {}),
    ),
    route(/^\/api\/v1\/autoactions\/recent_violations$/, () => data(answers.violations ?? [])),
    route(/^\/api\/v1\/jobs\/((?:finished\/)?by(?:status|type|inefficiency))$/, (_request, match) => {
      const key = match[1] as keyof JobAnswers
      return data(answers.jobs?.[key] ?? jobAnswers[key])
    }),
  )
  const calls = (pattern: RegExp) =>
    api.requests.map((r) => new URL(r.url)).filter((url) => pattern.test(url.pathname))
  return { ...api, calls }
}

/** Silences the warning a silent failure logs (B290), for the tests that fail on purpose. */
export function quietErrors() {
  return vi.spyOn(console, 'warn').mockImplementation(() => undefined)
}
