import type { Db } from '../open-database.ts'
import { RowInserter } from './bulk-insert.ts'
import type { Prng } from './prng.ts'

/*
 * Container log lines for the K8S clusters (issue 23, /kubernetes/osd_logs), drawn after the pods and
 * their hours (seed/kubernetes.ts) from what those tables hold, with a generator of their own
 * (seed + KUBERNETES_LOGS_PRNG_OFFSET), so no other table's rows change. A sample, not every line a
 * container would write: a few lines per pod-hour, by what the workload is —
 * - web Deployments: logfmt request lines (4xx WARN, 5xx ERROR), slow requests, cache DEBUG, and
 *   their istio-proxy sidecar's access lines; ingress-nginx: nginx access lines;
 * - other Deployments and StatefulSets: reconcile, checkpoint and compaction lines; the JVM ones
 *   (OpenSearch, Kafka Connect) G1 pause lines;
 * - CronJobs and Jobs: start, batches, finish; Spark drivers and executors: Spark's own lines;
 * - DaemonSets (fluent-bit, node-exporter, kube-proxy …): a line now and then.
 * Tied to what happened: a pod-hour whose stored memory peak came within 15 % of the pod's limits
 * writes a memory-pressure WARN with that peak; a pod that Failed (its spot node went away) writes
 * SIGTERM and an ERROR at its end. The seed has no OOM kill (memory peaks stay under the limits by
 * construction, seed/kubernetes-pods.ts usageOf), so no line claims one.
 *
 * Stored as a template and parameters (schema.sql k8s_log_lines). Measured 2026-11-28: see README.
 */

export const KUBERNETES_LOGS_PRNG_OFFSET = 47

export const LOG_LEVELS = { DEBUG: 0, INFO: 1, WARN: 2, ERROR: 3 } as const
type Level = keyof typeof LOG_LEVELS

/** Every template: its level and printf format (%s per parameter). The id is the index + 1. */
const TEMPLATES = {
  httpOk: ['INFO', 'level=info msg="request completed" method=%s path=%s status=%s duration_ms=%s'],
  httpClient: ['WARN', 'level=warn msg="request rejected" method=%s path=%s status=%s duration_ms=%s'],
  httpServer: [
    'ERROR',
    'level=error msg="request failed" method=%s path=%s status=%s duration_ms=%s error="%s"',
  ],
  slow: ['WARN', 'level=warn msg="slow request" method=%s path=%s duration_ms=%s threshold_ms=500'],
  cache: ['DEBUG', 'level=debug msg="cache lookup" key=%s hit=%s'],
  envoy: ['INFO', '"%s %s HTTP/1.1" %s via_upstream bytes_sent=%s duration=%sms'],
  nginx: ['INFO', '%s - - "%s %s HTTP/1.1" %s %s "-" "Mozilla/5.0"'],
  nginxError: [
    'ERROR',
    '%s - - "%s %s HTTP/1.1" 502 %s "-" "Mozilla/5.0" upstream prematurely closed connection',
  ],
  start: ['INFO', 'starting %s version=%s pid=1 listen=:%s'],
  reconcile: ['INFO', 'reconcile loop finished in %sms objects=%s'],
  watch: ['DEBUG', 'watch event %s %s/%s'],
  retry: ['WARN', 'retrying request to %s after %sms: connection reset by peer'],
  checkpoint: ['INFO', 'checkpoint complete: wrote %s buffers, took %s ms'],
  compaction: ['INFO', 'compaction finished: %s segments merged into 1 (%s MiB) in %s ms'],
  lag: ['WARN', 'replica %s is %s ms behind the leader'],
  gc: ['INFO', '[gc] GC(%s) Pause Young (Normal) (G1 Evacuation Pause) %sM->%sM(%sM) %sms'],
  gcLong: ['WARN', '[gc] GC(%s) Pause Full (G1 Compaction Pause) %sM->%sM(%sM) %sms'],
  memory: ['WARN', "memory usage %s MiB is %s%% of the pod's %s MiB limit"],
  sigterm: ['WARN', 'received SIGTERM, shutting down (grace period %s s)'],
  killed: ['ERROR', 'terminated before completion: %s in-flight requests dropped, node %s going away'],
  jobStart: ['INFO', 'starting %s run (scheduled %s)'],
  batch: ['INFO', 'processed batch %s: %s records in %s ms'],
  batchRetry: ['WARN', 'batch %s: %s records rejected, retrying'],
  jobDone: ['INFO', '%s run finished: %s records in %s s, exit code 0'],
  jobKilled: ['ERROR', '%s run interrupted at batch %s: received SIGTERM, exit code 143'],
  sparkStart: ['INFO', 'SparkContext: Running Spark version 3.5.1, app %s'],
  sparkStage: ['INFO', 'DAGScheduler: Job %s finished: save at %s.scala:%s, took %s s'],
  sparkTasks: ['INFO', 'TaskSchedulerImpl: Adding task set %s.0 with %s tasks resource profile 0'],
  sparkTask: ['INFO', 'Executor: Finished task %s.0 in stage %s.0 (TID %s). %s bytes result sent to driver'],
  sparkShuffle: [
    'INFO',
    'ShuffleBlockFetcherIterator: Getting %s (%s MiB) non-empty blocks including %s local',
  ],
  sparkSpill: ['WARN', 'TaskMemoryManager: Failed to allocate a page (%s bytes), try again.'],
  sparkDebug: ['DEBUG', 'BlockManager: Put block rdd_%s_%s locally took %s ms'],
  daemon: ['INFO', '[output:es:es.0] flushed %s records (%s KiB) to %s'],
  daemonDebug: ['DEBUG', 'scrape of %s finished in %sms'],
} as const satisfies Record<string, readonly [Level, string]>
type Template = keyof typeof TEMPLATES
const TEMPLATE_IDS = Object.fromEntries(Object.keys(TEMPLATES).map((k, i) => [k, i + 1])) as Record<
  Template,
  number
>

const HOUR = 3_600_000
/**
 * The share of a pod's routine lines (requests, batches, reconciles, GC, Spark tasks) the sample
 * keeps; the lines tied to what happened (start, memory pressure, SIGTERM, failure) are all kept.
 * Half: at the large scale 7 days then hold about 100,000 lines, so a week's text search reads half
 * the newest-200,000 cap, and the lines weigh about 20 MB instead of 41 (issue 18's file budget).
 */
const SAMPLED_SHARE = 0.5
const PATHS = [
  '/api/v1/orders',
  '/api/v1/orders/{id}',
  '/api/v1/cart',
  '/api/v1/payments',
  '/api/v1/search',
  '/api/v1/prices',
  '/healthz',
  '/readyz',
  '/api/v1/users/{id}',
  '/api/v1/ledger/entries',
]
const METHODS = ['GET', 'GET', 'GET', 'GET', 'POST', 'POST', 'PUT', 'DELETE']
const ERRORS = ['upstream timeout', 'connection refused', 'context deadline exceeded', 'database is locked']
const UPSTREAMS = ['payments-postgres:5432', 'checkout-redis:6379', 'opensearch-data:9200', 'kafka:9092']
const JVM = /opensearch|kafka|spark/

interface PodRow {
  id: number
  name: string
  kind: string
  workload: string
  phase: string
  start: number
  end: number | null
  node: string
  sidecar: number
  memoryLimitMib: number | null
}

interface Line {
  ts: number
  pod: number
  container: number
  template: Template
  params: readonly (string | number)[]
}

/** Seeds k8s_log_templates, k8s_log_containers, k8s_log_lines and k8s_log_hours; returns the lines written. */
export function seedKubernetesLogs(db: Db, prng: Prng, now: number): number {
  const pods = new Map<number, PodRow>()
  for (const p of db
    .prepare(
      `SELECT p.id, p.name, w.kind, w.name AS workload, p.phase, p.start_time AS start, p.end_time AS "end",
         nd.name AS node,
         (SELECT count(*) FROM k8s_containers c WHERE c.pod_id = p.id AND c.name = 'istio-proxy') AS sidecar,
         (SELECT sum(c.memory_limit_mib) FROM k8s_containers c WHERE c.pod_id = p.id) AS memoryLimitMib
       FROM k8s_pods p JOIN k8s_workloads w ON w.id = p.workload_id JOIN k8s_nodes nd ON nd.id = p.node_id`,
    )
    .all() as PodRow[])
    pods.set(p.id, p)
  const containers = new Map<string, number>()
  const containerId = (name: string) => {
    let id = containers.get(name)
    if (id === undefined) containers.set(name, (id = containers.size + 1))
    return id
  }
  const mainContainer = (pod: PodRow) =>
    pod.kind === 'SparkApplication'
      ? pod.name.endsWith('-driver')
        ? 'spark-kubernetes-driver'
        : 'spark-kubernetes-executor'
      : pod.workload

  const rows = new RowInserter(db, 'k8s_log_lines', [
    'ts',
    'pod_id',
    'seq',
    'container_id',
    'level',
    'template_id',
    'p1',
    'p2',
    'p3',
    'p4',
    'p5',
  ])
  let written = 0
  const linesByHour = new Map<number, number>()
  db.transaction(() => {
    let hourLines: Line[] = []
    let currentHour = -1
    const flushHour = () => {
      hourLines.sort((a, b) => a.ts - b.ts || a.pod - b.pod)
      // seq orders a pod's lines of one millisecond (rare): unique with the time and the pod. Sorted,
      // such lines are next to each other (the sort is stable), so the previous line tells the seq.
      let [previousTs, previousPod, seq] = [-1, -1, 0]
      for (const line of hourLines) {
        seq = line.ts === previousTs && line.pod === previousPod ? seq + 1 : 0
        previousTs = line.ts
        previousPod = line.pod
        const [level] = TEMPLATES[line.template]
        const p = line.params
        rows.push(
          line.ts,
          line.pod,
          seq,
          line.container,
          LOG_LEVELS[level],
          TEMPLATE_IDS[line.template],
          p[0] ?? null,
          p[1] ?? null,
          p[2] ?? null,
          p[3] ?? null,
          p[4] ?? null,
        )
        written++
        const lineHour = line.ts - (line.ts % HOUR)
        linesByHour.set(lineHour, (linesByHour.get(lineHour) ?? 0) + 1)
      }
      hourLines = []
    }

    // Read whole before writing (a connection cannot write while it iterates): [ts, pod, memory peak].
    const hours = db
      .prepare('SELECT ts, pod_id, mem_peak_mib FROM k8s_pod_hours ORDER BY ts, pod_id')
      .raw()
      .all() as [number, number, number][]
    for (const [ts, podId, memPeak] of hours) {
      const hour = { ts, pod: podId, memPeak }
      if (hour.ts !== currentHour) {
        flushHour()
        currentHour = hour.ts
      }
      const pod = pods.get(hour.pod)
      if (!pod) continue
      const from = Math.max(hour.ts, pod.start)
      const to = Math.min(hour.ts + HOUR, pod.end ?? now, now)
      if (to <= from) continue
      const at = () => from + Math.floor(prng.next() * (to - from))
      // Every line inside the part of the hour the pod was up (a start or end line near its edge too).
      const push = (container: string, template: Template, params: readonly (string | number)[], ts = at()) =>
        hourLines.push({
          ts: Math.min(Math.max(ts, from), to - 1),
          pod: pod.id,
          container: containerId(container),
          template,
          params,
        })
      const main = mainContainer(pod)
      const share = ((to - from) / HOUR) * SAMPLED_SHARE
      if (pod.start >= hour.ts) podStart(prng, pod, main, push)
      podHour(prng, pod, main, share, push)
      if (pod.memoryLimitMib && hour.memPeak >= 0.85 * pod.memoryLimitMib)
        push(main, 'memory', [
          hour.memPeak,
          Math.round((100 * hour.memPeak) / pod.memoryLimitMib),
          pod.memoryLimitMib,
        ])
      if (pod.end !== null && pod.end > hour.ts && pod.end <= hour.ts + HOUR) podEnd(prng, pod, main, push)
    }
    flushHour()
    rows.flush()
  })()

  const insertTemplate = db.prepare('INSERT INTO k8s_log_templates (id, level, format) VALUES (?, ?, ?)')
  const insertContainer = db.prepare('INSERT INTO k8s_log_containers (id, name) VALUES (?, ?)')
  const insertHour = db.prepare('INSERT INTO k8s_log_hours (hour, lines) VALUES (?, ?)')
  db.transaction(() => {
    for (const [key, [level, format]] of Object.entries(TEMPLATES))
      insertTemplate.run(TEMPLATE_IDS[key as Template], LOG_LEVELS[level], format)
    for (const [name, id] of containers) insertContainer.run(id, name)
    for (const hour of [...linesByHour.keys()].sort((x, y) => x - y))
      insertHour.run(hour, linesByHour.get(hour)!)
  })()
  return written
}

type Push = (container: string, template: Template, params: readonly (string | number)[], ts?: number) => void

/** A count drawn around `mean` for the part of the hour the pod was up (at least the whole part). */
const countOf = (prng: Prng, mean: number, share: number) => {
  const expected = mean * share
  return Math.floor(expected) + (prng.chance(expected - Math.floor(expected)) ? 1 : 0)
}
const ip = (prng: Prng) => `10.${prng.int(0, 3)}.${prng.int(0, 255)}.${prng.int(2, 254)}`
const path = (prng: Prng) => prng.pick(PATHS).replace('{id}', String(prng.int(1000, 99999)))
/** A request's method and path: probes are GETs. */
const request = (prng: Prng): [string, string] => {
  const where = path(prng)
  return [where.endsWith('z') ? 'GET' : prng.pick(METHODS), where]
}

function podStart(prng: Prng, pod: PodRow, main: string, push: Push) {
  const ts = pod.start + prng.int(500, 9000)
  if (pod.kind === 'SparkApplication') {
    if (pod.name.endsWith('-driver')) push(main, 'sparkStart', [pod.workload], ts)
  } else if (pod.kind === 'CronJob' || pod.kind === 'Job')
    push(main, 'jobStart', [pod.workload, new Date(pod.start).toISOString().slice(0, 16) + 'Z'], ts)
  else if (pod.kind !== 'DaemonSet')
    push(
      main,
      'start',
      [pod.workload, `1.${prng.int(4, 19)}.${prng.int(0, 9)}`, prng.pick([8080, 8080, 9090, 5432, 6379])],
      ts,
    )
}

function podHour(prng: Prng, pod: PodRow, main: string, share: number, push: Push) {
  switch (pod.kind) {
    case 'Deployment':
      if (pod.workload === 'ingress-nginx-controller') return nginxLines(prng, main, share, push)
      if (pod.sidecar) return serviceLines(prng, main, share, push)
      return controllerLines(prng, main, share, push)
    case 'StatefulSet':
      return statefulLines(prng, pod, main, share, push)
    case 'CronJob':
    case 'Job':
      for (let i = countOf(prng, 3, share); i > 0; i--)
        if (prng.chance(0.06)) push(main, 'batchRetry', [prng.int(1, 400), prng.int(1, 40)])
        else push(main, 'batch', [prng.int(1, 400), prng.int(500, 50_000), prng.int(80, 9000)])
      return
    case 'SparkApplication':
      return sparkLines(prng, pod, main, share, push)
    default:
      // DaemonSets: a line now and then.
      if (prng.chance(0.5 * share))
        if (pod.workload.includes('fluent'))
          push(main, 'daemon', [prng.int(50, 5000), prng.int(20, 4000), 'opensearch-logs:9200'])
        else push(main, 'daemonDebug', [prng.pick(['kubelet', 'cadvisor', 'node']), prng.int(3, 90)])
  }
}

function serviceLines(prng: Prng, main: string, share: number, push: Push) {
  for (let i = countOf(prng, 4, share); i > 0; i--) {
    const [method, where] = request(prng)
    const roll = prng.next()
    const ms = Math.round(5 + 120 * -Math.log(1 - prng.next() * 0.999))
    if (roll < 0.03)
      push(main, 'httpServer', [method, where, prng.pick([500, 502, 503, 504]), ms + 1000, prng.pick(ERRORS)])
    else if (roll < 0.1) push(main, 'httpClient', [method, where, prng.pick([400, 401, 404, 409, 429]), ms])
    else if (ms > 500) push(main, 'slow', [method, where, ms])
    else push(main, 'httpOk', [method, where, prng.pick([200, 200, 200, 201, 204]), ms])
  }
  if (prng.chance(0.6 * share))
    push(main, 'cache', [
      `${prng.pick(['cart', 'price', 'user', 'order'])}:${prng.int(1000, 99999)}`,
      prng.chance(0.8) ? 'true' : 'false',
    ])
  if (prng.chance(0.8 * share)) {
    const status = prng.chance(0.95) ? 200 : 503
    push('istio-proxy', 'envoy', [...request(prng), status, prng.int(80, 40_000), prng.int(2, 400)])
  }
}

function nginxLines(prng: Prng, main: string, share: number, push: Push) {
  for (let i = countOf(prng, 6, share); i > 0; i--) {
    if (prng.chance(0.03)) push(main, 'nginxError', [ip(prng), ...request(prng), prng.int(150, 600)])
    else
      push(main, 'nginx', [
        ip(prng),
        ...request(prng),
        prng.pick([200, 200, 200, 304, 404]),
        prng.int(120, 80_000),
      ])
  }
}

function controllerLines(prng: Prng, main: string, share: number, push: Push) {
  for (let i = countOf(prng, 2, share); i > 0; i--) {
    const roll = prng.next()
    if (roll < 0.05)
      push(main, 'retry', [
        prng.pick(['kube-apiserver:443', ...UPSTREAMS]),
        prng.pick([100, 200, 400, 800, 1600]),
      ])
    else if (roll < 0.35)
      push(main, 'watch', [
        prng.pick(['ADDED', 'MODIFIED', 'DELETED']),
        prng.pick(['pods', 'nodes', 'endpoints']),
        prng.int(1, 9999),
      ])
    else push(main, 'reconcile', [prng.int(2, 900), prng.int(10, 4000)])
  }
}

function statefulLines(prng: Prng, pod: PodRow, main: string, share: number, push: Push) {
  const jvm = JVM.test(pod.workload)
  for (let i = countOf(prng, 3, share); i > 0; i--) {
    const roll = prng.next()
    if (jvm && roll < 0.4) {
      const heap = prng.pick([4096, 8192, 16384])
      const before = prng.int(heap / 2, heap)
      if (prng.chance(0.03))
        push(main, 'gcLong', [
          prng.int(100, 99_999),
          before,
          prng.int(heap / 8, heap / 4),
          heap,
          prng.int(800, 4000),
        ])
      else
        push(main, 'gc', [prng.int(100, 99_999), before, prng.int(heap / 8, before), heap, prng.int(3, 60)])
    } else if (roll < 0.5) push(main, 'checkpoint', [prng.int(100, 90_000), prng.int(300, 30_000)])
    else if (roll < 0.92)
      push(main, 'compaction', [prng.int(2, 12), prng.int(16, 4096), prng.int(50, 20_000)])
    else push(main, 'lag', [`${pod.workload}-${prng.int(0, 2)}`, prng.int(100, 15_000)])
  }
}

function sparkLines(prng: Prng, pod: PodRow, main: string, share: number, push: Push) {
  const driver = pod.name.endsWith('-driver')
  for (let i = countOf(prng, driver ? 6 : 5, share); i > 0; i--) {
    const stage = prng.int(0, 40)
    const roll = prng.next()
    if (driver)
      if (roll < 0.5) push(main, 'sparkTasks', [stage, prng.pick([200, 400, 800, 1600])])
      else
        push(main, 'sparkStage', [
          prng.int(0, 30),
          pod.workload.replace(/-/g, '_'),
          prng.int(20, 400),
          (prng.int(200, 600_000) / 1000).toFixed(3),
        ])
    else if (roll < 0.55)
      push(main, 'sparkTask', [prng.int(0, 1600), stage, prng.int(0, 90_000), prng.int(1500, 9000)])
    else if (roll < 0.8) push(main, 'sparkShuffle', [prng.int(10, 800), prng.int(1, 2048), prng.int(0, 50)])
    else if (roll < 0.9) push(main, 'sparkSpill', [prng.pick([67108864, 134217728, 268435456])])
    else if (roll < 0.95)
      push(main, 'gc', [
        prng.int(10, 9999),
        prng.int(2000, 6000),
        prng.int(500, 2000),
        7168,
        prng.int(5, 120),
      ])
    else push(main, 'sparkDebug', [prng.int(1, 99), prng.int(0, 400), prng.int(1, 90)])
  }
}

function podEnd(prng: Prng, pod: PodRow, main: string, push: Push) {
  const end = pod.end!
  const failed = pod.phase === 'Failed'
  const batch = pod.kind === 'CronJob' || pod.kind === 'Job'
  if (failed) {
    push(main, 'sigterm', [30], end - prng.int(20_000, 30_000))
    if (batch) push(main, 'jobKilled', [pod.workload, prng.int(1, 400)], end - prng.int(100, 2000))
    else push(main, 'killed', [prng.int(0, 40), pod.node], end - prng.int(100, 2000))
  } else if (batch)
    push(
      main,
      'jobDone',
      [pod.workload, prng.int(10_000, 5_000_000), Math.round((end - pod.start) / 1000)],
      end - prng.int(100, 5000),
    )
  else if (pod.kind !== 'SparkApplication' && pod.kind !== 'DaemonSet')
    push(main, 'sigterm', [30], end - prng.int(1000, 30_000))
}
