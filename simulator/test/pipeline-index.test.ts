import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PIPELINE_SORT_KEYS, PIPELINE_TYPES, type PipelineListBody } from '@costlens/shared'
import { listPipelines, listPipelinesSql } from '../src/db/repositories/pipelines.ts'
import { jobSchedules, jobSchedulesSql } from '../src/db/repositories/jobs.ts'
import { scopeOfPlatform } from '../src/db/repositories/scope.ts'
import { appsChanged } from '../src/db/repositories/app-read-cache.ts'
import { pipelineIndex } from '../src/db/repositories/pipeline-index.ts'
import { createPrng } from '../src/db/seed/prng.ts'
import { PIPELINE_NAMES } from '../src/db/seed/applications.ts'
import { frozenTestApp, type FrozenTestApp } from './helper.ts'

/*
 * E026 the pipelines list reads the in-process pipeline index (pipeline-index.ts); the SQL grouping
 * it replaced (listPipelinesSql) stays as the reference. Both must give the same rows in the same
 * order over varied windows, sorts and filters, after a kill and a move, and under a time shift.
 * The scheduled-jobs calendar (jobs/schedules) reads the same index, its SQL (jobSchedulesSql) the
 * reference likewise.
 */

const MINUTE = 60_000
const DAY = 86_400_000

let t: FrozenTestApp
beforeAll(async () => {
  t = await frozenTestApp({ users: ['admin'] })
})
afterAll(() => t.app.close())

function variedBodies(count: number, seed: number): PipelineListBody[] {
  const prng = createPrng(seed)
  const clusters = t.app.db
    .prepare("SELECT unravel_id FROM clusters WHERE platform = 'CDH'")
    .pluck()
    .all() as string[]
  return Array.from({ length: count }, () => {
    const end = t.now - (prng.chance(0.5) ? 0 : prng.int(0, 5 * DAY)) + prng.int(0, 999)
    const body: PipelineListBody = {
      start_time: end - prng.int(MINUTE, 30 * DAY),
      end_time: end,
      sort_key: prng.pick(PIPELINE_SORT_KEYS),
      sort_type: prng.pick(['asc', 'desc'] as const),
    }
    if (prng.chance(0.3)) body.clusters = [prng.pick(clusters), ...(prng.chance(0.5) ? ['*'] : [])]
    if (prng.chance(0.3)) body.search_text = prng.pick(['SALES', 'fraud', ' refresh ', '_', '%', 'nothing'])
    if (prng.chance(0.3)) body.pipelineTypes = [prng.pick(PIPELINE_TYPES), prng.pick(PIPELINE_TYPES)]
    return body
  })
}

/** The trend's points of equal start may come in either order from SQL: compare them as sets. */
function normalised(list: ReturnType<typeof listPipelines>) {
  for (const r of list.data.data.results)
    for (const series of Object.values(r.trends)) series.sort((a, b) => a[0] - b[0] || a[1] - b[1])
  return list
}

function expectSameLists(bodies: PipelineListBody[]) {
  const scope = scopeOfPlatform(t.app.db, 'CDH')
  let rows = 0
  for (const body of bodies) {
    const indexed = listPipelines(t.app.db, body, t.now, scope)
    const sql = listPipelinesSql(t.app.db, body, t.now, scope)
    expect(normalised(indexed), JSON.stringify(body)).toEqual(normalised(sql))
    rows += sql.data.data.results.length
  }
  expect(rows).toBeGreaterThan(bodies.length)
}

/** jobs/schedules over the index as in SQL: windows of an hour to 30 days, every cluster or one. */
function expectSameSchedules(count: number, seed: number) {
  const prng = createPrng(seed)
  const scope = scopeOfPlatform(t.app.db, 'CDH')
  let slots = 0
  for (let k = 0; k < count; k++) {
    const end = t.now - (prng.chance(0.5) ? 0 : prng.int(0, 5 * DAY)) + prng.int(0, 999)
    const q = { start_time: String(end - prng.int(60 * MINUTE, 30 * DAY)), end_time: String(end) }
    const clusterName = prng.chance(0.4) ? prng.pick([...scope.clusterUids, '*']) : undefined
    const ask = clusterName ? { ...q, clusterName } : q
    const indexed = jobSchedules(t.app.db, ask, t.now, scope)
    expect(indexed, JSON.stringify(ask)).toEqual(jobSchedulesSql(t.app.db, ask, t.now, scope))
    for (const s of indexed) slots += Object.values(s.data).flat().length
  }
  expect(slots).toBeGreaterThan(count)
}

/**
 * Two running top-level apps of the admin's platform, made runs of a pipeline (the small seed runs
 * few pipeline apps at a time); written in SQL, so the indexes are told (appsChanged).
 */
function runningPipelineApps(): string[] {
  const ids = t.app.db
    .prepare(
      `SELECT a.id FROM applications a JOIN clusters c ON c.unravel_id = a.cluster_uid
        WHERE a.status = 'R' AND c.platform = 'CDH' AND a.parent_id IS NULL AND a.kind = 'spark'
        ORDER BY a.id LIMIT 2`,
    )
    .pluck()
    .all() as string[]
  const rename = t.app.db.prepare('UPDATE applications SET name = ? WHERE id = ?')
  for (const id of ids) rename.run(PIPELINE_NAMES[0], id)
  appsChanged(t.app.db)
  return ids
}

describe('E026 pipelines list: the pipeline index answers as the SQL', () => {
  it('over 120 varied windows (1 minute to 30 days), sorts, clusters, searches and types', () => {
    expectSameLists(variedBodies(120, 26))
  })

  it('jobs/schedules: the calendar over the index as in SQL, over 60 varied windows and clusters', () => {
    expectSameSchedules(60, 65)
  })

  it('after a kill and a move rewrote pipeline runs (the index patched in place)', async () => {
    const [killed, moved] = runningPipelineApps()
    expect(moved).toBeDefined()
    expectSameLists(variedBodies(5, 1))
    const built = pipelineIndex(t.app.db)
    const headers = t.as('admin')
    const kill = await t.app.inject({ url: `/api/v1/yarn_rm/kill_app/${killed}`, headers })
    expect(kill.statusCode, kill.body).toBe(200)
    const other = t.app.db
      .prepare(
        `SELECT DISTINCT queue FROM applications WHERE cluster_uid = (SELECT cluster_uid FROM applications WHERE id = @id)
            AND queue <> (SELECT queue FROM applications WHERE id = @id) ORDER BY queue LIMIT 1`,
      )
      .pluck()
      .get({ id: moved }) as string
    const move = await t.app.inject({ url: `/api/v1/yarn_rm/move_app/${moved}?queue=${other}`, headers })
    expect(move.statusCode, move.body).toBe(200)
    // Patched in place by the writes, not built again.
    expect(pipelineIndex(t.app.db)).toBe(built)
    // The killed run is the latest of its group in a window ending at its start: it shows as killed.
    const start = t.app.db
      .prepare('SELECT start_time FROM applications WHERE id = ?')
      .pluck()
      .get(killed) as number
    const body: PipelineListBody = { start_time: start - DAY, end_time: start }
    const row = listPipelines(t.app.db, body, t.now, scopeOfPlatform(t.app.db, 'CDH')).data.data.results.find(
      (r) => r.latestInstance.jobId === killed,
    )
    expect(row?.latestInstance.status).toBe('K')
    expectSameLists([body, ...variedBodies(40, 27)])
    expectSameSchedules(20, 66)
  })

  it('under a time shift of no whole minute', () => {
    const read = (key: string) =>
      t.app.db.prepare('SELECT value FROM settings WHERE key = ?').pluck().get(key) as string | undefined
    const apps = read('apps_anchor') ?? read('anchor')!
    const set = (value: string) =>
      t.app.db.prepare("INSERT OR REPLACE INTO settings (key, value) VALUES ('apps_anchor', ?)").run(value)
    set(String(Number(apps) - (DAY + 5 * MINUTE + 4_321)))
    try {
      expectSameLists(variedBodies(40, 28))
      expectSameSchedules(20, 67)
    } finally {
      set(apps)
    }
  })
})
