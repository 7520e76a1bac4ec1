/*
 * Times the EMR cluster list and cost trends: 200 varied requests each (windows, sorts, filters,
 * pages drawn from the seeded values), p50 and p99 in ms. No assertion: figures for reading.
 *
 *   npx tsx scripts/emr-list-timing.ts small|demo [DB_PATH]   through the whole app (app.inject)
 *   npx tsx scripts/emr-list-timing.ts large-emr              the EMR tables alone at the large scale
 *                                                             (20,000 job clusters), repository calls
 */
import Database from 'better-sqlite3'
import {
  EMR_CLUSTER_SORT_KEYS,
  emrEndpoints,
  type EmrClusterSearchBody,
  type EmrStateGroup,
} from '@costlens/shared'
import { buildApp } from '../simulator/src/app.ts'
import { searchEmrClusters } from '../simulator/src/db/repositories/emr-clusters.ts'
import { emrCostTrends } from '../simulator/src/db/repositories/emr-cost.ts'
import type { ClusterScope } from '../simulator/src/db/repositories/scope.ts'
import { createSchema } from '../simulator/src/db/schema.ts'
import { buildClusters } from '../simulator/src/db/seed/clusters.ts'
import { seedEmrClusters } from '../simulator/src/db/seed/emr-clusters.ts'
import { createPrng } from '../simulator/src/db/seed/prng.ts'

const DAY = 86_400_000
const RUNS = 200
const mode = process.argv[2] ?? 'small'
const prng = createPrng(2026)
const pick = <T>(items: readonly T[]) => items[Math.floor(prng.next() * items.length)]!

function variedBody(now: number): EmrClusterSearchBody {
  const span = pick([0, 1, 7, 30, 90])
  const to = now - Math.floor(prng.next() * 3) * DAY
  const body: EmrClusterSearchBody = {
    from: String(span === 0 ? Math.floor(to / DAY) * DAY : to - span * DAY),
    to: String(to),
    sort: `${pick(EMR_CLUSTER_SORT_KEYS)}-${pick(['asc', 'desc'] as const)}`,
    page: 1 + Math.floor(prng.next() * 3),
    pageSize: pick([15, 25, 50]),
  }
  if (prng.next() < 0.3) body.statuses = [pick(['active', 'terminated', 'failed'] as EmrStateGroup[])]
  if (prng.next() < 0.25) body.cluster_name_term = pick(['orders', 'ml-', 'etl', 'backfill', 'presto'])
  if (prng.next() < 0.25) body.tags = { Owner: [pick(['data-eng', 'analytics', 'ml-platform'])] }
  if (prng.next() < 0.2) body.includeClustersWithUnravel = false
  if (prng.next() < 0.2) body.eventTypes = ['NODE_DOWNSIZING']
  if (prng.next() < 0.2) Object.assign(body, { minCost: 5, maxCost: 200 })
  if (prng.next() < 0.15) Object.assign(body, { minDuration: 30 * 60_000, maxDuration: 4 * 3_600_000 })
  return body
}

function variedTrends(now: number) {
  const from = now - pick([7, 30, 90]) * DAY
  return {
    from: String(from),
    to: String(now),
    ...(prng.next() < 0.3 ? { tag: `Owner:${pick(['data-eng', 'analytics', 'ml-platform'])}` } : {}),
  }
}

async function timed(label: string, call: () => unknown | Promise<unknown>) {
  const times: number[] = []
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now()
    await call()
    times.push(performance.now() - started)
  }
  times.sort((a, b) => a - b)
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1)
  console.log(`${label}: p50 ${at(0.5)} ms, p99 ${at(0.99)} ms over ${RUNS} varied requests`)
}

if (mode === 'large-emr') {
  const now = Date.now()
  const db = new Database(':memory:')
  createSchema(db)
  const clusters = buildClusters(createPrng(42), now, 120)
  const insert = db.prepare(
    `INSERT INTO clusters (unravel_id, display_name, cluster_name, kind, platform, region, node_count, created_at, terminated_at)
     VALUES (@unravelId, @displayName, @clusterName, @kind, @platform, @region, @nodeCount, @createdAt, @terminatedAt)`,
  )
  db.transaction(() => clusters.forEach((c) => insert.run(c)))()
  const seeded = performance.now()
  const n = seedEmrClusters(db, createPrng(58), clusters, [], now, 'large')
  db.exec('ANALYZE')
  console.log(`large: ${n} EMR clusters seeded in ${Math.round(performance.now() - seeded)} ms`)
  const scope: ClusterScope = { platform: 'EMR', clusterUids: [] }
  await timed('large-emr cluster list (repository)', () => searchEmrClusters(db, scope, variedBody(now), now))
  await timed('large-emr cost trends (repository)', () => emrCostTrends(db, scope, variedTrends(now), now))
} else {
  const dbPath = process.argv[3] ?? `/tmp/emr-timing-${mode}.db`
  const app = await buildApp({ dbPath, seed: { scale: mode as 'small' | 'demo', seed: 42 }, logger: false })
  const now = app.clock.now()
  const login = await app.inject({
    method: 'POST',
    url: '/api/v1/webSignIn',
    payload: { username: 'emr', password: 'emr' },
  })
  const headers = { authorization: `JWT ${login.json<{ token: string }>().token}` }
  const total = app.db.prepare('SELECT count(*) FROM emr_clusters').pluck().get()
  console.log(`${mode}: ${String(total)} EMR clusters`)
  await timed(`${mode} cluster list (HTTP, app.inject)`, async () => {
    const res = await app.inject({
      method: 'POST',
      url: emrEndpoints.clusterSearch.path,
      headers,
      payload: variedBody(now),
    })
    if (res.statusCode !== 200) throw new Error(res.body)
  })
  await timed(`${mode} cost trends (HTTP, app.inject)`, async () => {
    const query = new URLSearchParams(variedTrends(now)).toString()
    const res = await app.inject({ method: 'GET', url: `${emrEndpoints.costTrends.path}?${query}`, headers })
    if (res.statusCode !== 200) throw new Error(res.body)
  })
  await app.close()
}
