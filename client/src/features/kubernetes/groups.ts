import { KUBERNETES_UNALLOCATED, type KubernetesGroupBy } from '@costlens/shared'

/** What a row can be, as the select names it. */
export const GROUP_LABELS: Record<KubernetesGroupBy, string> = {
  namespace: 'Namespace',
  workload: 'Workload',
  pod: 'Pod',
  node: 'Node',
  cluster: 'Cluster',
  'label:team': 'Label: team',
  'label:env': 'Label: env',
  'label:cost_center': 'Label: cost_center',
  'label:app': 'Label: app',
}

/** A group without the label (the pods that carry none) reads as such, not as its key. */
export const groupName = (r: { name: string }) =>
  r.name === KUBERNETES_UNALLOCATED ? '(no such label)' : r.name

/**
 * The usage trends of one group (a Top X row's key) by the same grouping, over the window of the
 * page it is opened from (its address range keys kept).
 */
export function trendHref(current: URLSearchParams, groupBy: KubernetesGroupBy, key: string): string {
  const params = new URLSearchParams(current)
  for (const own of ['groupBy', 'metric', 'limit', 'values']) params.delete(own)
  params.set('groupBy', groupBy)
  params.set('values', key)
  return `/kubernetes/osd_usage_trends?${params}`
}

/** The address value if it is one of `allowed`, else the default. */
export function addressChoice<T extends string>(value: string | null, allowed: readonly T[], fallback: T): T {
  return allowed.includes(value as T) ? (value as T) : fallback
}
