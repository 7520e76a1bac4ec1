import { Type, type Static } from 'typebox'

/*
 * The console's own system usage (03 §2 /manage/system_usage; R132 Snowflake, admin only; R166
 * BigQuery): what the simulator process and its database use now and over the last hour, measured,
 * not seeded. The spec shows no call for it (03 §7), so costlens defines it (G01).
 */

const Bytes = Type.Integer({ minimum: 0, description: 'bytes' })

/** One sample of the process, taken every SYSTEM_SAMPLE_SECONDS. */
export const SystemSampleSchema = Type.Object(
  {
    time: Type.String({ description: 'ISO' }),
    cpuPercent: Type.Number({
      minimum: 0,
      description: 'the process: user + system CPU time over the interval, % of one core',
    }),
    rssBytes: Bytes,
    heapUsedBytes: Bytes,
  },
  { additionalProperties: false, title: 'SystemSample' },
)
export type SystemSample = Static<typeof SystemSampleSchema>

/** A table or index of the database with the bytes its pages take. */
export const DatabaseObjectSchema = Type.Object(
  {
    name: Type.String(),
    kind: Type.Enum(['table', 'index'] as const),
    table: Type.String({ description: 'the table an index belongs to (a table: itself)' }),
    bytes: Bytes,
    rows: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], {
      description: "a table's rows as ANALYZE last counted them (sqlite_stat1); null when not counted",
    }),
  },
  { additionalProperties: false, title: 'DatabaseObject' },
)
export type DatabaseObject = Static<typeof DatabaseObjectSchema>

export const SystemUsageSchema = Type.Object(
  {
    measuredAt: Type.String({ description: 'ISO' }),
    process: Type.Object(
      {
        uptimeSeconds: Type.Number({ minimum: 0 }),
        cpuPercent: Type.Number({ minimum: 0, description: 'over the last sample interval, % of one core' }),
        rssBytes: Bytes,
        heapUsedBytes: Bytes,
        heapTotalBytes: Bytes,
        nodeVersion: Type.String(),
      },
      { additionalProperties: false },
    ),
    host: Type.Object(
      {
        cpuCount: Type.Integer({ minimum: 1 }),
        loadAverage: Type.Array(Type.Number({ minimum: 0 }), { description: '1, 5 and 15 minutes' }),
        totalMemoryBytes: Bytes,
        freeMemoryBytes: Bytes,
      },
      { additionalProperties: false },
    ),
    database: Type.Object(
      {
        fileBytes: Bytes,
        walBytes: Bytes,
        pageSize: Type.Integer({ minimum: 512 }),
        pageCount: Type.Integer({ minimum: 0 }),
        freePages: Type.Integer({ minimum: 0 }),
        scale: Type.String({ description: 'the seed scale: small, demo or large' }),
        objectsMeasuredAt: Type.Union([Type.String(), Type.Null()], {
          description:
            'when the tables and indexes below were measured (a scan of every page, in the background, at most every 10 minutes); null while the first runs',
        }),
        objects: Type.Array(DatabaseObjectSchema, { description: 'largest first' }),
      },
      { additionalProperties: false },
    ),
    samples: Type.Array(SystemSampleSchema, { description: 'the last hour, oldest first' }),
  },
  { additionalProperties: false, title: 'SystemUsage' },
)
export type SystemUsage = Static<typeof SystemUsageSchema>

/** How often the process is sampled, and how many samples are kept (an hour). */
export const SYSTEM_SAMPLE_SECONDS = 10
export const SYSTEM_SAMPLES_KEPT = 360
