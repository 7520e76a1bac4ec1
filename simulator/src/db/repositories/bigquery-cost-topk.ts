import {
  BIGQUERY_TOPK,
  type BigQueryTopK,
  type BigQueryTopKQuery,
  type BigQueryTopRow,
} from '@costlens/shared'
import type { Db } from '../open-database.ts'
import { renderBigQueryStatement } from '../seed/bigquery.ts'
import { jobIdSql, readCodec } from './bigquery-codes.ts'
import {
  addSums,
  byCost,
  collapse,
  costWindow,
  hoursOf,
  jobGroups,
  kept,
  keptDays,
  namers,
  sharePercent,
  storedRange,
  sumBy,
  sumsOf,
  totalOf,
  totals,
  zero,
  type Sums,
} from './bigquery-cost.ts'
import { jobsCreatedIn } from './bigquery-job-window.ts'
import { bigQueryWindowPieces } from './bq-usage.ts'

/*
 * Top K (R153, /cost/osd_topk): projects and users from the day groups Cost 360 reads
 * (bigquery-cost.ts); statements and signatures from the jobs themselves, since the day rollup has
 * no statement: each whole day (and whole hour of an edge) is summed once per process and kept.
 */

const DAY = 86_400_000

/** Statement sums of a stored range: [statement id, n, cost e4, bytes billed, slot-ms]. */
type StatementSums = [number, number, number, number, number]

function statementSums(db: Db, range: { from: number; to: number }): Map<number, Sums> {
  const read = (from: number, to: number) => {
    const window = jobsCreatedIn(db, { from, to }, 'a')
    return db
      .prepare(
        `SELECT a.statement_id, ${sumsOf('count(*)')} FROM ${window.table} WHERE ${window.where} GROUP BY 1`,
      )
      .raw()
      .all(window.params) as StatementSums[]
  }
  const sums = new Map<number, Sums>()
  const days = keptDays(db)
  const add = (rows: readonly StatementSums[]) => {
    for (const [id, n, costE4, bytes, slot] of rows) {
      let s = sums.get(id)
      if (!s) sums.set(id, (s = zero()))
      addSums(s, n, costE4, bytes, slot)
    }
  }
  // Jobs by statement are not in the day rollup: each whole day is read from bq_jobs once and kept.
  for (const piece of bigQueryWindowPieces(range)) {
    if (piece.table === 'bq_jobs')
      for (const { from, to, whole } of hoursOf(piece))
        add(whole ? kept(days, 'statement-hour', from, () => read(from, to)) : read(from, to))
    else
      for (let day = piece.from; day < piece.to; day += DAY)
        add(kept(days, 'statements', day, () => read(day, day + DAY)))
  }
  return sums
}

/** GET costTopK (R153): the K costliest projects, users, statements and signatures. */
export function costTopK(db: Db, q: BigQueryTopKQuery, now: number): BigQueryTopK {
  const w = costWindow(db, q, now)
  const k = q.k ?? BIGQUERY_TOPK.default
  const range = storedRange(w)
  const { parts } = collapse(jobGroups(db, range, w.shift, false))
  const codec = readCodec(db)
  const name = namers(codec)
  const total = totalOf(sumBy(parts, () => 0).values())
  const row = (id: string, s: Sums, more: Partial<BigQueryTopRow> = {}): BigQueryTopRow => ({
    id,
    name: id,
    ...totals(s),
    share: sharePercent(s.costE4, total.costE4),
    signature: '',
    sqlShort: '',
    sampleJobId: '',
    ...more,
  })
  const top = (sums: Map<string, Sums>) =>
    [...sums]
      .filter(([, s]) => s.n > 0)
      .map(([id, s]) => row(id, s))
      .sort(byCost)
      .slice(0, k)
  const statements = statementSums(db, range)
  const statementInfo = new Map(
    (
      db.prepare('SELECT id, template, signature FROM bq_statements').all() as {
        id: number
        template: string
        signature: string
      }[]
    ).map((s) => [s.id, s]),
  )
  const signatures = new Map<string, Sums>()
  /** The costliest statement of each signature: its sample shows the signature's text. */
  const leadStatement = new Map<string, number>()
  for (const [id, s] of statements) {
    const signature = statementInfo.get(id)?.signature ?? ''
    const sum = signatures.get(signature) ?? signatures.set(signature, zero()).get(signature)!
    addSums(sum, s.n, s.costE4, s.bytes, s.slot)
    const lead = leadStatement.get(signature)
    if (lead === undefined || (statements.get(lead)?.costE4 ?? 0) < s.costE4) leadStatement.set(signature, id)
  }
  const latestJob = db.prepare(
    `SELECT ${jobIdSql('bq_jobs')} AS id, literal_seed, create_time FROM bq_jobs INDEXED BY bq_jobs_statement
      WHERE statement_id = ? AND create_time >= ? AND create_time < ? ORDER BY create_time DESC LIMIT 1`,
  )
  const sample = (statementId: number) => {
    const job = latestJob.get(statementId, range.from, range.to) as
      { id: string; literal_seed: number; create_time: number } | undefined
    const info = statementInfo.get(statementId)
    if (!job || !info) return { sqlShort: '', sampleJobId: '' }
    const text = renderBigQueryStatement(info.template, job.literal_seed)
    return { sqlShort: text.slice(0, 200), sampleJobId: job.id }
  }
  const statementRows = [...statements]
    .filter(([, s]) => s.n > 0)
    .map(([id, s]) => row(String(id), s))
    .sort(byCost)
    .slice(0, k)
    .map((r) => {
      const info = sample(Number(r.id))
      return {
        ...r,
        ...info,
        name: info.sqlShort || r.id,
        signature: statementInfo.get(Number(r.id))?.signature ?? '',
      }
    })
  const signatureRows = top(signatures).map((r) => ({
    ...r,
    signature: r.id,
    ...sample(leadStatement.get(r.id)!),
  }))
  return {
    startTime: new Date(w.start).toISOString(),
    endTime: new Date(w.end).toISOString(),
    k,
    total: totals(total),
    projects: top(sumBy(parts, name.project)),
    users: top(sumBy(parts, name.user)),
    statements: statementRows,
    signatures: signatureRows,
  }
}
