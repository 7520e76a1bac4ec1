/*
 * Times the global search (E010, GET /apps/globalsearch) through the app, as the console calls it:
 * 200 varied strings of a seeded database (fragments of seeded names, users and queues; fragments of
 * ids; strings that match nothing; strings that match half the apps; 1- and 2-character strings),
 * each with one of the route's sorts and pages. p50 and p99 in ms per request, per class.
 * No assertion: figures for reading.
 *
 *   npx tsx scripts/global-search-timing.ts DB_PATH            through the route (the search index)
 *   npx tsx scripts/global-search-timing.ts DB_PATH --build    first (re)build the index, timed
 *   npx tsx scripts/global-search-timing.ts DB_PATH --before   the LIKE scan it replaced, for comparison
 *                                                              (needs the applications_text index)
 */
import Database from 'better-sqlite3'
import { buildSearchIndex } from '../simulator/src/db/seed/search-index.ts'
import { signedInApp, timingLine } from './timing-app.ts'

const [dbPath, mode] = process.argv.slice(2)
if (!dbPath) throw new Error('usage: npx tsx scripts/global-search-timing.ts DB_PATH [--build|--before]')

if (mode === '--build') {
  const db = new Database(dbPath)
  db.exec('CREATE TABLE IF NOT EXISTS app_search_index (part TEXT PRIMARY KEY, data BLOB NOT NULL)')
  const rss = process.memoryUsage().rss
  const started = performance.now()
  buildSearchIndex(db)
  const seconds = (performance.now() - started) / 1000
  const bytes = db.prepare('SELECT sum(length(data)) FROM app_search_index').pluck().get() as number
  console.log(
    `search index built in ${seconds.toFixed(1)} s: ${(bytes / 2 ** 20).toFixed(1)} MB stored, ` +
      `${((process.memoryUsage().rss - rss) / 2 ** 20).toFixed(0)} MB more memory`,
  )
  db.close()
}

const { app, headers } = await signedInApp(dbPath)
const db = app.db
const pick = (sql: string) => db.prepare(sql).pluck().all() as string[]
/** A deterministic sample of rows: every k-th of a scrambled order. */
const sample = (sql: string, n: number) => pick(`${sql} ORDER BY (rowid * 7919) % 100003 LIMIT ${n}`)
const middle = (text: string, length: number, k: number) => {
  const at = Math.min(Math.max(0, text.length - length), k % Math.max(1, text.length - length + 1))
  return text.slice(at, at + length)
}

const names = pick('SELECT DISTINCT name FROM applications ORDER BY name')
const words = [
  ...names
    .filter((_n, i) => i % Math.ceil(names.length / 40) === 0)
    .map((n, i) => middle(n, 3 + (i % 6), i * 3)),
  ...pick('SELECT DISTINCT user FROM applications').map((u, i) => middle(u, 3 + (i % 4), i)),
  ...pick('SELECT DISTINCT queue FROM applications').map((q, i) => middle(q, 4, i + 2).toUpperCase()),
].slice(0, 60)
const ids = sample('SELECT id FROM applications', 60).map((id, i) => middle(id, 4 + (i % 9), i * 5))
const nothing = Array.from(
  { length: 30 },
  (_x, i) => [`zq${i}xv`, `no-such-app-${i}`, `%_${i}%`, `Ω${i}`, `root.none${i}`][i % 5]!,
)
const half = [
  'root.',
  'application_',
  'spark',
  'root',
  'application',
  'etl',
  'query',
  'job_',
  'app',
  'tion_',
  'report',
  'svc',
  'ROOT.',
  'Spark_',
  'hive',
  'adhoc',
  '_17',
  'lication_1',
  'mr_',
  'airflow',
  'root.etl',
  'etl_svc',
  'query_',
  'report_',
  'ROOT.ADHOC',
  '_job_',
  'ication',
  'lication_17',
  'spark_q',
  'root.reporting',
]
const short = [
  'a',
  'e',
  '1',
  '_',
  '.',
  'x',
  'sp',
  'et',
  '00',
  'ro',
  'q',
  '9',
  'ap',
  '_0',
  'zz',
  'B',
  '%',
  'k_',
  '4',
  'Q.',
]
const CLASSES: [string, string[]][] = [
  ['seeded words', words],
  ['fragments of ids', ids],
  ['matching nothing', nothing],
  ['matching many (10-100 %)', half],
  ['1 or 2 characters', short],
]
const SORTS = [
  '-startTime',
  '-startTime',
  'startTime',
  '-cents',
  'duration',
  'user',
  '-queue',
  '-finishedTime',
  'name',
]
const PAGES = ['from=0&size=10', 'from=0&size=15', 'from=10&size=10', 'from=50&size=50', 'from=990&size=10']

const total = db.prepare('SELECT count(*) FROM applications').pluck().get() as number
const strings = CLASSES.reduce((n, [, list]) => n + list.length, 0)
console.log(
  `${total} apps; ${strings} strings; ${mode === '--before' ? 'the LIKE scan (before)' : 'the route'}`,
)

/** The search as it was before the index: LIKE over applications_text, its count and one page. */
function before(search: string, sort: string, from: number, size: number) {
  const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
  const clusters = db.prepare("SELECT unravel_id FROM clusters WHERE platform = 'CDH'").pluck().all()
  const where = `a.cluster_uid IN (SELECT value FROM json_each(@clusters)) AND
    (a.id LIKE @p ESCAPE '\\' OR a.name LIKE @p ESCAPE '\\' OR a.user LIKE @p ESCAPE '\\' OR a.queue LIKE @p ESCAPE '\\')`
  const column = { startTime: 'start_time', cents: 'cents', duration: 'duration', user: 'user' }[
    sort.replace('-', '')
  ]
  const order = `a.${column ?? 'start_time'} ${sort.startsWith('-') ? 'DESC' : 'ASC'}, a.rowid`
  const params = { p: pattern, clusters: JSON.stringify(clusters) }
  db.prepare(`SELECT count(*) FROM applications a INDEXED BY applications_text WHERE ${where}`).get(params)
  db.prepare(
    `SELECT a.rowid FROM applications a INDEXED BY applications_text WHERE ${where} ORDER BY ${order} LIMIT ${size} OFFSET ${from}`,
  ).all(params)
}

// The first search loads the index from the file (once per process): timed apart.
{
  const t = performance.now()
  await app.inject({ url: '/api/v1/apps/globalsearch?searchString=warm', headers })
  console.log(`first search (loads the index): ${(performance.now() - t).toFixed(0)} ms`)
}

// Wall time per request, and this process's CPU time (steadier on a machine shared with others).
const all: number[] = []
const allCpu: number[] = []
const slowest: [number, string][] = []
let k = 0
for (const [label, list] of CLASSES) {
  const ms: number[] = []
  const cpu: number[] = []
  const totals: number[] = []
  for (const search of list) {
    const sort = SORTS[k % SORTS.length]!
    const paging = PAGES[k++ % PAGES.length]!
    const url = `/api/v1/apps/globalsearch?searchString=${encodeURIComponent(search)}&sort=${sort}&${paging}`
    const t = performance.now()
    const c = process.cpuUsage()
    if (mode === '--before') {
      const [from, size] = paging.split('&').map((p) => Number(p.split('=')[1]))
      before(search, sort, from!, size!)
    } else {
      const res = await app.inject({ url, headers })
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`)
      totals.push(res.json<{ total: number }>().total)
    }
    ms.push(performance.now() - t)
    const used = process.cpuUsage(c)
    cpu.push((used.user + used.system) / 1000)
    slowest.push([cpu.at(-1)!, `${label}: ${search} ${sort} ${paging} → ${totals.at(-1) ?? ''}`])
  }
  all.push(...ms)
  allCpu.push(...cpu)
  const note = totals.length ? `totals ${Math.min(...totals)}–${Math.max(...totals)}` : ''
  console.log(timingLine(`${label} (${list.length})`, ms, 34, note))
  console.log(timingLine('  CPU time', cpu, 34))
}
console.log(timingLine(`all (${all.length})`, all, 34))
console.log(timingLine('  CPU time', allCpu, 34))
if (process.env.SLOWEST)
  for (const [ms, what] of slowest.sort((x, y) => y[0] - x[0]).slice(0, Number(process.env.SLOWEST)))
    console.log(`${ms.toFixed(1).padStart(8)} ms CPU  ${what}`)
await app.close()
