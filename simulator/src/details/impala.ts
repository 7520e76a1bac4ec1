import type { ImpalaFragment, ImpalaOperator } from '@costlens/shared'
import { FAILURE_CATEGORY_OF, failureKind } from './failure.ts'
import { appLife, appPrng, apportion, type DetailsRecord } from './record.ts'

const GB = 1024 ** 3
/** The limit of details/diagnostics.ts's own memory error ("Limit=2.00 GB … Peak=2.00 GB"). */
const IMPALA_MEMORY_FAILURE_LIMIT = 2 * GB

/**
 * The limit a query that failed for memory ran out at: the one its error names, the seeded
 * diagnostics' "Limit=4.00 GB" when the record carries Impala's words (the errors view shows that
 * text), else the derived error's 2 GB. Its peak is that limit.
 */
export function memoryFailureLimit(app: DetailsRecord): number {
  const named = /Limit=(\d+(?:\.\d+)?) GB/.exec(app.diagnostics ?? '')
  return named ? Math.round(Number(named[1]) * GB) : IMPALA_MEMORY_FAILURE_LIMIT
}

/**
 * Impala details derived from the record (02 §2 Impala, 02 §7): the query's plan as fragments and
 * operators. F00 is the coordinator's fragment (one instance); the scan fragments run one instance
 * per executor (vcore_seconds over the duration). Times are in nanoseconds and never longer than the
 * query; the scans' io adds up to dfs_read (the writer's, when there is one, to dfs_written); a
 * failed query's failing fragment and operator carry status 'F'.
 */

export interface ImpalaDerivation {
  fragments: ImpalaFragment[]
  operators: ImpalaOperator[]
}

const MB = 1024 * 1024
const DIMENSIONS = ['crm.customers', 'ops.inventory', 'ref.calendar', 'ref.regions'] as const

/** The query's instances per scan fragment: one per executor that ran it. */
export function impalaHosts(app: DetailsRecord): number {
  return Math.max(1, Math.min(64, Math.round(app.vcore_seconds / Math.max(1, app.duration / 1000))))
}

interface OpPlan {
  type: string
  detail: string
  frag: string
  parent: number | null
  /** Share of the fragment's time and memory. */
  weight: number
  io: number
}

export function deriveImpala(app: DetailsRecord, now: number): ImpalaDerivation {
  const prng = appPrng(app, 'impala')
  const life = appLife(app, now)
  const durationNs = Math.max(0, life.end - life.start) * 1_000_000
  const hosts = impalaHosts(app)
  const table = app.input_tables ?? 'default.events'
  const join = prng.chance(0.5)
  const writes = app.dfs_written > 0 && prng.chance(0.3)
  // Rows scanned: the bytes read at 60-400 bytes a row.
  const scanRows = Math.max(1, Math.round(app.dfs_read / prng.int(60, 400)))
  const dimRows = join ? prng.int(100, 50_000) : 0
  const [factBytes, dimBytes] = join ? apportion(app.dfs_read, [97, 3]) : [app.dfs_read, 0]
  const ops: OpPlan[] = []
  // Node ids as Impala numbers them: scans first, the coordinator's last.
  ops.push({ type: 'SCAN HDFS', detail: table, frag: 'F01', parent: 1, weight: 5, io: factBytes! })
  if (join) {
    ops.push({ type: 'HASH JOIN', detail: 'INNER JOIN, BROADCAST', frag: 'F01', parent: 3, weight: 3, io: 0 })
    ops.push({ type: 'EXCHANGE', detail: 'BROADCAST', frag: 'F01', parent: 1, weight: 1, io: 0 })
    ops.push({ type: 'AGGREGATE', detail: 'STREAMING', frag: 'F01', parent: null, weight: 2, io: 0 })
    ops.push({
      type: 'SCAN HDFS',
      detail: prng.pick(DIMENSIONS),
      frag: 'F02',
      parent: 2,
      weight: 1,
      io: dimBytes!,
    })
  } else {
    ops.push({ type: 'AGGREGATE', detail: 'STREAMING', frag: 'F01', parent: null, weight: 2, io: 0 })
  }
  const exchange = ops.length
  ops.push({ type: 'EXCHANGE', detail: 'UNPARTITIONED', frag: 'F00', parent: exchange + 1, weight: 1, io: 0 })
  ops.push({
    type: 'AGGREGATE',
    detail: 'FINALIZE',
    frag: 'F00',
    parent: writes ? exchange + 2 : null,
    weight: 1,
    io: 0,
  })
  if (writes)
    ops.push({
      type: 'HDFS WRITER',
      detail: table,
      frag: 'F00',
      parent: null,
      weight: 1,
      io: app.dfs_written,
    })
  // The aggregate that feeds the coordinator's exchange is its fragment's root.
  const partialAgg = join ? 3 : 1
  ops[partialAgg]!.parent = exchange

  const fragIds = join ? ['F00', 'F01', 'F02'] : ['F00', 'F01']
  const failed = app.status === 'F'
  const failingFrag = failed ? 'F01' : null
  // Per-host memory: what the query's memory seconds give over its life, split between fragments.
  const seconds = Math.max(1, (life.end - life.start) / 1000)
  const kind = failureKind(app)
  const outOfMemory = kind !== null && FAILURE_CATEGORY_OF[kind] === 'memory'
  // A query that ran out of memory peaked at its limit on the host that failed: every fragment's
  // instance there (a tenth of a share for the coordinator's) adds up to the limit its error names.
  const peakPerHost = outOfMemory
    ? Math.round(memoryFailureLimit(app) / (0.1 + fragIds.length - 1))
    : Math.max(4 * MB, Math.round(((app.memory_seconds / seconds) * MB) / hosts))
  const rowsOf = (i: number): number => {
    const op = ops[i]!
    if (op.type === 'SCAN HDFS') return op.detail === table ? scanRows : dimRows
    if (op.type === 'HASH JOIN') return Math.round(scanRows * 0.8)
    if (op.type === 'EXCHANGE') return op.frag === 'F00' ? Math.max(1, Math.round(scanRows * 0.001)) : dimRows
    if (op.type === 'AGGREGATE')
      return op.detail === 'FINALIZE'
        ? Math.max(1, Math.round(scanRows * 0.0002))
        : Math.max(1, Math.round(scanRows * 0.001))
    return Math.max(1, Math.round(scanRows * 0.0002))
  }
  const weightOf = (frag: string) => ops.filter((o) => o.frag === frag).reduce((n, o) => n + o.weight, 0)
  const operators: ImpalaOperator[] = ops.map((op, i) => {
    const instances = op.frag === 'F00' ? 1 : hosts
    const share = op.weight / weightOf(op.frag)
    const fragTime = op.frag === 'F00' ? durationNs * 0.9 : durationNs * 0.8
    const maxTime = Math.floor(fragTime * share)
    const avgTime = Math.floor(maxTime * (instances > 1 ? 0.55 + 0.4 * prng.next() : 1))
    // The coordinator only merges what the hosts send: a tenth of a host's memory.
    const maxPeakMemory = Math.round(peakPerHost * share * (op.frag === 'F00' ? 0.1 : 1))
    const avgPeakMemory = Math.round(maxPeakMemory * (instances > 1 ? 0.6 + 0.35 * prng.next() : 1))
    const rows = rowsOf(i)
    return {
      id: String(i).padStart(2, '0'),
      pageId: op.frag,
      fragId: op.frag,
      type: op.type,
      detail: op.detail,
      parentId: op.parent === null ? null : String(op.parent).padStart(2, '0'),
      instances,
      avgTime,
      maxTime,
      avgPeakMemory,
      maxPeakMemory,
      rowProduced: rows,
      estNumRows: Math.max(1, Math.round(rows * (0.5 + prng.next()))),
      estPeakMem: Math.round(maxPeakMemory * (0.8 + 0.8 * prng.next())),
      io: op.io,
      status: failingFrag === op.frag && op.type === 'SCAN HDFS' && op.detail === table ? 'F' : 'S',
    }
  })
  // Fragment instance ids are the query id's low half plus the fragment's index (hi:lo+n).
  const colon = app.id.lastIndexOf(':')
  const prefix = colon >= 0 ? app.id.slice(0, colon + 1) : `${app.id}:`
  const lowHex = colon >= 0 ? app.id.slice(colon + 1) : ''
  const low = /^[0-9a-f]{1,16}$/i.test(lowHex) ? BigInt(`0x${lowHex}`) : 0n
  const width = Math.max(16, lowHex.length)
  const fragments: ImpalaFragment[] = fragIds.map((frag, f) => {
    const own = operators.filter((o) => o.fragId === frag)
    const root = own.find((o) => o.parentId === null || !own.some((p) => p.id === o.parentId))!
    const sendsTo = root.parentId === null ? null : operators.find((o) => o.id === root.parentId)!.fragId
    return {
      id: frag,
      fullId: `${prefix}${(low + BigInt(f)).toString(16).padStart(width, '0')}`,
      instances: own[0]!.instances,
      avgTime: own.reduce((n, o) => n + o.avgTime, 0),
      maxTime: own.reduce((n, o) => n + o.maxTime, 0),
      avgPeakMemory: own.reduce((n, o) => n + o.avgPeakMemory, 0),
      maxPeakMemory: own.reduce((n, o) => n + o.maxPeakMemory, 0),
      rowProduced: root.rowProduced,
      realUser: app.user,
      impalaQueryId: app.id,
      parentId: sendsTo,
      coordinatorFrag: frag === 'F00',
      status: failingFrag === frag ? 'F' : 'S',
    }
  })
  return { fragments, operators }
}
