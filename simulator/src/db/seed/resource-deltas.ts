/*
 * The YARN resource series' rate changes, added up while the applications are generated (issue 18:
 * rollups accumulated while generating rather than recomputed in SQL afterwards). At the large scale
 * the GROUP BY over a million apps' starts and ends that did this after the seed took 4-6 s of the
 * main thread; adding each batch's records up here costs a fraction of that.
 */
import { RECORD, RECORD_WIDTH, RollupTexts, type RollupBatch } from './rollup-batch.ts'

/**
 * Per Yarn cluster and resource bucket (`bucketMs` long, from `first`), what the apps' starts and
 * ends change: each app holds vcore_seconds / duration vcores (memory_seconds / duration MB) from its
 * start to its end, or onwards while running. A start adds the rate to every later bucket (`dv`,
 * `dm`) and the part of its own bucket after it (`pv`, `pm`: the rate times that fraction); an end
 * takes them away alike. cluster-resources.ts turns these into per-bucket averages with one running
 * sum per cluster. Apps before `first` count from it; ends at or after `end` are never reached.
 */
export class ResourceDeltas {
  /** Buckets per cluster: the series' length. */
  readonly buckets: number
  readonly dv: Float64Array
  readonly pv: Float64Array
  readonly dm: Float64Array
  readonly pm: Float64Array
  private readonly slotOf = new Map<string, number>()
  /** A batch cluster code's slot (-1: not a Yarn cluster). */
  private readonly slotOfCode: number[] = []
  private readonly texts = new RollupTexts((field, text, code) => {
    if (field === 'cluster') this.slotOfCode[code] = this.slotOf.get(text) ?? -1
  })

  constructor(
    yarnClusters: readonly string[],
    readonly first: number,
    readonly end: number,
    readonly bucketMs: number,
  ) {
    yarnClusters.forEach((uid, slot) => this.slotOf.set(uid, slot))
    this.buckets = Math.ceil((end - first) / bucketMs)
    const size = yarnClusters.length * this.buckets
    this.dv = new Float64Array(size)
    this.pv = new Float64Array(size)
    this.dm = new Float64Array(size)
    this.pm = new Float64Array(size)
  }

  /** Where a cluster's buckets start in the arrays, or undefined for a cluster that is not Yarn. */
  offsetOf(clusterUid: string): number | undefined {
    const slot = this.slotOf.get(clusterUid)
    return slot === undefined ? undefined : slot * this.buckets
  }

  /** Adds a batch of app records (rollup-batch.ts), as the seed generates them. */
  addBatch(batch: RollupBatch): void {
    this.texts.take(batch)
    const r = batch.records
    for (let i = 0, at = 0; i < batch.count; i++, at += RECORD_WIDTH) {
      const slot = this.slotOfCode[r[at + RECORD.cluster]!]!
      const start = r[at + RECORD.start]!
      if (slot < 0 || start >= this.end) continue
      const duration = Math.max(r[at + RECORD.duration]!, 1)
      const running = Number.isNaN(r[at + RECORD.finished]!)
      const ends = start + duration
      if (!running && ends <= this.first) continue
      const vcores = (r[at + RECORD.vcoreSeconds]! * 1000) / duration
      const memory = (r[at + RECORD.memorySeconds]! * 1000) / duration
      this.change(slot, Math.max(start, this.first), vcores, memory)
      if (!running && ends < this.end) this.change(slot, ends, -vcores, -memory)
    }
  }

  /** A rate change at instant `t`: in full from the next bucket, for the rest of its own bucket. */
  private change(slot: number, t: number, vcores: number, memory: number): void {
    const bucket = Math.floor((t - this.first) / this.bucketMs)
    const rest = (this.first + (bucket + 1) * this.bucketMs - t) / this.bucketMs
    const at = slot * this.buckets + bucket
    this.dv[at]! += vcores
    this.pv[at]! += vcores * rest
    this.dm[at]! += memory
    this.pm[at]! += memory * rest
  }
}
