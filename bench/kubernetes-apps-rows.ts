import { KUBERNETES_APP_GROUP_BYS, KUBERNETES_APP_SORTS } from '../shared/src/contracts/kubernetes-apps.ts'
import { KUBERNETES_LOG_LEVELS } from '../shared/src/contracts/kubernetes-logs.ts'
import { KUBERNETES_WORKLOAD_KINDS } from '../shared/src/contracts/kubernetes.ts'
import { K8S_CLUSTERS } from '../simulator/src/db/seed/kubernetes-catalogue.ts'
import { createPrng } from '../simulator/src/db/seed/prng.ts'
import { queryOf } from './day-rows.ts'
import type { HandRow } from './hand-rows.ts'

const VARIANTS = 200
const HOUR = 3_600_000
const DAY = 24 * HOUR
/** Texts an engineer searches logs for: frequent, rare and absent (the whole window scanned). */
const TEXTS = ['status=503', 'SIGTERM', 'Pause Full', 'timeout', 'memory usage', 'no-such-text-anywhere']

/**
 * The app metrics (R218) and logs (R219) rows: windows ending within the last two days; every grouping,
 * sort and a filter now and then; a workload's days by its key (from the seed's catalogue); log
 * searches of 1 hour to 7 days by level, namespace and text, first pages and deeper ones.
 */
export function kubernetesAppsRows(now: number, clusters: readonly string[]): HandRow[] {
  const prng = createPrng(2324)
  const specs = K8S_CLUSTERS.filter((c) => clusters.includes(c.uid))
  if (!specs.length) return []
  const workloads = specs.flatMap((c) =>
    c.namespaces.flatMap((ns) => ns.workloads.map((w) => ({ cluster: c.uid, namespace: ns.name, ...w }))),
  )
  const namespaces = [...new Set(workloads.map((w) => w.namespace))]
  const window = (days: number) => {
    const end = now - prng.int(0, 47) * HOUR
    return { startTime: new Date(end - days * DAY).toISOString(), endTime: new Date(end).toISOString() }
  }
  const many = (make: () => string) => Array.from({ length: VARIANTS }, () => ({ path: make() }))
  return [
    {
      name: 'kubernetes: app metrics over 7 days',
      covers: ['kubernetesApps.appMetrics'],
      method: 'GET',
      path: '/api/v1/kubernetes/app_metrics',
      auth: true,
      user: 'k8s',
      variants: many(
        () =>
          `/api/v1/kubernetes/app_metrics?${queryOf({
            ...window(7),
            groupBy: prng.pick(KUBERNETES_APP_GROUP_BYS),
            sort: prng.pick(KUBERNETES_APP_SORTS),
            order: prng.chance(0.8) ? 'desc' : 'asc',
            namespace: prng.chance(0.2) ? prng.pick(namespaces) : undefined,
            kinds: prng.chance(0.2) ? prng.pick(KUBERNETES_WORKLOAD_KINDS) : undefined,
            page: prng.chance(0.8) ? undefined : String(prng.int(2, 3)),
          })}`,
      ),
    },
    {
      name: 'kubernetes: a workload per day over 7 days',
      covers: ['kubernetesApps.appDaily'],
      method: 'GET',
      path: '/api/v1/kubernetes/app_metrics/daily',
      auth: true,
      user: 'k8s',
      variants: many(() => {
        const w = prng.pick(workloads)
        return `/api/v1/kubernetes/app_metrics/daily?${queryOf({
          ...window(7),
          key: `${w.cluster}/${w.namespace}/${w.kind}/${w.name}`,
        })}`
      }),
    },
    {
      name: 'kubernetes: logs, 1 hour to 7 days',
      covers: ['kubernetesApps.logs'],
      method: 'GET',
      path: '/api/v1/kubernetes/logs',
      auth: true,
      user: 'k8s',
      variants: many(
        () =>
          `/api/v1/kubernetes/logs?${queryOf({
            ...window(prng.pick([1 / 24, 6 / 24, 1, 1, 7])),
            levels: prng.chance(0.5)
              ? undefined
              : prng.pick(['ERROR', 'WARN,ERROR', KUBERNETES_LOG_LEVELS.join(',')]),
            namespace: prng.chance(0.3) ? prng.pick(namespaces) : undefined,
            text: prng.chance(0.4) ? prng.pick(TEXTS) : undefined,
            page: prng.chance(0.8) ? undefined : String(prng.int(2, 20)),
          })}`,
      ),
    },
  ]
}
