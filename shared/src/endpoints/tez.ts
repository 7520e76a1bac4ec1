import { Type } from 'typebox'
import {
  TezAggregationParamsSchema,
  TezAppParamsSchema,
  TezAppSchema,
  TezDagInfoQuerySchema,
  TezDagParamsSchema,
  TezDagSchema,
  TezDagSummarySchema,
  TezDagVersionSchema,
  TezEventSchema,
  TezEventsParamsSchema,
  TezHourAggregationSchema,
  TezVersionSchema,
} from '../contracts/engine-details.ts'
import { defineEndpoints } from './endpoint.ts'

/*
 * The Tez details calls (02 §7 Application details (Tez); E114-E121). Each answers from the app's
 * record, derived on demand (simulator/src/details/tez.ts), after the one access check of the
 * details: an unknown app answers 404 "Information for this application {id} is not available.",
 * another platform's app (or one not on the path's cluster; '*' names any) 403 "… is forbidden.".
 * A known app that is not a Tez app answers 400 naming its type; a DAG id the app does not have 404.
 * Tez statuses come with their console status code (SUCCEEDED, FAILED, KILLED, RUNNING, SCHEDULED →
 * S, F, K, R, P; 02 §4).
 */
const tags = ['tez', 'app-details'] as const
const access = {} as const
const errors = [404] as const
const NOT_TEZ = 'A known app that is not a Tez app answers 400 naming its type.'

export const tezEndpoints = defineEndpoints({
  app: {
    method: 'GET',
    path: '/api/v1/tez/{cluster}/{app}',
    specIds: ['E114'],
    tags,
    access,
    errors,
    summary: 'A Tez app: its status, task counts, DAGs and vertices',
    description:
      "The vertices' tasks add up to the app's taskCount in the states of its map and reduce columns; times lie " +
      `inside its life; the map vertices read its dfs_read bytes and the last vertex writes its dfs_written. ${NOT_TEZ}`,
    params: TezAppParamsSchema,
    response: TezAppSchema,
  },
  version: {
    method: 'GET',
    path: '/api/v1/tez/{cluster}/{app}/version',
    specIds: ['E115'],
    tags,
    access,
    errors,
    summary: 'The Tez version of the details view (tezVersion, v1)',
    description: `The seeded clusters keep one history format: always v1. ${NOT_TEZ}`,
    params: TezAppParamsSchema,
    response: TezVersionSchema,
  },
  dagList: {
    method: 'GET',
    path: '/api/v1/tez/{cluster}/{app}/dags/list',
    specIds: ['E119'],
    tags,
    access,
    errors,
    summary: "A Tez app's DAGs (one per job: num_jobs)",
    description: `Each DAG's id is dag_<cluster timestamp>_<app sequence>_<n>. ${NOT_TEZ}`,
    params: TezAppParamsSchema,
    response: Type.Array(TezDagSummarySchema),
  },
  dag: {
    method: 'GET',
    path: '/api/v1/tez/{cluster}/{app}/dags/{dag}',
    specIds: ['E116'],
    tags,
    access,
    errors,
    summary: 'One DAG: vertices, edges and every task (containerId, diagnostics)',
    description:
      'Failed tasks carry the failure of their four attempts (container over its memory, OutOfMemoryError, shuffle ' +
      `fetch failures, a row error); their vertex says it failed. A DAG id of another app answers 404. ${NOT_TEZ}`,
    params: TezDagParamsSchema,
    response: TezDagSchema,
  },
  dagVersion: {
    method: 'GET',
    path: '/api/v1/tez/{cluster}/{app}/dags/{dag}/version',
    specIds: ['E117'],
    tags,
    access,
    errors,
    summary: 'The DAG version of the details view (dagVersion, v1)',
    description: `A DAG id of another app answers 404. ${NOT_TEZ}`,
    params: TezDagParamsSchema,
    response: TezDagVersionSchema,
  },
  dagHours: {
    method: 'GET',
    path: '/api/v1/tez/{cluster}/{app}/dags/aggregation/{id}/hour',
    specIds: ['E118'],
    tags,
    access,
    errors,
    summary: "A DAG's tasks by hour: started, finished, and task ms run inside each hour",
    description:
      "{id} is the DAG id. A task crossing an hour's edge counts its time in both hours; the hours' taskTime adds up " +
      `to the DAG's task time. ${NOT_TEZ}`,
    params: TezAggregationParamsSchema,
    response: TezHourAggregationSchema,
  },
  dagInfo: {
    method: 'GET',
    path: '/api/v1/tez/dag_info',
    specIds: ['E120'],
    tags,
    access,
    errors,
    summary: 'One DAG by app_id and dag_id (the same DAG as /tez/{cluster}/{app}/dags/{dag})',
    description: `The DAG must be the app's (else 404). ${NOT_TEZ}`,
    querystring: TezDagInfoQuerySchema,
    response: TezDagSchema,
  },
  events: {
    method: 'GET',
    path: '/api/v1/tez/{cluster}/events/{dag}',
    specIds: ['E121'],
    tags,
    access,
    errors,
    summary:
      "A DAG's history events: submitted, initialized, started, each vertex's start and finish, finished",
    description:
      'The DAG id names its app (dag_<ts>_<seq>_<n> is application_<ts>_<seq>), which the access check reads. ' +
      NOT_TEZ,
    params: TezEventsParamsSchema,
    response: Type.Array(TezEventSchema),
  },
})
