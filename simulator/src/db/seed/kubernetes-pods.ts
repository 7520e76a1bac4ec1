import type { NamespaceSpec, PoolKind, Profile, WorkloadKind, WorkloadSpec } from './kubernetes-catalogue.ts'
import type { Prng } from './prng.ts'

/*
 * The pods of each workload over the history, before they are placed on nodes: when each starts and
 * ends (on the 5-minute sample grid), its name as Kubernetes would give it, its containers' requests,
 * limits and usage profile. Deployments roll out every few days (new ReplicaSet hash, new pods),
 * StatefulSets restart now and then under the same names, CronJobs and Spark applications run on
 * their schedules, training Jobs now and then.
 */

export const SAMPLE_MS = 5 * 60_000
const HOUR = 3_600_000
const DAY = 24 * HOUR

export interface ContainerPlan {
  name: string
  cpuM: number
  memoryMib: number
  gpus: number
  cpuLimitM: number | null
  memoryLimitMib: number | null
  /** Mean usage as a share of the request, and the most a sample may reach (≤ the limit). */
  cpuLevel: number
  cpuPeak: number
  memoryLevel: number
  memoryPeak: number
}

export interface PodPlan {
  workload: number
  cluster: string
  pool: PoolKind
  /** Stateful pods stay off spot nodes. */
  spotOk: boolean
  /** A Deployment's pod: replaced when a spot node goes away under it. */
  replaceable: boolean
  profile: Profile
  name: string
  start: number
  /** null: running at the seed's now. */
  end: number | null
  containers: ContainerPlan[]
  /** Set by placement: the node, and Failed when a spot node went away under it. */
  node?: number
  phase?: 'Running' | 'Succeeded' | 'Failed'
}

export interface WorkloadPlan {
  id: number
  namespace: number
  kind: WorkloadKind
  name: string
  app: string
  createdAt: number
}

const ALNUM = 'bcdfghjklmnpqrstvwxz2456789'
const HEX = '0123456789abcdef'
const suffix = (prng: Prng, n: number, alphabet = ALNUM) =>
  Array.from({ length: n }, () => alphabet.charAt(prng.int(0, alphabet.length - 1))).join('')
const onGrid = (t: number) => Math.floor(t / SAMPLE_MS) * SAMPLE_MS
const between = (prng: Prng, low: number, high: number) => low + prng.next() * (high - low)

/**
 * A container's usage profile. About half are chronically over-requested (the right-sizing finds
 * them), a tenth run over their request up to their limit, the rest are about right.
 */
export function usageOf(
  prng: Prng,
  cpuM: number,
  memoryMib: number,
  gpus: number,
  name: string,
): ContainerPlan {
  const roll = prng.next()
  const hot = roll < 0.1
  const idle = roll >= 0.1 && roll < 0.6
  const cpuLevel = hot ? between(prng, 0.8, 1.05) : idle ? between(prng, 0.06, 0.3) : between(prng, 0.4, 0.75)
  const memoryLevel = hot
    ? between(prng, 0.85, 1.1)
    : idle
      ? between(prng, 0.2, 0.45)
      : between(prng, 0.5, 0.85)
  const cpuLimitM = hot ? cpuM * 2 : prng.chance(0.4) ? null : Math.round(cpuM * 1.5)
  const memoryLimitMib = hot ? Math.round(memoryMib * 1.5) : memoryMib
  return {
    name,
    cpuM,
    memoryMib,
    gpus,
    cpuLimitM,
    memoryLimitMib,
    cpuLevel,
    // The most a sample reaches: the level's swing, capped at the CPU limit (throttled) …
    cpuPeak: Math.min(cpuLevel * 1.9, (cpuLimitM ?? cpuM * 3) / cpuM),
    memoryLevel,
    // … and memory below its limit (over it the container would be OOM-killed).
    memoryPeak: Math.min(memoryLevel * 1.15, memoryLimitMib / memoryMib),
  }
}

const SIDECAR: [string, number, number] = ['istio-proxy', 100, 128]

export interface PodFactoryInput {
  prng: Prng
  cluster: string
  workload: WorkloadPlan
  spec: WorkloadSpec
  from: number
  now: number
  replicaFactor: number
  runFactor: number
}

/** Every pod of one workload whose life meets [from, now). */
export function podsOf(input: PodFactoryInput): PodPlan[] {
  const { prng, spec, workload, cluster, from, now } = input
  const pods: PodPlan[] = []
  const containersFor = () => {
    const main = usageOf(prng, spec.cpuM, spec.memoryMib, spec.gpus ?? 0, spec.name)
    return spec.sidecar ? [main, usageOf(prng, SIDECAR[1], SIDECAR[2], 0, SIDECAR[0])] : [main]
  }
  const pod = (name: string, start: number, end: number | null, containers = containersFor()) =>
    pods.push({
      workload: workload.id,
      cluster,
      pool: spec.pool,
      spotOk: spec.kind !== 'StatefulSet' && spec.pool !== 'gpu',
      replaceable: spec.kind === 'Deployment',
      profile: spec.profile,
      name,
      start: onGrid(start),
      end: end === null || end >= now ? null : Math.max(onGrid(end), onGrid(start) + SAMPLE_MS),
      containers,
    })
  // A Spark application's executors grow less with the company than a service's replicas.
  const factor = spec.kind === 'SparkApplication' ? Math.min(input.replicaFactor, 1.5) : input.replicaFactor
  const replicas = Math.max(1, Math.round(spec.replicas * factor))
  if (spec.kind === 'Deployment' || spec.kind === 'StatefulSet') {
    // Roll-outs every 1-6 days for a Deployment (new ReplicaSet, new names), rolling restarts every
    // 5-15 days for a StatefulSet (the same ordinal names).
    const [low, high] = spec.kind === 'Deployment' ? [1, 6] : [5, 15]
    let at = from - between(prng, 0, high) * DAY
    while (at < now) {
      const next = at + between(prng, low, high) * DAY
      const hash = suffix(prng, 10, ALNUM)
      for (let r = 0; r < replicas; r++) {
        const name =
          spec.kind === 'Deployment' ? `${spec.name}-${hash}-${suffix(prng, 5)}` : `${spec.name}-${r}`
        pod(name, at + r * SAMPLE_MS, next + r * SAMPLE_MS)
      }
      at = next
    }
    return pods.filter((p) => p.end === null || p.end > from)
  }
  // Runs on a schedule: more often at the bigger scales (runFactor), never more than every 15 minutes.
  const every = Math.max(15 * 60_000, onGrid(((spec.everyHours ?? 24) * HOUR) / input.runFactor))
  const [minMinutes, maxMinutes] = spec.runMinutes ?? [10, 30]
  const first = Math.ceil(from / every) * every + prng.int(0, 5) * SAMPLE_MS
  for (let at = first; at < now; at += every) {
    // A Job runs now and then rather than like clockwork.
    if (spec.kind === 'Job' && prng.chance(0.4)) continue
    const end = at + between(prng, minMinutes, maxMinutes) * 60_000
    if (spec.kind === 'SparkApplication') {
      const id = suffix(prng, 16, HEX)
      pod(`${spec.name}-${id}-driver`, at, end, [usageOf(prng, 1000, 4096, 0, 'spark-kubernetes-driver')])
      for (let e = 1; e <= replicas; e++) pod(`${spec.name}-${id}-exec-${e}`, at + SAMPLE_MS, end)
    } else if (spec.kind === 'CronJob') {
      // A CronJob's Job is named by its scheduled minute since the epoch, its pod by a suffix.
      pod(`${spec.name}-${Math.floor(at / 60_000)}-${suffix(prng, 5)}`, at, end)
    } else pod(`${spec.name}-${suffix(prng, 5)}`, at, end)
  }
  return pods
}

/** The namespaces' workloads, numbered from `firstId`; `app` is the app label (the workload's name). */
export function workloadsOf(
  namespaces: readonly NamespaceSpec[],
  namespaceIds: readonly number[],
  firstId: number,
  createdAt: number,
): { plan: WorkloadPlan; spec: WorkloadSpec }[] {
  let id = firstId
  return namespaces.flatMap((ns, i) =>
    ns.workloads.map((spec) => ({
      plan: {
        id: id++,
        namespace: namespaceIds[i]!,
        kind: spec.kind,
        name: spec.name,
        app: spec.name,
        createdAt,
      },
      spec,
    })),
  )
}
