/*
 * Times the slow rows of issue 18 that H2 owns, through the app as a client calls them: job counts
 * (E027) over windows of one hour to 30 days with every interval the point cap allows, every
 * groupBy, with and without filterBy/key and clusterName; the six job bucket routes (E028-E033); the
 * pipelines list (E026) over 1-7 days with varied sorts and filters; a pipeline's runs (R111).
 * 200 varied requests per row after 20 warm-up ones; p50 and p99 in ms per request. No assertion.
 *
 *   npx tsx scripts/jobs-rows-timing.ts DB_PATH     a seeded database (a copy: the app writes to it)
 */
import { JOB_INTERVALS, MAX_SERIES_POINTS, PIPELINE_SORT_KEYS, PIPELINE_TYPES } from '@costlens/shared'
import { createPrng } from '../simulator/src/db/seed/prng.ts'
import { PIPELINE_NAMES } from '../simulator/src/db/seed/applications.ts'
import { signedInApp, timingLine } from './timing-app.ts'

const dbPath = process.argv[2]
if (!dbPath) throw new Error('usage: npx tsx scripts/jobs-rows-timing.ts DB_PATH')
const only = process.argv[3]
const { app, headers } = await signedInApp(dbPath)
const prng = createPrng(18)
const now = app.clock.now()
const HOUR = 3_600_000
const DAY = 24 * HOUR
const INTERVAL_MS: Record<string, number> = {
  '1m': 60_000,
  '5m': 300_000,
  '10m': 600_000,
  '30m': 1_800_000,
  '1h': HOUR,
  '1d': DAY,
  '1w': 7 * DAY,
}
const pluck = (sql: string) => app.db.prepare(sql).pluck().all() as string[]
const clusters = pluck("SELECT unravel_id FROM clusters WHERE platform = 'CDH' ORDER BY unravel_id")
const users = pluck(`SELECT DISTINCT user FROM applications INDEXED BY applications_user LIMIT 40`)
const queues = pluck(`SELECT DISTINCT queue FROM applications INDEXED BY applications_queue LIMIT 40`)
const KEYS: Record<string, string[]> = {
  state: ['RUNNING', 'SUCCEEDED', 'FAILED', 'KILLED', 'PENDING'],
  applicationType: ['SPARK', 'MAPREDUCE', 'HIVE', 'TEZ', 'IMPALA'],
  user: users,
  queue: queues,
}
const GROUP_BYS = ['state', 'applicationType', 'user', 'queue']

/** A window of `span` ending now or up to 3 days before. */
const windowOf = (span: number) => {
  const end = now - (prng.chance(0.5) ? 0 : prng.int(0, 3 * DAY))
  return { start: end - span, end }
}
const spanUpTo = (max: number) => prng.int(HOUR, max)

function jobCountPath(maxSpan: number): string {
  const { start, end } = windowOf(spanUpTo(maxSpan))
  const intervals = JOB_INTERVALS.filter((i) => (end - start) / INTERVAL_MS[i]! + 1 <= MAX_SERIES_POINTS)
  const params = new URLSearchParams({
    start_time: String(start),
    end_time: String(end),
    interval: prng.pick(intervals),
    groupBy: prng.pick(GROUP_BYS),
  })
  if (prng.chance(0.4)) {
    const by = prng.pick(GROUP_BYS)
    params.set('filterBy', by)
    params.set('key', prng.pick(KEYS[by]!))
  }
  if (prng.chance(0.4)) params.set('clusterName', prng.pick(clusters))
  return `/api/v1/jobs/count?${params}`
}

function bucketPath(base: string): string {
  const { start, end } = windowOf(spanUpTo(30 * DAY))
  const params = new URLSearchParams({ start_time: String(start), end_time: String(end) })
  if (prng.chance(0.4)) params.set('clusterUid', prng.pick(clusters))
  return `${base}?${params}`
}

function pipelinesBody(): Record<string, unknown> {
  const { start, end } = windowOf(prng.int(DAY, 7 * DAY))
  const body: Record<string, unknown> = {
    start_time: start,
    end_time: end,
    sort_key: prng.pick(PIPELINE_SORT_KEYS),
    sort_type: prng.pick(['asc', 'desc']),
  }
  if (prng.chance(0.3)) body.clusters = [prng.pick(clusters)]
  if (prng.chance(0.3)) body.search_text = prng.pick(['sales', 'fraud', 'refresh', '_', 'nothing-matches'])
  if (prng.chance(0.3)) body.pipelineTypes = [prng.pick(PIPELINE_TYPES)]
  return body
}

function runsPath(): string {
  const { start, end } = windowOf(prng.int(DAY, 7 * DAY))
  const params = new URLSearchParams({ start_time: String(start), end_time: String(end) })
  if (prng.chance(0.4)) params.set('clusterUid', prng.pick(clusters))
  return `/api/v1/workflows/pipelines/${prng.pick(PIPELINE_NAMES)}/runs?${params}`
}

interface Call {
  method: 'GET' | 'POST'
  url: string
  payload?: Record<string, unknown>
}
const ROWS: [string, () => Call][] = [
  ['jobs/count, 1-7 days', () => ({ method: 'GET', url: jobCountPath(7 * DAY) })],
  ['jobs/count, up to 30 days', () => ({ method: 'GET', url: jobCountPath(30 * DAY) })],
  ...[
    'bystatus',
    'bytype',
    'byinefficiency',
    'finished/bystatus',
    'finished/bytype',
    'finished/byinefficiency',
  ].map((b): [string, () => Call] => [
    `jobs/${b}, up to 30 days`,
    () => ({ method: 'GET', url: bucketPath(`/api/v1/jobs/${b}`) }),
  ]),
  [
    'pipelines list, 1-7 days',
    () => ({ method: 'POST', url: '/api/v1/ds/api/v1/workflows/list', payload: pipelinesBody() }),
  ],
  ['pipeline runs, 1-7 days', () => ({ method: 'GET', url: runsPath() })],
]

for (const [label, call] of ROWS) {
  if (only && !label.includes(only)) continue
  const calls = Array.from({ length: 220 }, call)
  const ms: number[] = []
  for (const [i, c] of calls.entries()) {
    const t = performance.now()
    const res = await app.inject({ ...c, headers })
    if (i >= 20) ms.push(performance.now() - t)
    if (res.statusCode !== 200) throw new Error(`${label} ${c.url}: ${res.statusCode} ${res.body}`)
  }
  console.log(timingLine(label, ms, 34))
}
await app.close()
