import { Type, type Static } from 'typebox'
import { DATE_PARAM_MAX_MS } from '../rules/date-params.ts'
import { ANOMALY_SENSITIVITIES } from '../rules/anomaly-scoring.ts'
import { CATEGORY_FIELDS, MAX_ANOMALY_RANGE_DAYS, MAX_DETECTOR_ENTITIES } from '../rules/anomaly-catalogue.ts'
import { ClusterTypeSchema } from './common.ts'
import { MonitorMetricSchema } from './os-alerting.ts'

/*
 * OpenSearch anomaly detection (issue 23 /osd_anomalies; E179; 03 §2 OpenSearch views). The spec
 * shows no call and no field (03 §7), so the fields are ours, named after OpenSearch Anomaly
 * Detection's: a detector (name, description, one feature = a metric of the platform and its sum per
 * hour, an optional category field, a 1-hour interval, state Running, Stopped or Initialising) and
 * its results (anomaly grade and confidence in 0-1, actual against expected, the entity). A detector
 * belongs to the platform of the user who made it. Results are computed when read (rules/
 * anomaly-scoring.ts), never stored.
 */

/** The most detectors a platform keeps: each list scores every one over the range. */
export const MAX_DETECTORS = 20
export const MAX_DETECTOR_NAME_LENGTH = 64
export const MAX_DETECTOR_DESCRIPTION_LENGTH = 400
export const ANOMALY_PAGE_SIZE = 10
export const MAX_ANOMALY_PAGE_SIZE = 100
export const DETECTOR_STATES = ['Running', 'Initialising', 'Stopped'] as const
export type DetectorState = (typeof DETECTOR_STATES)[number]
export const ANOMALY_SORTS = ['grade-desc', 'grade-asc', 'start-desc', 'start-asc'] as const
export type AnomalySort = (typeof ANOMALY_SORTS)[number]
export const DEFAULT_ANOMALY_SORT: AnomalySort = 'grade-desc'
/** The range a detector's page opens on. */
export const DEFAULT_ANOMALY_RANGE_DAYS = 7

/** Messages of the detectors' rules (costlens's: the spec words none). */
export const DETECTOR_MESSAGES = {
  nameTaken: 'Detector name already exists.',
  unknownMetric: (metric: string) => `The metric ${metric} is not one of this platform’s.`,
  unknownCategory: (field: string) => `The category field ${field} is not one of this platform’s.`,
  tooMany: `A platform keeps at most ${MAX_DETECTORS} detectors: delete one before adding another.`,
  badRange: 'startTime must not be after endTime.',
  rangeTooLong: `The range is at most ${MAX_ANOMALY_RANGE_DAYS} days.`,
  notAnHour: 'start must be the start of an hour inside the range the detector reads.',
  unknownEntity: (entity: string) => `There is no entity ${entity} in this detector’s series.`,
  noEntityField: 'This detector is account-wide: leave the entity out.',
} as const

const IdSchema = Type.Integer({ minimum: 1, maximum: 2_147_483_647 })
export const AnomalySensitivitySchema = Type.Enum(ANOMALY_SENSITIVITIES, {
  description: 'how far from expected an hour must be: low 12, medium 8, high 5 spreads',
})

/** POST and PUT body: a detector as its form writes it. */
export const DetectorInputSchema = Type.Object(
  {
    name: Type.String({
      minLength: 1,
      maxLength: MAX_DETECTOR_NAME_LENGTH,
      pattern: String.raw`\S`,
      description: 'unique among your platform’s detectors, compared without case or surrounding spaces',
    }),
    description: Type.String({ maxLength: MAX_DETECTOR_DESCRIPTION_LENGTH }),
    metric: Type.String({ minLength: 1, maxLength: 40, description: 'a metric id of GET …/options' }),
    categoryField: Type.Union([Type.Enum(CATEGORY_FIELDS), Type.Null()], {
      description: 'one series per entity of this field (a field of GET …/options); null: account-wide',
    }),
    sensitivity: AnomalySensitivitySchema,
  },
  { additionalProperties: false, title: 'DetectorInput' },
)
export type DetectorInput = Static<typeof DetectorInputSchema>

export const DetectorParamsSchema = Type.Object({ id: IdSchema }, { additionalProperties: false })

const RangeFields = {
  // Epoch ms, not marked date parameters: admin-only calls, as the alerting list's (os-alerting.ts).
  startTime: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: DATE_PARAM_MAX_MS,
      description: 'epoch ms; default 7 days before endTime',
    }),
  ),
  endTime: Type.Optional(
    Type.Integer({ minimum: 0, maximum: DATE_PARAM_MAX_MS, description: 'epoch ms; default now' }),
  ),
}

export const DetectorListQuerySchema = Type.Object(RangeFields, {
  additionalProperties: false,
  title: 'DetectorListQuery',
})
export type DetectorListQuery = Static<typeof DetectorListQuerySchema>

/** The hours scored: whole hours, [from, to), epoch ms. */
export const AnomalyRangeSchema = Type.Object({ from: Type.Integer(), to: Type.Integer() })

/** A stored detector with its state and what it found over the range. */
export const DetectorSchema = Type.Object(
  {
    id: Type.Integer(),
    platform: ClusterTypeSchema,
    name: Type.String(),
    description: Type.String(),
    metric: Type.String(),
    metricLabel: Type.String(),
    unit: Type.String(),
    decimals: Type.Integer(),
    categoryField: Type.Union([Type.Enum(CATEGORY_FIELDS), Type.Null()]),
    categoryLabel: Type.Union([Type.String(), Type.Null()]),
    sensitivity: AnomalySensitivitySchema,
    intervalMinutes: Type.Integer({ description: 'always 60: the series are hourly' }),
    state: Type.Enum(DETECTOR_STATES, {
      description: 'Initialising for its first hour after a start, then Running; Stopped',
    }),
    createdBy: Type.String(),
    createdAt: Type.Integer({ description: 'epoch ms' }),
    updatedAt: Type.Integer({ description: 'epoch ms' }),
    startedAt: Type.Union([Type.Integer(), Type.Null()]),
    stoppedAt: Type.Union([Type.Integer(), Type.Null()]),
    anomalyCount: Type.Integer({ description: 'anomalies in the range' }),
    lastAnomalyAt: Type.Union([Type.Integer(), Type.Null()], { description: 'the latest one’s hour' }),
    lastAnomalyGrade: Type.Union([Type.Number(), Type.Null()]),
  },
  { title: 'Detector' },
)
export type Detector = Static<typeof DetectorSchema>

export const DetectorListSchema = Type.Object(
  {
    platform: ClusterTypeSchema,
    range: AnomalyRangeSchema,
    detectors: Type.Array(DetectorSchema, { maxItems: MAX_DETECTORS }),
    limit: Type.Integer(),
  },
  { title: 'DetectorList' },
)
export type DetectorList = Static<typeof DetectorListSchema>

export const DetectorDeletedSchema = Type.Object({ id: Type.Integer(), deleted: Type.Boolean() })

export const CategoryFieldSchema = Type.Object({
  id: Type.Enum(CATEGORY_FIELDS),
  label: Type.String(),
})

/** What the detector form offers. */
export const DetectorOptionsSchema = Type.Object(
  {
    platform: ClusterTypeSchema,
    metrics: Type.Array(MonitorMetricSchema),
    categoryFields: Type.Array(CategoryFieldSchema),
    sensitivities: Type.Array(AnomalySensitivitySchema),
    maxEntities: Type.Integer(),
  },
  { title: 'DetectorOptions' },
)
export type DetectorOptions = Static<typeof DetectorOptionsSchema>

export const DetectorResultsQuerySchema = Type.Object(
  {
    ...RangeFields,
    entity: Type.Optional(
      Type.String({ minLength: 1, maxLength: 255, description: 'only this entity’s anomalies' }),
    ),
    sort: Type.Optional(Type.Enum(ANOMALY_SORTS, { description: `default ${DEFAULT_ANOMALY_SORT}` })),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000, description: 'from 1' })),
    pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_ANOMALY_PAGE_SIZE })),
  },
  { additionalProperties: false, title: 'DetectorResultsQuery' },
)
export type DetectorResultsQuery = Static<typeof DetectorResultsQuerySchema>

/** One hour of an entity's series: [start, actual, expected, lower, upper, grade (0: no anomaly)]. */
export const ScoredPointSchema = Type.Tuple([
  Type.Integer(),
  Type.Number(),
  Type.Number(),
  Type.Number(),
  Type.Number(),
  Type.Number(),
])

export const DetectorEntitySchema = Type.Object({
  key: Type.String({ description: 'what the entity filter and contributors take; "" account-wide' }),
  label: Type.String(),
  total: Type.Number({ description: 'the metric over the range' }),
  anomalyCount: Type.Integer(),
  points: Type.Array(ScoredPointSchema, { maxItems: MAX_ANOMALY_RANGE_DAYS * 24 }),
})
export type DetectorEntity = Static<typeof DetectorEntitySchema>

export const AnomalySchema = Type.Object(
  {
    start: Type.Integer({ description: 'the hour, epoch ms' }),
    entityKey: Type.String(),
    entity: Type.String(),
    actual: Type.Number(),
    expected: Type.Number(),
    lower: Type.Number(),
    upper: Type.Number(),
    grade: Type.Number({ minimum: 0, maximum: 1 }),
    confidence: Type.Number({ minimum: 0, maximum: 1 }),
  },
  { title: 'Anomaly' },
)
export type Anomaly = Static<typeof AnomalySchema>

export const DetectorResultsSchema = Type.Object(
  {
    detector: DetectorSchema,
    range: AnomalyRangeSchema,
    entities: Type.Array(DetectorEntitySchema, { maxItems: MAX_DETECTOR_ENTITIES }),
    total: Type.Integer({ description: 'anomalies of the range (and entity)' }),
    anomalies: Type.Array(AnomalySchema, { maxItems: MAX_ANOMALY_PAGE_SIZE }),
  },
  { title: 'DetectorResults' },
)
export type DetectorResults = Static<typeof DetectorResultsSchema>

export const ContributorsQuerySchema = Type.Object(
  {
    start: Type.Integer({
      minimum: 0,
      maximum: DATE_PARAM_MAX_MS,
      description: 'the anomaly’s hour, epoch ms',
    }),
    entity: Type.Optional(Type.String({ minLength: 1, maxLength: 255, description: 'its entity’s key' })),
  },
  { additionalProperties: false, title: 'ContributorsQuery' },
)
export type ContributorsQuery = Static<typeof ContributorsQuerySchema>

const ListFilterSchema = Type.Record(Type.String(), Type.String(), {
  description: 'the platform’s query or job list filtered to this row (its address keys)',
})

export const ContributorSchema = Type.Object({
  name: Type.String(),
  value: Type.Number(),
  count: Type.Integer({ description: 'queries or jobs' }),
  listFilter: ListFilterSchema,
})
export type Contributor = Static<typeof ContributorSchema>

export const ContributingRunSchema = Type.Object({
  id: Type.String({ description: 'query or job id' }),
  by: Type.String({ description: 'its user or principal' }),
  value: Type.Number(),
})
export type ContributingRun = Static<typeof ContributingRunSchema>

/** The entities behind an anomaly: who and what made up its hour. */
export const ContributorsSchema = Type.Object(
  {
    start: Type.Integer(),
    end: Type.Integer(),
    entity: Type.String(),
    unit: Type.String(),
    value: Type.Number({ description: 'the hour’s value, as the series has it' }),
    field: Type.String({ description: 'what `contributors` are: Users, Warehouses, Principals, Projects' }),
    contributors: Type.Array(ContributorSchema, { maxItems: 10 }),
    runs: Type.Array(ContributingRunSchema, { maxItems: 10 }),
    listFilter: ListFilterSchema,
  },
  { title: 'Contributors' },
)
export type Contributors = Static<typeof ContributorsSchema>
