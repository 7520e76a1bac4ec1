import {
  INGESTION_MAX_RANGE_DAYS,
  INGESTION_RUNS_PAGE_SIZE,
  IngestionMonitorSchema,
  IngestionRangeQuerySchema,
  IngestionRunPageSchema,
  IngestionRunParamsSchema,
  IngestionRunQuerySchema,
  KafkaConsumptionSchema,
} from '../contracts/ingestion.ts'
import { defineEndpoints } from './endpoint.ts'

/*
 * The console's own data collection (issue 23): /manage/data_ingestion_monitor (R130, Snowflake,
 * admin only like every Snowflake manage page, 01 §6) and /manage/kafka_consumption (R131 Snowflake,
 * admin only; R165 BigQuery, not gated). No call is shown by the spec (03 §7): paths ours (G01).
 */

const RANGE =
  `startTime/endTime: ISO instants (400 naming the field when malformed; 400 when reversed or over ` +
  `${INGESTION_MAX_RANGE_DAYS} days); default the 7 days up to now.`

const SNOWFLAKE_ADMIN = { platforms: ['SNOWFLAKE'], roles: ['admin'] } as const

export const ingestionEndpoints = defineEndpoints({
  monitor: {
    method: 'GET',
    path: '/api/v1/ingestion/monitor',
    specIds: ['R130'],
    pathIsOurs: true,
    tags: ['ingestion'],
    access: SNOWFLAKE_ADMIN,
    summary:
      'Each source the console collects: schedule, last ingestion, lag, rows per hour, failures, status',
    description:
      `${RANGE} A source is a platform view the console reads (QUERY_HISTORY, WAREHOUSE_METERING_HISTORY…), ` +
      'read by runs on its schedule up to the last whole hour its documented latency lets it see. lagMinutes: ' +
      'now − ingestedUntil. status: failing when the newest run failed or none succeeded; delayed when the lag ' +
      'is over latency + one window + one schedule interval; healthy otherwise. rowsPerHour: what the view ' +
      'delivered per hour of event time, counted from the stored data (QUERY_HISTORY: the queries started ' +
      'in the hour).',
    querystring: IngestionRangeQuerySchema,
    response: IngestionMonitorSchema,
  },
  runs: {
    method: 'GET',
    path: '/api/v1/ingestion/sources/{source}/runs',
    specIds: ['R130'],
    pathIsOurs: true,
    tags: ['ingestion'],
    access: SNOWFLAKE_ADMIN,
    summary: "A source's ingestion runs in the range, newest first, paged",
    description:
      `${RANGE} status: succeeded or failed (default both); page from 1, pageSize 1-100 (default ` +
      `${INGESTION_RUNS_PAGE_SIZE}). 404 for a source the monitor does not list.`,
    params: IngestionRunParamsSchema,
    querystring: IngestionRunQuerySchema,
    response: IngestionRunPageSchema,
    errors: [404],
  },
  kafka: {
    method: 'GET',
    path: '/api/v1/ingestion/kafka',
    specIds: ['R131', 'R165'],
    pathIsOurs: true,
    tags: ['ingestion'],
    access: { platforms: ['SNOWFLAKE', 'BIGQUERYV2'], rolesOn: { SNOWFLAKE: ['admin'] } },
    summary: "The user's platform's ingestion topics: messages in and out per hour, consumer lag",
    description:
      `${RANGE} One topic per source of the user's platform; a run publishes one message per row it ` +
      'ingested in the hour it ran (so a topic’s messages in add up to the monitor’s rows ingested), and ' +
      "the platform's loader group consumes at most its capacity an hour: the rest waits as lag. Lag per " +
      'partition now, and per hour over the range.',
    querystring: IngestionRangeQuerySchema,
    response: KafkaConsumptionSchema,
  },
})
