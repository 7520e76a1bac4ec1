import {
  ALERT_PAGE_SIZE,
  DEFAULT_ALERT_SORT,
  MAX_MONITORS,
  MONITOR_MESSAGES,
  MONITOR_METRICS,
  channelNameKey,
  lookbackWindow,
  monitorMetric,
  parseSortParam,
  roundTo,
  HOUR_MS,
  type Alert,
  type AlertListQuery,
  type AlertPage,
  type AlertSortKey,
  type AlertState,
  type AlertTab,
  type ClusterType,
  type MetricPreview,
  type MetricPreviewQuery,
  type Monitor,
  type MonitorInput,
  type MonitorList,
  type MonitorMetric,
  type MonitorOptions,
} from '@costlens/shared'
import { HttpError } from '../../errors.ts'
import type { Db } from '../open-database.ts'
import { cachedStatement } from '../statement-cache.ts'
import { monitorRow, runDueMonitors, runMonitorUntil, type MonitorRow } from './os-alerting-runs.ts'
import { seriesReader, warehouseCode, warehouseNames } from './os-alerting-series.ts'

/*
 * OpenSearch alerting in SQLite (issue 23 /os_alerting, E171): monitors of a platform, their alerts
 * and the channels told of them. Each is of the platform of the user who made it; another
 * platform's is not there (404). Reads run the monitors due first (os-alerting-runs.ts).
 */

/** Who is asking: the platform whose monitors they see, their name for what they write, and now. */
export interface AlertingActor {
  platform: ClusterType
  username: string
  now: number
}

const notFound = (id: number) => new HttpError(404, `The monitor ${id} does not exist`)
const YEAR_MS = 365 * 24 * HOUR_MS

/** The metrics the platform offers (none for a platform without the page). */
const metricsOf = (platform: ClusterType): readonly MonitorMetric[] =>
  (MONITOR_METRICS as Partial<Record<ClusterType, readonly MonitorMetric[]>>)[platform] ?? []

export function monitorOptions(db: Db, platform: ClusterType): MonitorOptions {
  const metrics = metricsOf(platform)
  return {
    platform,
    metrics: [...metrics],
    warehouses: metrics.some((m) => m.scope === 'warehouse') ? warehouseNames(db) : [],
    note: metrics.length === 0 ? 'No metric of this platform can be watched yet.' : null,
  }
}

/** The metric and the warehouse's code a monitor or preview names, or 400 saying which is wrong. */
function checkedMetric(db: Db, platform: ClusterType, id: string, warehouse: string | null | undefined) {
  const metric = monitorMetric(platform, id)
  if (!metric) throw new HttpError(400, MONITOR_MESSAGES.unknownMetric(id))
  const name = warehouse?.trim() || null
  if (name === null) return { metric, warehouse: null, code: null }
  if (metric.scope !== 'warehouse') throw new HttpError(400, MONITOR_MESSAGES.noWarehouseScope)
  const code = warehouseCode(db, name)
  if (code === undefined) throw new HttpError(400, MONITOR_MESSAGES.unknownWarehouse(name))
  return { metric, warehouse: name, code }
}

/** The metric's last 24 whole hours, every hour (0 where nothing ran), for the form's chart. */
export function metricPreview(
  db: Db,
  platform: ClusterType,
  query: MetricPreviewQuery,
  now: number,
): MetricPreview {
  const { metric, code } = checkedMetric(db, platform, query.metric, query.warehouse)
  const reader = seriesReader(platform, metric)
  const window = lookbackWindow(now, 24, reader.offset(db))
  const byStart = new Map(reader.read(db, window, code).map((p) => [p.start, p.value]))
  const points = Array.from({ length: 24 }, (_, i) => {
    const start = window.from + i * HOUR_MS
    return { start, value: roundTo(byStart.get(start) ?? 0, metric.decimals) }
  })
  return { metric: metric.id, unit: metric.unit, points }
}

interface MonitorExtras {
  state: 'ACTIVE' | 'ACKNOWLEDGED' | null
  alert_count: number
}

function monitorOf(row: MonitorRow & MonitorExtras, channels: { id: number; name: string }[]): Monitor {
  const metric = monitorMetric(row.platform, row.metric)
  return {
    id: row.id,
    platform: row.platform,
    name: row.name,
    metric: row.metric,
    metricLabel: metric?.label ?? row.metric,
    unit: metric?.unit ?? '',
    warehouse: row.warehouse,
    aggregation: row.aggregation,
    lookbackHours: row.lookback_hours,
    condition: row.condition,
    threshold: row.threshold,
    scheduleMinutes: row.schedule_minutes as Monitor['scheduleMinutes'],
    severity: row.severity as Monitor['severity'],
    channels,
    enabled: row.enabled === 1,
    createdBy: row.created_by,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    lastRunAt: row.last_run_at,
    lastValue: row.last_value,
    state: row.state,
    alertCount: row.alert_count,
  }
}

const EXTRAS = `(SELECT state FROM os_alerts a WHERE a.monitor_id = m.id AND a.state != 'COMPLETED'
                  ORDER BY a.id DESC LIMIT 1) AS state,
                (SELECT count(*) FROM os_alerts a WHERE a.monitor_id = m.id) AS alert_count`

/** The monitors (all, or one) of the platform with their channels and open alert's state. */
function monitorsWithExtras(db: Db, platform: ClusterType, id?: number): Monitor[] {
  const rows = cachedStatement(
    db,
    `SELECT m.*, ${EXTRAS} FROM os_monitors m
      WHERE m.platform = @platform AND (@id IS NULL OR m.id = @id) ORDER BY m.name_key, m.id`,
  ).all({ platform, id: id ?? null }) as (MonitorRow & MonitorExtras)[]
  const links = cachedStatement(
    db,
    `SELECT mc.monitor_id AS monitorId, c.id, c.name
       FROM os_monitors m
       JOIN os_monitor_channels mc ON mc.monitor_id = m.id
       JOIN notification_channels c ON c.id = mc.channel_id
      WHERE m.platform = @platform AND (@id IS NULL OR m.id = @id)
      ORDER BY c.name_key`,
  ).all({ platform, id: id ?? null }) as { monitorId: number; id: number; name: string }[]
  return rows.map((row) =>
    monitorOf(
      row,
      links.filter((l) => l.monitorId === row.id).map(({ id: channelId, name }) => ({ id: channelId, name })),
    ),
  )
}

function oneMonitor(db: Db, id: number, platform: ClusterType): Monitor {
  const monitor = monitorsWithExtras(db, platform, id)[0]
  if (!monitor) throw notFound(id)
  return monitor
}

/** The platform's monitors, each run up to now first. */
export function listMonitors(db: Db, platform: ClusterType, now: number): MonitorList {
  runDueMonitors(db, platform, now)
  return { platform, monitors: monitorsWithExtras(db, platform), limit: MAX_MONITORS }
}

/** The stored columns of a checked input: 400 naming the first problem. */
function columnsOf(db: Db, platform: ClusterType, input: MonitorInput, exceptId?: number) {
  const name = input.name.trim()
  const nameKey = channelNameKey(name)
  const taken = cachedStatement(
    db,
    'SELECT 1 FROM os_monitors WHERE platform = ? AND name_key = ? AND id IS NOT ?',
  )
    .pluck()
    .get(platform, nameKey, exceptId ?? null)
  if (taken) throw new HttpError(400, MONITOR_MESSAGES.nameTaken)
  const { warehouse } = checkedMetric(db, platform, input.metric, input.warehouse)
  if (new Set(input.channelIds).size !== input.channelIds.length)
    throw new HttpError(400, MONITOR_MESSAGES.repeatedChannel)
  const known = new Set(
    cachedStatement(db, 'SELECT id FROM notification_channels WHERE platform = ?')
      .pluck()
      .all(platform) as number[],
  )
  const unknown = input.channelIds.find((id) => !known.has(id))
  if (unknown !== undefined) throw new HttpError(400, MONITOR_MESSAGES.unknownChannel(unknown))
  return {
    name,
    nameKey,
    metric: input.metric,
    warehouse,
    aggregation: input.aggregation,
    lookbackHours: input.lookbackHours,
    condition: input.condition,
    threshold: input.threshold,
    scheduleMinutes: input.scheduleMinutes,
    severity: input.severity,
    enabled: input.enabled ? 1 : 0,
  }
}

function linkChannels(db: Db, monitorId: number, channelIds: readonly number[]) {
  cachedStatement(db, 'DELETE FROM os_monitor_channels WHERE monitor_id = ?').run(monitorId)
  const insert = cachedStatement(db, 'INSERT INTO os_monitor_channels (monitor_id, channel_id) VALUES (?, ?)')
  for (const id of channelIds) insert.run(monitorId, id)
}

/** Creates a monitor (at most {@link MAX_MONITORS} per platform) and runs it over the last day. */
export function createMonitor(db: Db, input: MonitorInput, actor: AlertingActor): Monitor {
  const id = db.transaction(() => {
    const count = cachedStatement(db, 'SELECT count(*) FROM os_monitors WHERE platform = ?')
      .pluck()
      .get(actor.platform) as number
    if (count >= MAX_MONITORS) throw new HttpError(400, MONITOR_MESSAGES.tooMany)
    const values = columnsOf(db, actor.platform, input)
    const monitorId = Number(
      cachedStatement(
        db,
        `INSERT INTO os_monitors (platform, name, name_key, metric, warehouse, aggregation, lookback_hours, condition,
                                  threshold, schedule_minutes, severity, enabled, created_by, created_at, updated_at)
         VALUES (@platform, @name, @nameKey, @metric, @warehouse, @aggregation, @lookbackHours, @condition,
                 @threshold, @scheduleMinutes, @severity, @enabled, @username, @now, @now)`,
      ).run({ ...values, platform: actor.platform, username: actor.username, now: actor.now })
        .lastInsertRowid,
    )
    linkChannels(db, monitorId, input.channelIds)
    return monitorId
  })()
  runMonitorUntil(db, monitorRow(db, id, actor.platform)!, actor.now)
  return oneMonitor(db, id, actor.platform)
}

/** Changes a monitor: every field as the form sends it. Its runs continue from its last. */
export function updateMonitor(db: Db, id: number, input: MonitorInput, actor: AlertingActor): Monitor {
  db.transaction(() => {
    const stored = monitorRow(db, id, actor.platform)
    if (!stored) throw notFound(id)
    const values = columnsOf(db, actor.platform, input, id)
    cachedStatement(
      db,
      `UPDATE os_monitors
          SET name = @name, name_key = @nameKey, metric = @metric, warehouse = @warehouse, aggregation = @aggregation,
              lookback_hours = @lookbackHours, condition = @condition, threshold = @threshold,
              schedule_minutes = @scheduleMinutes, severity = @severity, enabled = @enabled, updated_at = @now,
              last_run_at = CASE WHEN @enabled = 1 AND enabled = 0 THEN @now ELSE last_run_at END
        WHERE id = @id`,
    ).run({ ...values, now: actor.now, id })
    linkChannels(db, id, input.channelIds)
  })()
  runMonitorUntil(db, monitorRow(db, id, actor.platform)!, actor.now)
  return oneMonitor(db, id, actor.platform)
}

/** Enables (from now: the ticks it missed are skipped) or disables a monitor. */
export function setMonitorEnabled(db: Db, id: number, enabled: boolean, actor: AlertingActor): Monitor {
  const changed = cachedStatement(
    db,
    `UPDATE os_monitors
        SET enabled = @enabled, updated_at = @now,
            last_run_at = CASE WHEN @enabled = 1 AND enabled = 0 THEN @now ELSE last_run_at END
      WHERE id = @id AND platform = @platform`,
  ).run({ enabled: enabled ? 1 : 0, now: actor.now, id, platform: actor.platform })
  if (changed.changes === 0) throw notFound(id)
  return oneMonitor(db, id, actor.platform)
}

/** Deletes a monitor of the platform, with its alerts and their notifications (the keys cascade). */
export function deleteMonitor(db: Db, id: number, platform: ClusterType): void {
  const deleted = cachedStatement(db, 'DELETE FROM os_monitors WHERE id = ? AND platform = ?').run(
    id,
    platform,
  )
  if (deleted.changes === 0) throw notFound(id)
}

/** The ORDER BY of each sort key; the id last, so equal keys keep one order from page to page. */
const ORDER_BY: Readonly<Record<AlertSortKey, string>> = {
  createdAt: 'a.triggered_at',
  severity: 'a.severity',
  monitorName: 'm.name_key',
  value: 'a.value',
  state: 'a.state',
}

const TAB_STATE: Readonly<Record<AlertTab, AlertState | null>> = {
  all: null,
  active: 'ACTIVE',
  acknowledged: 'ACKNOWLEDGED',
  completed: 'COMPLETED',
}

interface AlertRow {
  id: number
  monitor_id: number
  monitor_name: string
  metric: string
  platform: ClusterType
  state: AlertState
  severity: number
  value: number
  threshold: number
  condition: Alert['condition']
  message: string
  triggered_at: number
  acknowledged_at: number | null
  acknowledged_by: string | null
  ended_at: number | null
}

/** E171: a page of the platform's alerts (its monitors run first), with each tab's count, in SQL. */
export function listAlerts(db: Db, platform: ClusterType, query: AlertListQuery, now: number): AlertPage {
  const start = query.startTime ?? now - YEAR_MS
  const end = query.endTime ?? now
  if (start > end) throw new HttpError(400, MONITOR_MESSAGES.badRange)
  runDueMonitors(db, platform, now)
  const sort = parseSortParam(query.sort ?? DEFAULT_ALERT_SORT)!
  const direction = sort.direction === 'asc' ? 'ASC' : 'DESC'
  const pageSize = query.pageSize ?? ALERT_PAGE_SIZE
  const tab = query.tab ?? 'all'
  const where = `a.platform = @platform AND a.triggered_at >= @start AND a.triggered_at <= @end
                 AND (@severity IS NULL OR a.severity = @severity) AND (@monitorId IS NULL OR a.monitor_id = @monitorId)`
  const values = {
    platform,
    start,
    end,
    severity: query.severity ?? null,
    monitorId: query.monitorId ?? null,
    state: TAB_STATE[tab],
  }
  const byState = new Map(
    (
      cachedStatement(
        db,
        `SELECT a.state, count(*) AS n FROM os_alerts a WHERE ${where} GROUP BY a.state`,
      ).all(values) as { state: AlertState; n: number }[]
    ).map((r) => [r.state, r.n]),
  )
  const counts = {
    active: byState.get('ACTIVE') ?? 0,
    acknowledged: byState.get('ACKNOWLEDGED') ?? 0,
    completed: byState.get('COMPLETED') ?? 0,
  }
  const all = counts.active + counts.acknowledged + counts.completed
  const rows = cachedStatement(
    db,
    `SELECT a.id, a.monitor_id, m.name AS monitor_name, m.metric, a.platform, a.state, a.severity, a.value,
            a.threshold, a.condition, a.message, a.triggered_at, a.acknowledged_at, a.acknowledged_by, a.ended_at
       FROM os_alerts a JOIN os_monitors m ON m.id = a.monitor_id
      WHERE ${where} AND (@state IS NULL OR a.state = @state)
      ORDER BY ${ORDER_BY[sort.key as AlertSortKey]} ${direction}, a.id ${direction}
      LIMIT @limit OFFSET @offset`,
  ).all({ ...values, limit: pageSize, offset: ((query.page ?? 1) - 1) * pageSize }) as AlertRow[]
  const told = notifiedChannels(
    db,
    rows.map((r) => r.id),
  )
  return {
    platform,
    total: tab === 'all' ? all : counts[tab],
    counts: { all, ...counts },
    alerts: rows.map((r) => alertOf(r, told.get(r.id) ?? [])),
  }
}

/** The names of the channels told of each alert of a page. */
function notifiedChannels(db: Db, ids: readonly number[]): Map<number, string[]> {
  const told = new Map<number, string[]>()
  if (ids.length === 0) return told
  const rows = cachedStatement(
    db,
    `SELECT n.alert_id AS alertId, c.name FROM os_alert_notifications n
       JOIN notification_channels c ON c.id = n.channel_id
      WHERE n.alert_id IN (SELECT value FROM json_each(?)) ORDER BY c.name_key`,
  ).all(JSON.stringify(ids)) as { alertId: number; name: string }[]
  for (const r of rows) told.set(r.alertId, [...(told.get(r.alertId) ?? []), r.name])
  return told
}

function alertOf(r: AlertRow, notified: string[]): Alert {
  return {
    id: r.id,
    monitorId: r.monitor_id,
    monitorName: r.monitor_name,
    metric: r.metric,
    unit: monitorMetric(r.platform, r.metric)?.unit ?? '',
    state: r.state,
    severity: r.severity as Alert['severity'],
    value: r.value,
    threshold: r.threshold,
    condition: r.condition,
    message: r.message,
    createdAt: r.triggered_at,
    acknowledgedAt: r.acknowledged_at,
    acknowledgedBy: r.acknowledged_by,
    endedAt: r.ended_at,
    notified,
  }
}

/** Acknowledges active alerts of the platform: all of them, or none and 400 naming the others. */
export function acknowledgeAlerts(
  db: Db,
  ids: readonly number[],
  actor: AlertingActor,
): { acknowledged: number[] } {
  const unique = [...new Set(ids)]
  return db.transaction(() => {
    const rows = cachedStatement(
      db,
      'SELECT id, state FROM os_alerts WHERE platform = ? AND id IN (SELECT value FROM json_each(?))',
    ).all(actor.platform, JSON.stringify(unique)) as { id: number; state: AlertState }[]
    const found = new Map(rows.map((r) => [r.id, r.state]))
    const missing = unique.filter((id) => !found.has(id))
    if (missing.length) throw new HttpError(400, MONITOR_MESSAGES.unknownAlerts(missing))
    const inactive = unique.filter((id) => found.get(id) !== 'ACTIVE')
    if (inactive.length) throw new HttpError(400, MONITOR_MESSAGES.notActive(inactive))
    cachedStatement(
      db,
      `UPDATE os_alerts SET state = 'ACKNOWLEDGED', acknowledged_at = ?, acknowledged_by = ?
        WHERE id IN (SELECT value FROM json_each(?))`,
    ).run(actor.now, actor.username, JSON.stringify(unique))
    return { acknowledged: unique }
  })()
}
