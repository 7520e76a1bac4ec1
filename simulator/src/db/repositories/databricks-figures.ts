import type { Db } from '../open-database.ts'
import { appsTimeShift } from './applications.ts'

/*
 * The Databricks figures, defined once (issue 20, "Numbers agree"). Billing lags: a run's DBUs and
 * cost count from its cost_final_at on, and are 0 before — in the runs list (02 §4 Databricks cost:
 * the console then fetches runs/{runId}/cost), the jobs list, chargeback, trends, billing and home
 * alike. Every reader sums runs through these fragments; none writes its own CASE.
 *
 * Stored times are the seeded ones: a reader compares them with `storedNow` (now less the read-time
 * shift, see appsTimeShift) and adds `shift` to the times it answers.
 */

/** The clock a Databricks read runs on: the shift of the stored times and now in stored terms. */
export interface DatabricksReadClock {
  shift: number
  storedNow: number
}

export function databricksReadClock(db: Db, now: number): DatabricksReadClock {
  const shift = appsTimeShift(db)
  return { shift, storedNow: now - shift }
}

/**
 * SQL: a run's final DBUs × 10,000, DBU cost and VM cost (cents × 10,000), 0 until cost_final_at;
 * `@storedNow` must be bound. `r` is the db_runs alias.
 */
export function finalRunFigures(r = 'r') {
  const final = `${r}.cost_final_at <= @storedNow`
  return {
    dbusE4: `CASE WHEN ${final} THEN ${r}.dbus_e4 ELSE 0 END`,
    dbuCostE4: `CASE WHEN ${final} THEN ${r}.dbu_cost_e4 ELSE 0 END`,
    vmCostE4: `CASE WHEN ${final} THEN ${r}.vm_cost_e4 ELSE 0 END`,
  } as const
}

/** DBUs from dbus_e4. */
export const dbusOf = (dbusE4: number) => dbusE4 / 10_000
/** USD from a cost in cents × 10,000. */
export const usdOf = (costE4: number) => costE4 / 1_000_000
/** Cents from a cost in cents × 10,000. */
export const centsOf = (costE4: number) => costE4 / 10_000
