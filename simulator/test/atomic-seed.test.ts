import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import Database from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TEST_NOW_MS } from './helper.ts'
import { cachedSeedFile } from './seed-cache.ts'

/**
 * kill -9 in every phase of a first seed and at points of /__sim/reset, on the real server
 * process: the next start must serve the complete seed, and a token issued before a reset must
 * still be valid. A first seed is killed once per phase, as the server's progress line of the
 * step before says the phase begins (FIRST_SEED_KILLS), so every phase is tried on every run; a
 * reset, which shows no progress, at a random point in each quarter of its length and a little
 * past its end. (Twenty kills at random times took about 110 s of CI and could miss a short
 * phase, such as the rename into place, on any run.)
 *
 * Time goes to server starts (about 3 s each before a seed begins) and to seeds: the first seeds
 * run as one chain (each start after a kill is itself the first seed of an interrupted file, killed
 * in the next phase), and the resets on a copy of the run's cached seed, which they only need to
 * exist; the two lanes keep both cores busy.
 */

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
/**
 * The kills of a first seed: as the server shows `after` (a line of its start or of the seed's
 * steps, printed as each step ends: seed/index.ts), the phase `during` has just begun. The small
 * scale's steps in order: applications, indexes, rollups, search index, clusterResources,
 * snowflake (its indexes and rollups), bigquery (its indexes), emr, hbase, kafka, elk, kubernetes, databricks,
 * users, budgets, analyze; then the settings, the file synced and renamed into place, and the
 * server listens. In this order in one chain: only the last can leave a complete file.
 */
const FIRST_SEED_KILLS = [
  { during: 'the applications (and the password hashing beside them)', after: /Seeding/ },
  { during: 'the indexes and the rollups', after: /seed step applications\b/ },
  {
    during: "the search index, the cluster resources, Snowflake's and BigQuery's rows",
    after: /seed step rollups\b/,
  },
  { during: "EMR's, HBase's, Kafka's, ELK's and Kubernetes' rows", after: /seed step bigquery\.indexes\b/ },
  { during: "Databricks' rows, the users, budgets and analyze", after: /seed step kubernetes\b/ },
  { during: 'the settings and the rename into place', after: /seed step analyze\b/ },
] as const
const RESET_KILLS = 4
const SEED = { scale: 'small', seed: 7 } as const
/**
 * Row counts of the small seed that do not depend on the clock: the complete seed. The number of
 * insight events does (the hour of day shapes the work), so it is checked against the apps' own
 * num_events instead: a seed cut short between the two cannot match.
 */
const SEEDED_ROWS = { users: 27, clusters: 35, applications: 3000, snowflake_queries: 4000, db_runs: 4000 }

let dir: string
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'costlens-kill-'))
})
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

interface Server {
  child: ChildProcess
  url: string
  /** Resolves when stdout has shown a line matching the pattern; rejects if the process exits first. */
  saw(pattern: RegExp): Promise<number>
  /** When the output first matched the pattern (performance.now()), if it has. */
  timeOf(pattern: RegExp): number | undefined
  exited: Promise<{ code: number | null; output: string }>
  kill(): Promise<void>
}

/** `npm start` without the client build: node --import tsx simulator/src/server.ts. */
async function startServer(dbPath: string): Promise<Server> {
  const port = await freePort()
  const child = spawn(process.execPath, ['--import', 'tsx', 'simulator/src/server.ts'], {
    cwd: REPO,
    env: {
      ...process.env,
      DB_PATH: dbPath,
      SIM_SCALE: SEED.scale,
      SIM_SEED: String(SEED.seed),
      PORT: String(port),
      HOST: '127.0.0.1',
      SIM_CONTROL: 'on',
      SIGN_IN_PER_MINUTE: '10000',
      CLIENT_DIST: path.join(dir, 'no-client'),
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const arrivals: { at: number; length: number }[] = []
  const waiters: { pattern: RegExp; resolve: (at: number) => void }[] = []
  const onData = (chunk: Buffer) => {
    output += chunk.toString()
    arrivals.push({ at: performance.now(), length: output.length })
    for (const w of [...waiters])
      if (w.pattern.test(output)) {
        waiters.splice(waiters.indexOf(w), 1)
        w.resolve(performance.now())
      }
  }
  child.stdout!.on('data', onData)
  child.stderr!.on('data', onData)
  const exited = new Promise<{ code: number | null; output: string }>((resolve) =>
    child.once('exit', (code) => resolve({ code, output })),
  )
  return {
    child,
    url: `http://127.0.0.1:${port}`,
    saw: (pattern) =>
      Promise.race([
        new Promise<number>((resolve) => {
          if (pattern.test(output)) resolve(performance.now())
          else waiters.push({ pattern, resolve })
        }),
        exited.then(({ code, output: out }) => {
          throw new Error(`the server exited with ${code} before ${pattern}:\n${out}`)
        }),
      ]),
    timeOf: (pattern) => {
      const match = pattern.exec(output)
      if (match) return arrivals.find((a) => a.length >= match.index + match[0].length)?.at
    },
    exited,
    kill: async () => {
      child.kill('SIGKILL')
      await exited
    },
  }
}

const READY = /costlens console and API on/

async function signIn(url: string, username: string): Promise<string> {
  const res = await fetch(`${url}/api/v1/webSignIn`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: username }),
  })
  expect(res.status, `sign-in as ${username}`).toBe(200)
  return ((await res.json()) as { token: string }).token
}

/** What a complete seed holds, read beside the running server (WAL lets a reader in). */
function seededState(dbPath: string) {
  const db = new Database(dbPath, { readonly: true, fileMustExist: true })
  try {
    const count = (table: string) => db.prepare(`SELECT count(*) FROM ${table}`).pluck().get() as number
    return {
      rows: {
        ...Object.fromEntries(Object.keys(SEEDED_ROWS).map((t) => [t, count(t)])),
        // Less the Kubernetes Spark runs', one per driver pod, whose number follows the clock.
        applications:
          count('applications') -
          (db
            .prepare(
              `SELECT count(*) FROM k8s_pods p JOIN k8s_workloads w ON w.id = p.workload_id
                WHERE w.kind = 'SparkApplication' AND p.name LIKE '%-driver'`,
            )
            .pluck()
            .get() as number),
      },
      rollupsFilled: count('app_rollups') > 0 && count('snowflake_cost_rollups') > 0,
      eventsOfApps:
        count('app_events') > 0 &&
        count('app_events') === db.prepare('SELECT sum(num_events) FROM applications').pluck().get(),
      seededAt: db.prepare("SELECT value FROM settings WHERE key = 'seeded_at'").pluck().get(),
      upgradeRequests: count('upgrade_requests'),
      check: db.pragma('quick_check', { simple: true }),
    }
  } finally {
    db.close()
  }
}

function expectCompleteSeed(dbPath: string) {
  const state = seededState(dbPath)
  expect(state).toMatchObject({ rows: SEEDED_ROWS, rollupsFilled: true, eventsOfApps: true, check: 'ok' })
  expect(state.seededAt).toEqual(expect.any(String))
  return state
}

/** The i-th of RESET_KILLS points: a random instant in the i-th quarter of the window, the last past its end. */
function killPoint(i: number, windowMs: number): number {
  return ((i + Math.random()) / RESET_KILLS) * windowMs * 1.15
}

/**
 * A restart after a kill: the real server must come up on the file and serve the complete seed
 * (sign-in works, the known counts match). Answers the running server for the caller to use or stop.
 */
async function restartServes(dbPath: string, after: string): Promise<Server> {
  const server = await startServer(dbPath)
  try {
    await server.saw(READY)
  } catch (error) {
    throw new Error(`no start ${after}: ${(error as Error).message}`)
  }
  await signIn(server.url, 'admin')
  return server
}

const SEEDING_LINE = /seeding/i

/**
 * How long a reset of this file should take, to place the kills in it: the sum of the step times of
 * the seed it was copied from (seed_phases_ms, measured on this machine in this run; a reset seeds
 * the same steps in one transaction, in this thread as at the small scale). Measuring a reset first
 * would cost a whole reset more; a reset that finishes before its kill tells its real length.
 */
function seedLengthMs(dbPath: string): number {
  const db = new Database(dbPath, { readonly: true, fileMustExist: true })
  try {
    const phases = db.prepare("SELECT value FROM settings WHERE key = 'seed_phases_ms'").pluck().get()
    return Object.values(JSON.parse(phases as string) as Record<string, number>).reduce((a, b) => a + b, 0)
  } finally {
    db.close()
  }
}

// Everything runs in server processes (this worker only waits): the chain of first seeds and the
// resets at once, so both cores stay busy.
describe.concurrent('kill -9 on the real server', () => {
  it(`during the first seed, in each of its ${FIRST_SEED_KILLS.length} phases: the next start seeds again, completely`, async () => {
    const dbPath = path.join(dir, 'first', 'costlens.db')
    const kills: string[] = []
    // One chain: a start is killed in one phase, the start after it (which seeds again from what
    // the kill left) in the next, and so on; one more start runs to the end. After each kill the
    // file is either absent or a complete seed, never half of one.
    for (const [i, { during, after }] of FIRST_SEED_KILLS.entries()) {
      const seeding = await startServer(dbPath)
      // Every start seeds: nothing complete was left (after a kill, it says the seed was interrupted).
      await seeding.saw(SEEDING_LINE)
      await seeding.saw(after)
      await seeding.kill()
      const complete = fs.existsSync(dbPath)
      if (complete) {
        expectCompleteSeed(dbPath)
        // Only the last phase ends in place; were an earlier one to, the next start would not seed.
        if (i < FIRST_SEED_KILLS.length - 1) fs.rmSync(dbPath)
      }
      kills.push(`${during}${complete ? ' (it had finished)' : ''}`)
    }
    const restarted = await restartServes(dbPath, `after kills during ${kills.join('; ')}`)
    expectCompleteSeed(dbPath)
    // Nothing of the interrupted seeds is left beside the database, and the start said at most
    // one line about seeding.
    expect(fs.readdirSync(path.dirname(dbPath)).filter((f) => f.includes('.seeding'))).toEqual([])
    const { output } = await restarted.kill().then(() => restarted.exited)
    expect(output.match(new RegExp(SEEDING_LINE, 'gi'))?.length ?? 0).toBeLessThanOrEqual(1)
    console.info(`first seed killed during ${kills.join('; ')}`)
  }, 600_000)

  it(`during /__sim/reset, ${RESET_KILLS} times at random points: old or new complete data, tokens still valid`, async () => {
    const dbPath = path.join(dir, 'reset', 'costlens.db')
    // What a reset replaces needs only to be complete: a copy of the run's seed (its clock shifted
    // to now by the start, as any reused file's).
    cachedSeedFile(dbPath, { ...SEED, now: TEST_NOW_MS })
    let windowMs = seedLengthMs(dbPath)
    const estimateMs = windowMs
    let server = await restartServes(dbPath, 'on a copy of a complete seed')
    const admin = await signIn(server.url, 'admin')
    const freemium = await signIn(server.url, 'freemium')
    const reset = (s: Server) =>
      fetch(`${s.url}/__sim/reset`, { method: 'POST', headers: { authorization: `JWT ${admin}` } })

    const kills: string[] = []
    for (let i = 0; i < RESET_KILLS; i++) {
      // A write the reset takes away: it tells the old data from the new after the kill.
      const upgrade = await fetch(`${server.url}/api/v1/ui/upgrade-plan`, {
        method: 'PUT',
        headers: { authorization: `JWT ${freemium}` },
      })
      expect(upgrade.status).toBe(200)
      const sent = performance.now()
      let finishedMs: number | undefined
      const pending = reset(server)
        .then((res) => {
          if (res.ok) finishedMs = performance.now() - sent
        })
        .catch(() => undefined)
      const delay = killPoint(i, windowMs)
      await sleep(delay)
      await server.kill()
      await pending
      // What a killed reset leaves is complete, old or new: no start seeds it again (nor the copy).
      expect((await server.exited).output).not.toMatch(SEEDING_LINE)
      // A reset that ended before its kill tells how long resets take now: the next points use it.
      if (finishedMs !== undefined) windowMs = finishedMs
      kills.push(
        `${Math.round(delay)} ms${finishedMs === undefined ? '' : ` (it had finished in ${Math.round(finishedMs)} ms)`}`,
      )

      server = await restartServes(dbPath, `after a kill ${Math.round(delay)} ms into a reset`)
      const valid = await fetch(`${server.url}/api/v1/isValidToken`, {
        headers: { authorization: `JWT ${admin}` },
      })
      expect(valid.status, `a token from before a reset killed ${Math.round(delay)} ms in`).toBe(200)
      // Either the old data (the upgrade request still there) or the new (gone): never a mix.
      expect(expectCompleteSeed(dbPath).upgradeRequests).toBeLessThanOrEqual(1)
    }
    await server.kill()
    expect((await server.exited).output).not.toMatch(SEEDING_LINE)
    console.info(`reset: about ${Math.round(estimateMs)} ms long by its seed, killed at ${kills.join(', ')}`)
  }, 600_000)
})
