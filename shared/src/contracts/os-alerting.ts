import { Type, type Static } from 'typebox'
import { DATE_PARAM_MAX_MS } from '../rules/date-params.ts'
import { ALERT_STATES } from '../rules/monitor-evaluation.ts'
import {
  MAX_LOOKBACK_HOURS,
  METRIC_SCOPES,
  MIN_LOOKBACK_HOURS,
  MONITOR_AGGREGATIONS,
  MONITOR_CONDITIONS,
  MONITOR_SCHEDULES,
  MONITOR_SEVERITIES,
} from '../rules/monitor-metrics.ts'
import { ClusterTypeSchema } from './common.ts'

/*
 * OpenSearch alerting (issue 23 /os_alerting; E171 the alerts list; 03 §2 Alerts: 15 per page,
 * created_at descending, tab all, a 1-year range). The spec shows no call and no field (03 §7), so
 * the fields are ours, named after OpenSearch Alerting's (monitor, trigger severity 1-5, alert
 * states ACTIVE, ACKNOWLEDGED, COMPLETED). A monitor belongs to the platform of the user who made
 * it, as a channel does.
 */

/** The most monitors a platform of an install keeps. */
export const MAX_MONITORS = 50
export const MAX_MONITOR_NAME_LENGTH = 100
/** The most channels one monitor notifies. */
export const MAX_MONITOR_CHANNELS = 10
/** The largest threshold: past any hour's credits, bytes or dollars. */
export const MAX_MONITOR_THRESHOLD = 1e12
/** The alerts list: 15 per page (03 §2), at most 100. */
export const ALERT_PAGE_SIZE = 15
export const MAX_ALERT_PAGE_SIZE = 100
/** The most alerts acknowledged in one call: a page and more. */
export const MAX_ACKNOWLEDGE_IDS = 100
export const ALERT_TABS = ['all', 'active', 'acknowledged', 'completed'] as const
export type AlertTab = (typeof ALERT_TABS)[number]
export const ALERT_SORT_KEYS = ['createdAt', 'severity', 'monitorName', 'value', 'state'] as const
export type AlertSortKey = (typeof ALERT_SORT_KEYS)[number]
export const ALERT_SORTS = ALERT_SORT_KEYS.flatMap((key) => [`${key}-asc`, `${key}-desc`] as const)
export const DEFAULT_ALERT_SORT = 'createdAt-desc'

/** Messages of the monitors' rules (costlens's: the spec words none). */
export const MONITOR_MESSAGES = {
  nameTaken: 'Monitor name already exists.',
  unknownMetric: (metric: string) => `The metric ${metric} is not one of this platform’s.`,
  unknownWarehouse: (name: string) => `There is no warehouse named ${name}.`,
  noWarehouseScope: 'This metric is read account-wide: leave the warehouse out.',
  unknownChannel: (id: number) => `There is no notification channel ${id} on this platform.`,
  repeatedChannel: 'A channel is listed twice.',
  tooMany: `An install keeps at most ${MAX_MONITORS} monitors: delete one before adding another.`,
  notActive: (ids: readonly number[]) =>
    `Only active alerts can be acknowledged: ${ids.map((id) => `#${id}`).join(', ')} ${ids.length === 1 ? 'is' : 'are'} not active.`,
  unknownAlerts: (ids: readonly number[]) =>
    `There is no alert ${ids.map((id) => `#${id}`).join(', ')} on this platform.`,
  badRange: 'startTime must not be after endTime.',
} as const

const IdSchema = Type.Integer({ minimum: 1, maximum: 2_147_483_647 })
export const MonitorScheduleSchema = Type.Enum(MONITOR_SCHEDULES, { description: 'minutes between runs' })
export const MonitorSeveritySchema = Type.Enum(MONITOR_SEVERITIES, { description: '1 is the highest' })

/** POST and PUT body: a monitor as its form writes it. */
export const MonitorInputSchema = Type.Object(
  {
    name: Type.String({
      minLength: 1,
      maxLength: MAX_MONITOR_NAME_LENGTH,
      pattern: String.raw`\S`,
      description: 'unique among your platform’s monitors, compared without case or surrounding spaces',
    }),
    metric: Type.String({
      minLength: 1,
      maxLength: 40,
      description: 'a metric id of the platform’s catalogue',
    }),
    warehouse: Type.Optional(
      Type.Union([Type.String({ minLength: 1, maxLength: 255 }), Type.Null()], {
        description: 'Snowflake: one warehouse’s name; left out or null, account-wide',
      }),
    ),
    aggregation: Type.Enum(MONITOR_AGGREGATIONS),
    lookbackHours: Type.Integer({ minimum: MIN_LOOKBACK_HOURS, maximum: MAX_LOOKBACK_HOURS }),
    condition: Type.Enum(MONITOR_CONDITIONS),
    threshold: Type.Number({
      minimum: 0,
      maximum: MAX_MONITOR_THRESHOLD,
      description: 'in the metric’s unit',
    }),
    scheduleMinutes: MonitorScheduleSchema,
    severity: MonitorSeveritySchema,
    channelIds: Type.Array(IdSchema, {
      maxItems: MAX_MONITOR_CHANNELS,
      description: 'ids of the platform’s notification channels',
    }),
    enabled: Type.Boolean(),
  },
  { additionalProperties: false, title: 'MonitorInput' },
)
export type MonitorInput = Static<typeof MonitorInputSchema>

export const MonitorParamsSchema = Type.Object({ id: IdSchema }, { additionalProperties: false })
export const MonitorEnabledSchema = Type.Object(
  { enabled: Type.Boolean() },
  { additionalProperties: false, title: 'MonitorEnabled' },
)

export const MonitorChannelSchema = Type.Object({ id: Type.Integer(), name: Type.String() })

/** A stored monitor as the list shows it, with its last run and its open alert's state. */
export const MonitorSchema = Type.Object(
  {
    id: Type.Integer(),
    platform: ClusterTypeSchema,
    name: Type.String(),
    metric: Type.String(),
    metricLabel: Type.String(),
    unit: Type.String(),
    warehouse: Type.Union([Type.String(), Type.Null()]),
    aggregation: Type.Enum(MONITOR_AGGREGATIONS),
    lookbackHours: Type.Integer(),
    condition: Type.Enum(MONITOR_CONDITIONS),
    threshold: Type.Number(),
    scheduleMinutes: MonitorScheduleSchema,
    severity: MonitorSeveritySchema,
    channels: Type.Array(MonitorChannelSchema),
    enabled: Type.Boolean(),
    createdBy: Type.String(),
    createdAt: Type.Integer({ description: 'epoch ms' }),
    updatedAt: Type.Integer({ description: 'epoch ms' }),
    lastRunAt: Type.Union([Type.Integer(), Type.Null()], { description: 'its latest tick, epoch ms' }),
    lastValue: Type.Union([Type.Number(), Type.Null()], { description: 'the metric at that tick' }),
    state: Type.Union([Type.Enum(['ACTIVE', 'ACKNOWLEDGED'] as const), Type.Null()], {
      description: 'its open alert’s state; null when none is open',
    }),
    alertCount: Type.Integer({ description: 'alerts it has raised, any state' }),
  },
  { title: 'Monitor' },
)
export type Monitor = Static<typeof MonitorSchema>

export const MonitorListSchema = Type.Object(
  {
    platform: ClusterTypeSchema,
    monitors: Type.Array(MonitorSchema, { maxItems: MAX_MONITORS }),
    limit: Type.Integer(),
  },
  { title: 'MonitorList' },
)
export type MonitorList = Static<typeof MonitorListSchema>

export const MonitorDeletedSchema = Type.Object({ id: Type.Integer(), deleted: Type.Boolean() })

export const MonitorMetricSchema = Type.Object(
  {
    id: Type.String(),
    label: Type.String(),
    unit: Type.String(),
    scope: Type.Enum(METRIC_SCOPES),
    decimals: Type.Integer(),
    description: Type.String(),
  },
  { title: 'MonitorMetric' },
)

/** What the monitor form offers: the platform's metrics and, for Snowflake, its warehouses. */
export const MonitorOptionsSchema = Type.Object(
  {
    platform: ClusterTypeSchema,
    metrics: Type.Array(MonitorMetricSchema),
    warehouses: Type.Array(Type.String()),
    note: Type.Union([Type.String(), Type.Null()], { description: 'why the catalogue is empty, when it is' }),
  },
  { title: 'MonitorOptions' },
)
export type MonitorOptions = Static<typeof MonitorOptionsSchema>

export const MetricPreviewQuerySchema = Type.Object(
  {
    metric: Type.String({ minLength: 1, maxLength: 40 }),
    warehouse: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
  },
  { additionalProperties: false, title: 'MetricPreviewQuery' },
)
export type MetricPreviewQuery = Static<typeof MetricPreviewQuerySchema>

/** The metric's last 24 whole hours, for the form's chart. */
export const MetricPreviewSchema = Type.Object(
  {
    metric: Type.String(),
    unit: Type.String(),
    points: Type.Array(
      Type.Object({ start: Type.Integer({ description: 'epoch ms' }), value: Type.Number() }),
      {
        maxItems: 24,
      },
    ),
  },
  { title: 'MetricPreview' },
)
export type MetricPreview = Static<typeof MetricPreviewSchema>

/** E171's query: the tab, the trigger-time range (default the last year), filters, sort and page. */
export const AlertListQuerySchema = Type.Object(
  {
    tab: Type.Optional(Type.Enum(ALERT_TABS, { description: 'default all' })),
    // Epoch ms up to 2100, not marked a date parameter: the date-bounds test calls each marked route as a
    // Snowflake user, to whom this admin-only call is a 403 (the report says so). An instant before the
    // first alert only widens the range.
    startTime: Type.Optional(
      Type.Integer({ minimum: 0, maximum: DATE_PARAM_MAX_MS, description: 'epoch ms; default a year ago' }),
    ),
    endTime: Type.Optional(
      Type.Integer({ minimum: 0, maximum: DATE_PARAM_MAX_MS, description: 'epoch ms; default now' }),
    ),
    // An integer, not the body's enum: a query's text is coerced to a number, never matched to one.
    severity: Type.Optional(Type.Integer({ minimum: 1, maximum: 5, description: '1 (highest) to 5' })),
    monitorId: Type.Optional(IdSchema),
    sort: Type.Optional(
      Type.Enum(ALERT_SORTS, { description: `key-direction, default ${DEFAULT_ALERT_SORT}` }),
    ),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000, description: 'from 1' })),
    pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_ALERT_PAGE_SIZE })),
  },
  { additionalProperties: false, title: 'AlertListQuery' },
)
export type AlertListQuery = Static<typeof AlertListQuerySchema>

export const AlertSchema = Type.Object(
  {
    id: Type.Integer(),
    monitorId: Type.Integer(),
    monitorName: Type.String(),
    metric: Type.String(),
    unit: Type.String(),
    state: Type.Enum(ALERT_STATES),
    severity: MonitorSeveritySchema,
    value: Type.Number({ description: 'the metric when it fired, in its unit' }),
    threshold: Type.Number(),
    condition: Type.Enum(MONITOR_CONDITIONS),
    message: Type.String(),
    createdAt: Type.Integer({ description: 'when it fired (the tick), epoch ms' }),
    acknowledgedAt: Type.Union([Type.Integer(), Type.Null()]),
    acknowledgedBy: Type.Union([Type.String(), Type.Null()]),
    endedAt: Type.Union([Type.Integer(), Type.Null()], { description: 'the tick it stopped holding' }),
    notified: Type.Array(Type.String(), { description: 'the channels told of it (recorded, never sent)' }),
  },
  { title: 'Alert' },
)
export type Alert = Static<typeof AlertSchema>

/** E171: a page of the platform's alerts, and each tab's count in the range and filters. */
export const AlertPageSchema = Type.Object(
  {
    platform: ClusterTypeSchema,
    total: Type.Integer({ description: 'alerts of the tab in the range and filters' }),
    counts: Type.Object({
      all: Type.Integer(),
      active: Type.Integer(),
      acknowledged: Type.Integer(),
      completed: Type.Integer(),
    }),
    alerts: Type.Array(AlertSchema, { maxItems: MAX_ALERT_PAGE_SIZE }),
  },
  { title: 'AlertPage' },
)
export type AlertPage = Static<typeof AlertPageSchema>

export const AcknowledgeInputSchema = Type.Object(
  { ids: Type.Array(IdSchema, { minItems: 1, maxItems: MAX_ACKNOWLEDGE_IDS }) },
  { additionalProperties: false, title: 'AcknowledgeInput' },
)
export const AcknowledgedSchema = Type.Object(
  { acknowledged: Type.Array(Type.Integer()) },
  { title: 'Acknowledged' },
)
