import {
  HOUR_MS,
  aggregate,
  channelNameKey,
  lookbackWindow,
  monitorMetric,
  monitorTicks,
  readWindow,
  type AlertingPlatform,
  type MonitorAggregation,
  type MonitorSchedule,
  type MonitorSeverity,
} from '@costlens/shared'
import type { Db } from '../open-database.ts'
import { monitorRow, runMonitorUntil } from '../repositories/os-alerting-runs.ts'
import { rollUpBigQueryHours, seriesReader, warehouseCode } from '../repositories/os-alerting-series.ts'

/*
 * The seeded monitors (issue 23 /os_alerting): a few per platform, as a data team sets them up, each
 * with a threshold near the top of what its metric did over the last week (a percentile of its
 * lookback's values, rounded up to two significant digits), then run over that week, so the alerts
 * page opens on real history: completed alerts, one acknowledged, some active. After the Kubernetes
 * step, whose node and pod hours its monitors read.
 */

const DAY = 24 * HOUR_MS
/** How far back the seeded monitors have run: their history. */
const HISTORY_DAYS = 7

interface SeedMonitor {
  name: string
  metric: string
  warehouse?: string
  aggregation: MonitorAggregation
  lookbackHours: number
  /** The share of last week's values the threshold sits above (0.95: it fires on the top 5 %). */
  percentile: number
  scheduleMinutes: MonitorSchedule
  severity: MonitorSeverity
  channels: readonly string[]
  enabled?: boolean
}

const SEEDED: Readonly<Record<AlertingPlatform, { maker: string; monitors: SeedMonitor[] }>> = {
  SNOWFLAKE: {
    maker: 'snowflake',
    monitors: [
      {
        name: 'Warehouse credits spike',
        metric: 'credits',
        warehouse: 'BI_WH',
        aggregation: 'sum',
        lookbackHours: 1,
        percentile: 0.95,
        scheduleMinutes: 15,
        severity: 2,
        channels: ['Platform on-call (PagerDuty)', '#data-platform-alerts'],
      },
      {
        name: 'Daily spend over plan',
        metric: 'cost',
        aggregation: 'sum',
        lookbackHours: 24,
        percentile: 0.9,
        scheduleMinutes: 60,
        severity: 3,
        channels: ['FinOps cost owners'],
      },
      {
        name: 'Failed queries surge',
        metric: 'failed_queries',
        aggregation: 'sum',
        lookbackHours: 1,
        percentile: 0.97,
        scheduleMinutes: 5,
        severity: 1,
        channels: ['Platform on-call (PagerDuty)'],
      },
      {
        name: 'Transform queueing',
        metric: 'queued_overload',
        warehouse: 'TRANSFORM_WH',
        aggregation: 'avg',
        lookbackHours: 3,
        percentile: 0.9,
        scheduleMinutes: 30,
        severity: 4,
        channels: ['#data-platform-alerts'],
        enabled: false,
      },
    ],
  },
  BIGQUERYV2: {
    maker: 'bigquery',
    monitors: [
      {
        name: 'Slot usage spike',
        metric: 'slot_hours',
        aggregation: 'sum',
        lookbackHours: 1,
        percentile: 0.95,
        scheduleMinutes: 15,
        severity: 2,
        channels: ['Platform on-call (PagerDuty)', '#data-platform-alerts'],
      },
      {
        name: 'Hourly spend',
        metric: 'cost',
        aggregation: 'sum',
        lookbackHours: 1,
        percentile: 0.93,
        scheduleMinutes: 30,
        severity: 3,
        channels: ['FinOps cost owners'],
      },
      {
        name: 'Failed jobs',
        metric: 'failed_jobs',
        aggregation: 'max',
        lookbackHours: 2,
        percentile: 0.97,
        scheduleMinutes: 5,
        severity: 1,
        channels: ['Incident bridge webhook'],
      },
    ],
  },
  K8S: {
    maker: 'k8s',
    monitors: [
      {
        name: 'Idle spend',
        metric: 'idle_cost',
        aggregation: 'sum',
        lookbackHours: 6,
        percentile: 0.95,
        scheduleMinutes: 60,
        severity: 3,
        channels: ['FinOps cost owners'],
      },
      {
        name: 'Cluster CPU surge',
        metric: 'cpu_usage',
        aggregation: 'avg',
        lookbackHours: 1,
        percentile: 0.97,
        scheduleMinutes: 15,
        severity: 2,
        channels: ['Platform on-call (PagerDuty)', '#data-platform-alerts'],
      },
    ],
  },
}

/** Rounded up to two significant digits: a threshold a person would type. */
export function niceCeiling(value: number): number {
  if (value <= 0) return 1
  const scale = 10 ** (Math.floor(Math.log10(value)) - 1)
  return Math.ceil(value / scale - 1e-9) * scale
}

/** The threshold above which the monitor's last week's values were `percentile` of the time at most. */
function thresholdOf(db: Db, platform: AlertingPlatform, m: SeedMonitor, now: number): number {
  const metric = monitorMetric(platform, m.metric)!
  const reader = seriesReader(platform, metric)
  const offset = reader.offset(db)
  const ticks = monitorTicks(now - HISTORY_DAYS * DAY, now, 60)
  const code = m.warehouse ? (warehouseCode(db, m.warehouse) ?? -1) : null
  const points = reader.read(db, readWindow(ticks, m.lookbackHours, offset)!, code)
  const values = ticks
    .map((tick) =>
      aggregate(points, lookbackWindow(tick, m.lookbackHours, offset), m.aggregation, metric.decimals),
    )
    .sort((a, b) => a - b)
  const at = values[Math.min(values.length - 1, Math.floor(values.length * m.percentile))] ?? 0
  return Number(niceCeiling(at).toPrecision(2))
}

/**
 * Adds up BigQuery's hours, then seeds each platform's monitors and runs them over the last week.
 * After the notification channels and the BigQuery jobs.
 */
export function seedOsAlerting(db: Db, now: number): void {
  rollUpBigQueryHours(db)
  const insert = db.prepare(
    `INSERT INTO os_monitors (platform, name, name_key, metric, warehouse, aggregation, lookback_hours, condition,
                              threshold, schedule_minutes, severity, enabled, created_by, created_at, updated_at,
                              last_run_at)
     VALUES (@platform, @name, @nameKey, @metric, @warehouse, @aggregation, @lookbackHours, 'above', @threshold,
             @scheduleMinutes, @severity, @enabled, @maker, @createdAt, @createdAt, @lastRunAt)`,
  )
  const channelId = db.prepare('SELECT id FROM notification_channels WHERE platform = ? AND name = ?').pluck()
  const link = db.prepare('INSERT INTO os_monitor_channels (monitor_id, channel_id) VALUES (?, ?)')
  const historyStart = now - HISTORY_DAYS * DAY
  for (const [platform, { maker, monitors }] of Object.entries(SEEDED) as [
    keyof typeof SEEDED,
    (typeof SEEDED)[keyof typeof SEEDED],
  ][]) {
    for (const [i, m] of monitors.entries()) {
      const id = Number(
        insert.run({
          platform,
          name: m.name,
          nameKey: channelNameKey(m.name),
          metric: m.metric,
          warehouse: m.warehouse ?? null,
          aggregation: m.aggregation,
          lookbackHours: m.lookbackHours,
          threshold: thresholdOf(db, platform, m, now),
          scheduleMinutes: m.scheduleMinutes,
          severity: m.severity,
          enabled: m.enabled === false ? 0 : 1,
          maker,
          createdAt: historyStart - (30 + 11 * i) * DAY,
          // A disabled monitor has not run; the others have run since the history's start.
          lastRunAt: m.enabled === false ? null : historyStart,
        }).lastInsertRowid,
      )
      for (const name of m.channels) {
        const channel = channelId.get(platform, name) as number | undefined
        if (channel !== undefined) link.run(id, channel)
      }
      runMonitorUntil(db, monitorRow(db, id, platform)!, now)
    }
    // The on-call engineer has acknowledged the oldest alert still active: the page shows each state.
    db.prepare(
      `UPDATE os_alerts SET state = 'ACKNOWLEDGED', acknowledged_at = triggered_at + 20 * 60000, acknowledged_by = ?
        WHERE id = (SELECT min(id) FROM os_alerts WHERE platform = ? AND state = 'ACTIVE')
          AND triggered_at + 20 * 60000 <= ?`,
    ).run(maker, platform, now)
  }
}
