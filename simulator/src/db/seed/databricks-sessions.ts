import {
  DATABRICKS_AVAILABILITY,
  DATABRICKS_SKUS,
  DATABRICKS_TERMINATION_REASONS,
  DATABRICKS_USAGE_SOURCES,
  databricksComputeCost,
  databricksUsdPerDbu,
} from '@costlens/shared'
import type { Db } from '../open-database.ts'
import { RowInserter } from './bulk-insert.ts'
import type { DatabricksUsageBuilder } from './databricks-usage.ts'
import type { DatabricksWorld, WorldCluster } from './databricks-world.ts'
import type { Prng } from './prng.ts'

/*
 * The all-purpose clusters' sessions (db_cluster_sessions). A cluster that jobs run on is up for
 * days at a time (an hourly job never lets a 120-minute timeout fire) and restarted now and then;
 * the others are started on workdays, used for a few hours and then idle until the auto-termination
 * timeout stops them (INACTIVITY), or stopped by hand; one whose timeout is 0 runs for days until
 * someone notices (the idle-cluster waste). A session's cost is its uptime less the job runs on it,
 * which carry their own (schema.sql: every DBU once): the runs add their time with `addJobRun`.
 */

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR
const reason = (name: (typeof DATABRICKS_TERMINATION_REASONS)[number]) =>
  DATABRICKS_TERMINATION_REASONS.indexOf(name)

export interface PlannedSession {
  cluster: WorldCluster
  principal: number
  start: number
  /** null: up at seeding. */
  end: number | null
  reason: number | null
  /** Interactive work (the job runs' time is added to it). */
  busyMs: number
  avgWorkers: number
  /** The job runs' time on it. */
  jobMs: number
}

export class ClusterSessions {
  /** Per cluster code, its sessions in time order. */
  private readonly byCluster = new Map<number, PlannedSession[]>()

  constructor(
    prng: Prng,
    private readonly world: DatabricksWorld,
    historyStart: number,
    private readonly now: number,
    /** Codes of the clusters jobs run on. */
    withJobs: ReadonlySet<number>,
  ) {
    for (const cluster of world.clusters) {
      const sessions: PlannedSession[] = []
      const workspace = world.workspaces[cluster.workspace - 1]!
      const workers = () =>
        Math.round(
          (cluster.minWorkers + (cluster.maxWorkers - cluster.minWorkers) * prng.next() ** 1.5) * 10,
        ) / 10
      const principal = () => (prng.chance(0.5) ? cluster.creator : prng.pick(world.users))
      if (withJobs.has(cluster.code)) {
        // Up for 1-7 days at a time, restarted by hand (or after a driver failure) within minutes.
        let start = historyStart + prng.int(0, 6 * 60) * MINUTE
        while (start < now) {
          const end = start + prng.int(24, 7 * 24) * HOUR + prng.int(0, 59) * MINUTE
          const up = end < now
          sessions.push({
            cluster,
            principal: principal(),
            start,
            end: up ? end : null,
            reason: up ? (prng.chance(0.85) ? reason('USER_REQUEST') : reason('DRIVER_UNRESPONSIVE')) : null,
            busyMs: Math.round((Math.min(end, now) - start) * 0.05 * prng.next()),
            avgWorkers: workers(),
            jobMs: 0,
          })
          start = end + prng.int(3, 20) * MINUTE
        }
      } else {
        let free = historyStart
        for (let day = historyStart - (historyStart % DAY); day < now; day += DAY) {
          const weekday = new Date(day).getUTCDay()
          if ((weekday === 0 || weekday === 6) && !prng.chance(0.15)) continue
          if (!prng.chance(0.8)) continue
          const start = day + workspace.workdayStartUtc * HOUR + prng.int(0, 150) * MINUTE
          if (start < free || start >= now) continue
          const busy = prng.int(30, 6 * 60) * MINUTE
          let end: number
          let why: number
          if (cluster.autoTermination === 0) {
            // Never terminates by itself: stopped by hand days later.
            end = start + busy + prng.int(1, 6) * DAY + prng.int(0, 600) * MINUTE
            why = reason('USER_REQUEST')
          } else if (prng.chance(0.8)) {
            end = start + busy + cluster.autoTermination * MINUTE
            why = reason('INACTIVITY')
          } else {
            end = start + busy + prng.int(0, 10) * MINUTE
            why = prng.chance(0.95) ? reason('USER_REQUEST') : reason('CLOUD_PROVIDER_LAUNCH_FAILURE')
          }
          const up = end < now
          sessions.push({
            cluster,
            principal: principal(),
            start,
            end: up ? end : null,
            reason: up ? why : null,
            busyMs: Math.min(busy, now - start),
            avgWorkers: workers(),
            jobMs: 0,
          })
          free = end + HOUR
        }
      }
      this.byCluster.set(cluster.code, sessions)
    }
  }

  /** A job run on an all-purpose cluster: its time counts to the session it ran in (if any). */
  addJobRun(cluster: number, start: number, duration: number): void {
    const sessions = this.byCluster.get(cluster)
    if (!sessions) return
    let low = 0
    let high = sessions.length - 1
    while (low <= high) {
      const mid = (low + high) >> 1
      const s = sessions[mid]!
      if (s.start > start) high = mid - 1
      else if ((s.end ?? this.now) < start) low = mid + 1
      else {
        s.jobMs += duration
        return
      }
    }
  }

  /** Writes the sessions in time order with their cost, and their usage (inside the caller's transaction). */
  write(db: Db, usage: DatabricksUsageBuilder): number {
    const all = [...this.byCluster.values()]
      .flat()
      .sort((a, b) => a.start - b.start || a.cluster.code - b.cluster.code)
    const inserter = new RowInserter(db, 'db_cluster_sessions', [
      'id',
      'cluster',
      'principal',
      'start_time',
      'end_time',
      'termination_reason',
      'busy_ms',
      'avg_workers',
      'dbus_e4',
      'dbu_cost_e4',
      'vm_cost_e4',
    ])
    const sku = DATABRICKS_SKUS.indexOf('ALL_PURPOSE_COMPUTE')
    const source = DATABRICKS_USAGE_SOURCES.indexOf('CLUSTER')
    all.forEach((s, i) => {
      const { cluster } = s
      const workspace = this.world.workspaces[cluster.workspace - 1]!
      const upMs = (s.end ?? this.now) - s.start
      const jobMs = Math.min(s.jobMs, upMs)
      const cost = databricksComputeCost(
        cluster.node,
        s.avgWorkers,
        cluster.availability !== DATABRICKS_AVAILABILITY.indexOf('ON_DEMAND'),
        (upMs - jobMs) / HOUR,
        databricksUsdPerDbu('ALL_PURPOSE_COMPUTE', workspace.cloud, workspace.tier)!,
      )
      inserter.push(
        i + 1,
        cluster.code,
        s.principal,
        s.start,
        s.end,
        s.reason,
        Math.min(upMs, s.busyMs + jobMs),
        s.avgWorkers,
        cost.dbusE4,
        cost.dbuCostE4,
        cost.vmCostE4,
      )
      usage.add(
        {
          start: s.start,
          workspace: cluster.workspace,
          principal: s.principal,
          sku,
          sourceType: source,
          source: cluster.code,
          tagSet: cluster.tagSet,
        },
        (s.end ?? s.start) - s.start,
        cost.dbusE4,
        cost.dbuCostE4,
        cost.vmCostE4,
      )
    })
    inserter.flush()
    return all.length
  }
}
