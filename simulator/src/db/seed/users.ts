import { randomBytes } from 'node:crypto'
import { Worker } from 'node:worker_threads'
import { faker } from '@faker-js/faker'
import { resolvePlan, type ClusterType, type Role } from '@costlens/shared'
import { PERSONAS, personaAccess, type Persona } from '../../../../fixtures/personas.ts'
import { NO_LOCAL_PASSWORD, PASSWORD_KEY_BYTES, formatPasswordHash, hashPassword } from '../passwords.ts'
import type { Prng } from './prng.ts'
import type { SeedCluster } from './clusters.ts'

export interface SeedUser {
  username: string
  /** The password its hash is derived from (PersonaHashing.hashOf); null: no local password. */
  password: string | null
  email: string
  org: string
  role: string
  clusterType: ClusterType
  createdAt: number
  frozenStart: number | null
  frozenEnd: number | null
  frozenYarnCluster: string | null
  frozenImpalaCluster: string | null
  profile: Record<string, unknown>
}

const DAY = 86_400_000
const ORG = 'ACME Data Platform'

function startOfUtcDay(ms: number): number {
  return Math.floor(ms / DAY) * DAY
}

/** The rest of a user record (01 §3) beyond the columns: flags, plan, rbac, settings. */
function profileFor(persona: Persona, now: number): Record<string, unknown> {
  const access = personaAccess(persona)
  const { role: _role, clusterType: _type, ...accessFields } = access
  const planFields = {
    unravelPlan: access.unravelPlan,
    motionType: access.motionType,
    isUnravelUser: access.isUnravelUser,
  }
  return {
    ...accessFields,
    plan: resolvePlan(planFields),
    currency: 'USD',
    bigQueryEnabled: persona.clusterType === 'BIGQUERYV2',
    prestoEnabled: ['CDH', 'CDP', 'EMR'].includes(persona.clusterType),
    isSaas: false,
    showOldCostExplorerPages: false,
    nativeApp: { enabled: false, isFreeVersion: false },
    licenseDetails: { licenseType: 'enterprise', expiresAt: startOfUtcDay(now) + 365 * DAY, maxNodes: 2000 },
    sfConfig: { accountType: persona.clusterType === 'SNOWFLAKE' ? 'ENTERPRISE' : 'NONE' },
    idleExpiryTimeEnabled: persona.profile.idleExpiryMs !== undefined,
    idleExpiryTime: persona.profile.idleExpiryMs ?? 7_200_000,
    about: 'costlens simulator — synthetic demo data',
    auditDateFormat: 'MM/DD/YYYY HH:mm:ss',
    hdpReportingCluster: null,
    featureFlags: { onboardingTools: true, chatWidget: false, analytics: true, doNotTrack: false },
  }
}

/**
 * The persona hashes this process has computed, by username and password. scrypt takes 20-50 ms a
 * hash on purpose; a reset (tests and demos reset often, the budget is under 2 s) re-seeds the same
 * personas with the same passwords, and reuses the hash of the first seed instead of redoing it.
 */
const personaHashes = new Map<string, string>()
const hashKey = (username: string, password: string) => `${username}\u0000${password}`

/**
 * The worker that derives the personas' keys (an eval'd script: nothing to load but node:crypto,
 * so it starts in milliseconds). It takes jobs { password, salt } and writes each key into the
 * shared `keys` buffer, then counts it in state word 1; word 0 turns 1 when all are done, 2 on an
 * error. scryptSync with Node's defaults, as hashPassword (passwords.ts) and verifyPassword use.
 */
const HASH_WORKER = `
const { workerData } = require('node:worker_threads')
const { scryptSync } = require('node:crypto')
const { jobs, state, keys, keyBytes } = workerData
const words = new Int32Array(state)
let outcome = 1
try {
  jobs.forEach(({ password, salt }, i) => {
    new Uint8Array(keys, i * keyBytes, keyBytes).set(scryptSync(password, salt, keyBytes))
    Atomics.store(words, 1, i + 1)
    Atomics.notify(words, 0)
  })
} catch {
  outcome = 2
}
Atomics.store(words, 0, outcome)
Atomics.notify(words, 0)
`

/** How long the seed waits for the hash worker's next key before hashing the rest itself. */
const HASH_SILENCE_MS = 15_000

/**
 * The personas' password hashes, derived in a worker thread from the very start of a seed, while
 * the main thread generates the applications (about 1.5 s of the demo seed's main thread and 0.6 s
 * of the small one's were these 27 scrypt hashes). Each is derived exactly as hashPassword does it
 * (same scrypt parameters, a random salt each: passwords stay as costly to guess). The seed asks
 * for them (hashOf) when it inserts the users, late: by then the worker is long done. A worker
 * that fails or falls silent costs only time: the hashes it did not give are derived in-thread.
 * Hashes this process already has (personaHashes: a reset) are not derived again.
 */
export class PersonaHashing {
  private worker: Worker | undefined
  private state: Int32Array | undefined
  private keys: SharedArrayBuffer | undefined
  private readonly jobs: { key: string; password: string; salt: Buffer }[] = []

  constructor() {
    for (const persona of PERSONAS) {
      const password = personaPassword(persona)
      const key = hashKey(persona.username, password)
      if (password && !personaHashes.has(key) && !this.jobs.some((j) => j.key === key))
        this.jobs.push({ key, password, salt: randomBytes(16) })
    }
    if (!this.jobs.length) return
    const state = new SharedArrayBuffer(8)
    this.state = new Int32Array(state)
    this.keys = new SharedArrayBuffer(this.jobs.length * PASSWORD_KEY_BYTES)
    try {
      this.worker = new Worker(HASH_WORKER, {
        eval: true,
        // Not the parent's `--import tsx`: the script is plain JavaScript, and the loader costs a start.
        execArgv: [],
        workerData: {
          jobs: this.jobs.map(({ password, salt }) => ({ password, salt })),
          state,
          keys: this.keys,
          keyBytes: PASSWORD_KEY_BYTES,
        },
      })
      this.worker.unref()
      // An error after the worker started (it reports its own through state word 0).
      this.worker.on('error', () => undefined)
    } catch {
      this.worker = undefined
    }
  }

  /** The stored hash of a seeded user: its persona's hash, or NO_LOCAL_PASSWORD. */
  hashOf(user: Pick<SeedUser, 'username' | 'password'>): string {
    if (!user.password) return NO_LOCAL_PASSWORD
    this.collect()
    const key = hashKey(user.username, user.password)
    let hash = personaHashes.get(key)
    if (!hash) {
      // A persona the worker did not hash (it failed, or the password changed since it started).
      hash = hashPassword(user.password)
      personaHashes.set(key, hash)
    }
    return hash
  }

  /** Stops the worker, if it still runs (a seed that failed before it asked for the hashes). */
  cancel(): void {
    void this.worker?.terminate()
    this.worker = undefined
  }

  /** Waits for the worker (while it keeps giving keys) and keeps the hashes it derived. */
  private collect() {
    const { state, keys } = this
    if (!this.worker || !state || !keys) return
    let done = Atomics.load(state, 1)
    let heard = performance.now()
    while (Atomics.load(state, 0) === 0 && performance.now() - heard < HASH_SILENCE_MS) {
      Atomics.wait(state, 0, 0, 100)
      const now = Atomics.load(state, 1)
      if (now !== done) {
        done = now
        heard = performance.now()
      }
    }
    done = Atomics.load(state, 1)
    for (const [i, job] of this.jobs.slice(0, done).entries()) {
      const key = Buffer.from(new Uint8Array(keys, i * PASSWORD_KEY_BYTES, PASSWORD_KEY_BYTES))
      personaHashes.set(job.key, formatPasswordHash(job.salt, key))
    }
    this.cancel()
  }
}

/**
 * The variable that overrides a persona's password: COSTLENS_PERSONA_PASSWORD_ and the username in
 * capitals, a character a shell variable cannot hold (emr-readonly's hyphen) written as `_`.
 */
export function passwordVariable(username: string): string {
  return `COSTLENS_PERSONA_PASSWORD_${username.toUpperCase().replace(/[^A-Z0-9_]/g, '_')}`
}

/** A persona's password: its variable's value (passwordVariable) if set, else the fixture's. */
function personaPassword(persona: Persona): string {
  return process.env[passwordVariable(persona.username)] ?? persona.password
}

function personaUser(persona: Persona, clusters: SeedCluster[], now: number): SeedUser {
  const password = personaPassword(persona)
  const today = startOfUtcDay(now)
  const frozen = persona.profile.frozenDaysAgo
  const firstYarn = clusters.find((c) => c.platform === persona.clusterType && c.kind === 'Yarn')
  return {
    username: persona.username,
    password: password || null,
    email: `${persona.username}@acme.example`,
    org: ORG,
    role: persona.role,
    clusterType: persona.clusterType,
    createdAt: today - 400 * DAY,
    frozenStart: frozen ? today - frozen[0] * DAY : null,
    frozenEnd: frozen ? today - frozen[1] * DAY : null,
    frozenYarnCluster: persona.profile.frozenYarnCluster ? (firstYarn?.unravelId ?? null) : null,
    frozenImpalaCluster: null,
    profile: profileFor(persona, now),
  }
}

/** The personas, then colleagues without a local password (directory sign-in) who own apps and budgets later. */
export function buildUsers(prng: Prng, clusters: SeedCluster[], now: number, extraUsers: number): SeedUser[] {
  const personas = PERSONAS.map((p) => personaUser(p, clusters, now))
  const types: ClusterType[] = ['CDH', 'HDP', 'CDP', 'EMR', 'DB', 'SNOWFLAKE', 'BIGQUERYV2']
  const taken = new Set(personas.map((u) => u.username))
  const extras: SeedUser[] = []
  while (extras.length < extraUsers) {
    const first = faker.person.firstName().toLowerCase()
    const last = faker.person
      .lastName()
      .toLowerCase()
      .replace(/[^a-z]/g, '')
    const username = `${first}.${last}`
    if (taken.has(username)) continue
    taken.add(username)
    const clusterType = prng.pick(types)
    const role = prng.chance(0.1) ? 'admin' : prng.chance(0.1) ? 'readonlyAdmin' : 'user'
    const persona: Persona = {
      username,
      password: '',
      role: role as Role,
      clusterType,
      special: '',
      profile: {},
    }
    extras.push({
      ...personaUser(persona, clusters, now),
      createdAt: startOfUtcDay(now) - prng.int(10, 700) * DAY,
    })
  }
  return [...personas, ...extras]
}
