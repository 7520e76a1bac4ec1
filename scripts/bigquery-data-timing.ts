/*
 * Times the BigQuery /data calls (R159) through the app as the console sends them: the tables list
 * over the default 30 days in each sort, over 200 varied windows (1 hour to 60 days, edges at any
 * millisecond), the datasets, one table, and the jobs that read the most-read tables. p50 and p99 in
 * ms per request, and the same of the process's CPU time. A file seeded before bq_statement_days and
 * bq_table_storage existed gets them first (the seed's own SQL; their build time is printed). Open a
 * copy of a seeded file (the app may write to it).
 *
 *   npx tsx scripts/bigquery-data-timing.ts DB_PATH
 */
import {
  bigqueryEndpoints as calls,
  BIGQUERY_TABLE_SORT_KEYS,
  type BigQueryTableList,
} from '@costlens/shared'
import { readFileSync } from 'node:fs'
import {
  buildBigQueryStatementDays,
  seedBigQueryTableStorage,
} from '../simulator/src/db/seed/bigquery-storage.ts'
import { createPrng } from '../simulator/src/db/seed/prng.ts'
import { signedInApp, timingLine } from './timing-app.ts'

const dbPath = process.argv[2]
if (!dbPath) throw new Error('usage: npx tsx scripts/bigquery-data-timing.ts DB_PATH')
const { app, headers } = await signedInApp(dbPath, 'bigquery')
const { db } = app

const has = (table: string) =>
  db.prepare("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = ?").pluck().get(table) === 1
if (!has('bq_statement_days') || db.prepare('SELECT count(*) FROM bq_statement_days').pluck().get() === 0) {
  const schema = readFileSync(new URL('../simulator/src/db/schema.sql', import.meta.url), 'utf8')
  for (const table of ['bq_table_storage', 'bq_statement_days']) {
    const at = schema.indexOf(`CREATE TABLE IF NOT EXISTS ${table}`)
    db.exec(schema.slice(at, schema.indexOf(';', at) + 1))
  }
  const started = process.cpuUsage()
  db.transaction(() => {
    db.prepare('DELETE FROM bq_table_storage').run()
    seedBigQueryTableStorage(db, Date.now())
    buildBigQueryStatementDays(db)
  })()
  const cpu = process.cpuUsage(started)
  console.log(
    `built bq_table_storage and bq_statement_days (${db.prepare('SELECT count(*) FROM bq_statement_days').pluck().get()} rows) in ${((cpu.user + cpu.system) / 1000).toFixed(0)} ms of CPU`,
  )
}

const DAY = 86_400_000
const now = Date.now()
const prng = createPrng(2026)
const iso = (ms: number) => new Date(ms).toISOString()

async function time(label: string, urls: readonly string[]) {
  for (const url of urls.slice(0, 3)) await app.inject({ method: 'GET', url, headers }) // warm
  const wall: number[] = []
  const cpu: number[] = []
  for (const url of urls) {
    const c = process.cpuUsage()
    const t = performance.now()
    const res = await app.inject({ method: 'GET', url, headers })
    wall.push(performance.now() - t)
    const used = process.cpuUsage(c)
    cpu.push((used.user + used.system) / 1000)
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`)
  }
  console.log(timingLine(label, wall, 34))
  console.log(timingLine(`  (CPU)`, cpu, 34))
}

const repeat = (url: string, n = 50) => Array.from({ length: n }, () => url)
// A trivial call of the same user, for scale: what signing, routing and answering cost alone.
await time('reference: project metadata', repeat(calls.projectMetadata.path, 100))
await time(
  'tables, 30 days, each sort',
  BIGQUERY_TABLE_SORT_KEYS.flatMap((key) => repeat(`${calls.dataTables.path}?sort=${key}-desc`, 20)),
)
await time(
  'tables, 200 windows (1 h-60 d)',
  Array.from({ length: 200 }, () => {
    const end = now - prng.int(0, 30 * DAY)
    const start = end - prng.int(3_600_000, 60 * DAY)
    return `${calls.dataTables.path}?startTime=${iso(start)}&endTime=${iso(end)}&sort=bytesScanned-desc`
  }),
)
await time('datasets, 30 days', repeat(calls.dataDatasets.path))
const top = (
  await app.inject({ method: 'GET', url: `${calls.dataTables.path}?sort=jobCount-desc&pageSize=20`, headers })
).json<BigQueryTableList>().results
const tablePath = (id: string) => `/api/v1/bigquery/data/tables/${encodeURIComponent(id)}`
await time(
  'one table, 30 days',
  top.flatMap((t) => repeat(tablePath(t.tableId), 5)),
)
await time(
  "a table's jobs (20 most read, pages 1-3)",
  top.flatMap((t) => [1, 2, 3].flatMap((page) => repeat(`${tablePath(t.tableId)}/jobs?page=${page}`, 3))),
)
console.log(`most-read table: ${top[0]?.tableId} with ${top[0]?.jobCount} jobs in 30 days`)
await app.close()
