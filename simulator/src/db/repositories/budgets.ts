import {
  budgetCostDayRows,
  budgetMonth,
  budgetNameProblem,
  budgetStanding,
  BUDGET_FORECAST_DAYS,
  MAX_BUDGETS,
  MESSAGES,
  roundCents,
  utcDate,
  type Budget,
  type BudgetDetails,
  type BudgetInput,
  type BudgetList,
  type BudgetScopeType,
} from '@costlens/shared'
import { HttpError } from '../../errors.ts'
import type { Db } from '../open-database.ts'
import { cachedStatement } from '../statement-cache.ts'
import { scopeOfPlatform, type ClusterScope } from './scope.ts'
import { checkEmrClusters, readsEmr } from './emr-figures.ts'
import { emrDailyCost } from './emr-cost.ts'

const DAY_MS = 86_400_000

/** One day of a scope's cost, as the cost source gives it (USD). */
export interface ScopeCostDay {
  date: string
  ec2: number
  emr: number
  ebs: number
  neglectedCost: number
}

/** Which clusters' cost a budget reads: every one of the user's, some of them, or those with a tag. */
export interface BudgetCostScope {
  clusterIds?: readonly string[]
  tag?: { key: string; value: string }
}

/**
 * Where a budget's day costs come from: the EMR clusters' daily cost today, another platform's
 * later. Days are UTC; a day with no cost may be left out.
 */
export type DailyCostSource = (window: { from: number; to: number } & BudgetCostScope) => ScopeCostDay[]

interface BudgetRow {
  id: number
  name: string
  amount: number
  period: 'monthly'
  scope_type: BudgetScopeType
  cluster_ids: string
  tag_key: string | null
  tag_value: string | null
  threshold_percent: number
  created_by: string
  created_at: number
  updated_at: number
}

const SELECT = `SELECT id, name, amount, period, scope_type, cluster_ids, tag_key, tag_value, threshold_percent,
                       created_by, created_at, updated_at FROM budgets`

const notFound = (id: number) => new HttpError(404, `The budget ${id} does not exist`)

function budgetRow(db: Db, id: number): BudgetRow {
  const row = cachedStatement(db, `${SELECT} WHERE id = ?`).get(id) as BudgetRow | undefined
  if (!row) throw notFound(id)
  return row
}

/** The clusters and tag a stored budget reads, and the clusters it names that are no longer there. */
function costScopeOf(
  db: Db,
  row: BudgetRow,
  scope: ClusterScope,
): { costScope: BudgetCostScope; missing: string[] } {
  if (row.scope_type === 'tag' && row.tag_key && row.tag_value)
    return { costScope: { tag: { key: row.tag_key, value: row.tag_value } }, missing: [] }
  if (row.scope_type !== 'clusters') return { costScope: {}, missing: [] }
  const named = JSON.parse(row.cluster_ids) as string[]
  const exists = cachedStatement(db, 'SELECT 1 FROM emr_clusters WHERE cluster_id = ?').pluck()
  const have = (id: string) => readsEmr(scope) && exists.get(id) !== undefined
  // A budget over clusters that all went away reads nothing, never everything.
  return {
    costScope: { clusterIds: named.filter(have) },
    missing: named.filter((id) => !have(id)),
  }
}

/** The days a budget's standing reads: the 7 whole days before today, then this month up to now. */
function standingWindow(now: number): { from: number; to: number } {
  const month = budgetMonth(now)
  const todayStart = Math.floor(now / DAY_MS) * DAY_MS
  return { from: Math.min(month.start, todayStart - BUDGET_FORECAST_DAYS * DAY_MS), to: now }
}

const dayTotal = (d: ScopeCostDay) => d.ec2 + d.emr + d.ebs

function budgetOf(row: BudgetRow, days: readonly ScopeCostDay[], now: number): Budget {
  const standing = budgetStanding({
    amount: row.amount,
    thresholdPercent: row.threshold_percent,
    now,
    days: days.map((d) => ({ date: d.date, cost: dayTotal(d) })),
  })
  return {
    id: row.id,
    name: row.name,
    amount: row.amount,
    period: row.period,
    scopeType: row.scope_type,
    clusterIds: JSON.parse(row.cluster_ids) as string[],
    tagKey: row.tag_key,
    tagValue: row.tag_value,
    thresholdPercent: row.threshold_percent,
    createdBy: row.created_by,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    ...standing,
  }
}

function readCost(source: DailyCostSource, costScope: BudgetCostScope, window: { from: number; to: number }) {
  // Clusters named but none left: nothing to read (an empty list would mean every cluster to a source).
  if (costScope.clusterIds && costScope.clusterIds.length === 0) return []
  return source({ ...window, ...costScope })
}

/** E168: every budget with its month so far, by name. */
export function listBudgets(db: Db, scope: ClusterScope, source: DailyCostSource, now: number): BudgetList {
  const rows = cachedStatement(db, `${SELECT} ORDER BY name_key`).all() as BudgetRow[]
  const window = standingWindow(now)
  const errors: string[] = []
  // Budgets over the same clusters read the same days once (every 'all' budget, each tag).
  const read = new Map<string, ScopeCostDay[]>()
  const costOf = (costScope: BudgetCostScope) => {
    const key = JSON.stringify(costScope)
    let days = read.get(key)
    if (!days) read.set(key, (days = readCost(source, costScope, window)))
    return days
  }
  const budgets = rows.map((row) => {
    const { costScope, missing } = costScopeOf(db, row, scope)
    if (missing.length > 0)
      errors.push(
        `Budget "${row.name}": the cluster${missing.length > 1 ? 's' : ''} ${missing.join(', ')} no longer exist${missing.length > 1 ? '' : 's'}.`,
      )
    return budgetOf(row, costOf(costScope), now)
  })
  return { budgets, errors, limit: MAX_BUDGETS }
}

/** E169: one budget, its month's cost day rows against its amount, with each day's EC2 / EMR / EBS. */
export function budgetDetails(
  db: Db,
  id: number,
  scope: ClusterScope,
  source: DailyCostSource,
  now: number,
): BudgetDetails {
  const row = budgetRow(db, id)
  const { costScope } = costScopeOf(db, row, scope)
  const month = budgetMonth(now)
  const window = standingWindow(now)
  // One day more before the month, for the 1st's change.
  const days = readCost(source, costScope, { from: Math.min(window.from, month.start - DAY_MS), to: now })
  const byDate = new Map(days.map((d) => [d.date, d]))
  const monthDays: ScopeCostDay[] = []
  for (let t = month.start; utcDate(t) <= month.today; t += DAY_MS) {
    const date = utcDate(t)
    monthDays.push(byDate.get(date) ?? { date, ec2: 0, emr: 0, ebs: 0, neglectedCost: 0 })
  }
  const dayBefore = byDate.get(utcDate(month.start - DAY_MS))
  const rows = budgetCostDayRows(
    monthDays.map((d) => ({ date: d.date, cost: dayTotal(d), neglectedCost: d.neglectedCost })),
    row.amount,
    dayBefore ? dayTotal(dayBefore) : 0,
  )
  return {
    budget: budgetOf(row, days, now),
    monthStart: month.start,
    monthEnd: month.end,
    daysInMonth: month.days,
    rows: rows.map((r, i) => ({
      ...r,
      ec2: roundCents(monthDays[i]!.ec2),
      emr: roundCents(monthDays[i]!.emr),
      ebs: roundCents(monthDays[i]!.ebs),
    })),
  }
}

/** The stored form of a budget's scope; the clusters it names must be the user's (403 otherwise). */
function scopeColumns(db: Db, input: BudgetInput, scope: ClusterScope) {
  if (input.scopeType === 'clusters') {
    if (!input.clusterIds?.length) throw new HttpError(400, 'Choose at least one cluster for this budget.')
    checkEmrClusters(db, scope, input.clusterIds)
    return { clusterIds: JSON.stringify(input.clusterIds), tagKey: null, tagValue: null }
  }
  if (input.scopeType === 'tag') {
    if (!input.tagKey || !input.tagValue)
      throw new HttpError(400, 'Choose the tag key and value of the clusters this budget covers.')
    return { clusterIds: '[]', tagKey: input.tagKey.trim(), tagValue: input.tagValue.trim() }
  }
  return { clusterIds: '[]', tagKey: null, tagValue: null }
}

/** B257: 400 'Budget name already exists.' when another budget has the name (case and spaces aside). */
function refuseTakenName(db: Db, name: string, exceptId?: number) {
  const others = cachedStatement(db, 'SELECT name FROM budgets WHERE id IS NOT ?')
    .pluck()
    .all(exceptId ?? null) as string[]
  const problem = budgetNameProblem(name, others)
  if (problem) throw new HttpError(400, problem)
}

function columns(db: Db, input: BudgetInput, scope: ClusterScope) {
  const name = input.name.trim()
  const amount = roundCents(input.amount)
  // Rounding to the cent can make a fraction of a cent nothing.
  if (amount <= 0) throw new HttpError(400, MESSAGES.M077)
  return {
    name,
    nameKey: name.toLowerCase(),
    amount,
    thresholdPercent: input.thresholdPercent ?? 80,
    ...scopeColumns(db, input, scope),
  }
}

/** E170 create: at most {@link MAX_BUDGETS} per install. Answers the new budget. */
export function createBudget(
  db: Db,
  input: BudgetInput,
  context: { scope: ClusterScope; username: string; source: DailyCostSource; now: number },
): Budget {
  const values = columns(db, input, context.scope)
  const id = db.transaction(() => {
    const count = cachedStatement(db, 'SELECT count(*) FROM budgets').pluck().get() as number
    if (count >= MAX_BUDGETS)
      throw new HttpError(
        400,
        `An install keeps at most ${MAX_BUDGETS} budgets: delete one before adding another.`,
      )
    refuseTakenName(db, values.name)
    return cachedStatement(
      db,
      `INSERT INTO budgets (name, name_key, amount, period, scope_type, cluster_ids, tag_key, tag_value,
                            threshold_percent, created_by, created_at, updated_at)
       VALUES (@name, @nameKey, @amount, 'monthly', @scopeType, @clusterIds, @tagKey, @tagValue,
               @thresholdPercent, @username, @now, @now)`,
    ).run({ ...values, scopeType: input.scopeType, username: context.username, now: context.now })
      .lastInsertRowid
  })()
  return budgetById(db, Number(id), context)
}

/** E170 update: every field as the form sends it. */
export function updateBudget(
  db: Db,
  id: number,
  input: BudgetInput,
  context: { scope: ClusterScope; source: DailyCostSource; now: number },
): Budget {
  const values = columns(db, input, context.scope)
  db.transaction(() => {
    budgetRow(db, id)
    refuseTakenName(db, values.name, id)
    cachedStatement(
      db,
      `UPDATE budgets SET name = @name, name_key = @nameKey, amount = @amount, scope_type = @scopeType,
              cluster_ids = @clusterIds, tag_key = @tagKey, tag_value = @tagValue,
              threshold_percent = @thresholdPercent, updated_at = @now
       WHERE id = @id`,
    ).run({ ...values, scopeType: input.scopeType, now: context.now, id })
  })()
  return budgetById(db, id, context)
}

export function deleteBudget(db: Db, id: number): void {
  if (cachedStatement(db, 'DELETE FROM budgets WHERE id = ?').run(id).changes === 0) throw notFound(id)
}

function budgetById(
  db: Db,
  id: number,
  context: { scope: ClusterScope; source: DailyCostSource; now: number },
) {
  const row = budgetRow(db, id)
  return budgetOf(
    row,
    readCost(context.source, costScopeOf(db, row, context.scope).costScope, standingWindow(context.now)),
    context.now,
  )
}

/**
 * The budgets a fresh install shows (seed/index.ts), one of each status on the day of seeding: their
 * amounts are set from what their scopes cost, so a demo opens on an Ok, an At Risk and an Exceeded
 * budget. Later days move them as the spend does, as real budgets would.
 */
export function seedBudgets(db: Db, now: number, createdBy = 'emr'): void {
  const scope = scopeOfPlatform(db, 'EMR')
  const source = emrBudgetCost(db, scope)
  const window = standingWindow(now)
  // A tag carried by the most EMR clusters, and three long-lived clusters: scopes with real spend.
  const tag = db
    .prepare(
      `SELECT key, value FROM emr_cluster_tags WHERE key NOT IN ('EMR_Release', 'unravel-installed')
       GROUP BY key, value ORDER BY count(*) DESC, key, value LIMIT 1`,
    )
    .get() as { key: string; value: string } | undefined
  const clusters = db
    .prepare(
      `SELECT cluster_id FROM emr_clusters
       ORDER BY coalesce(ended_at, @now) - created_at DESC, cluster_id LIMIT 3`,
    )
    .pluck()
    .all({ now }) as string[]
  const planned: {
    name: string
    costScope: BudgetCostScope
    row: Omit<SeedRow, 'amount'>
    factor: number
    fallback: number
  }[] = [
    // Ok: a third above the forecast. At Risk: the forecast passes 80 % but not the amount.
    { name: 'All EMR clusters', costScope: {}, row: { scopeType: 'all' }, factor: 1.35, fallback: 50_000 },
    ...(tag
      ? [
          {
            name: `Clusters tagged ${tag.key}=${tag.value}`,
            costScope: { tag },
            row: { scopeType: 'tag' as const, tagKey: tag.key, tagValue: tag.value },
            factor: 1.1,
            fallback: 8_000,
          },
        ]
      : []),
    // Exceeded: below what the clusters have already spent this month (set from the spend, not the forecast).
    ...(clusters.length > 0
      ? [
          {
            name: 'Long-running clusters',
            costScope: { clusterIds: clusters },
            row: { scopeType: 'clusters' as const, clusterIds: clusters },
            factor: -0.8,
            fallback: 500,
          },
        ]
      : []),
  ]
  const insert = db.prepare(
    `INSERT INTO budgets (name, name_key, amount, period, scope_type, cluster_ids, tag_key, tag_value,
                          threshold_percent, created_by, created_at, updated_at)
     VALUES (@name, @nameKey, @amount, 'monthly', @scopeType, @clusterIds, @tagKey, @tagValue, 80, @createdBy, @now, @now)`,
  )
  db.transaction(() => {
    for (const plan of planned) {
      const days = readCost(source, plan.costScope, window).map((d) => ({ date: d.date, cost: dayTotal(d) }))
      const standing = budgetStanding({ amount: 1, now, days })
      const base = plan.factor > 0 ? standing.forecast * plan.factor : standing.spendToDate * -plan.factor
      // Whole tens read like a budget someone set; never 0 (early on the 1st there is no spend yet).
      const amount = base >= 10 ? Math.round(base / 10) * 10 : plan.fallback
      insert.run({
        name: plan.name,
        nameKey: plan.name.toLowerCase(),
        amount,
        scopeType: plan.row.scopeType,
        clusterIds: JSON.stringify(plan.row.clusterIds ?? []),
        tagKey: plan.row.tagKey ?? null,
        tagValue: plan.row.tagValue ?? null,
        createdBy,
        now,
      })
    }
  })()
}

interface SeedRow {
  scopeType: BudgetScopeType
  clusterIds?: string[]
  tagKey?: string
  tagValue?: string
  amount: number
}

/**
 * The EMR clusters' daily cost as a budget reads it: `emrDailyCost`, the cost trends' own figure,
 * so a budget's spend is the trends' sum over the same days and clusters.
 */
export function emrBudgetCost(db: Db, scope: ClusterScope): DailyCostSource {
  return ({ from, to, clusterIds, tag }) =>
    emrDailyCost(db, scope, {
      from,
      to,
      now: to,
      ...(clusterIds && { clusterIds }),
      ...(tag && { tag }),
    }).map((d) => ({ date: d.date, ec2: d.ec2, emr: d.emr, ebs: d.ebs, neglectedCost: d.neglectedCost }))
}
