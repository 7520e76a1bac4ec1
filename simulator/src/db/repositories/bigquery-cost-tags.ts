import { type BigQueryCostTags, type BigQueryCostTagsQuery, type BigQueryTagCostRow } from '@costlens/shared'
import type { Db } from '../open-database.ts'
import { readCodec } from './bigquery-codes.ts'
import {
  addSums,
  byCost,
  costWindow,
  sharePercent,
  storedRange,
  sumsOf,
  totalOf,
  totals,
  zero,
  type Sums,
} from './bigquery-cost.ts'
import { bigQueryWindowPieces, pieceSource } from './bq-usage.ts'

/*
 * The cost by tag (R154, /cost/osd_tags): the window's jobs by label set, cut as bqcb cuts a window
 * (whole days from bq_job_days, the edges from bq_jobs), then named by key and by value.
 */

export const UNTAGGED = '(untagged)'

/** GET costTags (R154): the cost by label key, and by value of one key, the untagged as its own row. */
export function costTags(db: Db, q: BigQueryCostTagsQuery, now: number): BigQueryCostTags {
  const w = costWindow(db, q, now)
  const bySet = new Map<number, Sums>()
  for (const piece of bigQueryWindowPieces(storedRange(w))) {
    // A job without labels has label_set NULL in bq_jobs and 0 in the day rollup.
    const source = pieceSource(db, piece)
    const rows = db
      .prepare(
        `SELECT coalesce(a.label_set, 0), ${sumsOf(piece.count)} FROM ${source.table}
          WHERE ${source.where} GROUP BY 1`,
      )
      .raw()
      .all(source.params) as [number, number, number, number, number][]
    for (const [set, n, costE4, bytes, slot] of rows) {
      const s = bySet.get(set) ?? bySet.set(set, zero()).get(set)!
      addSums(s, n, costE4, bytes, slot)
    }
  }
  const codec = readCodec(db)
  const total = totalOf(bySet.values())
  const keys = new Map<string, Sums>()
  const untagged = zero()
  for (const [set, s] of bySet) {
    const pairs = codec.labelSets.get(set) ?? []
    if (!pairs.length) addSums(untagged, s.n, s.costE4, s.bytes, s.slot)
    for (const key of new Set(pairs.map((p) => p.key)))
      addSums(keys.get(key) ?? keys.set(key, zero()).get(key)!, s.n, s.costE4, s.bytes, s.slot)
  }
  const tagRow = (id: string, s: Sums): BigQueryTagCostRow => ({
    id,
    name: id === '' ? UNTAGGED : id,
    ...totals(s),
    share: sharePercent(s.costE4, total.costE4),
  })
  const ranked = (sums: Map<string, Sums>, rest: Sums) => [
    ...[...sums].map(([id, s]) => tagRow(id, s)).sort(byCost),
    ...(rest.n > 0 ? [tagRow('', rest)] : []),
  ]
  const keyRows = ranked(keys, untagged)
  const key = q.key ?? keyRows.find((r) => r.id !== '')?.id ?? ''
  const values = new Map<string, Sums>()
  const withoutKey = zero()
  for (const [set, s] of bySet) {
    const value = (codec.labelSets.get(set) ?? []).find((p) => p.key === key)?.value
    const to = value === undefined ? withoutKey : (values.get(value) ?? values.set(value, zero()).get(value)!)
    addSums(to, s.n, s.costE4, s.bytes, s.slot)
  }
  return {
    startTime: new Date(w.start).toISOString(),
    endTime: new Date(w.end).toISOString(),
    total: totals(total),
    keys: keyRows,
    key,
    values: ranked(values, withoutKey),
  }
}
