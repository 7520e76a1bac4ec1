import { execFile, spawn } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import { promisify } from 'node:util'
import Database from 'better-sqlite3'
import { SCHEMA_VERSION } from '../simulator/src/db/seed/index.ts'
import { measureBundle } from './bundle.ts'
import { lighthouseScores } from './lighthouse.ts'
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
const LARGE_DB = path.join(ROOT, 'bench/data/large.db')
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5)
const DAY = 86_400_000

/** The application-list queries the console sends most: a first page with totals and metadata each. */
const UNIFIED_SEARCHES = (now: number): [string, object][] => [
  ['apps: all, last hour', { start_time: now - 3_600_000, end_time: now, size: 15 }],
  [
    'apps: finished, 7 days',
    {
      start_time: now - 7 * DAY,
      end_time: now,
      appStatus: ['S', 'F', 'K'],
      queryOnFinishedTime: true,
      size: 15,
      sort: [{ finishedTime: { order: 'desc' } }],
    },
  ],
  [
    'apps: user + type, 7 days, by duration',
    {
      start_time: now - 7 * DAY,
      end_time: now,
      users: ['etl_svc'],
      appTypes: ['spark'],
      size: 15,
      sort: [{ duration: { order: 'desc' } }],
    },
  ],
  ['apps: inefficient, 7 days', { start_time: now - 7 * DAY, end_time: now, eventTypes: [2, 6], size: 50 }],
  ['apps: running', { appStatus: ['R'], size: 15 }],
]

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })
}

async function seedLarge(): Promise<{ reused: boolean; seconds?: number; peakMb?: number; output: string }> {
  if (fs.existsSync(LARGE_DB)) {
    const db = new Database(LARGE_DB, { readonly: true })
    const version = db.prepare("SELECT value FROM settings WHERE key = 'schema_version'").pluck().get()
    db.close()
    if (version === SCHEMA_VERSION)
      return { reused: true, output: `reusing ${path.relative(ROOT, LARGE_DB)}` }
    // Seeded by another schema version: seed it again.
    for (const suffix of ['', '-wal', '-shm']) fs.rmSync(LARGE_DB + suffix, { force: true })
  }
  const { stdout } = await run('npx', ['tsx', 'scripts/seed.ts', '--scale', 'large', '--db', LARGE_DB], {
    cwd: ROOT,
    maxBuffer: 10_000_000,
  })
  const seconds = Number(/in ([\d.]+) s/.exec(stdout)?.[1])
  const peakMb = Number(/peak memory (\d+) MB/.exec(stdout)?.[1])
  return { reused: false, seconds, peakMb, output: stdout.trim() }
}

async function startServer(port: number) {
  const child = spawn('node', ['--import', 'tsx', 'simulator/src/server.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DB_PATH: LARGE_DB,
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

  process.stdout.write('seeding the large scale (once)…\n')
  const seed = await seedLarge()
  process.stdout.write(`${seed.output}\n`)

  const { child, baseUrl } = await startServer(await freePort())
  try {
    const signIn = await fetch(`${baseUrl}/api/v1/webSignIn`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'admin' }),
    })
    const { token } = (await signIn.json()) as { token: string }
    const now = Date.now()
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
      },
      ...UNIFIED_SEARCHES(now).map(([name, body]) => ({
        name,
        method: 'POST' as const,
        path: '/api/v1/apps/unifiedsearch',
        auth: true,
        body,
      })),
    ]
    process.stdout.write(`measuring ${endpoints.length + 1} routes, ${SECONDS} s per run…\n`)
    const load = await measureEndpoints(baseUrl, token, trivial, endpoints, SECONDS)
    const bundle = measureBundle(path.join(ROOT, 'client/dist'))
    const lighthouse = [await lighthouseScores(`${baseUrl}/login`)]
    const reset = await resetSeconds()

    process.stdout.write(
      `\nSeeding (large): ${seed.reused ? 'reused the existing file' : `${seed.seconds} s, peak ${seed.peakMb} MB`}\n`,
    )
    process.stdout.write(`Reset (small): ${reset.toFixed(2)} s\n\n`)
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
          page: l.url.replace(baseUrl, ''),
          performance: l.performance,
          accessibility: l.accessibility,
          'FCP ms': l.fcpMs,
          'LCP ms': l.lcpMs,
        })),
      ) + '\n',
    )

    const results = {
      at: new Date().toISOString(),
      seconds: SECONDS,
      seed,
      resetSeconds: reset,
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
