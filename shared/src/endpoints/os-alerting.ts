import type { ClusterType, Role } from '../contracts/common.ts'
import {
  AcknowledgedSchema,
  AcknowledgeInputSchema,
  AlertListQuerySchema,
  AlertPageSchema,
  MAX_MONITORS,
  MetricPreviewQuerySchema,
  MetricPreviewSchema,
  MonitorDeletedSchema,
  MonitorEnabledSchema,
  MonitorInputSchema,
  MonitorListSchema,
  MonitorOptionsSchema,
  MonitorParamsSchema,
  MonitorSchema,
} from '../contracts/os-alerting.ts'
import { defineEndpoint, defineEndpoints } from './endpoint.ts'

/*
 * OpenSearch alerting (issue 23 /os_alerting; E171). The spec shows the screen's alerts state and no
 * call (03 §7: "alert ... calls are not shown"), so paths and verbs are ours (G01). Each platform
 * with the page has its own family of the same calls, because who may call differs: Snowflake's and
 * BigQuery's alerting is admin only (01 §6, the catalogue's R128 and R161), Kubernetes' is every
 * role's (R222). A monitor and its alerts belong to the platform of the user who made them.
 */

const INPUT =
  'name unique among your platform’s monitors, any case (400 "Monitor name already exists."); metric: an id ' +
  'of GET …/options (400 naming it otherwise); warehouse (Snowflake): one warehouse’s name or null for the ' +
  'account; aggregation sum, avg or max over lookbackHours 1-24 of hourly values; condition above or below ' +
  'threshold (in the metric’s unit, 0 to 10^12); scheduleMinutes 5, 15, 30 or 60; severity 1 (highest) to 5; ' +
  'channelIds: at most 10 of the platform’s notification channels (400 naming an unknown one); enabled.'

const RUNS =
  'A monitor runs on the simulated clock at its schedule’s ticks (multiples of its interval): on create and ' +
  'when monitors or alerts are read, over the ticks since its last run (a new one over the last 24 hours), each ' +
  'reading its metric in one grouped SQL read of the stored series. A tick where the condition holds and no ' +
  'alert is open opens one (ACTIVE); the first tick it no longer holds completes it (COMPLETED), acknowledged ' +
  'or not. Each channel of the monitor is recorded as told of each new alert; nothing is sent.'

interface Family {
  base: string
  /** The screen it serves (its catalogue row). */
  route: string
  platforms: readonly ClusterType[]
  roles?: readonly Role[]
}

/** The alerting calls of one platform: the same calls, at its paths, with its access. */
function alertingEndpoints({ base, route, platforms, roles }: Family) {
  const access = { platforms, ...(roles && { roles }) }
  const tags = ['alerts'] as const
  const common = { pathIsOurs: true, tags, access } as const
  return defineEndpoints({
    options: defineEndpoint({
      ...common,
      method: 'GET',
      path: `${base}/options`,
      specIds: [route],
      summary: 'What a monitor can watch on the user’s platform: its metrics and warehouses',
      response: MonitorOptionsSchema,
    }),
    preview: defineEndpoint({
      ...common,
      method: 'GET',
      path: `${base}/metric_preview`,
      specIds: [route],
      summary: 'A metric’s last 24 whole hours, for the monitor form’s chart',
      querystring: MetricPreviewQuerySchema,
      response: MetricPreviewSchema,
    }),
    monitors: defineEndpoint({
      ...common,
      method: 'GET',
      path: `${base}/monitors`,
      specIds: [route],
      summary: 'The platform’s monitors, by name, each with its last run and open alert',
      description: RUNS,
      response: MonitorListSchema,
    }),
    createMonitor: defineEndpoint({
      ...common,
      method: 'POST',
      path: `${base}/monitors`,
      specIds: [route],
      summary: 'Creates a monitor and runs it over the last 24 hours',
      description: `${INPUT} At most ${MAX_MONITORS} monitors per platform. ${RUNS}`,
      body: MonitorInputSchema,
      response: MonitorSchema,
      changesState: true,
    }),
    updateMonitor: defineEndpoint({
      ...common,
      method: 'PUT',
      path: `${base}/monitors/{id}`,
      specIds: [route],
      summary: 'Changes a monitor (every field, as the form sends it)',
      description: `${INPUT} An open alert stays open until a run finds the new condition no longer holds.`,
      params: MonitorParamsSchema,
      body: MonitorInputSchema,
      response: MonitorSchema,
      errors: [404],
      changesState: true,
    }),
    removeMonitor: defineEndpoint({
      ...common,
      method: 'DELETE',
      path: `${base}/monitors/{id}`,
      specIds: [route],
      summary: 'Deletes a monitor and its alerts',
      params: MonitorParamsSchema,
      response: MonitorDeletedSchema,
      errors: [404],
      changesState: true,
    }),
    setMonitorEnabled: defineEndpoint({
      ...common,
      method: 'PUT',
      path: `${base}/monitors/{id}/enabled`,
      specIds: [route],
      summary: 'Enables or disables a monitor',
      description:
        'A disabled monitor does not run; enabled again, it runs from then on (the ticks it missed are skipped).',
      params: MonitorParamsSchema,
      body: MonitorEnabledSchema,
      response: MonitorSchema,
      errors: [404],
      changesState: true,
    }),
    alerts: defineEndpoint({
      ...common,
      method: 'GET',
      path: `${base}/alerts`,
      specIds: ['E171'],
      summary: 'A page of the platform’s alerts, with each tab’s count (03 §2 Alerts)',
      description:
        'tab all (default), active, acknowledged or completed; startTime/endTime (epoch ms) bound the ' +
        'trigger time, default the last year; severity 1-5; monitorId; sort createdAt (default, desc), ' +
        'severity, monitorName, value or state, -asc or -desc; page from 1, pageSize 1-100 (default 15). ' +
        `Filtered, counted, sorted and paged in SQL. ${RUNS}`,
      querystring: AlertListQuerySchema,
      response: AlertPageSchema,
    }),
    acknowledge: defineEndpoint({
      ...common,
      method: 'POST',
      path: `${base}/alerts/acknowledge`,
      specIds: ['E171'],
      summary: 'Acknowledges active alerts (one or many)',
      description:
        'ids: 1-100 alerts of the platform, each ACTIVE: otherwise 400 naming those that are not (nothing ' +
        'is changed). An acknowledged alert records who and when, and completes when its condition ends.',
      body: AcknowledgeInputSchema,
      response: AcknowledgedSchema,
      changesState: true,
    }),
  })
}

/** Snowflake's alerting (R128): admin only. */
export const snowflakeAlertingEndpoints = alertingEndpoints({
  base: '/api/v1/snowflake/os_alerting',
  route: 'R128',
  platforms: ['SNOWFLAKE'],
  roles: ['admin'],
})

/** BigQuery's alerting (R161): admin only. */
export const bigqueryAlertingEndpoints = alertingEndpoints({
  base: '/api/v1/bigquery/os_alerting',
  route: 'R161',
  platforms: ['BIGQUERYV2'],
  roles: ['admin'],
})

/** Kubernetes' alerting (R222): every role. */
export const kubernetesAlertingEndpoints = alertingEndpoints({
  base: '/api/v1/kubernetes/os_alerting',
  route: 'R222',
  platforms: ['K8S'],
})
