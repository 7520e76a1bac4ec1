import {
  BILLING_FROM_OFFSET_DAYS,
  DATABRICKS_SKUS,
  DATABRICKS_USAGE_SOURCES,
  DATABRICKS_WORKLOAD_TYPES,
  MESSAGES,
  dateParamBounds,
  type DatabricksBilling,
  type DatabricksBillingQuery,
  type DatabricksBillingWorkload,
  type DatabricksSku,
} from '@costlens/shared'
import { HttpError } from '../../errors.ts'
import type { Db } from '../open-database.ts'
import { cachedStatement } from '../statement-cache.ts'
import {
  databricksWindowParts,
  keptDay,
  readWindowParts,
  rowsParams,
  sourceCodes,
} from './databricks-cost-pieces.ts'
import { databricksReadClock, dbusOf, usdOf, type DatabricksReadClock } from './databricks-figures.ts'

/*
 * Databricks billing (/manage/billing, E148; 02 §3 Billing labels): the contract (db_billing_contracts)
 * and what was consumed against it, per UTC month and workload type (SKU). Databricks bills DBUs —
 * the VMs are on the cloud provider's bill — so consumption is the DBU cost (dbu_cost_e4).
 *
 * Consumption is summed as every Databricks reader sums it (databricks-figures.ts): whole stored days
 * from db_usage_days, the window's edges from the rows, and a run's DBUs only from its cost_final_at
 * on (billing lag): consumption() reads the window in the parts the cost trends and the chargeback
 * read it in (databricks-cost-pieces.ts), so a bill and a trend of the same days agree.
 */

const DAY = 86_400_000
const HOUR = 3_600_000
const sku = (name: DatabricksSku) => DATABRICKS_SKUS.indexOf(name)

/** DBUs × 10,000, DBU cost in cents × 10,000 and compute-up time (ms), by SKU index. */
interface Tally {
  dbusE4: number
  costE4: number
  durationMs: number
}
type BySku = Map<number, Tally>

interface TallyRow {
  sku: number
  dbus_e4: number
  cost_e4: number
  duration: number
}

/** Adds the rows' sums to the tallies; `sign` -1 takes them off. */
function add(to: BySku, rows: readonly TallyRow[], sign: 1 | -1 = 1): void {
  for (const r of rows) {
    const t = to.get(r.sku) ?? { dbusE4: 0, costE4: 0, durationMs: 0 }
    t.dbusE4 += sign * r.dbus_e4
    t.costE4 += sign * r.cost_e4
    t.durationMs += sign * r.duration
    to.set(r.sku, t)
  }
}

/** The SKU sums of rows (rowsSql, UNFINAL_RUNS_SQL) over a stored range. */
function skuTallies(
  db: Db,
  rows: string,
  range: { from: number; to: number },
  storedNow: number,
): TallyRow[] {
  return cachedStatement(
    db,
    `SELECT sku, sum(dbus_e4) AS dbus_e4, sum(dbu_cost_e4) AS cost_e4, sum(duration) AS duration
       FROM ${rows} u GROUP BY sku`,
  ).all(rowsParams(db, range, storedNow)) as TallyRow[]
}

/**
 * What was consumed in the stored window [lo, hi), by SKU, cut as every Databricks cost reader cuts
 * a window (databricksWindowParts): whole days from the rollup, each summed once and kept; the
 * partial days at the edges (a bill's months are UTC months of the shown clock, not of the stored
 * one) as rows, or as rollup days less the rows that do not belong; the runs not billed yet taken off
 * the days that hold them.
 */
function consumption(db: Db, clock: DatabricksReadClock, lo: number, hi: number): BySku {
  const out: BySku = new Map()
  const { storedNow } = clock
  const parts = databricksWindowParts(db, DATABRICKS_USAGE_SOURCES, { from: lo, to: hi }, storedNow)
  readWindowParts(parts, {
    rows: (source, range, sign) => add(out, skuTallies(db, source, range, storedNow), sign),
    day: (day, sources) =>
      add(
        out,
        keptDay(
          db,
          `billing:${sourceCodes(sources)}`,
          day,
          () =>
            cachedStatement(
              db,
              `SELECT sku, sum(dbus_e4) AS dbus_e4, sum(dbu_cost_e4) AS cost_e4, sum(duration) AS duration
               FROM db_usage_days WHERE day = ? AND source_type IN (${sourceCodes(sources)}) GROUP BY sku`,
            ).all(day) as TallyRow[],
        ),
      ),
  })
  return out
}

const total = (tallies: BySku, field: keyof Tally) => [...tallies.values()].reduce((s, t) => s + t[field], 0)
const round = (n: number, places: number) => Math.round(n * 10 ** places) / 10 ** places

/** A YYYY-MM-DD query value as epoch ms (its UTC midnight); 400 when it is no such day or out of bounds. */
function dayParam(name: string, value: string, earliest: number, latest: number): number {
  const ms = Date.parse(`${value}T00:00:00Z`)
  if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== value)
    throw new HttpError(400, `querystring/${name} must be a date YYYY-MM-DD`)
  if (ms < earliest) throw new HttpError(400, `querystring/${name} must not be earlier than ${iso(earliest)}`)
  if (ms > latest) throw new HttpError(400, `querystring/${name} must not be later than ${iso(latest)}`)
  return ms
}
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10)
const monthStart = (ms: number) => {
  const d = new Date(ms)
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1)
}
const nextMonth = (ms: number) => {
  const d = new Date(ms)
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1)
}

/**
 * The UTC months a billing call covers: `from` is the range start + 15 days (B169), so its month is
 * the first; the last is `to`'s month (default now's). A short range near a month's end ("Last 7
 * days") puts `from` past `to`'s month: the period is then `to`'s month alone.
 */
export function billingMonths(query: DatabricksBillingQuery, now: number): number[] {
  const { earliest, latest } = dateParamBounds(now)
  const from = dayParam('from', query.from, earliest, latest + BILLING_FROM_OFFSET_DAYS * DAY)
  const to = query.to === undefined ? now : dayParam('to', query.to, earliest, latest)
  if (to < from - BILLING_FROM_OFFSET_DAYS * DAY)
    throw new HttpError(
      400,
      `querystring/to must not be before the range start (from less ${BILLING_FROM_OFFSET_DAYS} days)`,
    )
  const last = monthStart(to)
  const months: number[] = []
  for (let m = Math.min(monthStart(from), last); m <= last; m = nextMonth(m)) months.push(m)
  return months
}

/** The three workload types the billing labels name (02 §3), shown every month even when 0. */
const NAMED: readonly DatabricksSku[] = ['JOBS_LIGHT_COMPUTE', 'JOBS_COMPUTE', 'ALL_PURPOSE_COMPUTE']
const SKU_ORDER = [...NAMED, ...DATABRICKS_SKUS.filter((s) => !NAMED.includes(s))]

function workloadsOf(month: string, tallies: BySku): DatabricksBillingWorkload[] {
  return SKU_ORDER.flatMap((name) => {
    const t = tallies.get(sku(name))
    if (!t && !NAMED.includes(name)) return []
    const dbus = dbusOf(t?.dbusE4 ?? 0)
    const cost = usdOf(t?.costE4 ?? 0)
    return [
      {
        month,
        sku: name,
        workloadType: DATABRICKS_WORKLOAD_TYPES[name],
        dbus: round(dbus, 4),
        costPerUnit: dbus > 0 ? round(cost / dbus, 4) : 0,
        cost: round(cost, 6),
        instanceHours: round((t?.durationMs ?? 0) / HOUR, 2),
      },
    ]
  })
}

interface ContractRow {
  plan: string
  start_date: number
  end_date: number
  starting_credit: number
  monthly_threshold: number
}

/** E148: the contract in force (the latest started) and its consumption; 404 'Billing data not available'. */
export function databricksBilling(db: Db, query: DatabricksBillingQuery, now: number): DatabricksBilling {
  const months = billingMonths(query, now)
  const contract = cachedStatement(
    db,
    `SELECT plan, start_date, end_date, starting_credit, monthly_threshold FROM db_billing_contracts
      ORDER BY start_date <= @now DESC, start_date DESC LIMIT 1`,
  ).get({ now }) as ContractRow | undefined
  if (!contract) throw new HttpError(404, MESSAGES.M067)
  const clock = databricksReadClock(db, now)
  const stored = (ms: number) => ms - clock.shift
  const consumedE4 = total(
    consumption(db, clock, stored(contract.start_date), stored(Math.max(contract.start_date, now))),
    'costE4',
  )
  const consumed = usdOf(consumedE4)
  const perMonth = months.map((start) => {
    const month = iso(start).slice(0, 7)
    const end = Math.min(nextMonth(start), now)
    const tallies = end > start ? consumption(db, clock, stored(start), stored(end)) : new Map()
    const cost = usdOf(total(tallies, 'costE4'))
    return {
      row: {
        month,
        dbus: round(dbusOf(total(tallies, 'dbusE4')), 4),
        cost: round(cost, 6),
        aboveThreshold: cost > contract.monthly_threshold,
      },
      workloads: workloadsOf(month, tallies),
    }
  })
  return {
    plan: contract.plan,
    startDate: contract.start_date,
    endDate: contract.end_date,
    daysLeft: Math.max(0, Math.ceil((contract.end_date - now) / DAY)),
    startingCredit: contract.starting_credit,
    consumed: round(consumed, 6),
    balance: round(contract.starting_credit - consumed, 6),
    monthlyThreshold: contract.monthly_threshold,
    outstandingAmount: round(Math.max(0, consumed - contract.starting_credit), 6),
    from: months[0]!,
    to: Math.min(nextMonth(months[months.length - 1]!), now),
    months: perMonth.map((m) => m.row),
    workloads: perMonth.flatMap((m) => m.workloads),
  }
}
