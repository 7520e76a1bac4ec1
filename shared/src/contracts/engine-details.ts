import { Type, type Static } from 'typebox'
import { DetailsAppIdSchema, DetailsClusterSchema } from './app-details-common.ts'

/**
 * The Hive, Tez and Impala details calls (02 §7 Application details, 02 §2 Impala; E078, E079,
 * E113-E121): their parameters and the shapes the simulator derives from the application record.
 * Tez statuses are Tez's own words, each with the console's status code beside it (02 §4); Impala
 * times are in nanoseconds (the console divides by 1e6 for ms, 02 §9), memory in bytes.
 */

const EpochMs = Type.Integer({ description: 'epoch ms' })
const Count = Type.Integer({ minimum: 0 })
const Bytes = Type.Integer({ minimum: 0, description: 'bytes' })
const Nanos = Type.Integer({ minimum: 0, description: 'nanoseconds' })
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()])

/* ------------------------------------------------------------------ Tez */

export const TEZ_STATUSES = ['SUCCEEDED', 'FAILED', 'KILLED', 'RUNNING', 'SCHEDULED'] as const
export type TezStatus = (typeof TEZ_STATUSES)[number]
/** 02 §4: Tez statuses SUCCEEDED, FAILED, KILLED, RUNNING, SCHEDULED map to S, F, K, R, P. */
export const TEZ_STATUS_CODE: Readonly<Record<TezStatus, 'S' | 'F' | 'K' | 'R' | 'P'>> = {
  SUCCEEDED: 'S',
  FAILED: 'F',
  KILLED: 'K',
  RUNNING: 'R',
  SCHEDULED: 'P',
}
const TezStatusSchema = Type.Union([
  Type.Literal('SUCCEEDED'),
  Type.Literal('FAILED'),
  Type.Literal('KILLED'),
  Type.Literal('RUNNING'),
  Type.Literal('SCHEDULED'),
])
const StatusCodeSchema = Type.Union(
  [Type.Literal('S'), Type.Literal('F'), Type.Literal('K'), Type.Literal('R'), Type.Literal('P')],
  {
    description: "the console's status code of the Tez status (02 §4)",
  },
)

/** A Tez DAG id: dag_<cluster timestamp>_<app sequence>_<n>; it names its app. */
export const TezDagIdSchema = Type.String({
  minLength: 1,
  maxLength: 100,
  pattern: '^dag_[0-9]+_[0-9]+_[0-9]+$',
  description: 'the DAG id (dag_<cluster timestamp>_<app sequence>_<n>)',
})

export const TezTaskSchema = Type.Object({
  taskId: Type.String(),
  vertexName: Type.String(),
  status: TezStatusSchema,
  statusCode: StatusCodeSchema,
  startTime: Nullable(EpochMs),
  endTime: Nullable(EpochMs),
  timeTaken: Type.Integer({ minimum: 0, description: 'ms' }),
  containerId: Nullable(Type.String()),
  host: Nullable(Type.String()),
  diagnostics: Nullable(Type.String()),
})
export type TezTask = Static<typeof TezTaskSchema>

export const TezVertexSchema = Type.Object({
  vertexId: Type.String(),
  vertexName: Type.String(),
  /** Map vertices read the query's input; reducer vertices take their parents' output. */
  kind: Type.Union([Type.Literal('MAP'), Type.Literal('REDUCE')]),
  status: TezStatusSchema,
  statusCode: StatusCodeSchema,
  startTime: Nullable(EpochMs),
  endTime: Nullable(EpochMs),
  timeTaken: Type.Integer({ minimum: 0, description: 'ms' }),
  numTasks: Count,
  numSucceededTasks: Count,
  numFailedTasks: Count,
  numKilledTasks: Count,
  numRunningTasks: Count,
  hdfsBytesRead: Bytes,
  hdfsBytesWritten: Bytes,
  diagnostics: Nullable(Type.String()),
})
export type TezVertex = Static<typeof TezVertexSchema>

export const TezEdgeSchema = Type.Object({
  from: Type.String({ description: 'vertexName' }),
  to: Type.String({ description: 'vertexName' }),
  type: Type.Union([Type.Literal('SCATTER_GATHER'), Type.Literal('BROADCAST')]),
})

const tezDagFields = {
  dagId: Type.String(),
  dagName: Type.String(),
  appId: Type.String(),
  status: TezStatusSchema,
  statusCode: StatusCodeSchema,
  startTime: EpochMs,
  endTime: Nullable(EpochMs),
  timeTaken: Type.Integer({ minimum: 0, description: 'ms' }),
  numVertices: Count,
  numTasks: Count,
  numSucceededTasks: Count,
  numFailedTasks: Count,
  numKilledTasks: Count,
  numRunningTasks: Count,
}
/** A DAG as the DAG list shows it. */
export const TezDagSummarySchema = Type.Object(tezDagFields)
export type TezDagSummary = Static<typeof TezDagSummarySchema>
/** One DAG with its vertices, edges and tasks. */
export const TezDagSchema = Type.Object({
  ...tezDagFields,
  vertices: Type.Array(TezVertexSchema),
  edges: Type.Array(TezEdgeSchema),
  tasks: Type.Array(TezTaskSchema),
})
export type TezDag = Static<typeof TezDagSchema>

export const TezAppSchema = Type.Object({
  appId: Type.String(),
  clusterUid: Type.String(),
  name: Type.String(),
  user: Type.String(),
  queue: Type.String(),
  status: TezStatusSchema,
  statusCode: StatusCodeSchema,
  startTime: EpochMs,
  endTime: Nullable(EpochMs),
  timeTaken: Type.Integer({ minimum: 0, description: 'ms' }),
  /** The application master's container. */
  containerId: Nullable(Type.String()),
  diagnostics: Nullable(Type.String()),
  numTasks: Count,
  numSucceededTasks: Count,
  numFailedTasks: Count,
  numKilledTasks: Count,
  numRunningTasks: Count,
  dags: Type.Array(TezDagSummarySchema),
  vertices: Type.Array(TezVertexSchema),
})
export type TezApp = Static<typeof TezAppSchema>

export const TezVersionSchema = Type.Object({ tezVersion: Type.String({ description: "default 'v1'" }) })
export const TezDagVersionSchema = Type.Object({ dagVersion: Type.String({ description: "default 'v1'" }) })

export const TezHourSchema = Type.Object({
  hour: Type.Integer({ description: 'epoch ms of the hour (UTC)' }),
  tasksStarted: Count,
  tasksFinished: Count,
  taskTime: Type.Integer({ minimum: 0, description: 'task ms run inside the hour' }),
})
export const TezHourAggregationSchema = Type.Object({
  dagId: Type.String(),
  hours: Type.Array(TezHourSchema),
})
export type TezHourAggregation = Static<typeof TezHourAggregationSchema>

export const TEZ_EVENT_TYPES = [
  'DAG_SUBMITTED',
  'DAG_INITIALIZED',
  'DAG_STARTED',
  'VERTEX_STARTED',
  'VERTEX_FINISHED',
  'DAG_FINISHED',
] as const
export const TezEventSchema = Type.Object({
  eventType: Type.Union([
    Type.Literal('DAG_SUBMITTED'),
    Type.Literal('DAG_INITIALIZED'),
    Type.Literal('DAG_STARTED'),
    Type.Literal('VERTEX_STARTED'),
    Type.Literal('VERTEX_FINISHED'),
    Type.Literal('DAG_FINISHED'),
  ]),
  time: EpochMs,
  dagId: Type.String(),
  vertexName: Nullable(Type.String()),
  status: Nullable(TezStatusSchema),
})
export type TezEvent = Static<typeof TezEventSchema>

export const TezAppParamsSchema = Type.Object(
  { cluster: DetailsClusterSchema, app: DetailsAppIdSchema },
  { additionalProperties: false },
)
export const TezDagParamsSchema = Type.Object(
  { cluster: DetailsClusterSchema, app: DetailsAppIdSchema, dag: TezDagIdSchema },
  { additionalProperties: false },
)
export const TezAggregationParamsSchema = Type.Object(
  { cluster: DetailsClusterSchema, app: DetailsAppIdSchema, id: TezDagIdSchema },
  { additionalProperties: false },
)
export const TezDagInfoQuerySchema = Type.Object(
  { app_id: DetailsAppIdSchema, dag_id: TezDagIdSchema },
  { additionalProperties: false },
)
export const TezEventsParamsSchema = Type.Object(
  { cluster: DetailsClusterSchema, dag: TezDagIdSchema },
  { additionalProperties: false },
)

/* ------------------------------------------------------------------ Impala */

export const ImpalaFragmentSchema = Type.Object({
  id: Type.String({ description: "the fragment's plan id (F00 is the coordinator's)" }),
  fullId: Type.String({
    description: 'the fragment instance id prefix: the query id with the fragment index',
  }),
  instances: Type.Integer({ minimum: 1 }),
  avgTime: Nanos,
  maxTime: Nanos,
  avgPeakMemory: Bytes,
  maxPeakMemory: Bytes,
  rowProduced: Count,
  realUser: Type.String(),
  impalaQueryId: Type.String(),
  parentId: Nullable(Type.String({ description: 'the fragment its rows are sent to' })),
  coordinatorFrag: Type.Boolean(),
  status: Type.String({ description: "'S' success; anything else an error (02 §4)" }),
})
export type ImpalaFragment = Static<typeof ImpalaFragmentSchema>

export const ImpalaOperatorSchema = Type.Object({
  id: Type.String({ description: 'the plan node id, 00, 01, …' }),
  pageId: Type.String({ description: 'the fragment the operator runs in' }),
  fragId: Type.String(),
  type: Type.String({ description: "the operator's name: SCAN HDFS, HASH JOIN, AGGREGATE, EXCHANGE, …" }),
  detail: Type.String(),
  parentId: Nullable(Type.String()),
  instances: Type.Integer({ minimum: 1 }),
  avgTime: Nanos,
  maxTime: Nanos,
  avgPeakMemory: Bytes,
  maxPeakMemory: Bytes,
  rowProduced: Count,
  estNumRows: Count,
  estPeakMem: Bytes,
  io: Type.Integer({ minimum: 0, description: 'bytes read plus written' }),
  status: Type.String({ description: "'S' success; anything else an error (02 §4)" }),
})
export type ImpalaOperator = Static<typeof ImpalaOperatorSchema>

export const ImpalaQueryParamsSchema = Type.Object(
  { id: DetailsAppIdSchema },
  { additionalProperties: false },
)

/* ------------------------------------------------------------------ Hive */

export const HiveOperatorSchema = Type.Object({
  operatorId: Type.String({ description: 'e.g. TS_0, FIL_1, GBY_3' }),
  name: Type.String({ description: 'TableScan, Filter, Select, Group By, Reduce Output, File Output…' }),
  detail: Type.String(),
  parentId: Nullable(Type.String()),
})
export const HiveStageSchema = Type.Object({
  stageId: Type.String({ description: 'Stage-1, Stage-2, …' }),
  type: Type.Union([
    Type.Literal('MAPRED'),
    Type.Literal('TEZ'),
    Type.Literal('MOVE'),
    Type.Literal('STATS'),
  ]),
  dependsOn: Type.Array(Type.String()),
  /** The child application the stage ran as (applications.parent_id), null when none was seeded. */
  appId: Nullable(Type.String()),
  appKind: Nullable(Type.String()),
  status: Nullable(Type.String()),
  operators: Type.Array(HiveOperatorSchema),
})
export const HiveChildSchema = Type.Object({
  id: Type.String(),
  kind: Type.String(),
  status: Type.String(),
  startTime: EpochMs,
  duration: Type.Integer({ minimum: 0, description: 'ms' }),
})
export const HiveVizJsonSchema = Type.Object({
  queryId: Type.String(),
  query: Type.String({ description: 'the HiveQL text' }),
  executionEngine: Type.Union([Type.Literal('mr'), Type.Literal('tez')]),
  inputTables: Type.Array(Type.String()),
  outputTables: Type.Array(Type.String()),
  stages: Type.Array(HiveStageSchema),
  children: Type.Array(HiveChildSchema),
})
export type HiveVizJson = Static<typeof HiveVizJsonSchema>
export type HiveChild = Static<typeof HiveChildSchema>
export const HiveQueryParamsSchema = ImpalaQueryParamsSchema
