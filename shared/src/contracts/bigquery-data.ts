import { Type, type Static } from 'typebox'
import { DateParamString } from './dates.ts'
import { BIGQUERY_STORAGE_BILLING_MODELS } from '../rules/bigquery-storage.ts'

/*
 * The BigQuery /data page (R159, admin; 01 §2.3, §6; issue 19): datasets and tables with their storage
 * and the jobs that read them. The spec shows no call for it, so costlens serves it under
 * /api/v1/bigquery/data (G01), paths in `bigqueryEndpoints` only.
 *
 * Definitions (each figure once):
 * - storage: logical bytes (uncompressed) and physical bytes (compressed), each active or long-term
 *   (unmodified 90 days); `storageCost` is cents a month on the dataset's billing model
 *   (rules/bigquery-storage.ts).
 * - reads: the jobs created in the window whose statement reads the table; `bytesScanned` and `jobCost`
 *   are those jobs' bytes scanned and cost (cents). BigQuery reports a job's bytes, not a table's, so a
 *   job reading two tables counts whole for each table, and once for a dataset or a total.
 */

/** The window of the reads: ISO instants, default the last 30 days (29 whole UTC days and today). */
export const BigQueryDataWindowSchema = {
  startTime: Type.Optional(
    DateParamString('iso', {
      description: 'ISO-8601 date-time; default the start of the UTC day 29 days before today',
      examples: ['2026-01-05T00:00:00.000Z'],
    }),
  ),
  endTime: Type.Optional(
    DateParamString('iso', {
      description: 'ISO-8601 date-time; default now',
      examples: ['2026-01-06T00:00:00.000Z'],
    }),
  ),
}

const Count = Type.Integer({ minimum: 0 })
const Name = Type.String({ minLength: 1, maxLength: 200 })
const Cents = (description: string) =>
  Type.Number({ minimum: 0, description: `cents, 4 decimals, ${description}` })

/** Storage figures of a table, or summed over a dataset or a list. */
const storageFields = {
  logicalBytes: Type.Integer({ minimum: 0, description: 'uncompressed bytes, active + long-term' }),
  activeLogicalBytes: Count,
  longTermLogicalBytes: Count,
  physicalBytes: Type.Integer({ minimum: 0, description: 'compressed bytes, active + long-term' }),
  activePhysicalBytes: Count,
  longTermPhysicalBytes: Count,
  storageCost: Cents("a month, on the dataset's billing model"),
}

/** What the jobs of the window that read a table (or any table of a dataset or a list) add up to. */
const readFields = {
  jobCount: Type.Integer({ minimum: 0, description: 'jobs created in the window that read it' }),
  bytesScanned: Type.Integer({ minimum: 0, description: "those jobs' bytes scanned" }),
  jobCost: Cents("those jobs' cost"),
}

export const BigQueryDatasetQuerySchema = Type.Object(
  { ...BigQueryDataWindowSchema, project: Type.Optional(Name) },
  { additionalProperties: false, title: 'BigQueryDatasetQuery' },
)
export type BigQueryDatasetQuery = Static<typeof BigQueryDatasetQuerySchema>

export const BigQueryDatasetRowSchema = Type.Object(
  {
    projectId: Type.String(),
    dataset: Type.String(),
    billingModel: Type.Enum(BIGQUERY_STORAGE_BILLING_MODELS),
    tableCount: Count,
    rows: Count,
    ...storageFields,
    ...readFields,
  },
  { additionalProperties: false, title: 'BigQueryDatasetRow' },
)
export type BigQueryDatasetRow = Static<typeof BigQueryDatasetRowSchema>

export const BigQueryDatasetListSchema = Type.Object(
  {
    startTime: Type.String({ description: 'the window of the reads, ISO' }),
    endTime: Type.String(),
    /** Datasets, the most storage cost first. */
    results: Type.Array(BigQueryDatasetRowSchema),
  },
  { additionalProperties: false, title: 'BigQueryDatasetList' },
)
export type BigQueryDatasetList = Static<typeof BigQueryDatasetListSchema>

export const BIGQUERY_TABLE_SORT_KEYS = [
  'table',
  'logicalBytes',
  'physicalBytes',
  'storageCost',
  'rows',
  'lastModifiedTime',
  'jobCount',
  'bytesScanned',
  'jobCost',
] as const
export type BigQueryTableSortKey = (typeof BIGQUERY_TABLE_SORT_KEYS)[number]
export const BIGQUERY_DEFAULT_TABLE_SORT = 'logicalBytes-desc'

export const BigQueryTableListQuerySchema = Type.Object(
  {
    ...BigQueryDataWindowSchema,
    project: Type.Optional(Name),
    dataset: Type.Optional(Name),
    name: Type.Optional(
      Type.String({ minLength: 1, maxLength: 200, description: 'part of project.dataset.table, any case' }),
    ),
    page: Type.Optional(Type.Integer({ minimum: 1 })),
    pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
    sort: Type.Optional(
      Type.String({ maxLength: 40, description: `key-direction, default ${BIGQUERY_DEFAULT_TABLE_SORT}` }),
    ),
  },
  { additionalProperties: false, title: 'BigQueryTableListQuery' },
)
export type BigQueryTableListQuery = Static<typeof BigQueryTableListQuerySchema>

export const BigQueryDataTableRowSchema = Type.Object(
  {
    tableId: Type.String({ description: 'project.dataset.table' }),
    projectId: Type.String(),
    dataset: Type.String(),
    table: Type.String(),
    partitioned: Type.Boolean(),
    partitionCount: Type.Integer({ minimum: 0, description: 'daily partitions; 0 when not partitioned' }),
    clustered: Type.Boolean(),
    billingModel: Type.Enum(BIGQUERY_STORAGE_BILLING_MODELS),
    rows: Count,
    creationTime: Type.String({ description: 'ISO' }),
    lastModifiedTime: Type.String({ description: 'ISO' }),
    ...storageFields,
    ...readFields,
    lastReadTime: Type.Union([Type.String(), Type.Null()], {
      description: 'the latest job of the window that read it, ISO; null when none did',
    }),
  },
  { additionalProperties: false, title: 'BigQueryDataTableRow' },
)
export type BigQueryDataTableRow = Static<typeof BigQueryDataTableRowSchema>

export const BigQueryTableListSchema = Type.Object(
  {
    total: Count,
    page: Type.Integer({ minimum: 1 }),
    pageSize: Type.Integer({ minimum: 1 }),
    startTime: Type.String({ description: 'the window of the reads, ISO' }),
    endTime: Type.String(),
    /** Every matching table: storage summed, reads of distinct jobs (a job reading two counts once). */
    totals: Type.Object(
      { tableCount: Count, ...storageFields, ...readFields },
      { additionalProperties: false, title: 'BigQueryTableTotals' },
    ),
    results: Type.Array(BigQueryDataTableRowSchema),
  },
  { additionalProperties: false, title: 'BigQueryTableList' },
)
export type BigQueryTableList = Static<typeof BigQueryTableListSchema>

export const BigQueryTableParamsSchema = Type.Object(
  {
    tableId: Type.String({
      minLength: 5,
      maxLength: 400,
      pattern: '^[^.]+\\.[^.]+\\.[^.]+$',
      description: 'project.dataset.table',
      examples: ['acme-data-prod.raw.events'],
    }),
  },
  { additionalProperties: false, title: 'BigQueryTableParams' },
)
export type BigQueryTableParams = Static<typeof BigQueryTableParamsSchema>

export const BigQueryTableWindowQuerySchema = Type.Object(BigQueryDataWindowSchema, {
  additionalProperties: false,
  title: 'BigQueryTableWindowQuery',
})
export type BigQueryTableWindowQuery = Static<typeof BigQueryTableWindowQuerySchema>

export const BigQueryTableJobsQuerySchema = Type.Object(
  {
    ...BigQueryDataWindowSchema,
    page: Type.Optional(Type.Integer({ minimum: 1 })),
    pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  },
  { additionalProperties: false, title: 'BigQueryTableJobsQuery' },
)
export type BigQueryTableJobsQuery = Static<typeof BigQueryTableJobsQuerySchema>

/** A job that read the table: enough to tell it apart and open its details (/job/{jobId}/details). */
export const BigQueryTableJobSchema = Type.Object(
  {
    jobId: Type.String(),
    projectId: Type.String({ description: 'the project the job ran in' }),
    user: Type.String({ description: 'user email or service account' }),
    jobType: Type.Enum(['C', 'L', 'E', 'Q'] as const),
    statementType: Type.String(),
    status: Type.Enum(['S', 'R', 'F', 'W'] as const),
    createTime: Type.String({ description: 'ISO' }),
    duration: Type.Integer({ minimum: 0, description: 'ms from creation' }),
    bytesScanned: Count,
    bytesBilled: Count,
    cost: Cents("the job's"),
    cacheHit: Type.Boolean(),
    otherTables: Type.Integer({ minimum: 0, description: 'other tables the job read as well' }),
  },
  { additionalProperties: false, title: 'BigQueryTableJob' },
)
export type BigQueryTableJob = Static<typeof BigQueryTableJobSchema>

export const BigQueryTableJobListSchema = Type.Object(
  {
    tableId: Type.String(),
    total: Count,
    page: Type.Integer({ minimum: 1 }),
    pageSize: Type.Integer({ minimum: 1 }),
    startTime: Type.String(),
    endTime: Type.String(),
    /** The newest first. */
    results: Type.Array(BigQueryTableJobSchema),
  },
  { additionalProperties: false, title: 'BigQueryTableJobList' },
)
export type BigQueryTableJobList = Static<typeof BigQueryTableJobListSchema>
