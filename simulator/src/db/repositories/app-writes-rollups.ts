import type { Db } from '../open-database.ts'
import { APP_EVENT_TYPES, type AppRow } from '../seed/applications.ts'
import {
  EVENT_COLUMNS,
  INEFFICIENT_BITS,
  ROLLUP_SLICES,
  partCode,
  partsOf,
  seriesCode,
  type RollupBasis,
  type RollupGrains,
  type RollupSlice,
  type SliceBase,
} from '../seed/app-rollups.ts'
import { keptRollupGrains } from './app-rollup-grains.ts'
import { rollupCodeAdding, clusterCodesIn } from './app-rollup-names.ts'
import { CHARGEBACK_SLICES, appIo, platformScope } from '../seed/chargeback-rollups.ts'
import { DAY, QUARTER_DAY } from '../seed/app-rollups.ts'
import { cachedStatement } from '../statement-cache.ts'

/**
 * Keeps app_rollups and cb_rollups exact when a kill or a move rewrites an application (the seed
 * built them assuming apps never change). app_rollups keep minima and maxima, which cannot be
 * taken back by subtraction: every rollup row the app was in before or is in after is recomputed
 * from the applications of its bucket (a few dozen grouped reads of one bucket each). cb_rollups
 * hold sums only: the app's measures are subtracted from its old rows and added to its new ones.
 */

interface RollupKey {
  slice: RollupSlice
  basis: 'start' | 'finish'
  grain: number
  part: string
  bucket: number
  status: string
  kind: string
  cluster_uid: string
  executed_by_unravel: number
}

/** Which apps a slice's part holds, as SQL over `a` (partsOf's rule, read back). */
const PART_SQL: Record<SliceBase, string> = {
  all: '1',
  kind: 'a.kind = @part',
  user: 'a.user = @part',
  queue: 'a.queue = @part',
  inefficient: 'a.inefficient = 1',
  insight: `a.inefficient = 1 AND (a.event_mask & ${INEFFICIENT_BITS}) = CAST(@part AS INTEGER)`,
  event: 'a.inefficient = 1 AND ((a.event_mask >> CAST(@part AS INTEGER)) & 1) = 1',
}

/** The rows an app adds to, of the slices and grains the seed kept (keptRollupGrains). */
function rollupKeys(kept: RollupGrains, app: AppRow): RollupKey[] {
  const keys: RollupKey[] = []
  for (const [slice, grainsByBasis] of Object.entries(kept) as [RollupSlice, RollupGrains[RollupSlice]][]) {
    const spec = ROLLUP_SLICES[slice]!
    for (const [basis, grains] of Object.entries(grainsByBasis ?? {}) as [RollupBasis, number[]][]) {
      const time = basis === 'start' ? app.start_time : app.finished_time
      if (time === null) continue
      for (const grain of grains)
        for (const part of partsOf(spec.base, app))
          keys.push({
            slice,
            basis,
            grain,
            part,
            bucket: Math.floor(time / grain) * grain,
            status: spec.variant === 'total' ? '' : app.status,
            kind: spec.variant === 'full' ? app.kind : '',
            cluster_uid: app.cluster_uid,
            executed_by_unravel: spec.variant === 'full' ? app.executed_by_unravel : 0,
          })
    }
  }
  return keys
}

/** A row's key as stored (app_rollups: series, part and bucket number, kind and cluster codes). */
const KEY_WHERE =
  'series = @series AND part = @partCode AND bucket = @bucketNumber AND status = @status AND ' +
  'kind = @kindCode AND cluster = @clusterCode AND executed_by_unravel = @executed_by_unravel'

/**
 * The index that reads one bucket's apps: a prepared statement's planner cannot see how narrow the
 * time range is and would walk a whole cluster's apps (the cluster is an equality) instead.
 */
function bucketIndex(basis: RollupKey['basis'], base: SliceBase): string {
  if (basis === 'finish') return 'applications_finished'
  return base === 'user'
    ? 'applications_user'
    : base === 'queue'
      ? 'applications_queue'
      : 'applications_chargeback'
}

function recompute(db: Db, key: RollupKey): void {
  const spec = ROLLUP_SLICES[key.slice]!
  const time = key.basis === 'start' ? 'a.start_time' : 'a.finished_time'
  const filters = [
    `${time} >= @bucket AND ${time} < @end`,
    `a.cluster_code IN ${clusterCodesIn('@cluster_uid')}`,
    PART_SQL[spec.base],
    ...(spec.variant === 'total' ? [] : ['a.status = @status']),
    ...(spec.variant === 'full' ? ['a.kind = @kind', 'a.executed_by_unravel = @executed_by_unravel'] : []),
  ]
  const events = APP_EVENT_TYPES.map((_e, bit) => `sum((a.event_mask >> ${bit}) & 1)`).join(', ')
  // Stored as codes: a part or a kind no row held yet gets one (a move to a queue no app had).
  const codeOf = (field: Parameters<typeof rollupCodeAdding>[1], name: string) =>
    rollupCodeAdding(db, field, name)
  const stored = {
    ...key,
    series: seriesCode(key.slice, key.basis, key.grain),
    partCode: partCode(spec.base, key.part, codeOf),
    bucketNumber: key.bucket / key.grain,
    kindCode: codeOf('kind', key.kind),
    clusterCode: codeOf('cluster', key.cluster_uid),
  }
  cachedStatement(db, `DELETE FROM app_rollups WHERE ${KEY_WHERE}`).run(stored)
  cachedStatement(
    db,
    `INSERT INTO app_rollups (series, part, bucket, status, kind, cluster, executed_by_unravel,
                              n, dmin, dmax, cmin, cmax, emin, emax, ${EVENT_COLUMNS.join(', ')})
     SELECT @series, @partCode, @bucketNumber, @status, @kindCode, @clusterCode, @executed_by_unravel,
            count(*), min(a.duration), max(a.duration), min(a.cents), max(a.cents), min(a.num_events),
            max(a.num_events), ${events}
       FROM applications a INDEXED BY ${bucketIndex(key.basis, spec.base)}
      WHERE ${filters.join(' AND ')} HAVING count(*) > 0`,
  ).run({ ...stored, end: key.bucket + key.grain })
}

const keyText = (k: RollupKey) =>
  [k.slice, k.basis, k.grain, k.part, k.bucket, k.status, k.kind, k.cluster_uid, k.executed_by_unravel].join(
    '|',
  )

/** Recomputes every app_rollups row `before` or `after` (the same app, stored as `after` now) adds to. */
export function refreshAppRollups(db: Db, before: AppRow, after: AppRow): void {
  const keys = new Map<string, RollupKey>()
  const kept = keptRollupGrains(db)
  for (const key of [...rollupKeys(kept, before), ...rollupKeys(kept, after)]) keys.set(keyText(key), key)
  for (const key of keys.values()) recompute(db, key)
}

/** Adds (sign 1) or takes back (sign -1) an app's measures in cb_rollups, as the seed's builder adds them. */
export function addToChargebackRollups(db: Db, app: AppRow, sign: 1 | -1): void {
  const platform = cachedStatement(db, 'SELECT platform, kind FROM clusters WHERE unravel_id = ?').get(
    app.cluster_uid,
  ) as { platform: string; kind: string }
  const scope = platformScope(platform.platform, platform.kind)
  const upsert = cachedStatement(
    db,
    `INSERT INTO cb_rollups (dims, grain, cluster_uid, bucket, kind, user, queue, n, vs, ms, io, cents)
     VALUES (@dims, @grain, @cluster, @bucket, @kind, @user, @queue, @n, @vs, @ms, @io, @cents)
     ON CONFLICT (dims, grain, cluster_uid, bucket, kind, user, queue) DO UPDATE SET
       n = n + excluded.n, vs = vs + excluded.vs, ms = ms + excluded.ms, io = io + excluded.io,
       cents = cents + excluded.cents`,
  )
  const measures = {
    n: sign,
    vs: sign * app.vcore_seconds,
    ms: sign * app.memory_seconds,
    io: sign * appIo(app),
    cents: sign * app.cents,
  }
  for (const dims of CHARGEBACK_SLICES) {
    const values = {
      dims,
      kind: dims.includes('k') ? app.kind : '',
      user: dims.includes('u') ? app.user : '',
      queue: dims.includes('q') ? app.queue : '',
      ...measures,
    }
    for (const [cluster, grain] of [
      [app.cluster_uid, DAY],
      [scope, DAY],
      [scope, QUARTER_DAY],
    ] as const) {
      const row = { ...values, cluster, grain, bucket: Math.floor(app.start_time / grain) * grain }
      upsert.run(row)
      // A row no app is in any more goes, as the seed would not have written it.
      cachedStatement(
        db,
        `DELETE FROM cb_rollups WHERE dims = @dims AND grain = @grain AND cluster_uid = @cluster
            AND bucket = @bucket AND kind = @kind AND user = @user AND queue = @queue AND n = 0`,
      ).run(row)
    }
  }
}
