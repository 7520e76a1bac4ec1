import { Type, type Static } from 'typebox'
import { DATABRICKS_TREND_UNITS } from './databricks-cost.ts'
import { DateParamString } from './dates.ts'
import type { DatabricksSku } from '../rules/databricks-catalogue.ts'

/*
 * The Databricks cost drill-downs (issue 20, /cost_explorer/drill_downs, R180; path ours): where
 * the money of a range of UTC days went, level by level. Each level groups the usage the previous
 * levels chose (the path) by one more dimension. The figures are the cost trends' (E051) and the
 * dcb chargeback's: USD is the total cost (DBUs at the SKU's list price plus the cloud VMs), DBU the
 * Databricks Units; job runs, all-purpose sessions, DLT updates no run triggered and SQL warehouse
 * sessions, each once, on the UTC day it started; a job run counts from its cost_final_at on.
 */

/** The dimensions a level can group by; a tag key is `tag:<key>` (its values: the key's values). */
export const DRILL_DIMENSIONS = ['workspace', 'computeType', 'source', 'user'] as const
export type DrillDimension = (typeof DRILL_DIMENSIONS)[number]
export const DRILL_TAG_PREFIX = 'tag:'

/** How a dimension reads in the console (a tag key reads as itself). */
export const DRILL_DIMENSION_LABELS: Readonly<Record<DrillDimension, string>> = {
  workspace: 'Workspace',
  computeType: 'Compute type',
  source: 'Source',
  user: 'User',
}

/** The compute types: the SKU families of DATABRICKS_SKUS (as Databricks' usage dashboards group them). */
export const DRILL_COMPUTE_TYPES = ['JOBS', 'ALL_PURPOSE', 'DLT', 'SQL', 'SERVERLESS'] as const
export type DrillComputeType = (typeof DRILL_COMPUTE_TYPES)[number]
export const DRILL_COMPUTE_TYPE_LABELS: Readonly<Record<DrillComputeType, string>> = {
  JOBS: 'Jobs',
  ALL_PURPOSE: 'All-Purpose',
  DLT: 'DLT',
  SQL: 'SQL',
  SERVERLESS: 'Serverless',
}

/** The family of a SKU: serverless SKUs of any kind are Serverless; the rest by their product. */
export function drillComputeTypeOf(sku: DatabricksSku): DrillComputeType {
  if (sku.endsWith('_SERVERLESS')) return 'SERVERLESS'
  if (sku.startsWith('JOBS_')) return 'JOBS'
  if (sku.startsWith('ALL_PURPOSE')) return 'ALL_PURPOSE'
  if (sku.startsWith('DLT_')) return 'DLT'
  return 'SQL'
}

/** What a source row is (the usage sources of DATABRICKS_USAGE_SOURCES, as a key's prefix reads). */
export const DRILL_SOURCE_KINDS = ['job', 'cluster', 'pipeline', 'warehouse'] as const
export type DrillSourceKind = (typeof DRILL_SOURCE_KINDS)[number]

/** Bounds: the path's levels (a dimension once each), the rows of a level before "Other". */
export const DRILL_MAX_PATH = 4
export const DRILL_DEFAULT_LIMIT = 10
export const DRILL_MAX_LIMIT = 50
export const DRILL_MAX_DAYS = 90

/** The key of the row that sums the rows past the limit. */
export const DRILL_OTHER_KEY = '(other)'

const UtcDay = (description: string) =>
  DateParamString('iso', { pattern: String.raw`^\d{4}-\d{2}-\d{2}$`, maxLength: 10, description })

export const DrillGroupBySchema = Type.Union(
  [
    Type.Enum(DRILL_DIMENSIONS),
    Type.String({ pattern: '^tag:[^,:]{1,100}$', maxLength: 104, description: 'tag:<key>' }),
  ],
  { description: 'the dimension of this level, default workspace' },
)

export const DatabricksDrillDownQuerySchema = Type.Object(
  {
    gte: UtcDay('first UTC day, YYYY-MM-DD'),
    lte: UtcDay('last UTC day, YYYY-MM-DD (inclusive); at most 90 days from gte'),
    unit: Type.Optional(Type.Enum(DATABRICKS_TREND_UNITS, { description: 'default USD' })),
    // Optional: the top level of Databricks' own usage dashboards is the workspace.
    groupBy: Type.Optional(DrillGroupBySchema),
    path: Type.Optional(
      Type.String({
        maxLength: 1200,
        description:
          'the values chosen at the previous levels, comma-separated <dimension>:<value> (at most 4, a dimension ' +
          'once; each value URI-encoded), e.g. workspace:acme-prod,computeType:JOBS,tag:team:data',
      }),
    ),
    limit: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: DRILL_MAX_LIMIT,
        description: 'rows before the "Other" row, default 10',
      }),
    ),
  },
  { additionalProperties: false, title: 'DatabricksDrillDownQuery' },
)
export type DatabricksDrillDownQuery = Static<typeof DatabricksDrillDownQuerySchema>

const Figure = (description: string) => Type.Number({ minimum: 0, description })

/** A level's usage: its value in the unit, and always its USD cost, DBUs and runs/sessions/updates. */
const usage = {
  value: Figure('in the unit asked'),
  cost: Figure('total cost, USD (DBUs at list price + cloud VMs)'),
  dbus: Figure('DBUs'),
  count: Type.Integer({ minimum: 0, description: 'job runs, cluster or warehouse sessions and DLT updates' }),
}

export const DrillRowSchema = Type.Object(
  {
    key: Type.String({ description: "the value the path names it by ('(other)': the rows past the limit)" }),
    label: Type.String(),
    ...usage,
    share: Type.Number({ minimum: 0, maximum: 1, description: 'of the parent (the level) value' }),
    previous: Figure('the value in the previous period of equal length, in the unit'),
    change: Type.Union([Type.Number(), Type.Null()], {
      description: '(value - previous) / previous; null when previous is 0',
    }),
    /** Where a row leads out of the drill-down (a job to its runs, a cluster to the clusters list). */
    source: Type.Optional(
      Type.Object(
        {
          kind: Type.Enum(DRILL_SOURCE_KINDS),
          id: Type.String({ description: 'job id, cluster id, pipeline id or warehouse id' }),
          workspace: Type.String({ description: 'its workspace name' }),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false, title: 'DatabricksDrillRow' },
)
export type DrillRow = Static<typeof DrillRowSchema>

export const DatabricksDrillDownSchema = Type.Object(
  {
    unit: Type.Enum(DATABRICKS_TREND_UNITS),
    groupBy: Type.String(),
    from: Type.Integer({ description: 'first day start, epoch ms (UTC)' }),
    to: Type.Integer({ description: 'end of the last day (exclusive) or now, epoch ms' }),
    previousFrom: Type.Integer({ description: 'the previous period of equal length, epoch ms' }),
    previousTo: Type.Integer({ description: 'epoch ms (exclusive): from' }),
    path: Type.Array(
      Type.Object(
        { dimension: Type.String(), value: Type.String(), label: Type.String() },
        { additionalProperties: false },
      ),
      { maxItems: DRILL_MAX_PATH },
    ),
    /** The usage the path chose (the parent of this level's rows): their sum, "Other" included. */
    level: Type.Object(
      { ...usage, previous: Figure('in the unit, previous period') },
      { additionalProperties: false },
    ),
    /** Every usage of the range, no path: the cost trends' total for the same days and unit. */
    total: Figure('in the unit'),
    rows: Type.Array(DrillRowSchema, { maxItems: DRILL_MAX_LIMIT + 1 }),
    /** How many values the level has (rows past the limit are summed in the '(other)' row). */
    values: Type.Integer({ minimum: 0 }),
    /** The tag keys of the range, for the tag dimensions (none on the free plan). */
    tagKeys: Type.Array(Type.String(), { maxItems: 200 }),
  },
  { additionalProperties: false, title: 'DatabricksDrillDown' },
)
export type DatabricksDrillDown = Static<typeof DatabricksDrillDownSchema>

/** A path level as the address and the call carry it. */
export interface DrillPathStep {
  dimension: string
  value: string
}

/** The path parameter of steps: <dimension>:<URI-encoded value>, comma-separated. */
export function drillPathParam(steps: readonly DrillPathStep[]): string {
  return steps.map((s) => `${s.dimension}:${encodeURIComponent(s.value)}`).join(',')
}

/**
 * The steps of a path parameter, or the reason it is not one: each piece a dimension (a tag one
 * is tag:<key>) and a value after its last ':' (values are URI-encoded, so hold no ':').
 */
export function parseDrillPath(text: string | undefined): DrillPathStep[] | string {
  if (!text) return []
  const steps: DrillPathStep[] = []
  for (const piece of text.split(',')) {
    const at = piece.lastIndexOf(':')
    if (at <= 0) return `"${piece}" is not <dimension>:<value>`
    const dimension = piece.slice(0, at)
    let value: string
    try {
      value = decodeURIComponent(piece.slice(at + 1))
    } catch {
      return `"${piece}" has a badly encoded value`
    }
    const tag = dimension.startsWith(DRILL_TAG_PREFIX) && dimension.length > DRILL_TAG_PREFIX.length
    if (!tag && !(DRILL_DIMENSIONS as readonly string[]).includes(dimension))
      return `"${dimension}" is not a dimension (${DRILL_DIMENSIONS.join(', ')} or tag:<key>)`
    if (steps.some((s) => s.dimension === dimension)) return `"${dimension}" is chosen twice`
    steps.push({ dimension, value })
  }
  if (steps.length > DRILL_MAX_PATH) return `at most ${DRILL_MAX_PATH} levels (${steps.length} given)`
  return steps
}
