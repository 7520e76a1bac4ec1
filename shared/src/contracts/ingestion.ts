import { Type, type Static } from 'typebox'

/*
 * The console's own data collection (issue 23: /manage/data_ingestion_monitor R130, Snowflake, admin
 * only; /manage/kafka_consumption R131 Snowflake admin only and R165 BigQuery). The spec shows neither
 * screen's calls (03 §7), so costlens defines them (G01): each platform view the console's screens read
 * is a source, polled on a schedule by ingestion runs that publish one message per row to the
 * product's own Kafka topic, which a loader consumes into the store.
 */

/** A source's health (rules/ingestion-status.ts says when each holds). */
export const SOURCE_STATUSES = ['healthy', 'delayed', 'failing'] as const
export type SourceStatus = (typeof SOURCE_STATUSES)[number]

/** An ingestion run's outcome. */
export const RUN_STATUSES = ['succeeded', 'failed'] as const
export type RunStatus = (typeof RUN_STATUSES)[number]

/** The longest range the pages read (the runs are kept 35 days). */
export const INGESTION_MAX_RANGE_DAYS = 31

/** Runs per page of a source's run list: the default and the most. */
export const INGESTION_RUNS_PAGE_SIZE = 15
export const INGESTION_RUNS_MAX_PAGE_SIZE = 100

const Iso = (description: string) => Type.String({ description: `ISO instant, ${description}` })
const Count = (description: string) => Type.Integer({ minimum: 0, description })

/** The range both pages read: [startTime, endTime]; default the last 7 days. */
export const IngestionRangeQuerySchema = Type.Object(
  {
    startTime: Type.Optional(Type.String({ description: 'ISO instant; default endTime − 7 days' })),
    endTime: Type.Optional(Type.String({ description: 'ISO instant; default now' })),
  },
  { additionalProperties: false },
)
export type IngestionRangeQuery = Static<typeof IngestionRangeQuerySchema>

/** One hour of a series: its start (ISO) and a count in the series' unit. */
export const CountPointSchema = Type.Tuple([Type.String(), Type.Integer({ minimum: 0 })])
export type CountPoint = Static<typeof CountPointSchema>

export const IngestionSourceSchema = Type.Object(
  {
    id: Type.String({ description: 'e.g. QUERY_HISTORY' }),
    view: Type.String({ description: 'the platform view read, e.g. SNOWFLAKE.ACCOUNT_USAGE.QUERY_HISTORY' }),
    feeds: Type.String({ description: 'what the console shows from it' }),
    topic: Type.String({ description: 'the Kafka topic its rows are published to' }),
    kind: Type.Enum(['events', 'snapshot'] as const, {
      description: 'events: rows by hour of event time; snapshot: every object, once a schedule',
    }),
    scheduleMinutes: Type.Integer({ minimum: 1, description: 'minutes between runs' }),
    latencyMinutes: Type.Integer({
      minimum: 0,
      description: 'how late the view itself delivers (the platform documents it)',
    }),
    expectedLagMinutes: Type.Integer({
      minimum: 0,
      description: 'the most lag the schedule and the latency allow; more is delayed',
    }),
    status: Type.Enum(SOURCE_STATUSES),
    statusReason: Type.String(),
    lastRunAt: Type.Union([Type.String(), Type.Null()], { description: 'ISO' }),
    lastSuccessAt: Type.Union([Type.String(), Type.Null()], { description: 'ISO' }),
    ingestedUntil: Type.Union([Type.String(), Type.Null()], {
      description: 'ISO: every event before it is ingested (the newest ingested event time)',
    }),
    lagMinutes: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], {
      description: 'now − ingestedUntil, minutes; null before the first success',
    }),
    consecutiveFailures: Count('failed runs since the last success'),
    runs: Count('runs started in the range'),
    failedRuns: Count('failed runs started in the range'),
    rowsIngested: Count('rows the runs started in the range ingested'),
    rowsPerHour: Type.Array(CountPointSchema, {
      description:
        'rows the view delivered per hour of event time over the range, counted from the stored data; ' +
        'hours not yet ingested are left out',
    }),
  },
  { additionalProperties: false, title: 'IngestionSource' },
)
export type IngestionSource = Static<typeof IngestionSourceSchema>

export const IngestionMonitorSchema = Type.Object(
  {
    now: Iso('the simulated now'),
    startTime: Iso('the range read'),
    endTime: Iso('the range read'),
    sources: Type.Array(IngestionSourceSchema),
  },
  { additionalProperties: false, title: 'IngestionMonitor' },
)
export type IngestionMonitor = Static<typeof IngestionMonitorSchema>

export const IngestionRunParamsSchema = Type.Object(
  { source: Type.String({ minLength: 1, maxLength: 64, description: 'a source id of the monitor' }) },
  { additionalProperties: false },
)

export const IngestionRunQuerySchema = Type.Object(
  {
    ...IngestionRangeQuerySchema.properties,
    status: Type.Optional(Type.Enum(RUN_STATUSES)),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000, description: 'from 1' })),
    pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: INGESTION_RUNS_MAX_PAGE_SIZE })),
  },
  { additionalProperties: false },
)
export type IngestionRunQuery = Static<typeof IngestionRunQuerySchema>

export const IngestionRunSchema = Type.Object(
  {
    id: Type.Integer(),
    status: Type.Enum(RUN_STATUSES),
    startedAt: Type.String({ description: 'ISO' }),
    durationMs: Count('milliseconds'),
    rows: Count('rows ingested (0 when failed)'),
    windowStart: Type.String({ description: 'ISO: the event time it read from' }),
    windowEnd: Type.String({ description: 'ISO: the event time it read up to (excluded)' }),
    error: Type.Union([Type.String(), Type.Null()], { description: 'the platform’s error when failed' }),
  },
  { additionalProperties: false, title: 'IngestionRun' },
)
export type IngestionRun = Static<typeof IngestionRunSchema>

export const IngestionRunPageSchema = Type.Object(
  {
    source: Type.String(),
    total: Count('runs matching'),
    page: Type.Integer({ minimum: 1 }),
    pageSize: Type.Integer({ minimum: 1 }),
    runs: Type.Array(IngestionRunSchema, { description: 'newest first' }),
  },
  { additionalProperties: false, title: 'IngestionRunPage' },
)
export type IngestionRunPage = Static<typeof IngestionRunPageSchema>

/** One hour of a topic: messages produced, consumed, and the group's lag at the hour's end. */
export const TopicHourSchema = Type.Object(
  {
    time: Type.String({ description: 'ISO, the hour’s start' }),
    messagesIn: Count('messages'),
    messagesOut: Count('messages'),
    lag: Count('messages at the hour’s end'),
  },
  { additionalProperties: false },
)
export type TopicHour = Static<typeof TopicHourSchema>

export const TopicPartitionSchema = Type.Object(
  {
    partition: Type.Integer({ minimum: 0 }),
    logEndOffset: Count('messages ever written'),
    committedOffset: Count('messages the group has consumed'),
    lag: Count('messages'),
  },
  { additionalProperties: false },
)
export type TopicPartition = Static<typeof TopicPartitionSchema>

export const ConsumptionTopicSchema = Type.Object(
  {
    name: Type.String({ description: 'e.g. costlens.snowflake.query_history' }),
    source: Type.String({ description: 'the source whose rows it carries' }),
    consumerGroup: Type.String(),
    capacityPerHour: Count('messages the group consumes an hour at most'),
    messagesIn: Count('messages produced in the range'),
    messagesOut: Count('messages consumed in the range'),
    lag: Count('messages now'),
    maxLag: Count('messages, the most at an hour’s end in the range'),
    partitions: Type.Array(TopicPartitionSchema),
    hours: Type.Array(TopicHourSchema, { description: 'the range’s hours, oldest first' }),
  },
  { additionalProperties: false, title: 'ConsumptionTopic' },
)
export type ConsumptionTopic = Static<typeof ConsumptionTopicSchema>

export const KafkaConsumptionSchema = Type.Object(
  {
    now: Iso('the simulated now'),
    startTime: Iso('the range read'),
    endTime: Iso('the range read'),
    topics: Type.Array(ConsumptionTopicSchema),
  },
  { additionalProperties: false, title: 'KafkaConsumption' },
)
export type KafkaConsumption = Static<typeof KafkaConsumptionSchema>
