import { DATABRICKS_INSIGHT_KEYS, DATABRICKS_SKUS, databricksUsdPerDbu } from '@costlens/shared'
import type { DatabricksCloud, DatabricksWorkspaceTier } from '@costlens/shared'
import { deriveDatabricksInsights } from '../../details/databricks-insights.ts'
import type { Db } from '../open-database.ts'
import { cachedStatement } from '../statement-cache.ts'

/*
 * The savings rollups of the insights pages (schema.sql db_run_insights, db_insight_days): each
 * finished run's saving per insight, worked out by deriveDatabricksInsights — the run details'
 * own function — from the run's full figures, then summed per stored UTC day, job and insight in
 * SQL. Readers count a run's saving only from its cost_final_at on, as its cost.
 */

export const DAY = 86_400_000
/** db_insight_days.insight of the "any insight" rows: each run with an insight once, and its cost. */
export const ANY_INSIGHT = -1
/** The statuses of a finished run (terminal: succeeded, failed, killed). */
export const FINISHED = `('S', 'F', 'K')`

/** db_runs as the rollup knows it: its largest id and its rows. */
function runsFingerprint(db: Db): string {
  const row = cachedStatement(db, 'SELECT max(id) AS last, count(*) AS n FROM db_runs').get() as {
    last: number | null
    n: number
  }
  return `${row.last ?? 0}:${row.n}`
}

interface RunInput {
  id: number
  insight_mask: number
  workers: number
  dbu_cost_e4: number
  vm_cost_e4: number
  sku: number
  cloud: DatabricksCloud
  tier: DatabricksWorkspaceTier
  spot_discount: number | null
}

/** Builds db_run_insights and db_insight_days from db_runs and notes which db_runs they are of. */
export function rollUpDatabricksInsights(db: Db): void {
  db.transaction(() => {
    db.exec('DELETE FROM db_run_insights; DELETE FROM db_insight_days; DELETE FROM db_insight_rollup_of')
    const insert = db.prepare('INSERT INTO db_run_insights (run, insight, saving_e4) VALUES (?, ?, ?)')
    const runs = db
      .prepare(
        `SELECT r.id, r.insight_mask, r.workers, r.dbu_cost_e4, r.vm_cost_e4, r.sku, w.cloud, w.tier, n.spot_discount
           FROM db_runs r JOIN db_workspaces w ON w.code = r.workspace
           LEFT JOIN db_node_types n ON n.code = r.node_type
          WHERE r.insight_mask != 0 AND r.status IN ${FINISHED}`,
      )
      // Read first: better-sqlite3 writes nothing while a statement iterates (about 200,000 runs at
      // the large scale, a few tens of MB).
      .all() as RunInput[]
    for (const run of runs) {
      const insights = deriveDatabricksInsights({
        insightMask: run.insight_mask,
        workers: run.workers,
        dbuCostE4: run.dbu_cost_e4,
        vmCostE4: run.vm_cost_e4,
        usdPerDbu: databricksUsdPerDbu(DATABRICKS_SKUS[run.sku]!, run.cloud, run.tier) ?? 0,
        jobsUsdPerDbu: databricksUsdPerDbu('JOBS_COMPUTE', run.cloud, run.tier) ?? 0,
        spotDiscount: run.spot_discount ?? 0,
        clusterName: null,
      })
      for (const insight of insights)
        insert.run(run.id, DATABRICKS_INSIGHT_KEYS.indexOf(insight.key), insight.savingE4)
    }
    db.exec(
      `INSERT INTO db_insight_days
       SELECT (r.start_time / ${DAY}) * ${DAY}, r.job, i.insight, count(*), sum(r.dbu_cost_e4 + r.vm_cost_e4),
              sum(i.saving_e4)
         FROM db_run_insights i JOIN db_runs r ON r.id = i.run GROUP BY 1, 2, 3`,
    )
    db.exec(
      `INSERT INTO db_insight_days
       SELECT (start_time / ${DAY}) * ${DAY}, job, ${ANY_INSIGHT}, count(*), sum(dbu_cost_e4 + vm_cost_e4), 0
         FROM db_runs WHERE insight_mask != 0 AND status IN ${FINISHED} GROUP BY 1, 2`,
    )
    db.prepare('INSERT INTO db_insight_rollup_of (fingerprint) VALUES (?)').run(runsFingerprint(db))
  })()
}

const checked = new WeakMap<Db, string>()

/**
 * Makes sure the rollups are of the db_runs there are, checked once per connection and marker. The
 * seed builds them with the runs; when db_runs was replaced (the tests' fixture) they are rebuilt
 * and the actions, whose job codes named other jobs, dropped.
 */
export function ensureDatabricksInsightRollup(db: Db): void {
  const marker = cachedStatement(db, 'SELECT fingerprint FROM db_insight_rollup_of').pluck().get() as
    string | undefined
  if (marker !== undefined && checked.get(db) === marker) return
  if (marker === undefined || marker !== runsFingerprint(db)) {
    rollUpDatabricksInsights(db)
    db.exec('DELETE FROM db_insight_actions')
  }
  checked.set(db, cachedStatement(db, 'SELECT fingerprint FROM db_insight_rollup_of').pluck().get() as string)
}
