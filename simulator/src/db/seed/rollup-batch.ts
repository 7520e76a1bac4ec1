import type { AppRow } from './applications.ts'

/** The io of an app: bytes read and written (BigQuery writes none: its read is the bytes billed). */
export const appIo = (app: Pick<AppRow, 'dfs_read' | 'dfs_written'>) => app.dfs_read + app.dfs_written

/**
 * What the app and chargeback rollups read of an application, as a record of numbers: the seed
 * packs each batch of generated apps into one Float64Array (RollupBatcher) and hands it to the
 * rollup builders, in this thread (small scale, in-memory files, resets) or in the rollup worker
 * (rollup-side.ts), which receives it as a transferred buffer: no object per app crosses threads,
 * and a batch of 5,000 apps is 640 KB. Text fields travel as codes in order of first sight; each
 * batch carries the texts first seen in it (`texts`), so the receiver's tables grow in step.
 */
export const RECORD = {
  start: 0,
  /** NaN while the app is still running (finished_time null). */
  finished: 1,
  duration: 2,
  cents: 3,
  events: 4,
  eventMask: 5,
  inefficient: 6,
  unravel: 7,
  status: 8,
  kind: 9,
  cluster: 10,
  user: 11,
  queue: 12,
  vcoreSeconds: 13,
  memorySeconds: 14,
  /** Bytes read and written (chargeback-rollups.ts appIo). */
  io: 15,
} as const
export const RECORD_WIDTH = 16

/** The text fields of a record, coded in order of first sight. */
export const CODED_FIELDS = ['status', 'kind', 'cluster', 'user', 'queue'] as const
export type CodedField = (typeof CODED_FIELDS)[number]

export interface RollupBatch {
  /** `count` records of RECORD_WIDTH numbers. */
  records: Float64Array
  count: number
  /** Per text field, the texts first seen in this batch, in code order (codes continue the last batch's). */
  texts: Record<CodedField, string[]>
}

/** Where the seed hands each batch: the builders in this thread, or the rollup worker. */
export interface RollupSink {
  add(batch: RollupBatch): void
}

const TEXT_OF: Record<CodedField, (app: AppRow) => string> = {
  status: (a) => a.status,
  kind: (a) => a.kind,
  cluster: (a) => a.cluster_uid,
  user: (a) => a.user,
  queue: (a) => a.queue,
}

/** Packs apps into RollupBatch records, coding their texts; one batcher per seed (the codes run on). */
export class RollupBatcher {
  private readonly codes = Object.fromEntries(
    CODED_FIELDS.map((f) => [f, new Map<string, number>()]),
  ) as Record<CodedField, Map<string, number>>

  private fresh = emptyTexts()

  /** One batch of `apps`' records; the texts first seen go with it. */
  batch(apps: readonly AppRow[]): RollupBatch {
    const records = new Float64Array(apps.length * RECORD_WIDTH)
    for (let i = 0; i < apps.length; i++) this.pack(apps[i]!, records, i * RECORD_WIDTH)
    const texts = this.fresh
    this.fresh = emptyTexts()
    return { records, count: apps.length, texts }
  }

  private code(field: CodedField, app: AppRow): number {
    const text = TEXT_OF[field](app)
    const codes = this.codes[field]
    let code = codes.get(text)
    if (code === undefined) {
      code = codes.size
      codes.set(text, code)
      this.fresh[field].push(text)
    }
    return code
  }

  private pack(app: AppRow, r: Float64Array, at: number): void {
    r[at + RECORD.start] = app.start_time
    r[at + RECORD.finished] = app.finished_time ?? Number.NaN
    r[at + RECORD.duration] = app.duration
    r[at + RECORD.cents] = app.cents
    r[at + RECORD.events] = app.num_events
    r[at + RECORD.eventMask] = app.event_mask
    r[at + RECORD.inefficient] = app.inefficient
    r[at + RECORD.unravel] = app.executed_by_unravel
    r[at + RECORD.status] = this.code('status', app)
    r[at + RECORD.kind] = this.code('kind', app)
    r[at + RECORD.cluster] = this.code('cluster', app)
    r[at + RECORD.user] = this.code('user', app)
    r[at + RECORD.queue] = this.code('queue', app)
    r[at + RECORD.vcoreSeconds] = app.vcore_seconds
    r[at + RECORD.memorySeconds] = app.memory_seconds
    r[at + RECORD.io] = appIo(app)
  }
}

function emptyTexts(): Record<CodedField, string[]> {
  return { status: [], kind: [], cluster: [], user: [], queue: [] }
}

/**
 * The receiving side's text tables: each batch's new texts appended, so a code reads its text.
 * `onText` is told each new text with its field and code (the builders map codes to their own ids).
 */
export class RollupTexts {
  readonly texts: Record<CodedField, string[]> = emptyTexts()

  constructor(private readonly onText: (field: CodedField, text: string, code: number) => void) {}

  take(batch: RollupBatch): void {
    for (const field of CODED_FIELDS)
      for (const text of batch.texts[field]) {
        this.texts[field].push(text)
        this.onText(field, text, this.texts[field].length - 1)
      }
  }
}
