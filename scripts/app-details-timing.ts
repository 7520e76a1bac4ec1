/*
 * Times the application-details calls every type shares (routes/app-details) through the app, as a
 * client calls them: 200 varied apps of a seeded database (every kind and status, the most
 * expensive, the ones with the most tasks and stages) per call. p50 and p99 in ms per request.
 * No assertion: figures for reading.
 *
 *   npx tsx scripts/app-details-timing.ts DB_PATH     a seeded database (npm run seed -- --scale large)
 */
import { signedInApp, timingLine } from './timing-app.ts'

const dbPath = process.argv[2]
if (!dbPath) throw new Error('usage: npx tsx scripts/app-details-timing.ts DB_PATH')
const { app, headers } = await signedInApp(dbPath)

interface Row {
  id: string
  kind: string
  cluster_uid: string
  app_attempts: number
}
const scoped = "cluster_uid IN (SELECT unravel_id FROM clusters WHERE platform = 'CDH')"
const pick = (sql: string) => app.db.prepare(sql).all() as Row[]
const apps = [
  ...pick(`SELECT * FROM applications WHERE ${scoped} ORDER BY task_count DESC LIMIT 10`),
  ...pick(`SELECT * FROM applications WHERE ${scoped} ORDER BY num_stages DESC LIMIT 10`),
  ...pick(`SELECT * FROM applications WHERE ${scoped} ORDER BY cents DESC LIMIT 10`),
  ...pick(`SELECT * FROM applications WHERE ${scoped} AND num_events > 2 ORDER BY id LIMIT 20`),
  ...pick(`SELECT * FROM applications WHERE ${scoped} ORDER BY (rowid * 7919) % 100003 LIMIT 150`),
]
console.log(`${apps.length} apps; kinds ${[...new Set(apps.map((a) => a.kind))].join(', ')}`)

const CALLS: [string, 'GET' | 'POST', (a: Row) => string][] = [
  ['POST /apps/{id}/summary/', 'POST', (a) => `/api/v1/apps/${a.id}/summary/`],
  ['GET /apps/{id}/resource_metrics', 'GET', (a) => `/api/v1/apps/${a.id}/resource_metrics`],
  [
    'GET /apps/{id}/resource_usage',
    'GET',
    (a) => `/api/v1/apps/${a.id}/resource_usage?metric_id=allocatedMB&version=true`,
  ],
  ['POST /apps/{id}/can_access', 'POST', (a) => `/api/v1/apps/${a.id}/can_access`],
  ['GET /workflow/{id}/errorview', 'GET', (a) => `/api/v1/workflow/${a.id}/errorview`],
  ['GET /apps/events/events', 'GET', (a) => `/api/v1/apps/events/events?app_id=${a.id}`],
  ['GET /apps/{id}/tags', 'GET', (a) => `/api/v1/apps/${a.id}/tags`],
  ['GET /{type}/{id}/{attempt}/annotation', 'GET', (a) => `/api/v1/workflow/${a.id}/1/annotation`],
  ['GET /{type}/{id}/{attempt}/status', 'GET', (a) => `/api/v1/workflow/${a.id}/1/status`],
  ['GET /{type}/{id}/{attempt}/analysis', 'GET', (a) => `/api/v1/workflow/${a.id}/1/analysis`],
  ['GET /{type}/{id}/{attempt}/appsummary', 'GET', (a) => `/api/v1/workflow/${a.id}/1/appsummary`],
  ['GET /{type}/{id}/{attempt}/errors', 'GET', (a) => `/api/v1/workflow/${a.id}/1/errors`],
]

for (const [label, method, url] of CALLS) {
  for (const a of apps.slice(0, 20)) await app.inject({ method, url: url(a), headers })
  const ms: number[] = []
  for (const a of apps) {
    const t = performance.now()
    const res = await app.inject({ method, url: url(a), headers })
    ms.push(performance.now() - t)
    if (res.statusCode !== 200) throw new Error(`${label} ${a.id}: ${res.statusCode} ${res.body}`)
  }
  console.log(timingLine(label, ms, 42))
}
await app.close()
