import {
  KUBERNETES_APPS_MAX_PAGE_SIZE,
  KubernetesAppDailyQuerySchema,
  KubernetesAppDailySchema,
  KubernetesAppMetricsQuerySchema,
  KubernetesAppMetricsSchema,
} from '../contracts/kubernetes-apps.ts'
import {
  KUBERNETES_LOGS_DEFAULT_WINDOW_HOURS,
  KUBERNETES_LOGS_MAX_PAGE_SIZE,
  KUBERNETES_LOGS_MAX_RESULTS,
  KUBERNETES_LOGS_MAX_TEXT,
  KUBERNETES_LOGS_MAX_WINDOW_DAYS,
  KubernetesLogsQuerySchema,
  KubernetesLogsSchema,
} from '../contracts/kubernetes-logs.ts'
import { RIGHT_SIZING_HEADROOM } from '../rules/kubernetes-right-sizing.ts'
import { defineEndpoint, defineEndpoints } from './endpoint.ts'

/*
 * The calls behind /kubernetes/osd_app_metrics (R218) and /kubernetes/osd_logs (R219); E178 shows no
 * call, so the paths and shapes are ours (G01; decisions in contracts/kubernetes-apps.ts and
 * kubernetes-logs.ts). The K8S platform's only: another platform's user is 403 by `access`.
 */
const access = { platforms: ['K8S'] } as const
const tags = ['kubernetes'] as const

export const kubernetesAppsEndpoints = defineEndpoints({
  appMetrics: defineEndpoint({
    method: 'GET',
    path: '/api/v1/kubernetes/app_metrics',
    specIds: ['E178', 'R218'],
    pathIsOurs: true,
    tags,
    access,
    summary: 'App metrics: each workload’s requests against its usage, cost and right-sizing',
    description:
      'The path is ours (G01). Per workload (or namespace, or app label) over Top X’s window: the average ' +
      'pod’s CPU (millicores) and memory (MiB) request and usage, the 95th percentile of the pods’ daily peaks, OpenCost cost (USD), ' +
      `efficiency, and a recommendation: peak × ${RIGHT_SIZING_HEADROOM} rounded up to 10 m / 64 MiB, ` +
      'lower (saving = request above it × pod-hours × the rates the pods were costed at, never above the ' +
      'cost), raise (peak above the request, no saving) or keep. Filters namespace, kinds, search; sort ' +
      `cost, saving, efficiency or name; page, pageSize 1-${KUBERNETES_APPS_MAX_PAGE_SIZE}.`,
    querystring: KubernetesAppMetricsQuerySchema,
    response: KubernetesAppMetricsSchema,
  }),
  appDaily: defineEndpoint({
    method: 'GET',
    path: '/api/v1/kubernetes/app_metrics/daily',
    specIds: ['E178', 'R218'],
    pathIsOurs: true,
    tags,
    access,
    summary: 'One application’s requests and usage per UTC day',
    description:
      'The path is ours (G01). For a row’s key (and its groupBy): per UTC day of the window, the pods’ ' +
      'requests and usage together as average cores and GiB over the day’s hours in the window, and cost.',
    querystring: KubernetesAppDailyQuerySchema,
    response: KubernetesAppDailySchema,
  }),
  logs: defineEndpoint({
    method: 'GET',
    path: '/api/v1/kubernetes/logs',
    specIds: ['E178', 'R219'],
    pathIsOurs: true,
    tags,
    access,
    summary: 'Container logs, newest first, by namespace, pod, container, level and text',
    description:
      'The path is ours (G01). The lines of the window (default the last ' +
      `${KUBERNETES_LOGS_DEFAULT_WINDOW_HOURS} hours, at most ${KUBERNETES_LOGS_MAX_WINDOW_DAYS} days), ` +
      'newest first, filtered by namespace, pod and container (exact names), levels (comma-separated) and ' +
      `text (a case-insensitive part of the message, at most ${KUBERNETES_LOGS_MAX_TEXT} characters); ` +
      `pages of up to ${KUBERNETES_LOGS_MAX_PAGE_SIZE} lines within the first ${KUBERNETES_LOGS_MAX_RESULTS} ` +
      'matches (total counts up to there; more says there are others).',
    querystring: KubernetesLogsQuerySchema,
    response: KubernetesLogsSchema,
  }),
})
