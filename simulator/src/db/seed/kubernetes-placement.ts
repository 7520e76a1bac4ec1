import type { ClusterSpec, NodePool, PoolKind } from './kubernetes-catalogue.ts'
import { DEFAULT_RATES, type CapacityType, type ResourceRates } from './kubernetes-costs.ts'
import { SAMPLE_MS, usageOf, type ContainerPlan, type PodPlan } from './kubernetes-pods.ts'
import type { Prng } from './prng.ts'

/*
 * The scheduler and the cluster autoscaler, simply: pods are placed in order of start on the first
 * node of their pool with room for them, and a pool grows a node when none has. Room is counted with
 * each pod's footprint, Σ over its containers of max(request, peak usage): the most it can be
 * allocated at any sample (OpenCost's max(request, usage)), so a node's allocations never exceed its
 * capacity and idle (assets − allocations) is never negative. A node empty for a while goes away
 * (the autoscaler's scale-down-unneeded-time, NodePool.scaleDownMinutes), and a spot node is reclaimed after a few days: the
 * pods on it fail (evicted) and a Deployment's are replaced on another node.
 */

const DAY = 86_400_000
/** What the kubelet and system reserve of a node (EKS reserves about this much). */
const RESERVED = { cpu: 0.06, memory: 0.08 }

export interface NodePlan {
  id: number
  cluster: string
  pool: NodePool
  poolKind: PoolKind
  capacityType: CapacityType
  rates: ResourceRates
  name: string
  zone: string
  start: number
  /** null: up at the seed's now. */
  end: number | null
  /** The DaemonSets' pods on it, planned with the node. */
  daemonPods: PodPlan[]
  /** Room left for other pods, and what is on it now. */
  freeCpuM: number
  freeMemoryMib: number
  freeGpus: number
  active: { end: number; cpuM: number; memoryMib: number; gpus: number }[]
  busyUntil: number
}

/** The most a pod can be allocated at one sample: Σ max(request, peak) over its containers. */
export function footprintOf(containers: readonly ContainerPlan[]) {
  let cpuM = 0
  let memoryMib = 0
  let gpus = 0
  for (const c of containers) {
    cpuM += Math.ceil(c.cpuM * Math.max(1, c.cpuPeak))
    memoryMib += Math.ceil(c.memoryMib * Math.max(1, c.memoryPeak))
    gpus += c.gpus
  }
  return { cpuM, memoryMib, gpus }
}

const HEX = '0123456789abcdef'
const ALNUM = 'bcdfghjklmnpqrstvwxz2456789'
const chars = (prng: Prng, n: number, alphabet: string) =>
  Array.from({ length: n }, () => alphabet.charAt(prng.int(0, alphabet.length - 1))).join('')

/**
 * Places the pods of one cluster (sorted by start) on nodes it creates; returns the nodes and every
 * pod, the DaemonSets' and the replacements included. `daemonSetWorkload` gives a DaemonSet's
 * workload id.
 */
export function placePods(
  prng: Prng,
  spec: ClusterSpec,
  planned: PodPlan[],
  now: number,
  firstNodeId: number,
  daemonSetWorkload: (name: string) => number,
): { nodes: NodePlan[]; pods: PodPlan[] } {
  const nodes: NodePlan[] = []
  const names = new Set<string>()
  const groupIds = new Map<string, string>()
  const queue = [...planned].sort((a, b) => a.start - b.start)
  const placed: PodPlan[] = []

  const nodeName = (pool: NodePool, zone: string, zoneIndex: number): string => {
    for (;;) {
      const name =
        spec.flavour === 'eks'
          ? `ip-10-0-${zoneIndex * 32 + prng.int(0, 31)}-${prng.int(1, 254)}.ec2.internal`
          : `gke-${spec.uid.replace(/^k8s-/, '')}-${pool.name}-${groupId(pool, zone)}-${chars(prng, 4, ALNUM)}`
      if (!names.has(name)) {
        names.add(name)
        return name
      }
    }
  }
  // GKE names a node after its pool's instance group in the zone: one id per pool and zone.
  const groupId = (pool: NodePool, zone: string) => {
    const key = `${pool.name}/${zone}`
    if (!groupIds.has(key)) groupIds.set(key, chars(prng, 8, HEX))
    return groupIds.get(key)!
  }

  const addNode = (pod: PodPlan, at: number): NodePlan => {
    const pool = spec.pools[pod.pool]
    const capacityType: CapacityType = pod.spotOk && prng.chance(pool.spotShare) ? 'spot' : 'on-demand'
    const zoneIndex = prng.int(0, spec.zones.length - 1)
    const zone = spec.zones[zoneIndex]!
    const start = at - SAMPLE_MS
    // A spot node is reclaimed after some days (exponential, mean 6 days; at least an hour).
    const reclaimed =
      capacityType === 'spot'
        ? start + Math.max(12, Math.round((-Math.log(1 - prng.next()) * 6 * DAY) / SAMPLE_MS)) * SAMPLE_MS
        : null
    const node: NodePlan = {
      id: firstNodeId + nodes.length,
      cluster: spec.uid,
      pool,
      poolKind: pod.pool,
      capacityType,
      rates: DEFAULT_RATES[capacityType],
      name: nodeName(pool, zone, zoneIndex),
      zone,
      start,
      end: reclaimed !== null && reclaimed < now ? reclaimed : null,
      daemonPods: [],
      freeCpuM: Math.floor(pool.instance.cores * 1000 * (1 - RESERVED.cpu)),
      freeMemoryMib: Math.floor(pool.instance.memoryGb * 1024 * (1 - RESERVED.memory)),
      freeGpus: pool.instance.gpus,
      active: [],
      busyUntil: start,
    }
    for (const [, name, cpuM, memoryMib] of spec.daemonSets) {
      const containers = [usageOf(prng, cpuM, memoryMib, 0, name)]
      const need = footprintOf(containers)
      node.freeCpuM -= need.cpuM
      node.freeMemoryMib -= need.memoryMib
      node.daemonPods.push({
        workload: daemonSetWorkload(name),
        cluster: spec.uid,
        pool: pod.pool,
        spotOk: true,
        replaceable: false,
        profile: 'steady',
        name: `${name}-${chars(prng, 5, ALNUM)}`,
        start,
        end: node.end,
        containers,
        node: node.id,
      })
    }
    nodes.push(node)
    return node
  }

  // Whether the node is up at t: not reclaimed, not scaled down (marked so when first seen empty).
  const upAt = (node: NodePlan, t: number): boolean => {
    if (node.end !== null && node.end <= t) return false
    node.active = node.active.filter((p) => {
      if (p.end > t) return true
      node.freeCpuM += p.cpuM
      node.freeMemoryMib += p.memoryMib
      node.freeGpus += p.gpus
      return false
    })
    const unneeded = node.busyUntil + node.pool.scaleDownMinutes * 60_000
    if (node.active.length === 0 && unneeded < t) {
      node.end = unneeded
      return false
    }
    return true
  }

  for (let i = 0; i < queue.length; i++) {
    const pod = queue[i]!
    const need = footprintOf(pod.containers)
    const fits = (n: NodePlan) =>
      n.poolKind === pod.pool &&
      (pod.spotOk || n.capacityType === 'on-demand') &&
      upAt(n, pod.start) &&
      n.freeCpuM >= need.cpuM &&
      n.freeMemoryMib >= need.memoryMib &&
      n.freeGpus >= need.gpus
    const node = nodes.find(fits) ?? addNode(pod, pod.start)
    if (!fits(node)) throw new Error(`kubernetes seed: ${pod.name} fits no new ${pod.pool} node`)
    pod.node = node.id
    // Reclaimed under the pod: it fails there; a Deployment's is replaced a sample later.
    if (node.end !== null && (pod.end === null || pod.end > node.end)) {
      const rest = pod.end
      pod.end = node.end
      pod.phase = 'Failed'
      if (pod.replaceable && node.end + SAMPLE_MS < (rest ?? now)) {
        const replacement: PodPlan = {
          ...pod,
          name: pod.name.replace(/-[^-]+$/, `-${chars(prng, 5, ALNUM)}`),
          start: node.end + SAMPLE_MS,
          end: rest,
          node: undefined,
          phase: undefined,
        }
        // Into the queue in start order, after what is already there at that start.
        let at = i + 1
        while (at < queue.length && queue[at]!.start <= replacement.start) at++
        queue.splice(at, 0, replacement)
      }
    }
    const end = pod.end ?? Number.POSITIVE_INFINITY
    node.active.push({ end, ...need })
    node.freeCpuM -= need.cpuM
    node.freeMemoryMib -= need.memoryMib
    node.freeGpus -= need.gpus
    node.busyUntil = Math.max(node.busyUntil, end)
    placed.push(pod)
  }
  // Empty nodes at the end scaled down as the autoscaler would have; the DaemonSets' pods end with them.
  for (const node of nodes) {
    // (A spot node left empty goes too, before it would have been reclaimed.)
    const unneeded = node.busyUntil + node.pool.scaleDownMinutes * 60_000
    if (unneeded < (node.end ?? now)) node.end = unneeded
    for (const ds of node.daemonPods) ds.end = node.end
  }
  return { nodes, pods: [...placed, ...nodes.flatMap((n) => n.daemonPods)] }
}
