import { Type, type Static } from 'typebox'
import { DetailsClusterSchema } from './app-details-common.ts'
import { QueryInstantSchema } from './dates.ts'

/*
 * Workflows and pipelines (02 §7 Application details: workflows; issue 17). A workflow is ONE RUN of
 * a pipeline, as an Airflow DAG run: the top-level apps of one pipeline name on one cluster that
 * started on the same UTC day. Its id names all three, `{pipeline}__{cluster}__{yyyy-mm-dd}T00:00:00`
 * (the pipeline as Airflow's dag_id, the day as its logical date), so a workflow id alone finds its
 * run. Nothing is stored: the run is grouped in SQL from the applications on every call.
 */

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()])
const EpochMs = Type.Integer({ description: 'epoch ms' })

/** A pipeline name: the recurring application name the pipelines list (E026) groups runs by. */
export const PIPELINE_NAME_PATTERN = '^[A-Za-z0-9_.-]{1,100}$'
export const PipelineNameSchema = Type.String({
  minLength: 1,
  maxLength: 100,
  pattern: PIPELINE_NAME_PATTERN,
})

/** `{pipeline}__{cluster}__{yyyy-mm-dd}T00:00:00`: linear (no nested repetition), at most 230 characters. */
export const WORKFLOW_ID_PATTERN = String.raw`^[A-Za-z0-9_.-]{1,100}__[A-Za-z0-9.:-]{1,100}__\d{4}-\d{2}-\d{2}T00:00:00$`
export const WorkflowIdSchema = Type.String({
  minLength: 1,
  maxLength: 230,
  pattern: WORKFLOW_ID_PATTERN,
  description: 'a workflow (pipeline run) id: {pipeline}__{cluster}__{yyyy-mm-dd}T00:00:00',
})

/** One child application of a workflow, as the applications list shows it (times in the lists' frame). */
export const WorkflowChildSchema = Type.Object(
  {
    id: Type.String(),
    kind: Type.String({ description: 'spark, mr, hive, tez, impala…' }),
    name: Type.String(),
    status: Type.String({ description: 'S, F, K, R, W, P or U' }),
    user: Type.String(),
    queue: Type.String(),
    clusterUid: Type.String(),
    startTime: EpochMs,
    endTime: Nullable(EpochMs),
    duration: Type.Integer({ description: 'ms; a running app: now minus its start' }),
    cents: Type.Integer({ description: 'cost in US cents, the figure the lists show' }),
    totalDfsBytesRead: Type.Integer(),
    totalDfsBytesWritten: Type.Integer(),
  },
  { additionalProperties: false },
)
export type WorkflowChild = Static<typeof WorkflowChildSchema>

/** A workflow (one pipeline run) without its children: what a runs table shows per row. */
export const WorkflowRunSchema = Type.Object(
  {
    id: Type.String({ description: '{pipeline}__{cluster}__{yyyy-mm-dd}T00:00:00' }),
    pipeline: Type.String(),
    runDate: Type.String({ description: 'the UTC day the run belongs to, yyyy-mm-dd' }),
    clusterUid: Type.String(),
    clusterName: Type.String(),
    clusterType: Type.String(),
    status: Type.String({
      description:
        'R while a child has not finished, else F if a child failed, else K if one was killed, else S (U when a child is of another status)',
    }),
    startTime: EpochMs,
    endTime: Nullable(EpochMs),
    duration: Type.Integer({ description: 'ms: end (now while running) minus start' }),
    cents: Type.Integer({ description: "the children's cost, summed (US cents)" }),
    user: Type.String({ description: 'who ran the first child' }),
    userCount: Type.Integer({ minimum: 1 }),
    childCount: Type.Integer({ minimum: 1 }),
    statusCounts: Type.Object(
      {
        succeeded: Type.Integer(),
        failed: Type.Integer(),
        killed: Type.Integer(),
        running: Type.Integer({ description: 'children not finished yet' }),
        other: Type.Integer(),
      },
      { additionalProperties: false },
    ),
    totalDfsBytesRead: Type.Integer(),
    totalDfsBytesWritten: Type.Integer(),
  },
  { additionalProperties: false },
)
export type WorkflowRun = Static<typeof WorkflowRunSchema>

/** E096 / E098: a workflow's annotation, its run and its children in start order. */
export const WorkflowAnnotationSchema = Type.Object(
  { ...WorkflowRunSchema.properties, children: Type.Array(WorkflowChildSchema) },
  { additionalProperties: false },
)
export type WorkflowAnnotation = Static<typeof WorkflowAnnotationSchema>

/** E097: the children of a workflow in start order. */
export const WorkflowChildrenSchema = Type.Object(
  {
    workflowId: Type.String(),
    total: Type.Integer(),
    children: Type.Array(WorkflowChildSchema),
  },
  { additionalProperties: false },
)
export type WorkflowChildren = Static<typeof WorkflowChildrenSchema>

export const WorkflowIdParamsSchema = Type.Object({ id: WorkflowIdSchema }, { additionalProperties: false })
export type WorkflowIdParams = Static<typeof WorkflowIdParamsSchema>
export const WorkflowClusterParamsSchema = Type.Object(
  { cluster: DetailsClusterSchema, id: WorkflowIdSchema },
  { additionalProperties: false },
)
export type WorkflowClusterParams = Static<typeof WorkflowClusterParamsSchema>

export const PipelineRunsParamsSchema = Type.Object(
  { pipeline: PipelineNameSchema },
  { additionalProperties: false },
)
export const PipelineRunsQuerySchema = Type.Object(
  {
    start_time: Type.Optional(QueryInstantSchema),
    end_time: Type.Optional(QueryInstantSchema),
    clusterUid: Type.Optional(DetailsClusterSchema),
  },
  { additionalProperties: false },
)
export type PipelineRunsQuery = Static<typeof PipelineRunsQuerySchema>

/** A pipeline's runs over whole UTC days covering the window asked, latest first. */
export const PipelineRunsSchema = Type.Object(
  {
    pipeline: Type.String(),
    start: EpochMs,
    end: EpochMs,
    total: Type.Integer(),
    runs: Type.Array(WorkflowRunSchema),
  },
  { additionalProperties: false },
)
export type PipelineRuns = Static<typeof PipelineRunsSchema>

/**
 * R110: a user's interactive session: the Hive, Impala and Presto queries one user ran on one
 * cluster, each starting within 30 minutes of the end of the ones before (a longer pause ends the
 * session), looked at within a day either side of the query that names it.
 */
export const SessionSchema = Type.Object(
  {
    id: Type.String({ description: "the session's first query id" }),
    user: Type.String(),
    clusterUid: Type.String(),
    clusterName: Type.String(),
    gapMinutes: Type.Integer({ description: 'the pause that ends a session (30 minutes)' }),
    status: Type.String({
      description: 'R while a query has not finished, else F if one failed, else K, else S',
    }),
    startTime: EpochMs,
    endTime: Nullable(EpochMs),
    duration: Type.Integer({ description: 'ms: end (now while running) minus start' }),
    cents: Type.Integer({ description: "the queries' cost, summed (US cents)" }),
    queryCount: Type.Integer({ minimum: 1 }),
    kinds: Type.Array(Type.String(), { description: 'the engines of its queries' }),
    queries: Type.Array(WorkflowChildSchema),
  },
  { additionalProperties: false },
)
export type Session = Static<typeof SessionSchema>
