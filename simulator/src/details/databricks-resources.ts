import { resourceStep } from './resources.ts'
import { apportion } from './record.ts'
import { runPrng } from './databricks-tasks.ts'

/*
 * A task run's resources over its life (E134, E135), derived from the run id and the task so they
 * never change: CPU % and memory used of the cluster, its workers, and the DBUs of each bucket
 * (which add up to the task's DBUs exactly, in 1/10,000 DBU). A task that ran out of memory climbs
 * to the cluster's memory at its end; an oversized run's CPU stays under half.
 */

export interface TaskLife {
  runId: number
  taskKey: string
  start: number
  end: number
  workers: number
  memoryTotalMB: number
  dbusE4: number
  outOfMemory: boolean
  /** The run was flagged oversized: its CPU stays low (under half) for most of the task. */
  underused: boolean
}

export interface TaskSeries {
  startTime: number
  endTime: number
  stepMs: number
  cpuPercent: [number, number][]
  memoryUsedMB: [number, number][]
  workers: [number, number][]
  dbus: [number, number][]
}

const round1 = (v: number) => Math.round(v * 10) / 10

export function deriveTaskSeries(life: TaskLife): TaskSeries {
  const span = Math.max(0, life.end - life.start)
  const stepMs = resourceStep(span)
  const buckets = Math.max(1, Math.ceil(span / stepMs))
  const prng = runPrng(life.runId, `resources:${life.taskKey}`)
  const cpuBase = life.underused ? 12 + prng.next() * 20 : 40 + prng.next() * 35
  const memBase = 0.35 + prng.next() * 0.35
  const starts = Array.from({ length: buckets }, (_, b) => life.start + b * stepMs)
  // A walk around the base (each bucket keeps most of the last one), as a load changes, not noise.
  let cpu = cpuBase
  const cpuPercent = starts.map((t): [number, number] => {
    cpu = 0.75 * cpu + 0.25 * cpuBase + (prng.next() - 0.5) * 12
    return [t, round1(Math.min(100, Math.max(1, cpu)))]
  })
  const memoryUsedMB = starts.map((t, b): [number, number] => {
    const climb = life.outOfMemory ? (b + 1) / buckets : 0
    const share = life.outOfMemory ? memBase + (0.99 - memBase) * climb : memBase + (prng.next() - 0.5) * 0.1
    return [t, Math.round(life.memoryTotalMB * Math.min(0.99, Math.max(0.05, share)))]
  })
  const lengths = starts.map((t) => Math.max(0, Math.min(stepMs, life.end - t)))
  const dbus = apportion(life.dbusE4, lengths).map((e4, b): [number, number] => [starts[b]!, e4 / 10_000])
  return {
    startTime: life.start,
    endTime: life.end,
    stepMs,
    cpuPercent,
    memoryUsedMB,
    workers: starts.map((t): [number, number] => [t, life.workers]),
    dbus,
  }
}
