import { eventMask, type AppRow, type EventRow, type MadeApp, type TagRow } from './applications.ts'
import { SPARK_SERVICE_ACCOUNT } from './kubernetes-catalogue.ts'
import { allocationCost } from './kubernetes-costs.ts'
import type { KubernetesPlan } from './kubernetes.ts'
import type { NodePlan } from './kubernetes-placement.ts'
import type { PodPlan } from './kubernetes-pods.ts'
import type { Prng } from './prng.ts'

/*
 * The Kubernetes Spark applications as applications (issue 23: "/jobs/applications for Kubernetes
 * shows its Spark applications through the same list as other platforms"). Each run of a
 * SparkApplication workload the Kubernetes seed planned (a driver pod `<app>-<16 hex>-driver` and its
 * executor pods `<app>-<16 hex>-exec-<n>`, kubernetes-pods.ts) is one application, so a run the list
 * shows is the run whose pods Top X, the app metrics and the logs show:
 * - its start is the driver's, its end the driver's (running while the driver runs), its status F
 *   when the driver pod failed (its spot node was reclaimed under it), else S or R;
 * - its vcore- and memory-seconds are its pods' requests over their lives, and its cost those
 *   requests at their nodes' rates (OpenCost's prices, kubernetes-costs.ts). OpenCost allocates
 *   max(request, usage), so a workload's cost in Top X is at least the sum of its runs' costs here;
 * - "Memory Over-allocation" when its executors use under half the memory they request (what the
 *   app metrics' right-sizing finds too), "Executor GC Overhead" when they run near their limit;
 * - its user is the Spark operator's service account, its queue its namespace, its tags its
 *   namespace's team and env labels, its signature its workload's name (runs of one app group).
 * The figures the pods do not carry (bytes read, jobs, stages, tasks) are drawn from the caller's
 * generator, so every other application of the seed stays as it was.
 */

/** One run of a SparkApplication workload, as its pods were planned. */
export interface SparkRun {
  cluster: string
  namespace: { name: string; team: string; env: string }
  workload: string
  /** The run's 16 hex digits, as in its pods' names. */
  runId: string
  driver: PodPlan
  executors: PodPlan[]
}

/** The seed's offset of these applications' own generator (seed/index.ts). */
export const KUBERNETES_SPARK_APPS_PRNG_OFFSET = 41

const HEX = '0123456789abcdef'
const EXECUTOR = /^(.+)-exec-\d+$/
const DRIVER = /^(.+)-driver$/

/** The Spark applications' runs of a Kubernetes plan, in order of their drivers' start. */
export function sparkRuns(plan: KubernetesPlan): SparkRun[] {
  const namespaces = new Map(
    plan.namespaces.map(([id, , name, team, env]) => [
      id as number,
      { name: name as string, team: team as string, env: env as string },
    ]),
  )
  const spark = new Map(plan.workloads.filter((w) => w.kind === 'SparkApplication').map((w) => [w.id, w]))
  const runs = new Map<string, SparkRun>()
  const executors = new Map<string, PodPlan[]>()
  for (const pod of plan.pods) {
    const workload = spark.get(pod.workload)
    if (!workload) continue
    const driver = DRIVER.exec(pod.name)
    if (driver) {
      runs.set(driver[1]!, {
        cluster: pod.cluster,
        namespace: namespaces.get(workload.namespace)!,
        workload: workload.name,
        runId: driver[1]!.slice(workload.name.length + 1),
        driver: pod,
        executors: [],
      })
      continue
    }
    const executor = EXECUTOR.exec(pod.name)
    if (executor) executors.set(executor[1]!, [...(executors.get(executor[1]!) ?? []), pod])
  }
  for (const [prefix, pods] of executors) {
    const run = runs.get(prefix)
    if (run) run.executors = pods
  }
  return [...runs.values()].sort(
    (a, b) => a.driver.start - b.driver.start || (a.driver.name < b.driver.name ? -1 : 1),
  )
}

/** What a run's pods asked for over their lives, and its cost at their nodes' rates. */
export function runFigures(run: SparkRun, nodes: ReadonlyMap<number, NodePlan>, now: number) {
  let vcoreSeconds = 0
  let memorySeconds = 0
  let microDollars = 0
  for (const pod of [run.driver, ...run.executors]) {
    const seconds = Math.max(0, ((pod.end ?? now) - pod.start) / 1000)
    const rates = nodes.get(pod.node!)!.rates
    for (const c of pod.containers) {
      vcoreSeconds += (c.cpuM / 1000) * seconds
      memorySeconds += c.memoryMib * seconds
      const cost = allocationCost(
        {
          coreHours: ((c.cpuM / 1000) * seconds) / 3600,
          gbHours: ((c.memoryMib / 1024) * seconds) / 3600,
          gpuHours: (c.gpus * seconds) / 3600,
        },
        rates,
      )
      microDollars += cost.cpu + cost.ram + cost.gpu
    }
  }
  return {
    vcoreSeconds: Math.round(vcoreSeconds),
    memorySeconds: Math.round(memorySeconds),
    // µ$ to cents, the applications' unit.
    cents: Math.round(microDollars / 10_000),
  }
}

/** The mean of the executors' main containers' memory level (their usage as a share of the request). */
const executorMemoryLevel = (run: SparkRun): number => {
  const levels = run.executors.map((p) => p.containers[0]!.memoryLevel)
  return levels.length ? levels.reduce((a, b) => a + b, 0) / levels.length : 0
}

/** The run's application, its events and tags; `seq` its seed sequence (its rowid − 1). */
export function kubernetesSparkApp(
  prng: Prng,
  run: SparkRun,
  nodes: ReadonlyMap<number, NodePlan>,
  now: number,
): MadeApp {
  const start = run.driver.start
  const running = run.driver.end === null
  const duration = Math.max(1000, (run.driver.end ?? now) - start)
  const status = running ? 'R' : run.driver.phase === 'Failed' ? 'F' : 'S'
  const hex = Array.from({ length: 16 }, () => HEX.charAt(prng.int(0, 15))).join('')
  // Spark's application id on Kubernetes: "spark-" and a UUID's 32 hex digits.
  const id = `spark-${run.runId}${hex}`
  const figures = runFigures(run, nodes, now)
  const events: EventRow[] = []
  const memoryLevel = executorMemoryLevel(run)
  const event = (type: number, name: string, vt: string) =>
    events.push({ app_id: id, event_type: type, event_name: name, vt })
  if (run.executors.length && memoryLevel < 0.5) event(6, 'Memory Over-allocation', 'IA')
  if (memoryLevel > 0.85) event(3, 'Executor GC Overhead', 'SU')
  if (status === 'F') event(5, 'Application Failure', 'AF')
  const stages = prng.int(3, 40)
  const skipped = prng.int(0, Math.floor(stages / 5))
  const dfsRead = Math.round(Math.max(1, run.executors.length) * prng.int(256, 4096) * 2 ** 20)
  const driverNode = nodes.get(run.driver.node!)!
  const app: AppRow = {
    id,
    kind: 'spark',
    status,
    cluster_uid: run.cluster,
    cluster_type: 'K8S',
    user: SPARK_SERVICE_ACCOUNT,
    queue: run.namespace.name,
    name: run.workload,
    parent_id: null,
    start_time: start,
    finished_time: running ? null : start + duration,
    duration,
    vcore_seconds: figures.vcoreSeconds,
    memory_seconds: figures.memorySeconds,
    cents: figures.cents,
    // Spark on Kubernetes reads and writes object storage; the "DFS" figures are those bytes.
    dfs_read: dfsRead,
    dfs_written: Math.round(dfsRead * prng.next() * 0.4),
    num_events: events.length,
    inefficient: events.some((e) => e.event_type === 2 || e.event_type === 6) ? 1 : 0,
    event_mask: eventMask(events.map((e) => e.event_name)),
    map_tasks: '0/0/0',
    reduce_tasks: '0/0/0',
    num_jobs: prng.int(1, 12),
    num_stages: stages,
    num_completed_stages: status === 'S' ? stages - skipped : Math.max(0, stages - skipped - prng.int(1, 3)),
    num_skipped_stages: skipped,
    app_attempts: 1,
    task_count: stages * prng.int(50, 400),
    // Scheduling the driver pod and pulling its image, then tearing the executors down.
    setup_duration: prng.int(5_000, 60_000),
    cleanup_duration: prng.int(1_000, 10_000),
    sensor_enabled: prng.chance(0.7) ? 1 : 0,
    large_rdd: prng.chance(0.05) ? 1 : 0,
    input_tables: null,
    output_tables: null,
    diagnostics:
      status === 'F'
        ? `Driver pod ${run.driver.name} in namespace ${run.namespace.name} failed: its node ${driverNode.name} ` +
          `(${driverNode.capacityType}) was reclaimed at ${new Date(run.driver.end!).toISOString()}, and the ` +
          `driver exited with code 137. The Spark operator does not restart a failed SparkApplication ` +
          `(restartPolicy: Never).`
        : null,
    signature: run.workload,
    executed_by_unravel: 0,
  }
  const tags: TagRow[] = [
    { app_id: id, key: 'team', value: run.namespace.team },
    { app_id: id, key: 'env', value: run.namespace.env },
  ]
  return { app, events, tags }
}

/** Every Spark run of the plan as an application, drawn from `prng`. */
export function kubernetesSparkApps(prng: Prng, plan: KubernetesPlan, now: number): MadeApp[] {
  const nodes = new Map(plan.nodes.map((n) => [n.id, n]))
  return sparkRuns(plan).map((run) => kubernetesSparkApp(prng, run, nodes, now))
}
