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
  type BudgetPlatform,
  type BudgetScopeType,
} from '@costlens/shared'
import { HttpError } from '../../errors.ts'
import type { Db } from '../open-database.ts'
import { cachedStatement } from '../statement-cache.ts'
import { scopeOfPlatform, type ClusterScope } from './scope.ts'
import { checkEmrClusters, readsEmr } from './emr-figures.ts'
import { emrDailyCost } from './emr-cost.ts'
import { databricksWindowPieces, rowsParams, rowsSql, sourceCodes } from './databricks-cost-pieces.ts'
import { databricksReadClock, usdOf } from './databricks-figures.ts'

const DAY_MS = 86_400_000

/**
 * One day of a scope's cost, as the cost source gives it (USD): EC2 / EMR / EBS for EMR, DBU cost /
 * VM cost for Databricks (the other platform's parts 0).
 */
export interface ScopeCostDay {
  date: string
  ec2: number
  emr: number
  ebs: number
  dbuCost: number
  vmCost: number
  neglectedCost: number
}

/**
 * Whose cost a budget reads: everything of the platform, some EMR clusters, some Databricks
 * workspaces (their codes), or what carries a tag.
 */
export interface BudgetCostScope {
  clusterIds?: readonly string[]
  workspaces?: readonly number[]
  tag?: { key: string; value: string }
}

/**
 * Where a budget's day costs come from: the EMR clusters' daily cost, or the Databricks usage's.
 * Days are UTC; a day with no cost may be left out.
 */
export type DailyCostSource = (window: { from: number; to: number } & BudgetCostScope) => ScopeCostDay[]

interface BudgetRow {
  id: number
  platform: BudgetPlatform
  name: string
  amount: number
  period: 'monthly'
  scope_type: BudgetScopeType
  cluster_ids: string
  workspaces: string
  tag_key: string | null
  tag_value: string | null
  threshold_percent: number
  created_by: string
  created_at: number
  updated_at: number
}

const SELECT = `SELECT id, platform, name, amount, period, scope_type, cluster_ids, workspaces, tag_key, tag_value,
                       threshold_percent, created_by, created_at, updated_at FROM budgets`

/**
 * The platform whose budgets a user reads and writes. The endpoints admit EMR and Databricks users
 * only (their `access`), so any other platform never gets here.
 */
export const budgetPlatformOf = (scope: ClusterScope): BudgetPlatform =>
  scope.platform === 'DB' ? 'DB' : 'EMR'

const notFound = (id: number) => new HttpError(404, `The budget ${id} does not exist`)

/** A budget of the user's platform; another platform's is not there for them (404, never 403: no hint it exists). */
function budgetRow(db: Db, id: number, platform: BudgetPlatform): BudgetRow {
  const row = cachedStatement(db, `${SELECT} WHERE id = ? AND platform = ?`).get(id, platform) as
    BudgetRow | undefined
  if (!row) throw notFound(id)
  return row
}

/** The Databricks workspace code of each name, for those that exist. */
function workspaceCodes(db: Db, names: readonly string[]): Map<string, number> {
  const code = cachedStatement(db, 'SELECT code FROM db_workspaces WHERE workspace_name = ?').pluck()
  const codes = new Map<string, number>()
  for (const name of names) {
    const c = code.get(name) as number | undefined
    if (c !== undefined) codes.set(name, c)
  }
  return codes
}

/** The clusters, workspaces or tag a stored budget reads, and those it names that are no longer there. */
function costScopeOf(
  db: Db,
  row: BudgetRow,
  scope: ClusterScope,
): { costScope: BudgetCostScope; missing: string[] } {
  if (row.scope_type === 'tag' && row.tag_key && row.tag_value)
    return { costScope: { tag: { key: row.tag_key, value: row.tag_value } }, missing: [] }
  if (row.scope_type === 'workspaces') {
    const named = JSON.parse(row.workspaces) as string[]
    const codes = workspaceCodes(db, named)
    return {
      costScope: { workspaces: [...codes.values()] },
      missing: named.filter((name) => !codes.has(name)),
    }
  }
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

const dayTotal = (d: ScopeCostDay) => d.ec2 + d.emr + d.ebs + d.dbuCost + d.vmCost

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
    platform: row.platform,
    amount: row.amount,
    period: row.period,
    scopeType: row.scope_type,
    clusterIds: JSON.parse(row.cluster_ids) as string[],
    workspaces: JSON.parse(row.workspaces) as string[],
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
  // Clusters or workspaces named but none left: nothing to read (an empty list would mean all to a source).
  if (costScope.clusterIds?.length === 0 || costScope.workspaces?.length === 0) return []
  return source({ ...window, ...costScope })
}

/** What a Databricks budget's scope can name: the workspaces, and the tags the usage carries. */
function databricksChoices(db: Db): BudgetList['choices'] {
  const tags = new Map<string, string[]>()
  for (const { key, value } of cachedStatement(
    db,
    `SELECT DISTINCT t.key, t.value FROM db_tags t JOIN db_tag_sets s ON s.tag = t.code
      ORDER BY t.key, t.value LIMIT 500`,
  ).all() as { key: string; value: string }[])
    tags.set(key, [...(tags.get(key) ?? []), value])
  return {
    workspaces: cachedStatement(db, 'SELECT workspace_name FROM db_workspaces ORDER BY workspace_name')
      .pluck()
      .all() as string[],
    tags: [...tags].map(([key, values]) => ({ key, values })),
  }
}

/** E168: every budget of the user's platform with its month so far, by name. */
export function listBudgets(db: Db, scope: ClusterScope, source: DailyCostSource, now: number): BudgetList {
  const platform = budgetPlatformOf(scope)
  const rows = cachedStatement(db, `${SELECT} WHERE platform = ? ORDER BY name_key`).all(
    platform,
  ) as BudgetRow[]
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
    const what = row.scope_type === 'workspaces' ? 'workspace' : 'cluster'
    if (missing.length > 0)
      errors.push(
        `Budget "${row.name}": the ${what}${missing.length > 1 ? 's' : ''} ${missing.join(', ')} no longer exist${missing.length > 1 ? '' : 's'}.`,
      )
    return budgetOf(row, costOf(costScope), now)
  })
  const choices = platform === 'DB' ? databricksChoices(db) : { workspaces: [], tags: [] }
  return { platform, budgets, errors, limit: MAX_BUDGETS, choices }
}

/** E169: one budget, its month's cost day rows against its amount, with each day's EC2 / EMR / EBS. */
export function budgetDetails(
  db: Db,
  id: number,
  scope: ClusterScope,
  source: DailyCostSource,
  now: number,
): BudgetDetails {
  const row = budgetRow(db, id, budgetPlatformOf(scope))
  const { costScope } = costScopeOf(db, row, scope)
  const month = budgetMonth(now)
  const window = standingWindow(now)
  // One day more before the month, for the 1st's change.
  const days = readCost(source, costScope, { from: Math.min(window.from, month.start - DAY_MS), to: now })
  const byDate = new Map(days.map((d) => [d.date, d]))
  const monthDays: ScopeCostDay[] = []
  for (let t = month.start; utcDate(t) <= month.today; t += DAY_MS) {
    const date = utcDate(t)
    monthDays.push(
      byDate.get(date) ?? { date, ec2: 0, emr: 0, ebs: 0, dbuCost: 0, vmCost: 0, neglectedCost: 0 },
    )
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
      dbuCost: roundCents(monthDays[i]!.dbuCost),
      vmCost: roundCents(monthDays[i]!.vmCost),
    })),
  }
}

/**
 * The stored form of a budget's scope. The scope must be of the user's platform (clusters on EMR,
 * workspaces on Databricks: 400 naming the field otherwise); the clusters it names must be the
 * user's (403 otherwise), the workspaces must exist (400).
 */
function scopeColumns(db: Db, input: BudgetInput, scope: ClusterScope) {
  const platform = budgetPlatformOf(scope)
  const none = { clusterIds: '[]', workspaces: '[]', tagKey: null, tagValue: null }
  if (input.scopeType === 'clusters') {
    if (platform !== 'EMR')
      throw new HttpError(400, 'body/scopeType: a Databricks budget covers workspaces, not clusters')
    if (!input.clusterIds?.length) throw new HttpError(400, 'Choose at least one cluster for this budget.')
    checkEmrClusters(db, scope, input.clusterIds)
    return { ...none, clusterIds: JSON.stringify(input.clusterIds) }
  }
  if (input.scopeType === 'workspaces') {
    if (platform !== 'DB')
      throw new HttpError(400, 'body/scopeType: an EMR budget covers clusters, not workspaces')
    if (!input.workspaces?.length)
      throw new HttpError(400, 'body/workspaces: choose at least one workspace for this budget.')
    const codes = workspaceCodes(db, input.workspaces)
    const unknown = input.workspaces.find((name) => !codes.has(name))
    if (unknown !== undefined)
      throw new HttpError(400, `body/workspaces: there is no workspace "${unknown}".`)
    return { ...none, workspaces: JSON.stringify(input.workspaces) }
  }
  if (input.scopeType === 'tag') {
    if (!input.tagKey?.trim() || !input.tagValue?.trim())
      throw new HttpError(400, 'Choose the tag key and value of the clusters this budget covers.')
    return { ...none, tagKey: input.tagKey.trim(), tagValue: input.tagValue.trim() }
  }
  return none
}

/**
 * B257: 400 'Budget name already exists.' when another budget of the platform has the name (case
 * and spaces aside). Another platform's names are not compared: its users' budgets are not seen.
 */
function refuseTakenName(db: Db, platform: BudgetPlatform, name: string, exceptId?: number) {
  const others = cachedStatement(db, 'SELECT name FROM budgets WHERE platform = ? AND id IS NOT ?')
    .pluck()
    .all(platform, exceptId ?? null) as string[]
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

/** E170 create: at most {@link MAX_BUDGETS} per platform of an install. Answers the new budget. */
export function createBudget(
  db: Db,
  input: BudgetInput,
  context: { scope: ClusterScope; username: string; source: DailyCostSource; now: number },
): Budget {
  const values = columns(db, input, context.scope)
  const platform = budgetPlatformOf(context.scope)
  const id = db.transaction(() => {
    const count = cachedStatement(db, 'SELECT count(*) FROM budgets WHERE platform = ?')
      .pluck()
      .get(platform) as number
    if (count >= MAX_BUDGETS)
      throw new HttpError(
        400,
        `An install keeps at most ${MAX_BUDGETS} budgets: delete one before adding another.`,
      )
    refuseTakenName(db, platform, values.name)
    return cachedStatement(
      db,
      `INSERT INTO budgets (platform, name, name_key, amount, period, scope_type, cluster_ids, workspaces, tag_key,
                            tag_value, threshold_percent, created_by, created_at, updated_at)
       VALUES (@platform, @name, @nameKey, @amount, 'monthly', @scopeType, @clusterIds, @workspaces, @tagKey,
               @tagValue, @thresholdPercent, @username, @now, @now)`,
    ).run({ ...values, platform, scopeType: input.scopeType, username: context.username, now: context.now })
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
  const platform = budgetPlatformOf(context.scope)
  // Another platform's budget is a 404 before its input is looked at.
  budgetRow(db, id, platform)
  const values = columns(db, input, context.scope)
  db.transaction(() => {
    budgetRow(db, id, platform)
    refuseTakenName(db, platform, values.name, id)
    cachedStatement(
      db,
      `UPDATE budgets SET name = @name, name_key = @nameKey, amount = @amount, scope_type = @scopeType,
              cluster_ids = @clusterIds, workspaces = @workspaces, tag_key = @tagKey, tag_value = @tagValue,
              threshold_percent = @thresholdPercent, updated_at = @now
       WHERE id = @id`,
    ).run({ ...values, scopeType: input.scopeType, now: context.now, id })
  })()
  return budgetById(db, id, context)
}

export function deleteBudget(db: Db, id: number, scope: ClusterScope): void {
  const deleted = cachedStatement(db, 'DELETE FROM budgets WHERE id = ? AND platform = ?').run(
    id,
    budgetPlatformOf(scope),
  )
  if (deleted.changes === 0) throw notFound(id)
}

function budgetById(
  db: Db,
  id: number,
  context: { scope: ClusterScope; source: DailyCostSource; now: number },
) {
  const row = budgetRow(db, id, budgetPlatformOf(context.scope))
  return budgetOf(
    row,
    readCost(context.source, costScopeOf(db, row, context.scope).costScope, standingWindow(context.now)),
    context.now,
  )
}

/** A budget the seed plans: its scope, and how its amount follows from what that scope costs. */
interface SeedPlan {
  name: string
  costScope: BudgetCostScope
  row: Omit<SeedRow, 'amount'>
  /** > 0: the amount is the forecast × factor; < 0: the spend to date × -factor (Exceeded). */
  factor: number
  /** The amount when the scope has spent next to nothing yet (early on the 1st). */
  fallback: number
}

/** Stores planned budgets of a platform, each amount set from what its scope costs at `now`. */
function insertSeedBudgets(
  db: Db,
  platform: BudgetPlatform,
  source: DailyCostSource,
  planned: readonly SeedPlan[],
  now: number,
  createdBy: string,
) {
  const window = standingWindow(now)
  const insert = db.prepare(
    `INSERT INTO budgets (platform, name, name_key, amount, period, scope_type, cluster_ids, workspaces, tag_key,
                          tag_value, threshold_percent, created_by, created_at, updated_at)
     VALUES (@platform, @name, @nameKey, @amount, 'monthly', @scopeType, @clusterIds, @workspaces, @tagKey,
             @tagValue, 80, @createdBy, @now, @now)`,
  )
  db.transaction(() => {
    for (const plan of planned) {
      const days = readCost(source, plan.costScope, window).map((d) => ({ date: d.date, cost: dayTotal(d) }))
      const standing = budgetStanding({ amount: 1, now, days })
      const base = plan.factor > 0 ? standing.forecast * plan.factor : standing.spendToDate * -plan.factor
      // Whole tens read like a budget someone set; never 0 (early on the 1st there is no spend yet).
      const amount = base >= 10 ? Math.round(base / 10) * 10 : plan.fallback
      insert.run({
        platform,
        name: plan.name,
        nameKey: plan.name.toLowerCase(),
        amount,
        scopeType: plan.row.scopeType,
        clusterIds: JSON.stringify(plan.row.clusterIds ?? []),
        workspaces: JSON.stringify(plan.row.workspaces ?? []),
        tagKey: plan.row.tagKey ?? null,
        tagValue: plan.row.tagValue ?? null,
        createdBy,
        now,
      })
    }
  })()
}

/**
 * The budgets a fresh install shows (seed/index.ts), one of each status on the day of seeding, on
 * each platform: their amounts are set from what their scopes cost, so a demo opens on an Ok, an
 * At Risk and an Exceeded budget. Later days move them as the spend does, as real budgets would.
 */
export function seedBudgets(db: Db, now: number): void {
  seedEmrBudgets(db, now, 'emr')
  seedDatabricksBudgets(db, now, 'databricks')
}

function seedEmrBudgets(db: Db, now: number, createdBy: string): void {
  const scope = scopeOfPlatform(db, 'EMR')
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
  const planned: SeedPlan[] = [
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
  insertSeedBudgets(db, 'EMR', emrBudgetCost(db, scope), planned, now, createdBy)
}

/**
 * Databricks: every workspace (Ok), the costliest workspace of the last 30 days (At Risk) and the
 * usage tag with the most DBU cost (Exceeded), so each scope and each status shows.
 */
function seedDatabricksBudgets(db: Db, now: number, createdBy: string): void {
  const { storedNow } = databricksReadClock(db, now)
  const since = Math.floor(storedNow / DAY_MS) * DAY_MS - 30 * DAY_MS
  const workspace = db
    .prepare(
      `SELECT w.code, w.workspace_name AS name FROM db_usage_days u JOIN db_workspaces w ON w.code = u.workspace
        WHERE u.day >= ? GROUP BY w.code ORDER BY sum(u.dbu_cost_e4 + u.vm_cost_e4) DESC, w.code LIMIT 1`,
    )
    .get(since) as { code: number; name: string } | undefined
  const tag = db
    .prepare(
      `SELECT t.key, t.value FROM db_usage_days u JOIN db_tag_sets s ON s.code = u.tag_set
         JOIN db_tags t ON t.code = s.tag
        WHERE u.day >= ? GROUP BY t.code ORDER BY sum(u.dbu_cost_e4 + u.vm_cost_e4) DESC, t.code LIMIT 1`,
    )
    .get(since) as { key: string; value: string } | undefined
  const planned: SeedPlan[] = [
    {
      name: 'All Databricks workspaces',
      costScope: {},
      row: { scopeType: 'all' },
      factor: 1.35,
      fallback: 50_000,
    },
    ...(workspace
      ? [
          {
            name: `Workspace ${workspace.name}`,
            costScope: { workspaces: [workspace.code] },
            row: { scopeType: 'workspaces' as const, workspaces: [workspace.name] },
            factor: 1.1,
            fallback: 8_000,
          },
        ]
      : []),
    ...(tag
      ? [
          {
            name: `Usage tagged ${tag.key}=${tag.value}`,
            costScope: { tag },
            row: { scopeType: 'tag' as const, tagKey: tag.key, tagValue: tag.value },
            factor: -0.8,
            fallback: 500,
          },
        ]
      : []),
  ]
  insertSeedBudgets(db, 'DB', databricksBudgetCost(db, now), planned, now, createdBy)
}

interface SeedRow {
  scopeType: BudgetScopeType
  clusterIds?: string[]
  workspaces?: string[]
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
    }).map((d) => ({
      date: d.date,
      ec2: d.ec2,
      emr: d.emr,
      ebs: d.ebs,
      dbuCost: 0,
      vmCost: 0,
      neglectedCost: d.neglectedCost,
    }))
}

const DATABRICKS_SOURCES = ['JOB_RUN', 'CLUSTER', 'PIPELINE', 'WAREHOUSE'] as const

/**
 * The Databricks usage's daily cost as a budget reads it: the total cost of the cost trends in USD
 * (DBUs at their SKU list price + the cloud VMs; every source, each DBU once; a job run from its
 * cost_final_at on), on the UTC day it started, cut as every Databricks cost reader cuts a window
 * (databricks-cost-pieces.ts: whole days from db_usage_days, the edges from the rows). So a
 * workspace's spend this month is the trends' daily USD of that workspace summed over the month.
 * Workspaces narrow on the workspace code, a tag on the tag sets holding it (a usage with two tags
 * counts under either). Databricks has no neglected cost in this model: 0.
 */
export function databricksBudgetCost(db: Db, now: number): DailyCostSource {
  return ({ from, to, workspaces, tag }) => {
    const { shift, storedNow } = databricksReadClock(db, now)
    const where: string[] = []
    // Codes are integers read from the database, never the request's text: safe inline.
    if (workspaces) where.push(`workspace IN (${workspaces.map(Number).join(', ')})`)
    if (tag) {
      const sets = cachedStatement(
        db,
        `SELECT s.code FROM db_tag_sets s JOIN db_tags t ON t.code = s.tag WHERE t.key = ? AND t.value = ?`,
      )
        .pluck()
        .all(tag.key, tag.value) as number[]
      if (sets.length === 0) return []
      where.push(`tag_set IN (${sets.join(', ')})`)
    }
    const filter = where.map((w) => ` AND u.${w}`).join('')
    // [UTC day shown (ms), DBU cost e4, VM cost e4]
    const sums: [number, number, number][] = []
    for (const piece of databricksWindowPieces(
      db,
      DATABRICKS_SOURCES,
      { from: from - shift, to: to - shift },
      storedNow,
    )) {
      const sql =
        piece.table === 'rows'
          ? `SELECT CAST((u.t + @shift) / ${DAY_MS} AS INTEGER) * ${DAY_MS}, sum(u.dbu_cost_e4), sum(u.vm_cost_e4)
               FROM ${rowsSql(piece.sources)} u WHERE 1 = 1${filter} GROUP BY 1`
          : `SELECT u.day + @shift - (u.day + @shift) % ${DAY_MS}, sum(u.dbu_cost_e4), sum(u.vm_cost_e4)
               FROM db_usage_days u
              WHERE u.day >= @from AND u.day < @to AND u.source_type IN (${sourceCodes(piece.sources)})${filter}
              GROUP BY u.day`
      sums.push(
        ...(cachedStatement(db, sql)
          .raw()
          .all({ ...rowsParams(db, piece, storedNow), shift }) as [number, number, number][]),
      )
    }
    const byDay = new Map<number, ScopeCostDay>()
    for (const [day, dbuE4, vmE4] of sums) {
      const d = byDay.get(day) ?? {
        date: utcDate(day),
        ec2: 0,
        emr: 0,
        ebs: 0,
        dbuCost: 0,
        vmCost: 0,
        neglectedCost: 0,
      }
      d.dbuCost += usdOf(dbuE4)
      d.vmCost += usdOf(vmE4)
      byDay.set(day, d)
    }
    return [...byDay.values()].sort((a, b) => a.date.localeCompare(b.date))
  }
}
