import type { ClusterType, Role } from '../contracts/common.ts'
import {
  ContributorsQuerySchema,
  ContributorsSchema,
  DetectorDeletedSchema,
  DetectorInputSchema,
  DetectorListQuerySchema,
  DetectorListSchema,
  DetectorOptionsSchema,
  DetectorParamsSchema,
  DetectorResultsQuerySchema,
  DetectorResultsSchema,
  DetectorSchema,
  MAX_DETECTORS,
} from '../contracts/os-anomalies.ts'
import { defineEndpoint, defineEndpoints } from './endpoint.ts'

/*
 * OpenSearch anomaly detection (issue 23 /osd_anomalies; E179). The spec shows the screen and no
 * call (03 §7: "OpenSearch calls are not shown"), so paths and verbs are ours (G01), named after the
 * Anomaly Detection plugin's (detectors, _start, _stop, results). Snowflake's and BigQuery's pages are
 * admin only (01 §6, the catalogue's R129 and R162): each platform has its family of the same calls.
 */

const INPUT =
  'name unique among your platform’s detectors, any case (400 "Detector name already exists."), at most 64 ' +
  'characters; description up to 400; metric: an id of GET …/options; categoryField: a field of the ' +
  'platform (Snowflake warehouse or user, BigQuery project or principal) or null for one account-wide ' +
  'series; sensitivity low, medium or high.'

const RANGE =
  'startTime/endTime (epoch ms) bound the hours scored, snapped to whole hours: default the 7 days before ' +
  'now, at most 30 days (400 otherwise).'

const DETECTION =
  'Computed when read over the stored hourly series: per entity (the top 10 by the metric’s total over the ' +
  'range), expected is the median of the same hour on the 14 days before, the spread a robust sigma of those ' +
  'days less their daily shape (max of 1.4826·MAD and 1.2533·mean absolute deviation), the score ' +
  '|actual − expected| / (k·spread) with k 12, 8 or 5 for low, medium or high sensitivity; an hour scoring ' +
  'above 1 is an anomaly of grade 1 − 1/score, its confidence the share of the 14 days the entity had history for.'

interface Family {
  base: string
  route: string
  platforms: readonly ClusterType[]
  roles?: readonly Role[]
}

/** The anomaly-detection calls of one platform: the same calls, at its paths, with its access. */
function anomalyEndpoints({ base, route, platforms, roles }: Family) {
  const access = { platforms, ...(roles && { roles }) }
  const common = { pathIsOurs: true, tags: ['opensearch'], access, specIds: ['E179', route] } as const
  return defineEndpoints({
    options: defineEndpoint({
      ...common,
      method: 'GET',
      path: `${base}/options`,
      summary:
        'What a detector can watch on the user’s platform: its metrics, category fields and sensitivities',
      response: DetectorOptionsSchema,
    }),
    detectors: defineEndpoint({
      ...common,
      method: 'GET',
      path: `${base}/detectors`,
      summary:
        'The platform’s detectors by name, each with its state and the anomalies it found in the range',
      description: `${RANGE} ${DETECTION}`,
      querystring: DetectorListQuerySchema,
      response: DetectorListSchema,
    }),
    createDetector: defineEndpoint({
      ...common,
      method: 'POST',
      path: `${base}/detectors`,
      summary: 'Creates a detector, stopped (OpenSearch’s: start it to detect)',
      description: `${INPUT} At most ${MAX_DETECTORS} detectors per platform.`,
      body: DetectorInputSchema,
      response: DetectorSchema,
      changesState: true,
    }),
    updateDetector: defineEndpoint({
      ...common,
      method: 'PUT',
      path: `${base}/detectors/{id}`,
      summary: 'Changes a detector (every field, as the form sends it)',
      description: INPUT,
      params: DetectorParamsSchema,
      body: DetectorInputSchema,
      response: DetectorSchema,
      errors: [404],
      changesState: true,
    }),
    removeDetector: defineEndpoint({
      ...common,
      method: 'DELETE',
      path: `${base}/detectors/{id}`,
      summary: 'Deletes a detector',
      params: DetectorParamsSchema,
      response: DetectorDeletedSchema,
      errors: [404],
      changesState: true,
    }),
    startDetector: defineEndpoint({
      ...common,
      method: 'POST',
      path: `${base}/detectors/{id}/_start`,
      summary: 'Starts a detector: Initialising for its first hour, then Running',
      description: 'A running detector is left as it is.',
      params: DetectorParamsSchema,
      response: DetectorSchema,
      errors: [404],
      changesState: true,
    }),
    stopDetector: defineEndpoint({
      ...common,
      method: 'POST',
      path: `${base}/detectors/{id}/_stop`,
      summary: 'Stops a detector',
      description:
        'A stopped detector is left as it is. Its results over a range are still computed when read.',
      params: DetectorParamsSchema,
      response: DetectorSchema,
      errors: [404],
      changesState: true,
    }),
    results: defineEndpoint({
      ...common,
      method: 'GET',
      path: `${base}/detectors/{id}/results`,
      summary: 'A detector’s scored series per entity and a page of its anomalies',
      description:
        `${RANGE} entity: one entity’s anomalies only (its key); sort grade-desc (default), grade-asc, ` +
        `start-desc or start-asc; page from 1, pageSize 1-100 (default 10). ${DETECTION}`,
      params: DetectorParamsSchema,
      querystring: DetectorResultsQuerySchema,
      response: DetectorResultsSchema,
      errors: [404],
    }),
    contributors: defineEndpoint({
      ...common,
      method: 'GET',
      path: `${base}/detectors/{id}/contributors`,
      summary: 'The entities behind one hour of a detector’s series: the top contributors and runs',
      description:
        'start: the hour (epoch ms, a whole hour); entity: its key, left out for an account-wide detector. ' +
        'Snowflake: a warehouse’s hour by user, a user’s by warehouse, the account’s by warehouse, with the ' +
        'top queries; BigQuery: a project’s hour by principal, a principal’s by project, the account’s by ' +
        'project, with the top jobs. Each contributor’s value is its part of the hour’s.',
      params: DetectorParamsSchema,
      querystring: ContributorsQuerySchema,
      response: ContributorsSchema,
      errors: [404],
    }),
  })
}

/** Snowflake's anomaly detection (R129): admin only. */
export const snowflakeAnomalyEndpoints = anomalyEndpoints({
  base: '/api/v1/snowflake/osd_anomalies',
  route: 'R129',
  platforms: ['SNOWFLAKE'],
  roles: ['admin'],
})

/** BigQuery's anomaly detection (R162): admin only. */
export const bigqueryAnomalyEndpoints = anomalyEndpoints({
  base: '/api/v1/bigquery/osd_anomalies',
  route: 'R162',
  platforms: ['BIGQUERYV2'],
  roles: ['admin'],
})
