import fs from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { parseInstant } from '../simulator/src/clock.ts'
import { REPO_ROOT, readUsdPerCredit } from '../simulator/src/config.ts'
import { openDatabase } from '../simulator/src/db/open-database.ts'
import { removeInterruptedSeeds, seedFile } from '../simulator/src/db/seed-file.ts'
import { createSeedProgressBar } from '../simulator/src/db/seed/progress-bar.ts'
import type { Scale } from '../simulator/src/db/seed/scale.ts'

/** npm run seed -- --scale small|demo|large --seed N [--db PATH] [--now ISO|ms] [--force] */
const { values } = parseArgs({
  options: {
    scale: { type: 'string', default: process.env.SIM_SCALE ?? 'demo' },
    seed: { type: 'string', default: process.env.SIM_SEED ?? '42' },
    db: { type: 'string', default: process.env.DB_PATH ?? 'data/costlens.db' },
    now: { type: 'string', default: process.env.SIM_NOW },
    force: { type: 'boolean', default: false },
  },
})

function fail(message: string): never {
  process.stderr.write(`seed: ${message}\n`)
  process.exit(1)
}

const scale = values.scale as Scale
if (!['small', 'demo', 'large'].includes(scale)) fail(`--scale must be small, demo or large, got "${scale}"`)
const seed = Number(values.seed)
if (!Number.isInteger(seed)) fail(`--seed must be a whole number, got "${values.seed}"`)
let now = Date.now()
try {
  if (values.now) now = parseInstant(values.now)
} catch (error) {
  fail((error as Error).message)
}
const dbPath = path.resolve(REPO_ROOT, values.db!)
if (fs.existsSync(dbPath) && !values.force)
  fail(`${dbPath} exists. Add --force to replace it (its data and any writes are lost).`)

const started = performance.now()
let snowflakeUsdPerCredit = 3
try {
  snowflakeUsdPerCredit = readUsdPerCredit(process.env.SNOWFLAKE_USD_PER_CREDIT)
} catch (error) {
  fail((error as Error).message)
}
// Seeded beside the file and renamed over it once complete: the old file stays whole until then.
removeInterruptedSeeds(dbPath)
// A bar per step on a terminal, one line per step in a log (progress-bar.ts).
const progress = createSeedProgressBar(process.stdout)
seedFile(dbPath, { scale, seed, now, snowflakeUsdPerCredit, progress })
const db = openDatabase(dbPath, { scale, seed, now, snowflakeUsdPerCredit })
const counts = Object.fromEntries(
  ['users', 'clusters', 'tags', 'applications', 'app_events', 'snowflake_queries', 'db_runs'].map((t) => [
    t,
    (db.prepare(`SELECT count(*) AS n FROM ${t}`).get() as { n: number }).n,
  ]),
)
db.close()
const fileMb = Math.round(fs.statSync(dbPath).size / 2 ** 20)
const seconds = ((performance.now() - started) / 1000).toFixed(2)
// Peak resident memory of the whole seeding process (maxRSS is in KiB), for the benchmark report.
const peakMb = Math.round(process.resourceUsage().maxRSS / 1024)
process.stdout.write(
  // One line; the benchmark reads "in N s" and "peak memory N MB" from it.
  `Seeded ${dbPath} (scale ${scale}, seed ${seed}, now ${new Date(now).toISOString()}) in ${seconds} s, peak memory ${peakMb} MB, file ${fileMb} MB: ` +
    `${Object.entries(counts)
      .map(([table, n]) => `${n.toLocaleString('en-US')} ${table}`)
      .join(', ')}; steps: ${progress.summary()}\n`,
)
