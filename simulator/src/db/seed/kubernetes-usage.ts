import type { Db } from '../open-database.ts'
import { RowInserter } from './bulk-insert.ts'
import { allocationCost, idleCost, nodeCostFor } from './kubernetes-costs.ts'
import type { NodePlan } from './kubernetes-placement.ts'
import { SAMPLE_MS, type PodPlan, type WorkloadPlan } from './kubernetes-pods.ts'
import type { Prng } from './prng.ts'
import type { Profile } from './kubernetes-catalogue.ts'

/*
 * Draws every container's CPU and memory usage at 5-minute samples and rolls them up, as they are
 * drawn, into each pod's hour (k8s_pod_hours) and day (k8s_pod_days) and each node's hour (k8s_node_hours). Hour by hour, the pods
 * up in it in id order, so the rows come in their tables' key order (ts, id) and append to the B-trees.
 * The pods' integers are added up on the way into their workload's hour and day (k8s_workload_hours,
 * k8s_workload_days: what Top X reads above the pod) and their namespace's hour (k8s_namespace_hours:
 * the usage trends' namespaces and clusters), so those rollups need no second pass over the pod rows.
 *
 * Per sample and container: usage = request × level × the hour's diurnal factor × noise, capped at the
 * container's peak (≤ its limit); allocation = max(request, usage) (OpenCost), costed at the node's
 * rates. Units: 1/10,000 core-hours, GiB-hours and GPU-hours; costs in µ$, floored per pod-hour, so
 * that a node-hour's idle (its floored asset cost less its pods' costs) is exact and never negative.
 */

const HOUR = 3_600_000
const DAY = 24 * HOUR
const SAMPLES_PER_HOUR = HOUR / SAMPLE_MS
const UNITS = 10_000
/** The measure columns of a pod's hour and day, after (ts|day, pod_id); the peaks are the most, the rest sums. */
const MEASURES = [
  'cpu_usage',
  'cpu_request',
  'cpu_alloc',
  'mem_usage',
  'mem_request',
  'mem_alloc',
  'gpu_alloc',
  'cpu_peak_m',
  'mem_peak_mib',
  'cost_cpu',
  'cost_ram',
  'cost_gpu',
  'usage_cost',
] as const
const CPU_PEAK = MEASURES.indexOf('cpu_peak_m')
const MEM_PEAK = MEASURES.indexOf('mem_peak_mib')
/**
 * A workload's hour or day: its pods' measures as Top X adds them up, in the order of
 * k8s_workload_hours' columns after (ts|day, workload_id).
 */
const WORKLOAD_COLUMNS = [
  'cost',
  'cpu_ram_cost',
  'usage_cost',
  'cpu_usage',
  'cpu_request',
  'cpu_alloc',
  'mem_usage',
  'mem_request',
  'mem_alloc',
  'gpu_alloc',
] as const
type Measure = (typeof MEASURES)[number]
const COST_CPU = MEASURES.indexOf('cost_cpu')
const COST_RAM = MEASURES.indexOf('cost_ram')
const COST_GPU = MEASURES.indexOf('cost_gpu')
/** Where each workload column after the two costs is among a pod's MEASURES (the same names). */
const SAME_NAMED = WORKLOAD_COLUMNS.slice(2).map((c) => MEASURES.indexOf(c as Measure))
/** A pod's hour (its MEASURES) as a workload's columns (WORKLOAD_COLUMNS). */
function workloadMeasures(m: readonly number[]): number[] {
  const cpuRam = m[COST_CPU]! + m[COST_RAM]!
  return [cpuRam + m[COST_GPU]!, cpuRam, ...SAME_NAMED.map((i) => m[i]!)]
}
const COST = WORKLOAD_COLUMNS.indexOf('cost')
const CPU_USAGE = WORKLOAD_COLUMNS.indexOf('cpu_usage')
const MEM_USAGE = WORKLOAD_COLUMNS.indexOf('mem_usage')
/** A workload's hour as its namespace's columns: cost, CPU and memory usage (k8s_namespace_hours'). */
const namespaceMeasures = (w: readonly number[]): number[] => [w[COST]!, w[CPU_USAGE]!, w[MEM_USAGE]!]

/** Adds `values` into the sums kept under `key` (a copy the first time). */
function addInto(sums: Map<number, number[]>, key: number, values: readonly number[]): void {
  const into = sums.get(key)
  if (!into) sums.set(key, [...values])
  else for (let m = 0; m < values.length; m++) into[m] = into[m]! + values[m]!
}

/** Writes each key's sums after `time`, in key order (the table's key is (time, id)), and empties them. */
function writeSums(out: RowInserter, time: number, sums: Map<number, number[]>): number {
  const ids = [...sums.keys()].sort((a, b) => a - b)
  for (const id of ids) out.pushRow([time, id, ...sums.get(id)!])
  sums.clear()
  return ids.length
}

/** Milli-core samples and MiB samples to core-hours and GiB-hours. */
const coreHours = (milliSamples: number) => milliSamples / 1000 / SAMPLES_PER_HOUR
const gbHours = (mibSamples: number) => mibSamples / 1024 / SAMPLES_PER_HOUR

/** The hour's factor on usage: web traffic peaks in the US afternoon and dips at weekends. */
function diurnal(profile: Profile, hourStart: number): number {
  if (profile !== 'web')
    return profile === 'steady' ? 0.95 + 0.05 * Math.cos((2 * Math.PI * hourStart) / HOUR / 24) : 1
  const hourOfDay = new Date(hourStart).getUTCHours()
  const day = new Date(hourStart).getUTCDay()
  const weekend = day === 0 || day === 6 ? 0.75 : 1
  return weekend * (0.5 + 0.6 * ((1 + Math.cos((2 * Math.PI * (hourOfDay - 18)) / 24)) / 2))
}

export class HourRoller {
  private readonly state: Uint32Array
  private readonly nodeIndex = new Map<number, number>()
  private readonly namespaceOf = new Map<number, number>()
  /** The current hour's sums per workload and namespace, and the current day's per workload. */
  private readonly workloadHour = new Map<number, number[]>()
  private readonly namespaceHour = new Map<number, number[]>()
  private readonly workloadDay = new Map<number, number[]>()

  constructor(
    private readonly db: Db,
    prng: Prng,
    private readonly nodes: readonly NodePlan[],
    workloads: readonly WorkloadPlan[],
    /** Sorted by start; a pod's id is its index + 1. */
    private readonly pods: readonly PodPlan[],
    private readonly from: number,
    private readonly end: number,
  ) {
    // Each pod's own noise stream, seeded in pod order: the same seed, the same samples.
    this.state = Uint32Array.from(pods, () => prng.int(1, 0x7fffffff))
    nodes.forEach((n, i) => this.nodeIndex.set(n.id, i))
    for (const w of workloads) this.namespaceOf.set(w.id, w.namespace)
  }

  /** mulberry32 on the pod's own state: cheaper than a closure per pod, the same quality. */
  private noise(pod: number): number {
    const state = (this.state[pod]! + 0x6d2b79f5) >>> 0
    this.state[pod] = state
    let t = Math.imul(state ^ (state >>> 15), state | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }

  /** Writes every pod-hour and node-hour; returns how many rows. */
  run(): number {
    let rows = 0
    const podRows = new RowInserter(this.db, 'k8s_pod_hours', ['ts', 'pod_id', ...MEASURES])
    const dayRows = new RowInserter(this.db, 'k8s_pod_days', ['day', 'pod_id', ...MEASURES])
    const workloadHours = new RowInserter(this.db, 'k8s_workload_hours', [
      'ts',
      'workload_id',
      ...WORKLOAD_COLUMNS,
    ])
    const workloadDays = new RowInserter(this.db, 'k8s_workload_days', [
      'day',
      'workload_id',
      ...WORKLOAD_COLUMNS,
    ])
    const namespaceHours = new RowInserter(this.db, 'k8s_namespace_hours', [
      'ts',
      'namespace_id',
      'cost',
      'cpu_usage',
      'mem_usage',
    ])
    // The current day's sums by pod, written when the day ends (in pod order: the key's).
    let days = new Map<number, number[]>()
    let day = Math.floor(this.from / DAY) * DAY
    const writeDays = () => {
      for (const pod of [...days.keys()].sort((a, b) => a - b))
        dayRows.pushRow([day, pod + 1, ...days.get(pod)!])
      rows += days.size
      days = new Map()
      rows += writeSums(workloadDays, day, this.workloadDay)
    }
    const nodeRows = new RowInserter(this.db, 'k8s_node_hours', [
      'ts',
      'node_id',
      'cost',
      'idle_cost',
      'cpu_core_hours',
      'memory_gb_hours',
      'gpu_hours',
    ])
    const allocated = new Float64Array(this.nodes.length)
    let next = 0
    let active: number[] = []
    for (let hour = this.from; hour < this.end; hour += HOUR) {
      const hourEnd = Math.min(hour + HOUR, this.end)
      if (hour >= day + DAY) {
        writeDays()
        day = Math.floor(hour / DAY) * DAY
      }
      while (next < this.pods.length && this.pods[next]!.start < hourEnd) active.push(next++)
      active = active.filter((i) => (this.pods[i]!.end ?? Infinity) > hour)
      allocated.fill(0)
      for (const i of active) {
        const cost = this.podHour(i, hour, hourEnd, podRows, days)
        if (cost >= 0) {
          allocated[this.nodeIndex.get(this.pods[i]!.node!)!]! += cost
          rows++
        }
      }
      rows += writeSums(workloadHours, hour, this.workloadHour)
      rows += writeSums(namespaceHours, hour, this.namespaceHour)
      this.nodes.forEach((node, n) => {
        const up = Math.min(node.end ?? Infinity, hourEnd) - Math.max(node.start, hour)
        if (up <= 0) return
        const fraction = up / HOUR
        const { cores, memoryGb, gpus } = node.pool.instance
        const cost = nodeCostFor({ cores, memoryGb, gpus }, node.rates, fraction)
        if (allocated[n]! > cost) throw new Error(`kubernetes seed: ${node.name} over capacity at ${hour}`)
        nodeRows.push(
          hour,
          node.id,
          cost,
          idleCost(cost, allocated[n]!),
          Math.round(cores * fraction * UNITS),
          Math.round(memoryGb * fraction * UNITS),
          Math.round(gpus * fraction * UNITS),
        )
        rows++
      })
    }
    writeDays()
    podRows.flush()
    dayRows.flush()
    workloadHours.flush()
    workloadDays.flush()
    namespaceHours.flush()
    nodeRows.flush()
    return rows
  }

  /** One pod's hour: draws its samples, writes its row, returns its cost (µ$), or -1 if not up in it. */
  private podHour(
    i: number,
    hour: number,
    hourEnd: number,
    out: RowInserter,
    days: Map<number, number[]>,
  ): number {
    const pod = this.pods[i]!
    const first = Math.max(pod.start, hour)
    const last = Math.min(pod.end ?? Infinity, hourEnd)
    const samples = (last - first) / SAMPLE_MS
    if (samples <= 0) return -1
    const factor = diurnal(pod.profile, hour)
    // Requests and GPUs do not vary within the hour; usage is drawn per sample, per container.
    const containers = pod.containers
    const n = containers.length
    let cpuRequest = 0
    let memRequest = 0
    let gpus = 0
    for (let k = 0; k < n; k++) {
      const c = containers[k]!
      cpuRequest += c.cpuM * samples
      memRequest += c.memoryMib * samples
      gpus += c.gpus * samples
    }
    let cpuUse = 0
    let cpuAlloc = 0
    let memUse = 0
    let memAlloc = 0
    let cpuPeak = 0
    let memPeak = 0
    for (let s = 0; s < samples; s++) {
      const r = this.noise(i)
      const cpuSwing = factor * (0.6 + 0.8 * r)
      const memSwing = 0.94 + 0.12 * ((r * 7.31) % 1)
      let cpuNow = 0
      let memNow = 0
      for (let k = 0; k < n; k++) {
        const c = containers[k]!
        const cpu = c.cpuM * Math.min(c.cpuPeak, c.cpuLevel * cpuSwing)
        const mem = c.memoryMib * Math.min(c.memoryPeak, c.memoryLevel * memSwing)
        cpuNow += cpu
        memNow += mem
        // OpenCost: each container allocated max(request, usage), then summed.
        cpuAlloc += cpu > c.cpuM ? cpu : c.cpuM
        memAlloc += mem > c.memoryMib ? mem : c.memoryMib
      }
      cpuUse += cpuNow
      memUse += memNow
      if (cpuNow > cpuPeak) cpuPeak = cpuNow
      if (memNow > memPeak) memPeak = memNow
    }
    const node = this.nodes[this.nodeIndex.get(pod.node!)!]!
    const cost = allocationCost(
      { coreHours: coreHours(cpuAlloc), gbHours: gbHours(memAlloc), gpuHours: gpus / SAMPLES_PER_HOUR },
      node.rates,
    )
    const usageCost = Math.floor(coreHours(cpuUse) * node.rates.cpu + gbHours(memUse) * node.rates.ram)
    const measures = [
      Math.round(coreHours(cpuUse) * UNITS),
      Math.round(coreHours(cpuRequest) * UNITS),
      Math.round(coreHours(cpuAlloc) * UNITS),
      Math.round(gbHours(memUse) * UNITS),
      Math.round(gbHours(memRequest) * UNITS),
      Math.round(gbHours(memAlloc) * UNITS),
      Math.round((gpus / SAMPLES_PER_HOUR) * UNITS),
      Math.round(cpuPeak),
      Math.round(memPeak),
      cost.cpu,
      cost.ram,
      cost.gpu,
      usageCost,
    ]
    out.pushRow([hour, i + 1, ...measures])
    const workload = workloadMeasures(measures)
    addInto(this.workloadHour, pod.workload, workload)
    addInto(this.workloadDay, pod.workload, workload)
    addInto(this.namespaceHour, this.namespaceOf.get(pod.workload)!, namespaceMeasures(workload))
    // The day's row: the hours' own integers added up, so the two agree exactly.
    const sums = days.get(i)
    if (!sums) days.set(i, measures)
    else
      for (let m = 0; m < measures.length; m++)
        sums[m] =
          m === CPU_PEAK || m === MEM_PEAK ? Math.max(sums[m]!, measures[m]!) : sums[m]! + measures[m]!
    return cost.cpu + cost.ram + cost.gpu
  }
}
