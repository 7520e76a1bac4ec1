import { Type } from 'typebox'
import {
  ImpalaFragmentSchema,
  ImpalaOperatorSchema,
  ImpalaQueryParamsSchema,
} from '../contracts/engine-details.ts'
import { defineEndpoints } from './endpoint.ts'

/*
 * The Impala query details (02 §2 Impala, 02 §7; E078, E079), derived from the query's record
 * (simulator/src/details/impala.ts) after the access check of the details (404 not available, 403
 * forbidden). Times are nanoseconds (the console divides by 1e6, 02 §9), memory bytes. A known app
 * that is not an Impala query answers 400 naming its type.
 */
const tags = ['impala', 'app-details'] as const
const access = {} as const
const errors = [404] as const
const NOT_IMPALA = 'A known app that is not an Impala query answers 400 naming its type.'

export const impalaDetailsEndpoints = defineEndpoints({
  fragments: {
    method: 'GET',
    path: '/api/v1/impala/{id}/fragments',
    specIds: ['E079'],
    tags,
    access,
    errors,
    summary: "An Impala query's plan fragments: instances, times (ns), peak memory (bytes), rows",
    description:
      "F00 is the coordinator's fragment (one instance); scan fragments run one instance per executor. A fragment's " +
      "times and memory are its operators' sums and never exceed the query's duration; status 'S' is success, a " +
      `failed query's failing fragment has 'F'. ${NOT_IMPALA}`,
    params: ImpalaQueryParamsSchema,
    response: Type.Array(ImpalaFragmentSchema),
  },
  operators: {
    method: 'GET',
    path: '/api/v1/impala/{id}/operators',
    specIds: ['E078'],
    tags,
    access,
    errors,
    summary: "An Impala query's plan operators (SCAN HDFS, HASH JOIN, EXCHANGE, AGGREGATE, HDFS WRITER)",
    description:
      'pageId and fragId name the fragment; parentId the operator it feeds. The scans’ io adds up to the ' +
      `query's dfs_read, a writer's to its dfs_written. ${NOT_IMPALA}`,
    params: ImpalaQueryParamsSchema,
    response: Type.Array(ImpalaOperatorSchema),
  },
})
