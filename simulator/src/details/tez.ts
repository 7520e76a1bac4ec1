import type {
  FailureKind,
  TezApp,
  TezDag,
  TezDagSummary,
  TezEvent,
  TezHourAggregation,
  TezStatus,
  TezTask,
  TezVertex,
} from '@costlens/shared'
import { TEZ_STATUS_CODE } from '@costlens/shared'
import { failureKind } from './failure.ts'
import {
  appLife,
  appPrng,
  apportion,
  containerId,
  hasEvent,
  isRunning,
  randomSplit,
  taskCounts,
  workerHost,
  yarnIdParts,
  type DetailsRecord,
} from './record.ts'

/**
 * Tez details derived from the record (02 §7 Tez): one DAG (a Tez app's num_jobs is 1) of map
 * vertices then a chain of reducer vertices. The map vertices hold the record's map tasks and the
 * reducers its reduce tasks, in the states of its map_tasks and reduce_tasks columns
 * ('succeeded/killed/failed'), so the DAG's tasks add up to the app's taskCount. Everything lies
 * inside the app's life; the map vertices read its dfs_read bytes and the last vertex writes its
 * dfs_written. A running app's last vertex has tasks running and the rest scheduled.
 */

const HOUR = 3_600_000
/** Tez retries a task four times (tez.am.task.max.failed.attempts) before failing its vertex. */
export const TEZ_MAX_ATTEMPTS = 4

/** The Tez status a record's status code stands for (02 §4, read backwards). */
const DAG_STATUS_OF: Readonly<Record<string, TezStatus>> = {
  S: 'SUCCEEDED',
  F: 'FAILED',
  K: 'KILLED',
  R: 'RUNNING',
  P: 'SCHEDULED',
  W: 'SCHEDULED',
  // An unknown end: the AM went away and its tasks were killed with it.
  U: 'KILLED',
}

export interface TezDerivation {
  app: TezApp
  dag: TezDag
}

function idParts(app: DetailsRecord): { ts: string; seq: string } {
  return yarnIdParts(app) ?? { ts: '0', seq: String(app.id.length).padStart(6, '0') }
}

/** The id of the app's n-th DAG (dag_<ts>_<seq>_<n>). */
export function tezDagId(app: DetailsRecord, n = 1): string {
  const { ts, seq } = idParts(app)
  return `dag_${ts}_${seq}_${n}`
}

/** The application a DAG id belongs to (application_<ts>_<seq>), or null for a malformed id. */
export function appIdOfDag(dagId: string): string | null {
  const m = /^dag_(\d+)_(\d+)_\d+$/.exec(dagId)
  return m ? `application_${m[1]}_${m[2]}` : null
}

const HIVE_ROW_ERRORS = [
  'java.lang.NumberFormatException: For input string: "N/A"',
  'java.lang.NullPointerException',
  'java.lang.ClassCastException: org.apache.hadoop.io.Text cannot be cast to org.apache.hadoop.io.LongWritable',
] as const

/** What a failed attempt of a Tez task says, in the words Tez and YARN use for that failure. */
export function tezAttemptError(app: DetailsRecord, kind: FailureKind, container: string | null): string {
  switch (kind) {
    case 'container-memory-limit':
      return `Container [pid=${4000 + ((app.id.length * 97) % 50000)},containerID=${container ?? 'container'}] is running beyond physical memory limits. Current usage: 4.2 GB of 4 GB physical memory used; 6.1 GB of 8.4 GB virtual memory used. Killing container.`
    case 'java-heap-space':
      return 'java.lang.OutOfMemoryError: Java heap space'
    case 'gc-overhead-limit':
      return 'java.lang.OutOfMemoryError: GC overhead limit exceeded'
    case 'fetch-failed':
      return 'org.apache.tez.runtime.library.common.shuffle.orderedgrouped.Shuffle$ShuffleError: error in shuffle in Fetcher {Map_1} #3: exceeded MAX_FAILED_UNIQUE_FETCHES; bailing-out.'
    case 'user-exception':
      return `org.apache.hadoop.hive.ql.metadata.HiveException: Hive Runtime Error while processing row. Caused by: ${appPrng(app, 'tez-user-exception').pick(HIVE_ROW_ERRORS)}`
    case 'killed-by-user':
      return 'Task KILL is received. Killing attempt. Diagnostics: Kill job received from client'
  }
}

interface VertexPlan {
  name: string
  kind: 'MAP' | 'REDUCE'
  index: number
  start: number
  /** When its tasks are done by (now for the running vertex). */
  end: number
  /** Task states by index: succeeded, running, scheduled, killed, failed. */
  counts: { succeeded: number; running: number; scheduled: number; killed: number; failed: number }
  firstTask: number
  skewed: boolean
  bytesRead: number
  bytesWritten: number
}

const total = (c: VertexPlan['counts']) => c.succeeded + c.running + c.scheduled + c.killed + c.failed

/** Spreads a phase's succeeded/killed/failed tasks over its vertices in order (failures last). */
function spreadStates(
  sizes: number[],
  counts: { succeeded: number; killed: number; failed: number },
): VertexPlan['counts'][] {
  let s = counts.succeeded
  let k = counts.killed
  return sizes.map((size) => {
    const succeeded = Math.min(size, s)
    s -= succeeded
    const killed = Math.min(size - succeeded, k)
    k -= killed
    return { succeeded, running: 0, scheduled: 0, killed, failed: size - succeeded - killed }
  })
}

function plan(app: DetailsRecord, now: number) {
  const prng = appPrng(app, 'tez')
  const life = appLife(app, now)
  const span = life.end - life.start
  const running = isRunning(app)
  const setup = Math.min(app.setup_duration, Math.floor(span * 0.1))
  const cleanup = running ? 0 : Math.min(app.cleanup_duration, Math.floor(span * 0.05))
  const window = { start: life.start + setup, end: life.end - cleanup }
  const slots = Math.min(2000, Math.max(1, Math.round(app.vcore_seconds / Math.max(1, app.duration / 1000))))
  const maps = taskCounts(app.map_tasks)
  const reduces = taskCounts(app.reduce_tasks)
  const mapTotal = maps.succeeded + maps.killed + maps.failed
  const reduceTotal = reduces.succeeded + reduces.killed + reduces.failed
  const mapVertices = Math.max(1, Math.min(mapTotal, prng.int(1, 3)))
  const reduceVertices = reduceTotal === 0 ? 0 : Math.min(reduceTotal, prng.int(1, 2))
  const mapSizes = randomSplit(prng, mapTotal, mapVertices)
  const reduceSizes = randomSplit(prng, reduceTotal, reduceVertices)
  const length = window.end - window.start
  const mapEnd = reduceVertices ? window.start + Math.floor(length * (0.5 + 0.25 * prng.next())) : window.end
  const reduceStart = reduceVertices ? window.start + Math.floor((mapEnd - window.start) * 0.85) : window.end
  const skewOn = hasEvent(app, 'Data Skew')
  const vertices: VertexPlan[] = []
  let firstTask = 0
  const mapStates = spreadStates(mapSizes, maps)
  const readBy = apportion(app.dfs_read, mapSizes)
  mapSizes.forEach((_, i) => {
    vertices.push({
      name: `Map ${vertices.length + 1}`,
      kind: 'MAP',
      index: vertices.length,
      start: window.start + Math.floor((mapEnd - window.start) * 0.05 * i),
      end: mapEnd,
      counts: mapStates[i]!,
      firstTask,
      skewed: false,
      bytesRead: readBy[i]!,
      bytesWritten: 0,
    })
    firstTask += mapSizes[i]!
  })
  // Reducers run one after another (each takes the previous one's output).
  const reduceStates = spreadStates(reduceSizes, reduces)
  const reduceSpan = window.end - reduceStart
  reduceSizes.forEach((_, i) => {
    vertices.push({
      name: `Reducer ${vertices.length + 1}`,
      kind: 'REDUCE',
      index: vertices.length,
      start: reduceStart + Math.floor((reduceSpan * i) / reduceVertices),
      end: reduceStart + Math.floor((reduceSpan * (i + 1)) / reduceVertices),
      counts: reduceStates[i]!,
      firstTask,
      skewed: false,
      bytesRead: 0,
      bytesWritten: 0,
    })
    firstTask += reduceSizes[i]!
  })
  const last = vertices[vertices.length - 1]!
  last.bytesWritten = app.dfs_written
  // A skewed DAG's first reducer (or its only map vertex) has one task that runs its whole span.
  const skewedVertex = vertices.find((v) => v.kind === 'REDUCE') ?? vertices[0]!
  if (skewOn && total(skewedVertex.counts) > 1) skewedVertex.skewed = true
  if (running) {
    // The last vertex is under way: some tasks done, as many as fit running, the rest waiting.
    const c = last.counts
    const done = Math.floor(c.succeeded * 0.5 * prng.next())
    const runningNow = Math.min(slots, c.succeeded - done)
    c.scheduled = c.succeeded - done - runningNow
    c.running = runningNow
    c.succeeded = done
    last.end = window.end
  }
  if (DAG_STATUS_OF[app.status] === 'SCHEDULED')
    // A waiting app has not started its DAG: every task is still waiting for a container.
    for (const v of vertices) {
      v.counts.scheduled += v.counts.succeeded
      v.counts.succeeded = 0
    }
  return { life, window, slots, vertices, running, kind: failureKind(app), ids: idParts(app) }
}

type Plan = ReturnType<typeof plan>

function vertexId(app: DetailsRecord, v: VertexPlan): string {
  const { ts, seq } = idParts(app)
  return `vertex_${ts}_${seq}_1_${String(v.index).padStart(2, '0')}`
}

function taskOf(app: DetailsRecord, p: Plan, v: VertexPlan, i: number, now: number): TezTask {
  const { ts, seq } = p.ids
  const taskId = `task_${ts}_${seq}_1_${String(v.index).padStart(2, '0')}_${String(i).padStart(6, '0')}`
  const slot = 1 + ((v.firstTask + i) % p.slots)
  // YARN container ids: container_<ts>_<seq>_<attempt>_<n>; the AM holds the first.
  const container = `container_${ts}_${seq}_01_${String(2 + v.firstTask + i).padStart(6, '0')}`
  const host = workerHost(app, slot)
  const c = v.counts
  const n = total(c)
  const span = Math.max(0, v.end - v.start)
  const base = { taskId, vertexName: v.name }
  const status = (s: TezStatus) => ({ status: s, statusCode: TEZ_STATUS_CODE[s] })
  if (i < c.succeeded) {
    if (v.skewed && i === 0)
      return {
        ...base,
        ...status('SUCCEEDED'),
        startTime: v.start,
        endTime: v.end,
        timeTaken: span,
        containerId: container,
        host,
        diagnostics: null,
      }
    // Tasks run in waves over the slots; each ends inside its wave, so inside the vertex.
    const room = c.succeeded < n ? Math.floor(span * 0.8) : span
    const waves = Math.max(1, Math.ceil(c.succeeded / p.slots))
    const wave = Math.floor(i / p.slots)
    const waveLength = Math.floor(room / waves)
    const jitter = ((i * 2654435761) >>> 0) / 4294967296
    const startTime = v.start + wave * waveLength + Math.floor(waveLength * 0.1 * jitter)
    const taken = Math.floor(waveLength * (v.skewed ? 0.15 + 0.2 * jitter : 0.45 + 0.45 * jitter))
    return {
      ...base,
      ...status('SUCCEEDED'),
      startTime,
      endTime: startTime + taken,
      timeTaken: taken,
      containerId: container,
      host,
      diagnostics: null,
    }
  }
  const tail = v.start + Math.floor(span * 0.8)
  let k = i - c.succeeded
  if (k < c.running) {
    const startTime = Math.min(now, tail)
    return {
      ...base,
      ...status('RUNNING'),
      startTime,
      endTime: null,
      timeTaken: Math.max(0, now - startTime),
      containerId: container,
      host,
      diagnostics: null,
    }
  }
  k -= c.running
  if (k < c.scheduled)
    return {
      ...base,
      ...status('SCHEDULED'),
      startTime: null,
      endTime: null,
      timeTaken: 0,
      containerId: null,
      host: null,
      diagnostics: null,
    }
  k -= c.scheduled
  if (k < c.killed)
    return {
      ...base,
      ...status('KILLED'),
      startTime: tail,
      endTime: v.end,
      timeTaken: v.end - tail,
      containerId: container,
      host,
      diagnostics: tezAttemptError(app, 'killed-by-user', container),
    }
  const error = tezAttemptError(app, p.kind ?? 'user-exception', container)
  const attempts = Array.from(
    { length: TEZ_MAX_ATTEMPTS },
    (_, a) => `TaskAttempt ${a} failed, info=[Error: ${error}]`,
  )
  return {
    ...base,
    ...status('FAILED'),
    startTime: tail,
    endTime: v.end,
    timeTaken: v.end - tail,
    containerId: container,
    host,
    diagnostics: `Task failed, taskId=${taskId}, diagnostics=[${attempts.join(', ')}]`,
  }
}

function vertexOf(app: DetailsRecord, v: VertexPlan, tasks: TezTask[]): TezVertex {
  const c = v.counts
  const failed = tasks.find((t) => t.status === 'FAILED')
  const status: TezStatus =
    c.failed > 0
      ? 'FAILED'
      : c.running > 0
        ? 'RUNNING'
        : c.scheduled > 0
          ? 'SCHEDULED'
          : c.killed > 0
            ? 'KILLED'
            : 'SUCCEEDED'
  const finished = status !== 'RUNNING' && status !== 'SCHEDULED'
  const id = vertexId(app, v)
  return {
    vertexId: id,
    vertexName: v.name,
    kind: v.kind,
    status,
    statusCode: TEZ_STATUS_CODE[status],
    startTime: status === 'SCHEDULED' ? null : v.start,
    endTime: finished ? v.end : null,
    timeTaken: status === 'SCHEDULED' ? 0 : v.end - v.start,
    numTasks: total(c),
    numSucceededTasks: c.succeeded,
    numFailedTasks: c.failed,
    numKilledTasks: c.killed,
    numRunningTasks: c.running,
    hdfsBytesRead: v.bytesRead,
    hdfsBytesWritten: v.bytesWritten,
    diagnostics: failed
      ? `Vertex failed, vertexName=${v.name}, vertexId=${id}, diagnostics=[${failed.diagnostics}]`
      : status === 'KILLED'
        ? `Vertex received Kill while in RUNNING state. Vertex did not succeed due to DAG_TERMINATED, failedTasks:0 killedTasks:${c.killed}`
        : null,
  }
}

/** The app's DAG (vertices, edges, every task) and the app view around it. */
export function deriveTez(app: DetailsRecord, now: number): TezDerivation {
  const p = plan(app, now)
  const tasks: TezTask[] = []
  const vertices = p.vertices.map((v) => {
    const own = Array.from({ length: total(v.counts) }, (_, i) => taskOf(app, p, v, i, now))
    tasks.push(...own)
    return vertexOf(app, v, own)
  })
  const maps = vertices.filter((v) => v.kind === 'MAP')
  const reducers = vertices.filter((v) => v.kind === 'REDUCE')
  const edges: TezDag['edges'] = []
  if (reducers.length) {
    maps.forEach((m, i) =>
      // A second map vertex is a small table broadcast into the first reducer's join.
      edges.push({
        from: m.vertexName,
        to: reducers[0]!.vertexName,
        type: i === 0 ? 'SCATTER_GATHER' : 'BROADCAST',
      }),
    )
    for (let i = 1; i < reducers.length; i++)
      edges.push({ from: reducers[i - 1]!.vertexName, to: reducers[i]!.vertexName, type: 'SCATTER_GATHER' })
  }
  const sum = (f: (v: TezVertex) => number) => vertices.reduce((n, v) => n + f(v), 0)
  const status = DAG_STATUS_OF[app.status] ?? 'SUCCEEDED'
  const dagEnd = p.running || status === 'SCHEDULED' ? null : p.window.end
  const failedVertex = vertices.find((v) => v.status === 'FAILED')
  const summary: TezDagSummary = {
    dagId: tezDagId(app),
    dagName: `${app.name}:1`,
    appId: app.id,
    status,
    statusCode: TEZ_STATUS_CODE[status],
    startTime: p.window.start,
    endTime: dagEnd,
    timeTaken: p.window.end - p.window.start,
    numVertices: vertices.length,
    numTasks: sum((v) => v.numTasks),
    numSucceededTasks: sum((v) => v.numSucceededTasks),
    numFailedTasks: sum((v) => v.numFailedTasks),
    numKilledTasks: sum((v) => v.numKilledTasks),
    numRunningTasks: sum((v) => v.numRunningTasks),
  }
  const dag: TezDag = { ...summary, vertices, edges, tasks }
  const diagnostics =
    app.diagnostics ??
    (failedVertex
      ? `${failedVertex.diagnostics} DAG did not succeed due to VERTEX_FAILURE. failedVertices:1 killedVertices:${vertices.length - 1}`
      : null)
  const life = p.life
  return {
    dag,
    app: {
      appId: app.id,
      clusterUid: app.cluster_uid,
      name: app.name,
      user: app.user,
      queue: app.queue,
      status,
      statusCode: TEZ_STATUS_CODE[status],
      startTime: life.start,
      endTime: p.running ? null : life.end,
      timeTaken: life.end - life.start,
      containerId: containerId(app, 1, 1),
      diagnostics,
      numTasks: summary.numTasks,
      numSucceededTasks: summary.numSucceededTasks,
      numFailedTasks: summary.numFailedTasks,
      numKilledTasks: summary.numKilledTasks,
      numRunningTasks: summary.numRunningTasks,
      dags: [summary],
      vertices,
    },
  }
}

/** Task starts, ends and task time by hour of the DAG's life (task time split where it crosses hours). */
export function tezHourAggregation(dag: TezDag, now: number): TezHourAggregation {
  const hours = new Map<number, { tasksStarted: number; tasksFinished: number; taskTime: number }>()
  const at = (hour: number) => {
    let h = hours.get(hour)
    if (!h) hours.set(hour, (h = { tasksStarted: 0, tasksFinished: 0, taskTime: 0 }))
    return h
  }
  for (const t of dag.tasks) {
    if (t.startTime === null) continue
    const end = t.endTime ?? Math.max(t.startTime, now)
    at(Math.floor(t.startTime / HOUR) * HOUR).tasksStarted++
    if (t.endTime !== null) at(Math.floor(t.endTime / HOUR) * HOUR).tasksFinished++
    for (let h = Math.floor(t.startTime / HOUR) * HOUR; h <= end; h += HOUR) {
      const overlap = Math.min(end, h + HOUR) - Math.max(t.startTime, h)
      if (overlap > 0) at(h).taskTime += overlap
    }
  }
  return {
    dagId: dag.dagId,
    hours: [...hours.entries()].sort((a, b) => a[0] - b[0]).map(([hour, h]) => ({ hour, ...h })),
  }
}

/** The DAG's history events (Tez ATS), in time order. */
export function tezEvents(dag: TezDag): TezEvent[] {
  const events: TezEvent[] = []
  const e = (
    eventType: TezEvent['eventType'],
    time: number,
    vertexName: string | null,
    status: TezStatus | null,
  ) => events.push({ eventType, time, dagId: dag.dagId, vertexName, status })
  const submitted = dag.startTime - Math.min(2000, Math.floor(dag.timeTaken * 0.01))
  e('DAG_SUBMITTED', submitted, null, null)
  e('DAG_INITIALIZED', Math.floor((submitted + dag.startTime) / 2), null, null)
  // A waiting DAG has been submitted and initialised, nothing more.
  if (dag.status === 'SCHEDULED') return events
  e('DAG_STARTED', dag.startTime, null, null)
  for (const v of dag.vertices) {
    if (v.startTime !== null) e('VERTEX_STARTED', v.startTime, v.vertexName, null)
    if (v.endTime !== null) e('VERTEX_FINISHED', v.endTime, v.vertexName, v.status)
  }
  if (dag.endTime !== null) e('DAG_FINISHED', dag.endTime, null, dag.status)
  return events.sort((a, b) => a.time - b.time)
}
