import {
  DATABRICKS_INSIGHT_KEYS,
  DATABRICKS_INSIGHT_DEFAULT_DATE_LABEL,
  DATABRICKS_INSIGHT_DATE_LABELS,
  FREEMIUM_MAX_SPAN_DAYS,
  type DatabricksInsightDateLabel,
  type Plan,
  type RealizedSavingsSummary,
  type RealizedSavingsSummaryQuery,
} from '@costlens/shared'
import { HttpError } from '../../errors.ts'
import type { Db } from '../open-database.ts'
import { cachedStatement } from '../statement-cache.ts'
import { databricksWindowPieces, rowsParams, rowsSql, sourceCodes } from './databricks-cost-pieces.ts'
import { RUNS_BY_ROWID, runRowidParams, runRowidsSql } from './databricks-run-window.ts'
import {
  databricksReadClock,
  finalRunFigures,
  usdOf,
  type DatabricksReadClock,
} from './databricks-figures.ts'
import { ANY_INSIGHT, DAY, FINISHED, ensureDatabricksInsightRollup } from './databricks-insights-rollup.ts'

/*
 * The savings model of the Databricks insights (contract: shared/src/contracts/databricks-savings.ts),
 * summed in SQL per job × insight over a window cut like the cost readers' (databricks-cost-pieces.ts):
 * whole stored days whose runs are all final from db_insight_days, the window's partial edge days and
 * the days still being billed from the runs (db_run_insights, the saving counted from cost_final_at
 * on). A day on which an action was marked done holds runs on both sides of it: its runs and cost come
 * from the rollup, its savings split from the rows of that job × insight.
 */

/** The totals of one job × insight (insight ANY_INSIGHT: the job's runs with any insight). */
export interface PairTotals {
  job: number
  insight: number
  runs: number
  cost_e4: number
  untapped_e4: number
  realised_e4: number
}

/** A window in stored ms, [from, to). */
export interface StoredWindow {
  from: number
  to: number
}

const MAX_SPAN_DAYS = 90

/** A resolved range: its preset (null: custom) and epoch ms bounds. */
export interface InsightRange {
  dateLabel: DatabricksInsightDateLabel | null
  start: number
  end: number
}

export const daysOfLabel = (label: DatabricksInsightDateLabel) => Number(label.split('_')[0])

/**
 * The range of a request: startTime and endTime (both, at most 90 days), else a preset up to now
 * (default 30_d, the free plan's 7_d). Bad input is a 400 naming the field.
 */
export function insightRange(
  query: { dateLabel?: DatabricksInsightDateLabel; startTime?: number; endTime?: number },
  now: number,
  plan: Plan = 'enterprise',
): InsightRange {
  const { startTime, endTime } = query
  if (startTime !== undefined || endTime !== undefined) {
    if (startTime === undefined) throw new HttpError(400, 'querystring/startTime is required with endTime')
    if (endTime === undefined) throw new HttpError(400, 'querystring/endTime is required with startTime')
    if (endTime <= startTime) throw new HttpError(400, 'querystring/endTime must be after startTime')
    if (endTime - startTime > MAX_SPAN_DAYS * DAY)
      throw new HttpError(400, `querystring/endTime must be at most ${MAX_SPAN_DAYS} days after startTime`)
    return { dateLabel: null, start: startTime, end: endTime }
  }
  const label = query.dateLabel ?? (plan === 'freemium' ? '7_d' : DATABRICKS_INSIGHT_DEFAULT_DATE_LABEL)
  return { dateLabel: label, start: now - daysOfLabel(label) * DAY, end: now }
}

/** The range the free plan's check reads: the one asked for, or none when the server picks the default. */
export function askedInsightRange(
  query: { dateLabel?: DatabricksInsightDateLabel; startTime?: number; endTime?: number },
  now: number,
) {
  if (query.dateLabel === undefined && query.startTime === undefined && query.endTime === undefined)
    return undefined
  const range = insightRange(query, now)
  return { start: range.start, end: range.end }
}

const finalSaving = `CASE WHEN r.cost_final_at <= @storedNow THEN i.saving_e4 ELSE 0 END`

/** The SQL of the per job × insight totals of a window (jobs: only those codes) and its parameters. */
export function pairTotalsCte(
  db: Db,
  window: StoredWindow,
  storedNow: number,
  jobs: readonly number[] | null,
) {
  ensureDatabricksInsightRollup(db)
  const params: Record<string, number> = { storedNow }
  const parts: string[] = []
  const jobIn = (col: string) => (jobs ? ` AND ${col} IN (${jobs.map(Number).join(', ') || 'NULL'})` : '')
  const f = finalRunFigures('r')
  const cost = `${f.dbuCostE4} + ${f.vmCostE4}`
  databricksWindowPieces(db, ['JOB_RUN'], window, storedNow).forEach((piece, n) => {
    const from = `p${n}from`
    const to = `p${n}to`
    params[from] = piece.from
    params[to] = piece.to
    const runs = `${runRowidsSql(`p${n}`)} AND r.start_time >= @${from} AND r.start_time < @${to} AND r.insight_mask != 0 AND r.status IN ${FINISHED}${jobIn('r.job')}`
    if (piece.table === 'rows') {
      Object.assign(params, runRowidParams(db, piece.from, piece.to, `p${n}`))
      parts.push(
        `SELECT r.job, i.insight, count(*), sum(${cost}),
                sum(CASE WHEN a.done_at IS NULL OR r.start_time <= a.done_at THEN ${finalSaving} ELSE 0 END),
                sum(CASE WHEN a.done_at IS NOT NULL AND r.start_time > a.done_at THEN ${finalSaving} ELSE 0 END)
           FROM ${RUNS_BY_ROWID} JOIN db_run_insights i ON i.run = r.id
           LEFT JOIN db_insight_actions a ON a.job = r.job AND a.insight = i.insight
          WHERE ${runs} GROUP BY r.job, i.insight`,
        `SELECT r.job, ${ANY_INSIGHT}, count(*), sum(${cost}), 0, 0 FROM ${RUNS_BY_ROWID} WHERE ${runs} GROUP BY r.job`,
      )
    } else {
      // Whole final days; a day an action was done on splits its savings from the rows below.
      parts.push(
        `SELECT d.job, d.insight, sum(d.runs), sum(d.cost_e4),
                sum(CASE WHEN a.done_at IS NULL OR d.day + ${DAY} <= a.done_at THEN d.saving_e4 ELSE 0 END),
                sum(CASE WHEN a.done_at IS NOT NULL AND d.day > a.done_at THEN d.saving_e4 ELSE 0 END)
           FROM db_insight_days d LEFT JOIN db_insight_actions a ON a.job = d.job AND a.insight = d.insight
          WHERE d.day >= @${from} AND d.day < @${to}${jobIn('d.job')} GROUP BY d.job, d.insight`,
        `SELECT r.job, i.insight, 0, 0,
                sum(CASE WHEN r.start_time <= a.done_at THEN i.saving_e4 ELSE 0 END),
                sum(CASE WHEN r.start_time > a.done_at THEN i.saving_e4 ELSE 0 END)
           FROM db_insight_actions a
           JOIN db_runs r ON r.job = a.job AND r.start_time >= (a.done_at / ${DAY}) * ${DAY}
                         AND r.start_time < (a.done_at / ${DAY}) * ${DAY} + ${DAY}
           JOIN db_run_insights i ON i.run = r.id AND i.insight = a.insight
          WHERE a.done_at IS NOT NULL AND a.done_at >= @${from} AND a.done_at < @${to}
            AND r.status IN ${FINISHED}${jobIn('a.job')}
          GROUP BY r.job, i.insight`,
      )
    }
  })
  const union = parts.length ? parts.join(' UNION ALL ') : 'SELECT NULL, NULL, 0, 0, 0, 0 WHERE 0'
  return {
    /** A CTE `t` of the totals per job × insight, for a query to follow. */
    cte: `p(job, insight, runs, cost_e4, untapped_e4, realised_e4) AS (${union}),
          t AS (SELECT job, insight, sum(runs) AS runs, sum(cost_e4) AS cost_e4, sum(untapped_e4) AS untapped_e4,
                       sum(realised_e4) AS realised_e4 FROM p GROUP BY job, insight)`,
    params,
  }
}

/** The totals per job × insight of a stored window (jobs: only those job codes). */
export function pairTotals(
  db: Db,
  window: StoredWindow,
  storedNow: number,
  jobs: readonly number[] | null = null,
): PairTotals[] {
  const { cte, params } = pairTotalsCte(db, window, storedNow, jobs)
  return db.prepare(`WITH ${cte} SELECT * FROM t`).all(params) as PairTotals[]
}

/** The total cost of the runs started in a stored window (as the cost trends count them). */
export function runsCostE4(db: Db, window: StoredWindow, storedNow: number): number {
  let total = 0
  for (const piece of databricksWindowPieces(db, ['JOB_RUN'], window, storedNow)) {
    const sql =
      piece.table === 'days'
        ? `SELECT coalesce(sum(dbu_cost_e4 + vm_cost_e4), 0) FROM db_usage_days
            WHERE day >= @from AND day < @to AND source_type IN (${sourceCodes(piece.sources)})`
        : `SELECT coalesce(sum(dbu_cost_e4 + vm_cost_e4), 0) FROM ${rowsSql(piece.sources)}`
    const params =
      piece.table === 'days' ? { from: piece.from, to: piece.to } : rowsParams(db, piece, storedNow)
    total += cachedStatement(db, sql).pluck().get(params) as number
  }
  return total
}

export function storedWindowOf(clock: DatabricksReadClock, start: number, end: number): StoredWindow {
  return { from: start - clock.shift, to: end - clock.shift }
}

/** E054: the untapped and realised savings of a range and the runs' cost. */
export function realizedSavingsSummary(
  db: Db,
  query: RealizedSavingsSummaryQuery,
  now: number,
  plan: Plan,
): RealizedSavingsSummary {
  const end = query.endTime ?? now
  const start = query.startTime ?? end - (plan === 'freemium' ? FREEMIUM_MAX_SPAN_DAYS : 30) * DAY
  if (end <= start) throw new HttpError(400, 'querystring/endTime must be after startTime')
  if (end - start > MAX_SPAN_DAYS * DAY)
    throw new HttpError(400, `querystring/endTime must be at most ${MAX_SPAN_DAYS} days after startTime`)
  const clock = databricksReadClock(db, now)
  const window = storedWindowOf(clock, start, end)
  const pairs = pairTotals(db, window, clock.storedNow).filter((p) => p.insight !== ANY_INSIGHT)
  const untapped = pairs.reduce((sum, p) => sum + p.untapped_e4, 0)
  const realised = pairs.reduce((sum, p) => sum + p.realised_e4, 0)
  const done = cachedStatement(
    db,
    'SELECT count(*) FROM db_insight_actions WHERE done_at IS NOT NULL AND done_at < ?',
  )
    .pluck()
    .get(window.to) as number
  return {
    startTime: start,
    endTime: end,
    currency: 'USD',
    totalCost: usdOf(runsCostE4(db, window, clock.storedNow)),
    untappedSavings: usdOf(untapped),
    realizedCostSavings: usdOf(realised),
    actionsOpen: pairs.filter((p) => p.untapped_e4 > 0).length,
    actionsDone: done,
  }
}

/** The date presets as of now (E180). */
export function insightsConfiguration(now: number, plan: Plan) {
  return {
    insightsAvailableDates: DATABRICKS_INSIGHT_DATE_LABELS.map((key) => {
      const days = daysOfLabel(key)
      return {
        key,
        label: `Last ${days} days`,
        display: `${days}d`,
        startTime: now - days * DAY,
        endTime: now,
      }
    }),
    defaultDateLabel: plan === 'freemium' ? '7_d' : DATABRICKS_INSIGHT_DEFAULT_DATE_LABEL,
  }
}

/** The insight bits of a comma-separated keys filter (undefined: all). */
export function insightBits(insights: string | undefined): number[] {
  if (!insights) return DATABRICKS_INSIGHT_KEYS.map((_, bit) => bit)
  return [...new Set(insights.split(','))].map((k) =>
    DATABRICKS_INSIGHT_KEYS.indexOf(k as (typeof DATABRICKS_INSIGHT_KEYS)[number]),
  )
}
