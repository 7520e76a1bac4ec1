import { Type, type Static } from 'typebox'

/**
 * The query of an Impala, Presto or BigQuery application (02 §2 Impala "Query" fields; the Presto and
 * BigQuery details pages R108, R109): its full SQL and the engine's own figures, derived from the
 * application record (simulator/src/details/query.ts). A figure an engine does not report is null.
 */
const Bytes = (description: string) => Type.Integer({ minimum: 0, description })
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()])

export const QUERY_ENGINES = ['impala', 'presto', 'bigquery'] as const
export type QueryEngine = (typeof QUERY_ENGINES)[number]

export const QueryDetailsSchema = Type.Object(
  {
    id: Type.String(),
    engine: Type.Union([Type.Literal('impala'), Type.Literal('presto'), Type.Literal('bigquery')]),
    queryStringFull: Type.String({ description: 'the SQL text, in full' }),
    queue: Type.String({
      description: "Impala's pool, Presto's resource group, BigQuery's reservation ('default': on demand)",
    }),
    queryMemLimit: Nullable(Bytes('Impala: the per-host memory limit of the pool')),
    perHostMemEst: Nullable(Bytes("Impala: the planner's per-host memory estimate")),
    perHostPeakMemUsage: Nullable(
      Bytes('Impala: the busiest host’s peak memory (the coordinator’s, which runs every fragment)'),
    ),
    cpuTime: Nullable(
      Type.Integer({
        minimum: 0,
        description:
          "Presto: CPU ms; BigQuery: slot ms (the record's vcore seconds × 1000, as chargeback shows)",
      }),
    ),
    cumUserMem: Nullable(
      Type.Integer({
        minimum: 0,
        description: "Presto: cumulative user memory in byte·seconds (the record's memory seconds in bytes)",
      }),
    ),
    totBytesProcessed: Nullable(Bytes('BigQuery: bytes processed')),
    totBytesBilled: Nullable(Bytes('BigQuery: bytes billed (what the cost is charged on, $6.25 a TiB)')),
  },
  { title: 'QueryDetails' },
)
export type QueryDetails = Static<typeof QueryDetailsSchema>
