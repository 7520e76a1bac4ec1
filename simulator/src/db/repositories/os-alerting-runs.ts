import {
  AGGREGATION_LABELS,
  CONDITION_LABELS,
  HOUR_MS,
  formatMetricValue,
  monitorMetric,
  monitorTicks,
  readWindow,
  runMonitor,
  type ClusterType,
  type MonitorAggregation,
  type MonitorCondition,
  type MonitorEvent,
  type MonitorMetric,
} from '@costlens/shared'
import type { Db } from '../open-database.ts'
import { cachedStatement } from '../statement-cache.ts'
import { simulatedSend } from './notification-channels.ts'
import { seriesReader, warehouseCode } from './os-alerting-series.ts'

/*
 * Monitors' runs on the simulated clock (issue 23 /os_alerting): a monitor runs at its schedule's
 * ticks since its last run (a new one over the last day), reading its metric's hours in one grouped
 * SQL read and stepping its alert through the pure rule (shared/src/rules/monitor-evaluation.ts).
 * Runs happen when a monitor is made or enabled and when the platform's monitors or alerts are read,
 * so an idle install does no work and a page always shows every tick up to now.
 */

/** What a new monitor looks back over at its first run, so seeded data that crosses it fires at once. */
export const FIRST_RUN_HOURS = 24
/** The most a monitor catches up at one read (a demo left a week without a reader runs its last week). */
const CATCH_UP_MS = 7 * 24 * HOUR_MS

/** A stored monitor's columns, as os_monitors keeps them. */
export interface MonitorRow {
  id: number
  platform: ClusterType
  name: string
  metric: string
  warehouse: string | null
  aggregation: MonitorAggregation
  lookback_hours: number
  condition: MonitorCondition
  threshold: number
  schedule_minutes: number
  severity: number
  enabled: number
  created_by: string
  created_at: number
  updated_at: number
  last_run_at: number | null
  last_value: number | null
}

/** The alert's line: what was measured, its value and the threshold it crossed, each in its unit. */
export function alertMessage(monitor: MonitorRow, metric: MonitorMetric, value: number): string {
  const where = monitor.warehouse ? ` on ${monitor.warehouse}` : ''
  const how = `${AGGREGATION_LABELS[monitor.aggregation].toLowerCase()} over ${monitor.lookback_hours} h`
  return (
    `${metric.label}${where} (${how}) was ${formatMetricValue(metric, value)}, ` +
    `${CONDITION_LABELS[monitor.condition]} the threshold of ${formatMetricValue(metric, monitor.threshold)}.`
  )
}

/** Runs one monitor over its ticks due by `now`; answers how many alerts it opened. */
export function runMonitorUntil(db: Db, monitor: MonitorRow, now: number): number {
  if (!monitor.enabled) return 0
  const metric = monitorMetric(monitor.platform, monitor.metric)
  if (!metric) return 0
  const after = Math.max(monitor.last_run_at ?? now - FIRST_RUN_HOURS * HOUR_MS, now - CATCH_UP_MS)
  const ticks = monitorTicks(after, now, monitor.schedule_minutes)
  if (ticks.length === 0) return 0
  const reader = seriesReader(monitor.platform, metric)
  const offset = reader.offset(db)
  const code = monitor.warehouse === null ? null : (warehouseCode(db, monitor.warehouse) ?? -1)
  const points = reader.read(db, readWindow(ticks, monitor.lookback_hours, offset)!, code)
  const openAlert = cachedStatement(
    db,
    "SELECT id FROM os_alerts WHERE monitor_id = ? AND state != 'COMPLETED' ORDER BY id DESC LIMIT 1",
  )
    .pluck()
    .get(monitor.id) as number | undefined
  const run = runMonitor({
    points,
    ticks,
    lookbackHours: monitor.lookback_hours,
    aggregation: monitor.aggregation,
    condition: monitor.condition,
    threshold: monitor.threshold,
    decimals: metric.decimals,
    open: openAlert !== undefined,
    offset,
  })
  db.transaction(() => {
    applyEvents(db, monitor, metric, run.events, openAlert)
    cachedStatement(db, 'UPDATE os_monitors SET last_run_at = ?, last_value = ? WHERE id = ?').run(
      ticks[ticks.length - 1],
      run.values[run.values.length - 1],
      monitor.id,
    )
  })()
  return run.events.filter((e) => e.kind === 'open').length
}

/** The alerts' rows of a run's events, and the channels told of each new one. */
function applyEvents(
  db: Db,
  monitor: MonitorRow,
  metric: MonitorMetric,
  events: readonly MonitorEvent[],
  openAlert: number | undefined,
) {
  let open = openAlert
  for (const event of events) {
    if (event.kind === 'complete') {
      cachedStatement(db, "UPDATE os_alerts SET state = 'COMPLETED', ended_at = ? WHERE id = ?").run(
        event.at,
        open,
      )
      open = undefined
      continue
    }
    open = Number(
      cachedStatement(
        db,
        `INSERT INTO os_alerts (monitor_id, platform, state, severity, value, threshold, condition, message, triggered_at)
         VALUES (?, ?, 'ACTIVE', ?, ?, ?, ?, ?, ?)`,
      ).run(
        monitor.id,
        monitor.platform,
        monitor.severity,
        event.value,
        monitor.threshold,
        monitor.condition,
        alertMessage(monitor, metric, event.value),
        event.at,
      ).lastInsertRowid,
    )
    notifyChannels(db, monitor.id, open, event.at)
  }
}

/** Records each of the monitor's channels as told of the alert: what a send would meet, never sent. */
function notifyChannels(db: Db, monitorId: number, alertId: number, at: number) {
  const channels = cachedStatement(
    db,
    `SELECT c.id, c.type, c.emails, c.url, c.routing_key
       FROM os_monitor_channels mc JOIN notification_channels c ON c.id = mc.channel_id
      WHERE mc.monitor_id = ?`,
  ).all(monitorId) as {
    id: number
    type: 'email' | 'slack' | 'webhook' | 'pagerduty'
    emails: string
    url: string | null
    routing_key: string | null
  }[]
  const insert = cachedStatement(
    db,
    `INSERT INTO os_alert_notifications (alert_id, channel_id, sent_at, outcome, detail) VALUES (?, ?, ?, ?, ?)`,
  )
  for (const channel of channels) {
    const send = simulatedSend(channel)
    insert.run(alertId, channel.id, at, send.outcome, send.detail)
  }
}

const MONITOR_COLUMNS = `id, platform, name, metric, warehouse, aggregation, lookback_hours, condition, threshold,
  schedule_minutes, severity, enabled, created_by, created_at, updated_at, last_run_at, last_value`

/** A platform's monitors' rows, by name. */
export function monitorRows(db: Db, platform: ClusterType): MonitorRow[] {
  return cachedStatement(
    db,
    `SELECT ${MONITOR_COLUMNS} FROM os_monitors WHERE platform = ? ORDER BY name_key, id`,
  ).all(platform) as MonitorRow[]
}

/** A monitor's row when it is the platform's. */
export function monitorRow(db: Db, id: number, platform: ClusterType): MonitorRow | undefined {
  return cachedStatement(db, `SELECT ${MONITOR_COLUMNS} FROM os_monitors WHERE id = ? AND platform = ?`).get(
    id,
    platform,
  ) as MonitorRow | undefined
}

/** Runs every enabled monitor of the platform up to now (what a read of monitors or alerts does first). */
export function runDueMonitors(db: Db, platform: ClusterType, now: number): void {
  for (const monitor of monitorRows(db, platform)) runMonitorUntil(db, monitor, now)
}
