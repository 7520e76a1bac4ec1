import {
  KUBERNETES_DEFAULT_WINDOW_DAYS,
  KUBERNETES_MAX_TOPX_LIMIT,
  KUBERNETES_MAX_WINDOW_DAYS,
  KubernetesTopxQuerySchema,
  KubernetesTopxResponseSchema,
  KubernetesUsageTrendsQuerySchema,
  KubernetesUsageTrendsSchema,
} from '../contracts/kubernetes.ts'
import { defineEndpoint, defineEndpoints } from './endpoint.ts'

/*
 * The Kubernetes calls behind /kubernetes/osd_topx (R216; E178, which shows no call: the paths and
 * shapes are ours, G01; the decisions are in contracts/kubernetes.ts). Kubernetes is the K8S
 * platform's: any other platform's user is 403, decided from `access` (plugins/auth.ts).
 */
const access = { platforms: ['K8S'] } as const
const tags = ['kubernetes'] as const

export const kubernetesEndpoints = defineEndpoints({
  topx: defineEndpoint({
    method: 'GET',
    path: '/api/v1/kubernetes/topx',
    specIds: ['E178', 'R216'],
    pathIsOurs: true,
    tags,
    access,
    summary:
      'Top X: the costliest (or busiest, or least efficient) namespaces, workloads, pods, nodes or labels',
    description:
      "The path is ours (G01): the spec shows no Kubernetes call. Costs by OpenCost's rules (max(request, " +
      "usage) per container at its node's rates, DOMAIN.md §6) over the hours that overlap [startTime, " +
      `endTime) (epoch ms or ISO-8601; default the last ${KUBERNETES_DEFAULT_WINDOW_DAYS} days; at most ` +
      `${KUBERNETES_MAX_WINDOW_DAYS} days; start after end is 400). groupBy: namespace, workload, pod, node, ` +
      'cluster or label:team|env|cost_center|app; metric sorts descending: cost, cpu (core-hours used), ' +
      `memory (GB-hours used) or efficiency; limit 1-${KUBERNETES_MAX_TOPX_LIMIT} (default 10); clusters: ` +
      "comma-separated uids, each the user's (403 otherwise). Idle (node assets no pod was allocated) is its " +
      "own figure, not a row: the groups' shares and idle's add up to 1.",
    querystring: KubernetesTopxQuerySchema,
    response: KubernetesTopxResponseSchema,
  }),
  usageTrends: defineEndpoint({
    method: 'GET',
    path: '/api/v1/kubernetes/usage_trends',
    specIds: ['E178', 'R217'],
    pathIsOurs: true,
    tags,
    access,
    summary:
      'Usage trends: cost, CPU or memory per UTC day of the chosen groups (03 §3 usage-trending state)',
    description:
      'The path is ours (G01). The same groups as Top X (groupBy, a row key per group) and window rules; ' +
      'metric cost (USD, OpenCost allocation), cpu (core-hours used) or memory (GiB-hours used). available: ' +
      'every group of the window with its total, the greatest first; selected: the keys drawn (values, else ' +
      'the first four); series: a point per UTC day of the window for each, from the pod-hours, so the days ' +
      "add up to Top X's figures for the same window.",
    querystring: KubernetesUsageTrendsQuerySchema,
    response: KubernetesUsageTrendsSchema,
  }),
})
