import { Type, type Static } from 'typebox'

/**
 * The query of an Impala or Presto application (02 §2 Impala "Query" fields; the Presto details page
 * R108): its full SQL and the engine's own figures, derived from the application record
 * (simulator/src/details/query.ts). A figure an engine does not report is null. A BigQuery job is not
 * an application (issue 19): its query and bytes are on its own details (E167, `bigqueryEndpoints`).
 */
const Bytes = (description: string) => Type.Integer({ minimum: 0, description })
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()])

export const QUERY_ENGINES = ['impala', 'presto'] as const
export type QueryEngine = (typeof QUERY_ENGINES)[number]

export const QueryDetailsSchema = Type.Object(
  {
    id: Type.String(),
    engine: Type.Union([Type.Literal('impala'), Type.Literal('presto')]),
    queryStringFull: Type.String({ description: 'the SQL text, in full' }),
    queue: Type.String({ description: "Impala's pool, Presto's resource group" }),
    queryMemLimit: Nullable(Bytes('Impala: the per-host memory limit of the pool')),
    perHostMemEst: Nullable(Bytes("Impala: the planner's per-host memory estimate")),
    perHostPeakMemUsage: Nullable(
      Bytes('Impala: the busiest host’s peak memory (the coordinator’s, which runs every fragment)'),
    ),
    cpuTime: Nullable(
      Type.Integer({
        minimum: 0,
        description: "Presto: CPU ms (the record's vcore seconds × 1000, as chargeback shows)",
      }),
    ),
    cumUserMem: Nullable(
      Type.Integer({
        minimum: 0,
        description: "Presto: cumulative user memory in byte·seconds (the record's memory seconds in bytes)",
      }),
    ),
  },
  { title: 'QueryDetails' },
)
export type QueryDetails = Static<typeof QueryDetailsSchema>
