import { execFile, spawn } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import Database from 'better-sqlite3'
import { SCHEMA_VERSION } from '../simulator/src/db/seed/index.ts'
import { verdict } from './budgets.ts'
import { measureBundle } from './bundle.ts'
import { lighthouseScores } from './lighthouse.ts'
import { measureDashboard } from './dashboard-page.ts'
import { measureListPage } from './list-page.ts'
import { exportTargets, measureExports, type ExportFigures } from './exports.ts'
import {
  measureEndpoints,
  runSeconds,
  type Endpoint,
  type EndpointFigures,
  type NotMeasured,
} from './load.ts'
import { planRows, type PlannedRow } from './plan.ts'
import { issueTargets, medianSeed, parseSeedLine, type SeedFigures } from './targets.ts'
import { readVocabulary } from './vocabulary.ts'

/**
 * npm run bench: seeds the small, demo and large scales (timed: issue 18's seed targets), starts the
 * simulator on the large one, measures every list and series route of the endpoint tables
 * (bench/plan.ts) with autocannon next to a trivial route, each against its latency budget
 * (bench/budgets.ts), the built console's bundle against its budgets, Lighthouse on the sign-in page
 * and the applications list, the list's first rows, and the reset time at the small scale. Prints
 * the tables, then issue 18's figures against their targets (bench/targets.ts), and writes
 * bench/results/<time>.json and latest.json. Exits 1 when a budget or a target is missed.
 * `--reuse-seed` keeps bench/data/large.db when it holds the current schema (its seed figures then
 * read "not measured").
 * BENCH_SECONDS sets the one-connection run of each row (default 3; the ten-connection run takes a
 * third of it). `--db FILE` (or BENCH_DB) measures the load table on another seeded file, e.g. a
 * small one while developing; `--load-only` (or BENCH_LOAD_ONLY=1) skips the build and the browser
 * figures; `--rows TEXT` (or BENCH_ROWS) measures only the rows whose name contains TEXT. Any of
 * them leaves bench/results alone.
 */
const run = promisify(execFile)
const ROOT = path.resolve(import.meta.dirname, '..')
const DATA = path.join(ROOT, 'bench/data')
const LARGE_DB = path.join(DATA, 'large.db')
/** The issue's list-page target is on the demo scale (60,000 apps), the load figures on the large one. */
const DEMO_DB = path.join(DATA, 'demo.db')
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3)
const args = process.argv.slice(2)
const flagValue = (flag: string) => (args.includes(flag) ? args[args.indexOf(flag) + 1] : undefined)
const DB_OVERRIDE = flagValue('--db') ?? process.env.BENCH_DB
const LOAD_ONLY = args.includes('--load-only') || process.env.BENCH_LOAD_ONLY === '1'
/** `--rows TEXT` (or BENCH_ROWS) keeps the rows whose name contains TEXT: one area while developing. */
const ROW_FILTER = flagValue('--rows') ?? process.env.BENCH_ROWS
/** `--reuse-seed`: keep a large file of the current schema instead of seeding it again (faster, no seed figures). */
const REUSE_SEED = args.includes('--reuse-seed')
const STARTED = Date.now()

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })
}

/**
 * Seeds `file` at a scale with the seed script (a process of its own, so its peak memory is the
 * seed's), or keeps it when `reuse` and it holds the current schema.
 */
async function seedScale(
  scale: 'large' | 'demo' | 'small',
  file: string,
  reuse = false,
): Promise<{ reused: boolean; figures?: SeedFigures; output: string }> {
  if (reuse && fs.existsSync(file)) {
    const db = new Database(file, { readonly: true })
    const version = db.prepare("SELECT value FROM settings WHERE key = 'schema_version'").pluck().get()
    db.close()
    if (version === SCHEMA_VERSION) return { reused: true, output: `reusing ${path.relative(ROOT, file)}` }
  }
  const { stdout } = await run('npx', ['tsx', 'scripts/seed.ts', '--scale', scale, '--db', file, '--force'], {
    cwd: ROOT,
    maxBuffer: 10_000_000,
  })
  return { reused: false, figures: parseSeedLine(stdout), output: stdout.trim() }
}

/** How many times the demo and small seeds are timed (the median is reported: medianSeed). */
const SHORT_SEED_RUNS = 3

/**
 * A short seed (demo or small) timed SHORT_SEED_RUNS times into `file`, reported as the median run;
 * the output lists every sample.
 */
async function shortSeed(
  scale: 'demo' | 'small',
  file: string,
): Promise<Awaited<ReturnType<typeof seedScale>>> {
  const runs: Awaited<ReturnType<typeof seedScale>>[] = []
  for (let i = 0; i < SHORT_SEED_RUNS; i++) runs.push(await seedScale(scale, file))
  const samples = runs.map((r) => (r.figures ? `${r.figures.seconds.toFixed(2)} s` : 'no summary')).join(', ')
  return {
    reused: false,
    figures: medianSeed(runs.map((r) => r.figures)),
    output: `${runs.at(-1)!.output}\n${scale} seed, ${SHORT_SEED_RUNS} runs: ${samples} (the median is reported)`,
  }
}

/** The small scale's seed time, into a scratch file removed after. */
async function smallSeed(): Promise<Awaited<ReturnType<typeof seedScale>>> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-small-'))
  try {
    return await shortSeed('small', path.join(dir, 'small.db'))
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
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
      // The export figures render far more PDFs a minute than a person asks for.
      PDF_PER_USER_PER_MINUTE: '100000',
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

/** A latency as printed: autocannon counts whole milliseconds, so a 0 is "under 1 ms", not nothing. */
const ms = (value: number) => (value === 0 ? '<1' : String(value))

/** The load table's rows: each row with its figures or its reason, its budget and its verdict. */
function loadRows(planned: readonly PlannedRow[], results: readonly (EndpointFigures | NotMeasured)[]) {
  const byName = new Map(results.map((r) => [r.name, r]))
  return planned.map((row) => {
    const result =
      byName.get(row.name) ??
      ({ name: row.name, path: '', notMeasured: row.notMeasured!, error: false } as NotMeasured)
    return { row, result, verdict: verdict(result, row.budget) }
  })
}

async function signInAll(baseUrl: string, users: Iterable<string>): Promise<Record<string, string>> {
  const tokens: Record<string, string> = {}
  for (const user of users) {
    const signIn = await fetch(`${baseUrl}/api/v1/webSignIn`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: user, password: user }),
    })
    tokens[user] = ((await signIn.json()) as { token: string }).token
  }
  return tokens
}

async function main() {
  const loadDb = DB_OVERRIDE ? path.resolve(DB_OVERRIDE) : LARGE_DB
  let seed: Awaited<ReturnType<typeof seedScale>> | undefined
  let demoSeed: Awaited<ReturnType<typeof seedScale>> | undefined
  let small: Awaited<ReturnType<typeof seedScale>> | undefined
  let listPage: Awaited<ReturnType<typeof measureListPage>> | undefined
  let dashboard: Awaited<ReturnType<typeof measureDashboard>> | undefined
  let lighthouse: Awaited<ReturnType<typeof lighthouseScores>>[] = []
  let exportFigures: ExportFigures | undefined
  if (!LOAD_ONLY) {
    process.stdout.write('building the console…\n')
    await run('npm', ['run', '--silent', 'build'], { cwd: ROOT, maxBuffer: 10_000_000 })
    process.stdout.write('seeding the small, demo and large scales…\n')
    small = await smallSeed()
    process.stdout.write(`${small.output}\n`)
    demoSeed = await shortSeed('demo', DEMO_DB)
    process.stdout.write(`${demoSeed.output}\n`)
    if (!DB_OVERRIDE) {
      seed = await seedScale('large', LARGE_DB, REUSE_SEED)
      process.stdout.write(`${seed.output}\n`)
    }
    // The browser figures first, each on its own server: requests a slow route leaves queued would
    // otherwise delay the pages.
    const demo = await startServer(await freePort(), DEMO_DB)
    try {
      listPage = await measureListPage(demo.baseUrl)
      lighthouse = [await lighthouseScores(`${demo.baseUrl}/login`), listPage.lighthouse!]
      dashboard = await measureDashboard(demo.baseUrl)
      process.stdout.write('measuring the exports (PDF, 10,000-row files, 200 renders)…\n')
      exportFigures = await measureExports(demo.baseUrl)
    } finally {
      demo.child.kill()
    }
  }
  if (!fs.existsSync(loadDb)) throw new Error(`no seeded file at ${loadDb}`)
  const { child, baseUrl } = await startServer(await freePort(), loadDb)
  try {
    const largeListPage = LOAD_ONLY ? undefined : await measureListPage(baseUrl, 'admin', 6, false)
    const largeDashboard = LOAD_ONLY ? undefined : await measureDashboard(baseUrl)
    const now = Date.now()
    const db = new Database(loadDb, { readonly: true })
    const vocabulary = readVocabulary(db)
    db.close()
    const planned = planRows({ now, vocabulary }).filter(
      (row) => !ROW_FILTER || row.name.includes(ROW_FILTER),
    )
    const endpoints = planned.flatMap((row) => (row.endpoint ? [row.endpoint] : []))
    const tokens = await signInAll(baseUrl, new Set(['admin', ...endpoints.map((e) => e.user ?? 'admin')]))
    const trivial: Endpoint = {
      name: 'trivial (signInMode)',
      method: 'GET',
      path: '/signInMode',
      auth: false,
    }
    const { single, ten } = runSeconds(SECONDS)
    process.stdout.write(
      `measuring ${endpoints.length} of ${planned.length} rows on ${path.relative(ROOT, loadDb)} ` +
        `(${single} s at 1 connection, ${ten} s at 10 per row: about ${Math.ceil(((endpoints.length + 1) * (single + ten + 1.5)) / 60)} min)…\n`,
    )
    let done = 0
    const load = await measureEndpoints(baseUrl, tokens, trivial, endpoints, SECONDS, (r) => {
      done++
      const figures =
        'notMeasured' in r ? `not measured: ${r.notMeasured}` : `p50 ${ms(r.p50Ms)} ms, p99 ${ms(r.p99Ms)} ms`
      process.stdout.write(`  [${done}/${endpoints.length + 1}] ${r.name}: ${figures}\n`)
    })
    const rows = loadRows(planned, load.slice(1))
    const bundle = LOAD_ONLY ? undefined : measureBundle(path.join(ROOT, 'client/dist'))
    const reset = LOAD_ONLY ? undefined : await resetSeconds()

    if (seed)
      process.stdout.write(
        `\nSeeding (large): ${seed.reused || !seed.figures ? 'reused the existing file' : `${seed.figures.seconds} s, peak ${seed.figures.peakMb} MB, file ${seed.figures.fileMb} MB`}\n`,
      )
    if (reset !== undefined) process.stdout.write(`Reset (small): ${reset.toFixed(2)} s\n`)
    if (listPage && largeListPage)
      process.stdout.write(
        `Applications list to its first rows (demo scale): page load median ${listPage.medianMs} ms ` +
          `(max ${listPage.maxMs} ms, ${listPage.firstRowsMs.length} visits); from a click on the Jobs tab ` +
          `inside the console median ${listPage.inAppMedianMs} ms\n` +
          `The same at the large scale: page load median ${largeListPage.medianMs} ms, ` +
          `in the console median ${largeListPage.inAppMedianMs} ms\n`,
      )
    if (dashboard && largeDashboard)
      process.stdout.write(
        `BigQuery Cost dashboard, 8 panels drawn (issue 23, ≤ 1,500 ms): page load median ` +
          `${dashboard.pageLoadMedianMs} ms at the demo scale, ${largeDashboard.pageLoadMedianMs} ms at the large; ` +
          `picked inside the console ${dashboard.inAppMedianMs} and ${largeDashboard.inAppMedianMs} ms\n`,
      )
    const trivialFigures = load[0] as EndpointFigures
    process.stdout.write(
      '\n' +
        table([
          {
            route: trivialFigures.name,
            'p50 ms': ms(trivialFigures.p50Ms),
            'p99 ms': ms(trivialFigures.p99Ms),
            budget: '',
            verdict: '',
            'rps (10 conn)': trivialFigures.rps,
            ratio: 1,
            errors: trivialFigures.errors + trivialFigures.non2xx,
          },
          ...rows.map(({ row, result, verdict: v }) =>
            'notMeasured' in result
              ? {
                  route: row.name,
                  'p50 ms': '',
                  'p99 ms': '',
                  budget: `${row.budget.p50Ms}/${row.budget.p99Ms}`,
                  verdict: v.text,
                  'rps (10 conn)': '',
                  ratio: '',
                  errors: '',
                }
              : {
                  route: row.name,
                  'p50 ms': ms(result.p50Ms),
                  'p99 ms': ms(result.p99Ms),
                  budget: `${row.budget.p50Ms}/${row.budget.p99Ms}`,
                  verdict: [v.text, result.note, result.dropped].filter(Boolean).join('; '),
                  'rps (10 conn)': result.rps ?? '',
                  ratio: result.ratio ?? '',
                  errors: result.errors + result.non2xx,
                },
          ),
        ]) +
        '\n',
    )
    const measured = rows.filter((r) => !('notMeasured' in r.result))
    const missed = rows.filter((r) => r.verdict.miss)
    const unmeasured = rows.filter((r) => 'notMeasured' in r.result)
    process.stdout.write(
      `\n${rows.length} rows (budget p50/p99 ms at 1 connection): ${measured.length} measured, ` +
        `${measured.length - missed.filter((r) => !('notMeasured' in r.result)).length} within budget; ` +
        `${missed.length} missed${missed.length ? `: ${missed.map((r) => r.row.name).join('; ')}` : ''}; ` +
        `${unmeasured.length} not measured${unmeasured.length ? ':' : ''}\n` +
        unmeasured.map((r) => `  ${r.row.name}: ${r.verdict.text.replace('not measured: ', '')}\n`).join('') +
        `(${((Date.now() - STARTED) / 60_000).toFixed(1)} min so far)\n`,
    )
    if (bundle) {
      process.stdout.write(
        '\n' +
          table(
            bundle.chunks.map((c) => ({
              chunk: c.file,
              initial: c.initial ? 'yes' : '',
              'KB gzip': (c.gzipBytes / 1024).toFixed(1),
            })),
          ) +
          '\n',
      )
      process.stdout.write(
        `initial JS ${bundle.initialJsGzipKb} KB gzip (budget ${bundle.budgetKb} KB): ${bundle.withinBudget ? 'within' : 'OVER'}` +
          (bundle.eagerButShouldBeLazy.length
            ? `; loaded up front but should be lazy: ${bundle.eagerButShouldBeLazy.join(', ')}`
            : '') +
          '\n\n',
      )
    }
    if (lighthouse.length)
      process.stdout.write(
        table(
          lighthouse.map((l) => ({
            page: new URL(l.url).pathname,
            performance: l.performance,
            accessibility: l.accessibility,
            'FCP ms': l.fcpMs,
            'LCP ms': l.lcpMs,
            'TBT ms': l.tbtMs,
            ...(lighthouse.some((run) => run.error) ? { error: l.error ?? '' } : {}),
          })),
        ) + '\n',
      )

    const targets = LOAD_ONLY
      ? []
      : issueTargets({
          largeSeed: seed?.figures,
          demoSeedSeconds: demoSeed?.figures?.seconds,
          smallSeedSeconds: small?.figures?.seconds,
          rows: ROW_FILTER ? undefined : { measured: measured.length, missed: missed.length },
          initialJsKb: bundle?.initialJsGzipKb,
          lighthouse: lighthouse
            .filter((l) => !l.error)
            .map((l) => ({
              path: new URL(l.url).pathname,
              performance: l.performance,
              accessibility: l.accessibility,
            })),
          firstRowsMedianMs: listPage?.medianMs,
        })
    const verdictText = (met: boolean | undefined) =>
      met === undefined ? 'not measured' : met ? 'met' : 'MISSED'
    if (targets.length) {
      process.stdout.write(
        '\nIssue 18 targets (MB = 2^20 bytes):\n' +
          table(
            targets.map((t) => ({
              figure: t.figure,
              value: t.value,
              target: t.target,
              verdict: verdictText(t.met),
            })),
          ) +
          `\n${targets.filter((t) => t.met).length} of ${targets.length} met\n`,
      )
    }
    const exportRows = exportTargets(exportFigures)
    if (exportRows.length)
      process.stdout.write(
        '\nIssue 22 targets (exports):\n' +
          table(
            exportRows.map((t) => ({
              figure: t.figure,
              value: t.value,
              target: t.target,
              verdict: verdictText(t.met),
            })),
          ) +
          `\n${exportRows.filter((t) => t.met).length} of ${exportRows.length} met\n`,
      )
    const bundleOk = !bundle || (bundle.withinBudget && bundle.eagerButShouldBeLazy.length === 0)
    const targetsOk = [...targets, ...exportRows].every((t) => t.met !== false)
    process.exitCode = bundleOk && targetsOk && missed.length === 0 ? 0 : 1
    if (LOAD_ONLY || DB_OVERRIDE || ROW_FILTER || !listPage || !largeListPage) return
    const results = {
      at: new Date().toISOString(),
      exports: exportFigures,
      seconds: SECONDS,
      seed,
      demoSeed: demoSeed?.figures,
      smallSeed: small?.figures,
      resetSeconds: reset,
      listPage: {
        firstRowsMs: listPage.firstRowsMs,
        medianMs: listPage.medianMs,
        maxMs: listPage.maxMs,
        inAppMs: listPage.inAppMs,
        inAppMedianMs: listPage.inAppMedianMs,
      },
      dashboard,
      largeDashboard,
      largeListPage: {
        firstRowsMs: largeListPage.firstRowsMs,
        medianMs: largeListPage.medianMs,
        inAppMs: largeListPage.inAppMs,
        inAppMedianMs: largeListPage.inAppMedianMs,
      },
      trivial: trivialFigures,
      load: rows.map(({ row, result, verdict: v }) => ({
        ...result,
        covers: row.covers,
        budget: row.budget,
        verdict: v.text,
        miss: v.miss,
      })),
      bundle,
      lighthouse,
      targets,
    }
    const dir = path.join(ROOT, 'bench/results')
    fs.mkdirSync(dir, { recursive: true })
    const json = JSON.stringify(results, null, 2)
    fs.writeFileSync(path.join(dir, `${results.at.replace(/[:.]/g, '-')}.json`), json)
    fs.writeFileSync(path.join(dir, 'latest.json'), json)
    process.stdout.write(`\nwrote bench/results/latest.json\n`)
  } finally {
    child.kill()
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`bench: ${(error as Error).stack ?? error}\n`)
  process.exitCode = 2
})
