import {
  BIGQUERY_INSIGHTS,
  BIGQUERY_INSIGHT_KEYS,
  bigQueryInsightSavingCents,
  bigQuerySavingShare,
  bigQueryTotalSavingCents,
  type BigQueryInsightsOverview,
  type BigQueryInsightsOverviewQuery,
  type BigQuerySavingFacts,
} from '@costlens/shared'
import type { Db } from '../open-database.ts'
import { cachedStatement } from '../statement-cache.ts'
import { costWindow, kept, keptDays, storedRange } from './bigquery-cost.ts'
import { BIGQUERY_UNFILTERED_PARTITIONS, insightText } from './bigquery-savings.ts'
import { jobsCreatedIn } from './bigquery-job-window.ts'
import { bigQueryWindowPieces, pieceSource, type BigQueryWindowPiece } from './bq-usage.ts'

/*
 * The BigQuery insights overview (03 §2 /osd_insights, R163). Each job's savings come from the rule
 * the job details use (bigquery-savings.ts jobSavings: a share of the job's cost per insight, the
 * shares of a job's insights together 1 − Π(1 − shareᵢ)), rounded per job as the details round them,
 * so the overview is the sum of what the details show. The jobs with insights are read one by one
 * (a share may depend on the job's bytes); the counts and cost of every job come from the same
 * pieces as Cost 360 (whole seeded days from bq_job_days, the edges from bq_jobs), so its totals are
 * Cost 360's. A whole stored day is tallied once per process and kept (keptDays), as Cost 360 keeps
 * its days: at a million jobs a day holds some 4,000 jobs with insights.
 */

/** Sums kept in integers: costs in 1/10,000 cents (cost_e4), savings likewise (the rule rounds savings to 4 decimals of a cent). */
interface Tally {
  jobs: number
  costE4: number
  insightJobs: number
  insightCostE4: number
  savingE4: number
  byInsight: { jobs: number; costE4: number; savingE4: number }[]
}

const emptyTally = (): Tally => ({
  jobs: 0,
  costE4: 0,
  insightJobs: 0,
  insightCostE4: 0,
  savingE4: 0,
  byInsight: BIGQUERY_INSIGHT_KEYS.map(() => ({ jobs: 0, costE4: 0, savingE4: 0 })),
})

function addTally(to: Tally, from: Tally): void {
  to.jobs += from.jobs
  to.costE4 += from.costE4
  to.insightJobs += from.insightJobs
  to.insightCostE4 += from.insightCostE4
  to.savingE4 += from.savingE4
  from.byInsight.forEach((b, i) => {
    const into = to.byInsight[i]!
    into.jobs += b.jobs
    into.costE4 += b.costE4
    into.savingE4 += b.savingE4
  })
}

/** Cents with 4 decimals as an integer count of 1/10,000 cents (exact for the rule's rounded values). */
const e4OfCents = (cents: number) => Math.round(cents * 10_000)

/** The jobs with insights created in [from, to) of stored time, each job's savings added. */
function insightJobs(db: Db, from: number, to: number, into: Tally): void {
  const window = jobsCreatedIn(db, { from, to })
  const rows = cachedStatement(
    db,
    `SELECT insight_mask, cost_e4, bytes_processed, bytes_billed FROM ${window.table}
      WHERE ${window.where} AND insight_mask != 0`,
  )
    .raw()
    .all(window.params) as [number, number, number, number][]
  const facts: BigQuerySavingFacts = {
    bytesProcessed: 0,
    bytesBilled: 0,
    partitionsRead: BIGQUERY_UNFILTERED_PARTITIONS,
  }
  const shares: number[] = []
  for (const [mask, costE4, processed, billed] of rows) {
    // cost_e4 is cents × 10,000 (as the details read it: fromE4).
    const costCents = costE4 / 10_000
    facts.bytesProcessed = processed
    facts.bytesBilled = billed
    shares.length = 0
    into.insightJobs++
    into.insightCostE4 += costE4
    BIGQUERY_INSIGHT_KEYS.forEach((key, bit) => {
      if ((mask & (1 << bit)) === 0) return
      const share = bigQuerySavingShare(key, facts)
      shares.push(share)
      const one = into.byInsight[bit]!
      one.jobs++
      one.costE4 += costE4
      one.savingE4 += e4OfCents(bigQueryInsightSavingCents(costCents, share))
    })
    into.savingE4 += e4OfCents(bigQueryTotalSavingCents(costCents, shares))
  }
}

/** Every job's count and cost in [from, to) of stored time, from the piece's table. */
function jobTotals(db: Db, piece: BigQueryWindowPiece, into: Tally): void {
  const source = pieceSource(db, piece)
  const row = cachedStatement(
    db,
    `SELECT ${piece.count} AS n, coalesce(sum(a.cost_e4), 0) AS cost FROM ${source.table} WHERE ${source.where}`,
  ).get(source.params) as { n: number | null; cost: number }
  into.jobs += row.n ?? 0
  into.costE4 += row.cost
}

const DAY = 86_400_000

/** The tally of a stored range: its whole days kept once per process, its edges read each time. */
function tallyOf(db: Db, range: { from: number; to: number }): Tally {
  const total = emptyTally()
  const days = keptDays(db)
  for (const piece of bigQueryWindowPieces(range)) {
    if (piece.table === 'bq_jobs') {
      const edge = emptyTally()
      jobTotals(db, piece, edge)
      insightJobs(db, piece.from, piece.to, edge)
      addTally(total, edge)
      continue
    }
    for (let day = piece.from; day < piece.to; day += DAY)
      addTally(
        total,
        kept(days, 'insights', day, () => {
          const tally = emptyTally()
          jobTotals(db, { ...piece, from: day, to: day + DAY }, tally)
          insightJobs(db, day, day + DAY, tally)
          return tally
        }),
      )
  }
  return total
}

/** Money in 1/10,000 cents as cents with 4 decimals. */
const centsOf = (e4: number) => e4 / 10_000

/** GET /api/v1/bigquery/insights/overview (R163). */
export function insightsOverview(
  db: Db,
  q: BigQueryInsightsOverviewQuery,
  now: number,
): BigQueryInsightsOverview {
  const window = costWindow(db, q, now)
  const tally = tallyOf(db, storedRange(window))
  const insights = BIGQUERY_INSIGHT_KEYS.map((key, bit) => {
    const t = tally.byInsight[bit]!
    const text = insightText(key)
    return {
      key,
      name: BIGQUERY_INSIGHTS[key],
      category: text.category,
      recommendation: text.recommendation,
      jobCount: t.jobs,
      cost: centsOf(t.costE4),
      estimatedSaving: centsOf(t.savingE4),
    }
  }).sort((a, b) => b.estimatedSaving - a.estimatedSaving || a.key.localeCompare(b.key))
  return {
    startTime: new Date(window.start).toISOString(),
    endTime: new Date(window.end).toISOString(),
    jobCount: tally.jobs,
    cost: centsOf(tally.costE4),
    jobsWithInsights: tally.insightJobs,
    costWithInsights: centsOf(tally.insightCostE4),
    estimatedSaving: centsOf(tally.savingE4),
    insights,
  }
}
