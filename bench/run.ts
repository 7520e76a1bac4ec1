import { execFile, spawn } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import { promisify } from 'node:util'
import Database from 'better-sqlite3'
import { SCHEMA_VERSION } from '../simulator/src/db/seed/index.ts'
import { createPrng } from '../simulator/src/db/seed/prng.ts'
import { measureBundle } from './bundle.ts'
import { lighthouseScores } from './lighthouse.ts'
import { measureListPage } from './list-page.ts'
import { measureEndpoints, type Endpoint } from './load.ts'

/**
 * npm run bench: seeds the large scale once (reused later), starts the simulator on it, measures
 * the key endpoints with autocannon next to a trivial route, the built console's bundle against
 * its budgets, Lighthouse on the sign-in page, and the reset time at the small scale. Prints the
 * tables and writes bench/results/<time>.json and latest.json. Exits 1 when a budget is exceeded.
 * BENCH_SECONDS sets each autocannon run's length (default 5).
 */
const run = promisify(execFile)
const ROOT = path.resolve(import.meta.dirname, '..')
const DATA = path.join(ROOT, 'bench/data')
const LARGE_DB = path.join(DATA, 'large.db')
/** The issue's list-page target is on the demo scale (60,000 apps), the load figures on the large one. */
const DEMO_DB = path.join(DATA, 'demo.db')
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5)
const DAY = 86_400_000

/** What the varied queries draw from: the seeded users, queues, kinds, event names and pipelines. */
interface Vocabulary {
  users: string[]
  queues: string[]
  kinds: string[]
  events: string[]
  pipelines: string[]
}

function vocabulary(dbPath: string): Vocabulary {
  const db = new Database(dbPath, { readonly: true })
  const distinct = (sql: string) => db.prepare(sql).pluck().all() as string[]
  try {
    return {
      users: distinct('SELECT DISTINCT user FROM applications INDEXED BY applications_user'),
      queues: distinct('SELECT DISTINCT queue FROM applications INDEXED BY applications_queue'),
      kinds: ['spark', 'hive', 'tez', 'mr', 'impala'],
      events: distinct('SELECT DISTINCT event_name FROM app_events INDEXED BY app_events_name'),
      pipelines: ['daily_sales', 'customer_360', 'clickstream', 'fraud', 'ledger', 'inventory'],
    }
  } finally {
    db.close()
  }
}

const VARIANTS = 200
const HOURS = [1, 2, 6, 12, 24]
const SORTS = ['startTime', 'duration', 'cents', 'user', 'queue'] as const

/**
 * The application-list queries the console sends most, each as 200 variants (users, queues,
 * statuses, pages and ranges drawn from the seeded values, B097 paging inside 10,000), so the
 * figure is that of the queries, not of a cache of one request.
 */
function unifiedSearches(now: number, v: Vocabulary): Endpoint[] {
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
  const search = (name: string, variants: { body: object }[]): Endpoint => ({
    name,
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
 * The other list and summary calls of the Jobs screens, varied the same way, quick ones first: the
 * requests a slow route leaves queued when its run ends would otherwise stall the next route's run.
 */
function jobsEndpoints(now: number, v: Vocabulary): Endpoint[] {
  const prng = createPrng(7)
  const days = () => prng.int(1, 7) * DAY
  const paths = (make: () => string) => Array.from({ length: VARIANTS }, () => ({ path: make() }))
  return [
    {
      name: 'users and queues',
      method: 'GET',
      path: '/api/v1/reports/data/get_all_users_queues',
      auth: true,
    },
    {
      name: 'job counts, 1-7 days',
      method: 'GET',
      path: '/api/v1/jobs/count',
      auth: true,
      variants: paths(() => {
        const span = days()
        return `/api/v1/jobs/count?start_time=${now - span}&end_time=${now}&interval=${span > 2 * DAY ? '1d' : '1h'}&groupBy=${prng.pick(['state', 'applicationType', 'user', 'queue'])}`
      }),
    },
    {
      name: 'inefficient apps by event',
      method: 'GET',
      path: '/api/v1/apps/events/inefficient_apps',
      auth: true,
      variants: paths(
        () =>
          `/api/v1/apps/events/inefficient_apps?start_time=${now - days()}&end_time=${now}&wildcardCluster=*`,
      ),
    },
    {
      name: 'pipelines, 1-7 days',
      method: 'POST',
      path: '/api/v1/ds/api/v1/workflows/list',
      auth: true,
      variants: Array.from({ length: VARIANTS }, () => ({
        body: { start_time: now - days(), end_time: now, sort_key: 'startTime', sort_type: 'desc' },
      })),
    },
    // A substring search over every application (a scan of a narrow index, no text index).
    {
      name: 'global search',
      method: 'GET',
      path: '/api/v1/apps/globalsearch',
      auth: true,
      variants: paths(
        () =>
          `/api/v1/apps/globalsearch?searchString=${encodeURIComponent(prng.pick([...v.pipelines, ...v.users]))}&size=15&from=${prng.int(0, 5) * 15}`,
      ),
    },
  ]
}

/**
 * Issue 6's figures: a two-level chargeback over 30 days (as the EMR admin: the EMR clusters run most
 * of the large scale's work) and a resource series over 7 days at its point interval, varied.
 */
function clusterEndpoints(now: number, dbPath: string): Endpoint[] {
  const prng = createPrng(66)
  const db = new Database(dbPath, { readonly: true })
  const clustersOf = (platform: string) =>
    db
      .prepare(
        "SELECT unravel_id FROM clusters WHERE platform = ? AND kind = 'Yarn' AND terminated_at IS NULL",
      )
      .pluck()
      .all(platform) as string[]
  const emr = clustersOf('EMR')
  const cdh = clustersOf('CDH')
  db.close()
  const PAIRS = ['appt/user', 'appt/queue', 'user/queue', 'queue/appt', 'user/appt', 'queue/user']
  const end = () => now - prng.int(0, 48) * 3_600_000 - prng.int(0, 3_599_999)
  return [
    {
      name: 'chargeback, two levels, 30 days',
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
function snowflakeEndpoints(now: number, dbPath: string): Endpoint[] {
  const prng = createPrng(77)
  const db = new Database(dbPath, { readonly: true })
  const warehouses = db.prepare('SELECT uid FROM snowflake_warehouses').pluck().all() as string[]
  const users = db
    .prepare("SELECT DISTINCT user_name FROM snowflake_query_rollups WHERE slice = 'user'")
    .pluck()
    .all() as string[]
  db.close()
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
 * The EMR cluster list (E040) and cost trends at the large scale (issue 16 targets: list p50 ≤ 15 ms,
 * p99 ≤ 60 ms; trends over 90 days p99 ≤ 50 ms), each as 200 variants: windows of 1 to 90 days,
 * the three tabs, status groups, name terms, cost ranges, tags and sorts drawn from the seeded clusters.
 */
function emrEndpoints(now: number, dbPath: string): Endpoint[] {
  const prng = createPrng(16)
  const db = new Database(dbPath, { readonly: true })
  const names = db.prepare('SELECT cluster_name FROM emr_clusters LIMIT 500').pluck().all() as string[]
  const ids = db.prepare('SELECT cluster_id FROM emr_clusters LIMIT 500').pluck().all() as string[]
  const tags = db.prepare('SELECT key, value FROM emr_tag_pairs').all() as { key: string; value: string }[]
  db.close()
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

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })
}

async function seedScale(
  scale: 'large' | 'demo',
  file: string,
): Promise<{ reused: boolean; seconds?: number; peakMb?: number; output: string }> {
  if (fs.existsSync(file)) {
    const db = new Database(file, { readonly: true })
    const version = db.prepare("SELECT value FROM settings WHERE key = 'schema_version'").pluck().get()
    db.close()
    if (version === SCHEMA_VERSION) return { reused: true, output: `reusing ${path.relative(ROOT, file)}` }
    // Seeded by another schema version: seed it again.
    for (const suffix of ['', '-wal', '-shm']) fs.rmSync(file + suffix, { force: true })
  }
  const { stdout } = await run('npx', ['tsx', 'scripts/seed.ts', '--scale', scale, '--db', file], {
    cwd: ROOT,
    maxBuffer: 10_000_000,
  })
  const seconds = Number(/in ([\d.]+) s/.exec(stdout)?.[1])
  const peakMb = Number(/peak memory (\d+) MB/.exec(stdout)?.[1])
  return { reused: false, seconds, peakMb, output: stdout.trim() }
}

async function startServer(port: number, dbPath: string) {
  const child = spawn('node', ['--import', 'tsx', 'simulator/src/server.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DB_PATH: dbPath,
      LOG_LEVEL: 'warn',
      SIM_CONTROL: 'off',
      SIGN_IN_PER_MINUTE: '100000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const baseUrl = `http://127.0.0.1:${port}`
  for (let i = 0; i < 360; i++) {
    try {
      if ((await fetch(`${baseUrl}/signInMode`)).ok) return { child, baseUrl }
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500))
  }
  child.kill()
  throw new Error('the simulator did not start within 180 s')
}

async function resetSeconds(): Promise<number> {
  const { buildApp } = await import('../simulator/src/app.ts')
  const app = await buildApp({
    dbPath: ':memory:',
    seed: { scale: 'small' },
    logger: false,
    signInPerMinute: 1000,
  })
  try {
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/v1/webSignIn',
      payload: { username: 'admin', password: 'admin' },
    })
    const token = signIn.json<{ token: string }>().token
    const reset = await app.inject({
      method: 'POST',
      url: '/__sim/reset',
      headers: { authorization: `JWT ${token}` },
    })
    return reset.json<{ resetMs: number }>().resetMs / 1000
  } finally {
    await app.close()
  }
}

const table = (rows: Record<string, unknown>[]) => {
  const keys = Object.keys(rows[0] ?? {})
  const width = keys.map((k) => Math.max(k.length, ...rows.map((r) => String(r[k]).length)))
  const line = (cells: unknown[]) => cells.map((c, i) => String(c).padEnd(width[i]!)).join('  ')
  return [
    line(keys),
    line(width.map((w) => '-'.repeat(w))),
    ...rows.map((r) => line(keys.map((k) => r[k]))),
  ].join('\n')
}

async function main() {
  process.stdout.write('building the console…\n')
  await run('npm', ['run', '--silent', 'build'], { cwd: ROOT, maxBuffer: 10_000_000 })

  process.stdout.write('seeding the large and demo scales (once)…\n')
  const seed = await seedScale('large', LARGE_DB)
  process.stdout.write(`${seed.output}\n`)
  process.stdout.write(`${(await seedScale('demo', DEMO_DB)).output}\n`)

  // The browser figures first, each on its own server: requests a slow route leaves queued would
  // otherwise delay the pages.
  const demo = await startServer(await freePort(), DEMO_DB)
  let listPage: Awaited<ReturnType<typeof measureListPage>>
  let lighthouse: Awaited<ReturnType<typeof lighthouseScores>>[]
  try {
    listPage = await measureListPage(demo.baseUrl)
    lighthouse = [await lighthouseScores(`${demo.baseUrl}/login`), listPage.lighthouse!]
  } finally {
    demo.child.kill()
  }
  const { child, baseUrl } = await startServer(await freePort(), LARGE_DB)
  try {
    const largeListPage = await measureListPage(baseUrl, 'admin', 6, false)
    const tokens: Record<string, string> = {}
    for (const user of ['admin', 'emr', 'snowflake']) {
      const signIn = await fetch(`${baseUrl}/api/v1/webSignIn`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: user, password: user }),
      })
      tokens[user] = ((await signIn.json()) as { token: string }).token
    }
    const now = Date.now()
    const words = vocabulary(LARGE_DB)
    const trivial: Endpoint = {
      name: 'trivial (signInMode)',
      method: 'GET',
      path: '/signInMode',
      auth: false,
    }
    const endpoints: Endpoint[] = [
      { name: 'token check', method: 'GET', path: '/api/v1/isValidToken', auth: true },
      { name: 'cluster search', method: 'GET', path: '/api/v1/cluster_search?size=100', auth: true },
      {
        name: 'tags, 7 days',
        method: 'GET',
        path: `/api/v1/search/tags?from=${now - 7 * DAY}&to=${now}`,
        auth: true,
      },
      {
        name: 'AWS tags',
        method: 'GET',
        path: `/api/v1/search/awstags?from=${now - 7 * DAY}&to=${now}`,
        auth: true,
        // AWS tags are the EMR clusters' (the route is for EMR installs only).
        user: 'emr',
      },
      ...unifiedSearches(now, words),
      ...clusterEndpoints(now, LARGE_DB),
      ...snowflakeEndpoints(now, LARGE_DB),
      ...emrEndpoints(now, LARGE_DB),
      ...jobsEndpoints(now, words),
    ]
    process.stdout.write(`measuring ${endpoints.length + 1} routes, ${SECONDS} s per run…\n`)
    const load = await measureEndpoints(baseUrl, tokens, trivial, endpoints, SECONDS)
    const bundle = measureBundle(path.join(ROOT, 'client/dist'))
    const reset = await resetSeconds()

    process.stdout.write(
      `\nSeeding (large): ${seed.reused ? 'reused the existing file' : `${seed.seconds} s, peak ${seed.peakMb} MB`}\n`,
    )
    process.stdout.write(`Reset (small): ${reset.toFixed(2)} s\n`)
    process.stdout.write(
      `Applications list to its first rows (demo scale): page load median ${listPage.medianMs} ms ` +
        `(max ${listPage.maxMs} ms, ${listPage.firstRowsMs.length} visits); from a click on the Jobs tab ` +
        `inside the console median ${listPage.inAppMedianMs} ms\n` +
        `The same at the large scale: page load median ${largeListPage.medianMs} ms, ` +
        `in the console median ${largeListPage.inAppMedianMs} ms\n\n`,
    )
    process.stdout.write(
      table(
        load.map((f) => ({
          route: f.name,
          'p50 ms': f.p50Ms,
          'p99 ms': f.p99Ms,
          'rps (10 conn)': f.rps,
          ratio: f.ratio,
          errors: f.errors + f.non2xx,
        })),
      ) + '\n\n',
    )
    process.stdout.write(
      table(
        bundle.chunks.map((c) => ({
          chunk: c.file,
          initial: c.initial ? 'yes' : '',
          'KB gzip': (c.gzipBytes / 1024).toFixed(1),
        })),
      ) + '\n',
    )
    process.stdout.write(
      `initial JS ${bundle.initialJsGzipKb} KB gzip (budget ${bundle.budgetKb} KB): ${bundle.withinBudget ? 'within' : 'OVER'}` +
        (bundle.eagerButShouldBeLazy.length
          ? `; loaded up front but should be lazy: ${bundle.eagerButShouldBeLazy.join(', ')}`
          : '') +
        '\n\n',
    )
    process.stdout.write(
      table(
        lighthouse.map((l) => ({
          page: new URL(l.url).pathname,
          performance: l.performance,
          accessibility: l.accessibility,
          'FCP ms': l.fcpMs,
          'LCP ms': l.lcpMs,
          ...(lighthouse.some((run) => run.error) ? { error: l.error ?? '' } : {}),
        })),
      ) + '\n',
    )

    const results = {
      at: new Date().toISOString(),
      seconds: SECONDS,
      seed,
      resetSeconds: reset,
      listPage: {
        firstRowsMs: listPage.firstRowsMs,
        medianMs: listPage.medianMs,
        maxMs: listPage.maxMs,
        inAppMs: listPage.inAppMs,
        inAppMedianMs: listPage.inAppMedianMs,
      },
      largeListPage: {
        firstRowsMs: largeListPage.firstRowsMs,
        medianMs: largeListPage.medianMs,
        inAppMs: largeListPage.inAppMs,
        inAppMedianMs: largeListPage.inAppMedianMs,
      },
      load,
      bundle,
      lighthouse,
    }
    const dir = path.join(ROOT, 'bench/results')
    fs.mkdirSync(dir, { recursive: true })
    const json = JSON.stringify(results, null, 2)
    fs.writeFileSync(path.join(dir, `${results.at.replace(/[:.]/g, '-')}.json`), json)
    fs.writeFileSync(path.join(dir, 'latest.json'), json)
    process.stdout.write(`\nwrote bench/results/latest.json\n`)
    process.exitCode = bundle.withinBudget && bundle.eagerButShouldBeLazy.length === 0 ? 0 : 1
  } finally {
    child.kill()
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`bench: ${(error as Error).stack ?? error}\n`)
  process.exitCode = 2
})
