import { KUBERNETES_GROUP_BYS, KUBERNETES_TOPX_METRICS } from '../shared/src/contracts/kubernetes.ts'
import { createPrng } from '../simulator/src/db/seed/prng.ts'
import { queryOf } from './day-rows.ts'
import { kubernetesAppsRows } from './kubernetes-apps-rows.ts'
import type { HandRow } from './hand-rows.ts'
import type { Vocabulary } from './vocabulary.ts'

const VARIANTS = 200
const HOUR = 3_600_000
const DAY = 24 * HOUR

/**
 * Issue 23's Top X figure, as the k8s persona sees its landing: 7 days (the issue's window: p99 ≤
 * 100 ms at the large scale) ending within the last two days, every groupBy and metric, both
 * clusters or one.
 */
export function kubernetesRows(now: number, v: Vocabulary): HandRow[] {
  const prng = createPrng(2323)
  const clusters = v.clusters['K8S'] ?? []
  if (!clusters.length) return []
  const variant = () => {
    const end = now - prng.int(0, 47) * HOUR
    return {
      path: `/api/v1/kubernetes/topx?${queryOf({
        startTime: new Date(end - 7 * DAY).toISOString(),
        endTime: new Date(end).toISOString(),
        groupBy: prng.pick(KUBERNETES_GROUP_BYS),
        metric: prng.pick(KUBERNETES_TOPX_METRICS),
        limit: prng.chance(0.7) ? undefined : String(prng.pick([5, 25, 100])),
        clusters: prng.chance(0.7) ? undefined : prng.pick(clusters),
      })}`,
    }
  }
  return [
    {
      name: 'kubernetes: Top X over 7 days',
      covers: ['kubernetes.topx'],
      method: 'GET',
      path: '/api/v1/kubernetes/topx',
      auth: true,
      user: 'k8s',
      variants: Array.from({ length: VARIANTS }, variant),
    },
    ...kubernetesAppsRows(now, clusters),
  ]
}
