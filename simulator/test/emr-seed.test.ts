import { EMR_INSTANCE_TYPES, EBS_GB_MONTH_USD, HOURS_PER_MONTH } from '@costlens/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AppInstance } from '../src/app.ts'
import { shiftToClock } from '../src/db/open-database.ts'
import { appsTimeShift } from '../src/db/repositories/applications.ts'
import { EMR_SIZES } from '../src/db/seed/emr-clusters.ts'
import { TEST_NOW_MS, frozenTestApp, testApp } from './helper.ts'

const DAY = 86_400_000

/** The seeded EMR data is credible: what a cost-conscious EMR operator would check first. */
describe('EMR seed (small scale)', () => {
  let app: AppInstance
  beforeAll(async () => ({ app } = await frozenTestApp()))
  afterAll(() => app.close())
  const all = <T>(sql: string, ...args: unknown[]) => app.db.prepare(sql).all(...args) as T[]
  const one = <T>(sql: string, ...args: unknown[]) => app.db.prepare(sql).get(...args) as T

  it('holds the watched EMR clusters of `clusters` and the scale’s job and long-running clusters over 90 days', () => {
    const watched = one<{ n: number }>("SELECT count(*) AS n FROM clusters WHERE platform = 'EMR'").n
    const counts = one<{ n: number; watched: number; oldest: number }>(
      'SELECT count(*) AS n, sum(with_unravel) AS watched, min(created_at) AS oldest FROM emr_clusters',
    )
    expect(counts.watched).toBe(watched)
    expect(counts.n).toBe(watched + EMR_SIZES.small.jobClusters + EMR_SIZES.small.longRunning)
    const jobs = one<{ first: number; last: number }>(
      'SELECT min(created_at) AS first, max(created_at) AS last FROM emr_clusters WHERE with_unravel = 0 AND ended_at IS NOT NULL',
    )
    expect(jobs.first).toBeGreaterThanOrEqual(TEST_NOW_MS - 90 * DAY)
    expect(jobs.last).toBeLessThanOrEqual(TEST_NOW_MS)
    expect(jobs.first).toBeLessThan(TEST_NOW_MS - 80 * DAY)
  })

  it('prices each group from DOMAIN.md §4: EC2 on demand, Spot cheaper, the EMR uplift unchanged on Spot, EBS per GB-month', () => {
    const groups = all<{ type: string; market: string; ec2: number; emr: number; ebs: number; gb: number }>(
      'SELECT instance_type AS type, market, ec2_hourly AS ec2, emr_hourly AS emr, ebs_hourly AS ebs, ebs_gb AS gb FROM emr_instance_groups',
    )
    expect(new Set(groups.map((g) => g.market))).toEqual(new Set(['ON_DEMAND', 'SPOT']))
    for (const g of groups) {
      const list = EMR_INSTANCE_TYPES[g.type]!
      expect(list, g.type).toBeDefined()
      expect(g.emr).toBeCloseTo(list.emr, 9)
      expect(g.ebs).toBeCloseTo((g.gb * EBS_GB_MONTH_USD) / HOURS_PER_MONTH, 9)
      if (g.market === 'ON_DEMAND') expect(g.ec2).toBeCloseTo(list.ec2, 9)
      else {
        // Spot at 55-75 % off, as the m5/r5/c5 families usually go.
        expect(g.ec2).toBeLessThan(list.ec2 * 0.46)
        expect(g.ec2).toBeGreaterThan(list.ec2 * 0.24)
      }
    }
  })

  it('a cluster’s cost is its groups’ instance hours times their prices, within a cent', () => {
    const now = app.clock.now()
    const clusters = all<{ id: string; stored: number; groups: number; hours: number }>(
      `SELECT c.cluster_id AS id,
              (c.ec2_hourly + c.emr_hourly + c.ebs_hourly) * (min(@now, coalesce(c.ended_at, @now)) - c.created_at) / 3600000.0 AS stored,
              (SELECT sum(g.running * (g.ec2_hourly + g.emr_hourly + g.ebs_hourly)) FROM emr_instance_groups g
                WHERE g.cluster_id = c.cluster_id) AS groups,
              (min(@now, coalesce(c.ended_at, @now)) - c.created_at) / 3600000.0 AS hours
         FROM emr_clusters c`,
      { now },
    )
    for (const c of clusters) expect(Math.abs(c.stored - c.groups * c.hours), c.id).toBeLessThan(0.01)
  })

  it('node counts and market types agree with the instance groups', () => {
    const mismatched = all(
      `SELECT c.cluster_id FROM emr_clusters c
        WHERE c.node_count != (SELECT sum(running) FROM emr_instance_groups g WHERE g.cluster_id = c.cluster_id)
           OR c.market_types != (SELECT group_concat(market, ',') FROM
                (SELECT DISTINCT market FROM emr_instance_groups g WHERE g.cluster_id = c.cluster_id ORDER BY market))`,
    )
    expect(mismatched).toEqual([])
  })

  it('has transient job clusters of minutes to hours and a few long-running clusters still up', () => {
    const lives = all<{ ms: number }>(
      'SELECT ended_at - created_at AS ms FROM emr_clusters WHERE ended_at IS NOT NULL ORDER BY ms',
    ).map((r) => r.ms)
    const median = lives[Math.floor(lives.length / 2)]!
    expect(median).toBeGreaterThan(15 * 60_000)
    expect(median).toBeLessThan(3 * 3_600_000)
    expect(lives[lives.length - 1]).toBeLessThanOrEqual(14 * 3_600_000)
    const longRunning = one<{ n: number }>('SELECT count(*) AS n FROM emr_clusters WHERE ended_at IS NULL').n
    expect(longRunning).toBeGreaterThanOrEqual(EMR_SIZES.small.longRunning + 3)
  })

  it('failed clusters end with errors and say why; the others terminate normally', () => {
    const reasons = all<{ state: string; code: string; ready: number | null }>(
      'SELECT end_state AS state, end_reason_code AS code, ready_at AS ready FROM emr_clusters WHERE ended_at IS NOT NULL',
    )
    const failed = reasons.filter((r) => r.state === 'TERMINATED_WITH_ERRORS')
    expect(failed.length).toBeGreaterThan(0)
    expect(failed.length / reasons.length).toBeLessThan(0.15)
    for (const r of failed)
      expect(['BOOTSTRAP_FAILURE', 'VALIDATION_ERROR', 'INSTANCE_FAILURE', 'STEP_FAILURE']).toContain(r.code)
    for (const r of reasons.filter((x) => x.state === 'TERMINATED'))
      expect(['ALL_STEPS_COMPLETED', 'USER_REQUEST']).toContain(r.code)
  })

  it('every Yarn app seeded on an EMR cluster is one of these clusters and ran inside its lifetime', () => {
    const shift = appsTimeShift(app.db)
    const apps = one<{ n: number; outside: number; unknown: number }>(
      `SELECT count(*) AS n,
              sum(a.start_time + @shift < e.created_at OR coalesce(a.finished_time + @shift, @now) > coalesce(e.ended_at, @now)) AS outside,
              sum(e.cluster_id IS NULL) AS unknown
         FROM applications a JOIN clusters c ON c.unravel_id = a.cluster_uid AND c.platform = 'EMR'
         LEFT JOIN emr_clusters e ON e.cluster_id = a.cluster_uid`,
      { shift, now: app.clock.now() + 4 * 3_600_000 },
    )
    expect(apps.n).toBeGreaterThan(100)
    expect(apps.unknown).toBe(0)
    expect(apps.outside).toBe(0)
  })

  it('B205 raises node down-sizing events on the over-provisioned clusters only', () => {
    const events = all<{ peak: number; current: number; recommended: number; n: number }>(
      `SELECT e.peak_util AS peak, e.current_nodes AS current, e.recommended_nodes AS recommended, c.downsizing_events AS n
         FROM emr_cluster_events e JOIN emr_clusters c USING (cluster_id)`,
    )
    expect(events.length).toBeGreaterThan(10)
    for (const e of events) {
      expect(e.peak).toBeLessThanOrEqual(0.5)
      expect(e.recommended).toBeLessThan(e.current)
    }
    const counted = one<{ n: number }>('SELECT sum(downsizing_events) AS n FROM emr_clusters').n
    expect(counted).toBe(events.length)
  })

  it('tags each cluster with its owner, environment, cost centre, EMR release and the install flag', () => {
    const keys = all<{ key: string; n: number }>(
      'SELECT key, count(*) AS n FROM emr_cluster_tags GROUP BY key',
    )
    const total = one<{ n: number }>('SELECT count(*) AS n FROM emr_clusters').n
    expect(Object.fromEntries(keys.map((k) => [k.key, k.n]))).toMatchObject({
      EMR_Release: total,
      'unravel-installed': total,
      Owner: total,
      env: total,
      CostCenter: total,
    })
    const flags = one<{ wrong: number }>(
      `SELECT count(*) AS wrong FROM emr_clusters c JOIN emr_cluster_tags t ON t.cluster_id = c.cluster_id AND t.key = 'unravel-installed'
        WHERE t.value != CASE c.with_unravel WHEN 1 THEN 'true' ELSE 'false' END`,
    )
    expect(flags.wrong).toBe(0)
  })

  it('is the same for the same seed and clock', async () => {
    const again = await testApp()
    try {
      const digest = (db: AppInstance['db']) =>
        db
          .prepare(
            'SELECT count(*) AS n, sum(created_at % 1000003) AS t, sum(ec2_hourly) AS p FROM emr_clusters',
          )
          .get()
      expect(digest(again.db)).toEqual(digest(app.db))
    } finally {
      await again.close()
    }
  })

  // Last: it moves this app's data.
  it('stays current: opened on a later day, the clusters move with the clock and today has clusters again', () => {
    const today = (now: number) =>
      one<{ n: number; latest: number }>(
        'SELECT count(*) AS n, max(created_at) AS latest FROM emr_clusters WHERE coalesce(ended_at, @now) >= @day',
        { now, day: Math.floor(now / DAY) * DAY },
      )
    const before = today(TEST_NOW_MS)
    const later = TEST_NOW_MS + 3 * DAY
    shiftToClock(app.db, later)
    const after = today(later)
    expect(after.latest - before.latest).toBe(3 * DAY)
    expect(after.n).toBe(before.n)
    const events = one<{ late: number }>(
      'SELECT count(*) AS late FROM emr_cluster_events e JOIN emr_clusters c USING (cluster_id) WHERE e.event_time < c.created_at',
    )
    expect(events.late).toBe(0)
  })
})
