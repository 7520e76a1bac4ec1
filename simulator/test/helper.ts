import type { FastifyInstance } from 'fastify'
import type { Role } from '@costlens/shared'
import { buildApp, type BuildAppOptions } from '../src/app.ts'
import { cachedOpenDatabase } from './seed-cache.ts'

export const TEST_NOW = '2026-11-22T12:00:00.000Z'
export const TEST_NOW_MS = Date.parse(TEST_NOW)

export interface TestAppOptions extends BuildAppOptions {
  /**
   * false: seed this app's database for real rather than open a copy of the run's seed of the same
   * options (seed-cache.ts), for a test about seeding itself, such as its determinism.
   */
  cachedSeed?: boolean
}

/**
 * A simulator over a fresh in-memory database, seeded small at a fixed clock. The database is its
 * own (writes stay in it) but, by default, a copy of the run's seed of the same options.
 */
export function testApp({ cachedSeed = true, ...options }: TestAppOptions = {}): Promise<FastifyInstance> {
  return buildApp({
    dbPath: ':memory:',
    seed: { scale: 'small', seed: 7 },
    now: TEST_NOW,
    logger: false,
    // Tests sign in far more often than people do; the limit itself has its own test.
    signInPerMinute: 10_000,
    ...(cachedSeed ? { openDatabase: cachedOpenDatabase } : {}),
    ...options,
  })
}

export async function signIn(app: FastifyInstance, username: string, password = username): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/v1/webSignIn', payload: { username, password } })
  if (res.statusCode !== 200) throw new Error(`sign-in as ${username} failed: ${res.body}`)
  return res.json<{ token: string }>().token
}

export function auth(token: string) {
  return { authorization: `JWT ${token}` }
}

/** A user the seed does not hold: a seeded persona's twin under another name and role. */
export interface TestPeer {
  /** The seeded persona whose cluster type, profile and password the peer takes. */
  of: string
  role: Role
}

export interface FrozenTestAppOptions extends TestAppOptions {
  /** The personas to sign in (password = username, as seeded), peers included. */
  users?: readonly string[]
  /** Users added to the database before signing in, by username. */
  peers?: Readonly<Record<string, TestPeer>>
}

export interface FrozenTestApp {
  app: FastifyInstance
  /** The still clock's instant: what every "now" of the app answers. */
  now: number
  /** The authorization headers of a user signed in at build time. */
  as(user: string): { authorization: string }
}

/**
 * A test app whose clock stands still at TEST_NOW (or `now`), with the `users` signed in.
 * Running clusters cost more every millisecond and budgets stamp the time they were written: a still
 * clock lets two calls agree to the cent and a test name the exact instant.
 */
export async function frozenTestApp(options: FrozenTestAppOptions = {}): Promise<FrozenTestApp> {
  const { users = [], peers = {}, ...buildOptions } = options
  const app = await testApp(buildOptions)
  app.clock.freeze()
  app.clock.set(buildOptions.now ?? TEST_NOW)
  for (const [username, peer] of Object.entries(peers)) addPeer(app, username, peer)
  const headers = new Map<string, { authorization: string }>()
  for (const user of users) {
    const peer = peers[user]
    headers.set(user, auth(await signIn(app, user, peer ? peer.of : user)))
  }
  return {
    app,
    now: app.clock.now(),
    as(user) {
      const known = headers.get(user)
      if (!known) throw new Error(`${user} is not signed in: name it in frozenTestApp({ users })`)
      return known
    },
  }
}

function addPeer(app: FastifyInstance, username: string, { of, role }: TestPeer): void {
  const added = app.db
    .prepare(
      `INSERT INTO users (username, password_hash, email, org, role, cluster_type, created_at, frozen_start,
                          frozen_end, frozen_yarn_cluster, frozen_impala_cluster, profile_json)
       SELECT @username, password_hash, @email, org, @role, cluster_type, created_at, frozen_start, frozen_end,
              frozen_yarn_cluster, frozen_impala_cluster, profile_json FROM users WHERE username = @of`,
    )
    .run({ username, email: `${username}@acme.example`, role, of })
  if (added.changes !== 1) throw new Error(`peer ${username}: no seeded user ${of}`)
}
