import { AppIdParamsSchema } from '../contracts/app-details-common.ts'
import {
  PipelineRunsParamsSchema,
  PipelineRunsQuerySchema,
  PipelineRunsSchema,
  WorkflowAnnotationSchema,
  WorkflowChildrenSchema,
  WorkflowClusterParamsSchema,
  WorkflowIdParamsSchema,
  SessionSchema,
} from '../contracts/workflows.ts'
import { defineEndpoints } from './endpoint.ts'

/*
 * Workflows and pipeline runs (02 §7 Application details: workflows; issue 17; E096-E098). A workflow
 * is one run of a pipeline, as an Airflow DAG run: the top-level apps of one pipeline name on one
 * cluster that started on the same UTC day (in the lists' time frame), grouped in SQL on every call.
 * Its id is `{pipeline}__{cluster}__{yyyy-mm-dd}T00:00:00`. Status: R while a child runs or waits,
 * else F when a child failed, else K when one was killed, else S. Cost: the children's cents summed,
 * the figures the applications list shows. A run on a cluster of another platform answers 403
 * 'Information for this workflow {id} is forbidden.', a run with no apps 404 '… is not available.'.
 */
const tags = ['workflows', 'app-details'] as const
const errors = [404] as const
const REFUSALS =
  "404 'Information for this workflow {id} is not available.' when the pipeline has no app on that cluster " +
  "that day; 403 '… is forbidden.' for another platform's cluster."

export const workflowsEndpoints = defineEndpoints({
  annotationByWfid: {
    method: 'GET',
    path: '/api/v1/workflows/{id}/annotation_by_wfid',
    specIds: ['E096'],
    tags,
    errors,
    summary: 'A workflow (one pipeline run): status, times, cost, user and its children in start order',
    description: REFUSALS,
    params: WorkflowIdParamsSchema,
    response: WorkflowAnnotationSchema,
  },
  oozieChildren: {
    method: 'GET',
    path: '/api/v1/workflows/oozie/{id}/children',
    specIds: ['E097'],
    tags,
    errors,
    summary: "A workflow's child applications in start order",
    description:
      "The spec elides the sub-path ('/workflows/oozie/{id}/...'); costlens serves the children here. " +
      `Each child is an application as the lists show it, linking to its own details. ${REFUSALS}`,
    params: WorkflowIdParamsSchema,
    response: WorkflowChildrenSchema,
  },
  annotation: {
    method: 'GET',
    path: '/api/v1/ds/api/v1/workflows/{cluster}/{id}/annotation',
    specIds: ['E098'],
    tags,
    errors,
    summary: "A workflow's annotation on a named cluster (as E096)",
    description: `A cluster other than the workflow's ('*' names any) answers 403. ${REFUSALS}`,
    params: WorkflowClusterParamsSchema,
    response: WorkflowAnnotationSchema,
  },
  pipelineRuns: {
    method: 'GET',
    path: '/api/v1/workflows/pipelines/{pipeline}/runs',
    specIds: ['R111'],
    pathIsOurs: true,
    tags,
    summary: "A pipeline's runs (workflows) over whole UTC days covering start_time-end_time, latest first",
    description:
      'Default window the last 7 days; clusterUid narrows to one cluster of the user (403 for another ' +
      "platform's). Each run is the workflow E096 answers for its id (without the children), so a runs table " +
      'and the workflow page show the same status, duration and cost.',
    params: PipelineRunsParamsSchema,
    querystring: PipelineRunsQuerySchema,
    response: PipelineRunsSchema,
  },
  session: {
    method: 'GET',
    path: '/api/v1/sessions/{id}',
    specIds: ['R110'],
    pathIsOurs: true,
    tags,
    errors,
    summary: "The interactive session of a Hive, Impala or Presto query: its user's queries on its cluster",
    description:
      'A session is the queries one user ran on one cluster, each starting within 30 minutes of the end of the ' +
      'ones before, looked at within a day either side of the query named; its id is its first query. The app is ' +
      "checked first: 404 'Information for this application {id} is not available.', 403 '… is forbidden.'; an " +
      'app of another engine answers 400 naming its type.',
    params: AppIdParamsSchema,
    response: SessionSchema,
  },
})
