import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  FINISHED_APP_SORT_FIELDS,
  JOB_INTERVALS,
  MAX_SERIES_POINTS,
  type FinishedAppList,
  type FinishedAppsQuery,
  type JobBucketsQuery,
  type JobCountQuery,
} from '@costlens/shared'
import {
  jobBuckets,
  jobBucketsSql,
  jobCount,
  jobCountSql,
  type JobBreakdown,
  type JobVariant,
} from '../src/db/repositories/jobs.ts'
import { jobCountIndex, usageDeltas, type PointDelta } from '../src/db/repositories/job-count-index.ts'
import { scopeOfPlatform } from '../src/db/repositories/scope.ts'
import { finishedApps, taggedDeltasSql } from '../src/db/repositories/cluster-resources.ts'
import { FINISHED_PAGE_SORTS } from '../src/db/repositories/job-count-index.ts'
import { memoryHogs, SEEDED_POLICIES } from '../src/db/repositories/autoactions.ts'
import {
  statsCountsSql,
  statsTags,
  usersAndQueues,
  usersAndQueuesSql,
} from '../src/db/repositories/app-lists.ts'
import { createPrng } from '../src/db/seed/prng.ts'
import { frozenTestApp, type FrozenTestApp } from './helper.ts'

/*
 * E027 jobs/count counts over an in-process index of the apps (job-count-index.ts); the SQL it
 * replaced (jobCountSql) stays as the reference. Both must give the same answer, key for key and in
 * the same order, over windows of minutes to 30 days at every interval the point cap allows, every
 * groupBy, with and without a filter and a cluster, misaligned with the hour as the time shift
 * leaves them, and after a kill and a move have rewritten apps (the index patched in place).
 */

const MINUTE = 60_000
const DAY = 86_400_000
const INTERVAL_MS: Record<string, number> = {
  '1m': MINUTE,
  '5m': 5 * MINUTE,
  '10m': 10 * MINUTE,
  '30m': 30 * MINUTE,
  '1h': 60 * MINUTE,
  '1d': DAY,
  '1w': 7 * DAY,
}
const GROUP_BYS = ['state', 'applicationType', 'user', 'queue'] as const

let t: FrozenTestApp
beforeAll(async () => {
  t = await frozenTestApp({ users: ['admin'] })
})
afterAll(() => t.app.close())

/** Varied asks from a fixed seed: windows up to 30 days ending now or earlier, on no whole minute. */
function variedQueries(count: number, seed: number): JobCountQuery[] {
  const prng = createPrng(seed)
  const pluck = (sql: string) => t.app.db.prepare(sql).pluck().all() as string[]
  const keys: Record<string, string[]> = {
    state: ['RUNNING', 'SUCCESS', 'FAILED', 'KILLED', 'PENDING', 'NO SUCH STATE'],
    applicationType: ['SPARK', 'MAPREDUCE', 'HIVE', 'TEZ', 'IMPALA', 'mr'],
    user: [...pluck('SELECT DISTINCT user FROM applications ORDER BY user LIMIT 8'), 'nobody'],
    queue: pluck('SELECT DISTINCT queue FROM applications ORDER BY queue LIMIT 8'),
  }
  const clusters = pluck("SELECT unravel_id FROM clusters WHERE platform = 'CDH'")
  return Array.from({ length: count }, () => {
    const span = prng.int(MINUTE, 30 * DAY)
    const end = t.now - (prng.chance(0.5) ? 0 : prng.int(0, 5 * DAY)) + prng.int(0, 999)
    const start = end - span
    const intervals = JOB_INTERVALS.filter((i) => span / INTERVAL_MS[i]! + 2 <= MAX_SERIES_POINTS)
    const q: JobCountQuery = {
      start_time: String(start),
      end_time: String(end),
      interval: prng.pick(intervals),
      groupBy: prng.pick(GROUP_BYS),
    }
    if (prng.chance(0.4)) {
      q.filterBy = prng.pick(GROUP_BYS)
      q.key = prng.pick(keys[q.filterBy]!)
    }
    if (prng.chance(0.4)) q.clusterName = prng.pick([...clusters, '*'])
    return q
  })
}

function expectSameCounts(queries: JobCountQuery[]) {
  const scope = scopeOfPlatform(t.app.db, 'CDH')
  let counted = 0
  for (const q of queries) {
    const indexed = jobCount(t.app.db, q, t.now, scope)
    const sql = jobCountSql(t.app.db, q, t.now, scope)
    expect(Object.keys(indexed), JSON.stringify(q)).toEqual(Object.keys(sql))
    expect(indexed, JSON.stringify(q)).toEqual(sql)
    counted += Object.keys(sql).length - 1
  }
  // Not vacuous: most asks have groups.
  expect(counted).toBeGreaterThan(queries.length)
}

/**
 * E028–E033 the six bucket routes over the same index, against their SQL: windows up to 30 days
 * ending now (running now) or before (what ran then), with and without a cluster and kinds.
 */
function expectSameBuckets(count: number, seed: number) {
  const prng = createPrng(seed)
  const scope = scopeOfPlatform(t.app.db, 'CDH')
  const clusters = scope.clusterUids
  let counted = 0
  for (let k = 0; k < count; k++) {
    const end = prng.chance(0.4) ? t.now : t.now - prng.int(0, 5 * DAY) + prng.int(0, 999)
    const q: JobBucketsQuery = { start_time: String(end - prng.int(MINUTE, 30 * DAY)), end_time: String(end) }
    if (prng.chance(0.4)) q.clusterUid = prng.pick([...clusters, '*'])
    if (prng.chance(0.3)) q.kind = prng.pick(['spark', 'spark,mr', 'hive,tez,impala', 'pig', 'nothing'])
    for (const variant of ['running', 'finished'] as JobVariant[])
      for (const by of ['status', 'type', 'inefficiency'] as JobBreakdown[]) {
        const indexed = jobBuckets(t.app.db, variant, by, q, t.now, scope)
        expect(indexed, `${variant} ${by} ${JSON.stringify(q)}`).toEqual(
          jobBucketsSql(t.app.db, variant, by, q, t.now, scope),
        )
        counted += indexed.reduce((n, b) => n + b.count, 0)
      }
  }
  expect(counted).toBeGreaterThan(0)
}

/** E037 users and queues from the same index, against their SQL: every cluster of the platform, and all. */
function expectSameUsersAndQueues() {
  for (const platform of ['CDH', 'EMR'] as const) {
    const scope = scopeOfPlatform(t.app.db, platform)
    for (const clusterUid of [undefined, '*', ...scope.clusterUids]) {
      const q = clusterUid === undefined ? {} : { clusterUid }
      const indexed = usersAndQueues(t.app.db, q, scope)
      expect(indexed, `${platform} ${clusterUid}`).toEqual(usersAndQueuesSql(t.app.db, q, scope))
    }
    expect(usersAndQueues(t.app.db, {}, scope).users.length).toBeGreaterThan(0)
  }
}

/** E036 the user and queue counts from the same index, against their SQL: windows up to 90 days. */
function expectSameStatsCounts(count: number, seed: number) {
  const prng = createPrng(seed)
  let counted = 0
  for (let k = 0; k < count; k++) {
    const scope = scopeOfPlatform(t.app.db, prng.pick(['CDH', 'EMR'] as const))
    const end = t.now - (prng.chance(0.5) ? 0 : prng.int(0, 5 * DAY)) + prng.int(0, 999)
    const q = { start_time: String(end - prng.int(MINUTE, 90 * DAY)), end_time: String(end) }
    const { stats } = statsTags(t.app.db, q, t.now, false, scope)
    expect({ user: stats.user, queue: stats.queue }, JSON.stringify(q)).toEqual(
      statsCountsSql(t.app.db, q, t.now, scope),
    )
    counted += stats.user.length
  }
  expect(counted).toBeGreaterThan(count)
}

/**
 * E019-E022 the finished apps lists' pages from the same index, against their SQL: windows up to 30
 * days, the sorts the index holds both ways, pages, users, queues, kinds and clusters.
 */
function expectSameFinishedPages(count: number, seed: number) {
  const prng = createPrng(seed)
  const pluck = (sql: string) => t.app.db.prepare(sql).pluck().all() as string[]
  const users = [...pluck('SELECT DISTINCT user FROM applications ORDER BY user LIMIT 6'), 'nobody']
  const queues = [...pluck('SELECT DISTINCT queue FROM applications ORDER BY queue LIMIT 6'), 'nowhere']
  const clusters = pluck("SELECT unravel_id FROM clusters WHERE platform = 'CDH'")
  let hits = 0
  for (let k = 0; k < count; k++) {
    const list = prng.pick(['fapps', 'fiapps', 'fpapps'] as FinishedAppList[])
    const sorts = FINISHED_APP_SORT_FIELDS[list].filter((f) =>
      (FINISHED_PAGE_SORTS as readonly string[]).includes(f),
    )
    const end = t.now - (prng.chance(0.5) ? 0 : prng.int(0, 5 * DAY)) + prng.int(0, 999)
    const q: FinishedAppsQuery = {
      start_time: String(end - prng.int(MINUTE, 30 * DAY)),
      end_time: String(end),
      sort: `${prng.chance(0.5) ? '-' : ''}${prng.pick(sorts)}`,
      from: prng.pick([0, 0, 10, 45, 200]),
      size: prng.pick([10, 15, 50]),
    }
    if (prng.chance(0.3)) q.user = prng.pick(users)
    if (prng.chance(0.3)) q.queue = prng.pick(queues)
    if (prng.chance(0.3)) q.clusterUid = prng.pick([...clusters, '*'])
    if (list === 'fapps' && prng.chance(0.2)) q.kind = prng.pick(['spark', 'mr,tez', 'hive'])
    const indexed = finishedApps(t.app.db, 'CDH', list, q, t.now)
    expect(indexed, `${list} ${JSON.stringify(q)}`).toEqual(
      finishedApps(t.app.db, 'CDH', list, q, t.now, 'sql'),
    )
    hits += indexed.hits.length
  }
  expect(hits).toBeGreaterThan(count)
}

/**
 * E060, E061 the resource group-bys' per-point rate changes from the same index (usageDeltas),
 * against their SQL (taggedDeltasSql): windows up to 30 days, grids of 1 to 1,000 points, each
 * metric and groupBy, chosen values or none, one cluster or several, a time shift of no whole ms.
 * The sums add up in another order, so each is compared to a millionth of its size.
 */
function expectSameUsageDeltas(count: number, seed: number) {
  const prng = createPrng(seed)
  const pluck = (sql: string) => t.app.db.prepare(sql).pluck().all() as string[]
  const clusters = pluck("SELECT unravel_id FROM clusters WHERE platform = 'CDH'")
  const users = pluck('SELECT DISTINCT user FROM applications ORDER BY user LIMIT 5')
  const close = (a: number, b: number) => Math.abs(a - b) <= 1e-6 * Math.max(1, Math.abs(a), Math.abs(b))
  let points = 0
  for (let k = 0; k < count; k++) {
    const uids = prng.chance(0.5) ? [prng.pick(clusters)] : clusters
    const stop = t.now - (prng.chance(0.5) ? 0 : prng.int(0, 5 * DAY)) + prng.int(0, 999)
    const span = prng.int(MINUTE, 30 * DAY)
    const n = prng.int(1, 1000)
    const groupBy = prng.pick(['applicationType', 'user', 'queue'] as const)
    const ask = {
      metric: prng.pick(['cpu', 'memory'] as const),
      groupBy,
      values: groupBy === 'user' && prng.chance(0.5) ? [prng.pick(users), 'nobody'] : undefined,
      shift: prng.int(-3 * DAY, 3 * DAY) + 0.5,
      first: stop - span,
      step: Math.max(1, Math.ceil(span / n)),
      stop,
    }
    const label = JSON.stringify({ ...ask, uids })
    const indexed = usageDeltas(jobCountIndex(t.app.db), { ...ask, clusters: uids })
    const sql = taggedDeltasSql(t.app.db, { ...ask, clusters: uids })
    expect([...indexed.keys()].sort(), label).toEqual([...sql.keys()].sort())
    for (const [group, deltas] of sql) {
      const mine = indexed.get(group)!
      expect(
        [...mine.keys()].sort((a, b) => a - b),
        `${label} ${group}`,
      ).toEqual([...deltas.keys()].sort((a, b) => a - b))
      for (const [p, { d, q }] of deltas) {
        const other: PointDelta = mine.get(p)!
        expect(close(other.d, d) && close(other.q, q), `${label} ${group} point ${p}`).toBe(true)
        points++
      }
    }
  }
  expect(points).toBeGreaterThan(count)
}

describe('E060, E061 resource group-bys: the in-process index answers as the SQL', () => {
  it('over 60 varied windows, grids, metrics, groupBys, values, clusters and shifts', () => {
    expectSameUsageDeltas(60, 60)
  })
})

describe('E019-E022 finished apps pages: the in-process index answers as the SQL', () => {
  it('over 80 varied windows, sorts, pages, users, queues, kinds and clusters', () => {
    expectSameFinishedPages(80, 19)
  })
})

describe('E036 stats_tags counts: the in-process index answers as the SQL', () => {
  it('over 40 varied windows (1 minute to 90 days) on two platforms', () => {
    expectSameStatsCounts(40, 36)
  })
})

describe('E037 users and queues: the in-process index answers as the SQL', () => {
  it('on every cluster of two platforms, and on all of them', () => {
    expectSameUsersAndQueues()
  })
})

describe('E028–E033 job buckets: the in-process index answers as the SQL', () => {
  it('over 40 varied windows, clusters and kinds, each of the six routes', () => {
    expectSameBuckets(40, 28)
  })
})

describe('E027 jobs/count: the in-process index answers as the SQL', () => {
  it('over 150 varied windows (1 minute to 30 days), intervals, groupBys, filters and clusters', () => {
    expectSameCounts(variedQueries(150, 18))
  })

  it('after a kill and a move rewrote apps (the index patched in place, not built again)', async () => {
    const running = t.app.db
      .prepare(
        `SELECT a.id FROM applications a JOIN clusters c ON c.unravel_id = a.cluster_uid
          WHERE a.status = 'R' AND c.platform = 'CDH' AND a.parent_id IS NULL ORDER BY a.id LIMIT 2`,
      )
      .pluck()
      .all() as string[]
    expect(running).toHaveLength(2)
    // Built before the writes, so a stale index would show.
    expectSameCounts(variedQueries(5, 1))
    const built = jobCountIndex(t.app.db)
    const finishedBefore = built.finished
    // The app to kill made a memory hog (it is running, so not yet a violation): the kill must add it
    // to the memory policy's list, patched in place as well.
    t.app.db.prepare('UPDATE applications SET memory_seconds = 4e9 WHERE id = ?').run(running[0])
    const hogs = memoryHogs(t.app.db)
    expect(hogs.map((h) => h.id)).not.toContain(running[0])
    const headers = t.as('admin')
    const kill = await t.app.inject({ url: `/api/v1/yarn_rm/kill_app/${running[0]}`, headers })
    expect(kill.statusCode, kill.body).toBe(200)
    const queue = t.app.db
      .prepare('SELECT queue FROM applications WHERE id = ?')
      .pluck()
      .get(running[1]) as string
    const other = t.app.db
      .prepare(
        `SELECT DISTINCT queue FROM applications WHERE cluster_uid = (SELECT cluster_uid FROM applications WHERE id = ?)
            AND queue <> ? ORDER BY queue LIMIT 1`,
      )
      .pluck()
      .get(running[1], queue) as string
    const move = await t.app.inject({ url: `/api/v1/yarn_rm/move_app/${running[1]}?queue=${other}`, headers })
    expect(move.statusCode, move.body).toBe(200)
    // Patched in place: the killed app (and any running child of it) moved among the finished ones.
    expect(jobCountIndex(t.app.db)).toBe(built)
    expect(built.finished).toBeGreaterThan(finishedBefore)
    expect(built.unfinishedIds).not.toContain(running[0])
    expect(built.unfinishedIds).toContain(running[1])
    expect(memoryHogs(t.app.db)).toBe(hogs)
    expect(hogs.map((h) => h.id)).toContain(running[0])
    expect(hogs).toEqual(
      t.app.db
        .prepare(
          `SELECT finished_time AS finished, id, kind, cluster_uid AS cluster, user, queue FROM applications
            WHERE finished_time IS NOT NULL AND kind IN ('mr', 'hive', 'spark', 'tez') AND memory_seconds > ?
            ORDER BY finished_time, id`,
        )
        .all(SEEDED_POLICIES[1].threshold),
    )
    expectSameCounts(variedQueries(60, 19))
    expectSameBuckets(15, 29)
    expectSameUsersAndQueues()
    expectSameUsageDeltas(15, 61)
    const killedNow = jobCount(
      t.app.db,
      { start_time: String(t.now - DAY), end_time: String(t.now), interval: '1h', groupBy: 'state' },
      t.now,
      scopeOfPlatform(t.app.db, 'CDH'),
    )
    expect(Object.keys(killedNow)).toContain('KILLED')
  })

  it('under a time shift of no whole minute (the apps read shifted, the grid not)', () => {
    const read = (key: string) =>
      t.app.db.prepare('SELECT value FROM settings WHERE key = ?').pluck().get(key) as string | undefined
    const anchor = Number(read('anchor'))
    const apps = read('apps_anchor')
    // As a restart 2 days, 3 h, 7 min and 12.345 s later would leave it.
    t.app.db
      .prepare("INSERT OR REPLACE INTO settings (key, value) VALUES ('apps_anchor', ?)")
      .run(String(Number(apps ?? anchor) - (2 * DAY + 3 * 3_600_000 + 7 * MINUTE + 12_345)))
    try {
      expectSameCounts(variedQueries(60, 20))
      expectSameBuckets(15, 30)
      expectSameStatsCounts(10, 38)
      expectSameFinishedPages(20, 21)
    } finally {
      t.app.db
        .prepare("INSERT OR REPLACE INTO settings (key, value) VALUES ('apps_anchor', ?)")
        .run(apps ?? String(anchor))
    }
  })
})
