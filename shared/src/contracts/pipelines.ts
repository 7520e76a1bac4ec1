import { Type, type Static } from 'typebox'
import { PIPELINE_TYPES } from '../rules/pipelines.ts'
import { BodyInstantSchema } from './dates.ts'

/** E026: the fields the pipelines list may be sorted by (default startTime, the latest run's). */
export const PIPELINE_SORT_KEYS = [
  'key',
  'clusterUid',
  'docCount',
  'startTime',
  'duration',
  'userName',
  'status',
  'costs',
  'totalDfsBytesRead',
  'totalDfsBytesWritten',
] as const
export type PipelineSortKey = (typeof PIPELINE_SORT_KEYS)[number]

/**
 * POST /api/v1/ds/api/v1/workflows/list (E026), the on-premises pipelines list. A pipeline is a
 * recurring top-level application name on one cluster, of one pipeline type: hivemr (Hive running
 * as MapReduce: a Hive query without Tez children, or an MR job), hivetz (a Hive query with Tez
 * children, or a Tez job), impala, spark (B187). The spec does not name the type filter:
 * costlens calls it pipelineTypes (default all four). Window default: the last 24 hours (02 §9).
 * clusters: ids, '*' for every cluster. search_text: a case-insensitive part of the name.
 */
export const PipelineListBodySchema = Type.Object(
  {
    clusters: Type.Optional(Type.Array(Type.String({ maxLength: 200, examples: ['*'] }), { maxItems: 200 })),
    sort_type: Type.Optional(Type.Enum(['asc', 'desc'], { default: 'desc' })),
    sort_key: Type.Optional(Type.Enum(PIPELINE_SORT_KEYS, { default: 'startTime' })),
    start_time: Type.Optional(BodyInstantSchema),
    end_time: Type.Optional(BodyInstantSchema),
    search_text: Type.Optional(Type.String({ maxLength: 200 })),
    pipelineTypes: Type.Optional(Type.Array(Type.Enum(PIPELINE_TYPES), { maxItems: 4 })),
  },
  { additionalProperties: false, title: 'PipelineListBody' },
)
export type PipelineListBody = Static<typeof PipelineListBodySchema>

const Point = Type.Tuple([Type.Integer({ description: 'epoch ms' }), Type.Number()])

export const PipelineRowSchema = Type.Object(
  {
    key: Type.String({ description: 'the pipeline name' }),
    clusterUid: Type.String(),
    pipelineType: Type.Enum(PIPELINE_TYPES),
    runName: Type.String({ description: 'the key (B187)' }),
    docCount: Type.Integer({ description: 'runs in the window' }),
    latestInstance: Type.Object({
      startTime: Type.Integer({ description: 'epoch ms' }),
      userName: Type.String(),
      duration: Type.Integer({ description: 'ms' }),
      status: Type.String(),
      queue: Type.String(),
      jobId: Type.String({ description: 'the app id of the latest run' }),
      kind: Type.Optional(
        Type.String({
          description:
            "ours: the latest run's application kind (spark, mr, tez, hive, impala), for its details link",
        }),
      ),
      costs: Type.Number({ description: 'USD' }),
      clusterId: Type.String({ description: 'the cluster display name' }),
      totalDfsBytesRead: Type.Integer(),
      totalDfsBytesWritten: Type.Integer(),
    }),
    trends: Type.Object(
      {
        duration: Type.Array(Point, { description: '[start, ms]' }),
        read: Type.Array(Point, { description: '[start, bytes read]' }),
        write: Type.Array(Point, { description: '[start, bytes written]' }),
      },
      { description: 'the last 30 runs at most, oldest first' },
    ),
  },
  { title: 'PipelineRow' },
)
export type PipelineRow = Static<typeof PipelineRowSchema>

export const PipelineListResponseSchema = Type.Object(
  {
    data: Type.Object({
      data: Type.Object({
        results: Type.Array(PipelineRowSchema),
        metadata: Type.Object({ total: Type.Integer() }),
      }),
    }),
  },
  { title: 'PipelineListResponse' },
)
export type PipelineListResponse = Static<typeof PipelineListResponseSchema>
