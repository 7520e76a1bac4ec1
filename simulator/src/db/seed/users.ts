import { randomBytes } from 'node:crypto'
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads'
import { faker } from '@faker-js/faker'
import { resolvePlan, type ClusterType, type Role } from '@costlens/shared'
import { PERSONAS, personaAccess, type Persona } from '../../../../fixtures/personas.ts'
import { HASH_BYTES, NO_LOCAL_PASSWORD, hashPassword, storedHash } from '../passwords.ts'
import type { Prng } from './prng.ts'
import type { SeedCluster } from './clusters.ts'

export interface SeedUser {
  username: string
  passwordHash: string
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
 * The persona hashes this process has computed, by username and password. scrypt takes ~30-50 ms a
 * hash on purpose; a reset (tests and demos reset often, the budget is under 2 s) re-seeds the same
 * personas with the same passwords, and reuses the hash of the first seed instead of redoing it.
 */
const personaHashes = new Map<string, string>()
const hashKey = (username: string, password: string) => `${username}\u0000${password}`

/**
 * Derives scrypt keys for a list of passwords and salts in a worker thread (plain JavaScript: no
 * TypeScript loader to start), posts them on `port`, then sets `state[0]` to 1 (2 on a failure).
 */
const HASH_WORKER = `
const { workerData } = require('node:worker_threads')
const { scryptSync } = require('node:crypto')
const { jobs, keyBytes, port, state } = workerData
try {
  port.postMessage({ keys: jobs.map(({ password, salt }) => scryptSync(password, salt, keyBytes)) })
  Atomics.store(state, 0, 1)
} catch (error) {
  port.postMessage({ error: String(error) })
  Atomics.store(state, 0, 2)
}
Atomics.notify(state, 0)
`

/** How long the seed waits for the worker's hashes before deriving them itself (a stuck worker). */
const HASH_WAIT_MS = 30_000

/**
 * The personas' password hashes, derived in a worker thread while the seed goes on: scrypt is
 * ~0.6 s for the personas, a third of the small seed, and the other core is idle meanwhile. The
 * seed is synchronous, so it collects them at its end with Atomics.wait and receiveMessageOnPort
 * (no event loop turn needed, as side-seed.ts). Until then a persona whose hash is not known yet
 * is written with NO_LOCAL_PASSWORD (no password verifies against it) and updated by `finish`.
 * Hashes this process already has (a reset) are reused and start no worker.
 */
export class PersonaHashing {
  private readonly jobs: { username: string; password: string; salt: Uint8Array }[] = []
  private worker: Worker | undefined
  private readonly port: MessagePort | undefined
  private readonly state = new Int32Array(new SharedArrayBuffer(4))

  constructor(personas: readonly Persona[] = PERSONAS) {
    const seen = new Set<string>()
    for (const persona of personas) {
      const password = personaPassword(persona)
      const key = hashKey(persona.username, password)
      if (!password || personaHashes.has(key) || seen.has(key)) continue
      seen.add(key)
      this.jobs.push({ username: persona.username, password, salt: randomBytes(16) })
    }
    if (!this.jobs.length) return
    const { port1, port2 } = new MessageChannel()
    this.port = port1
    this.worker = new Worker(HASH_WORKER, {
      eval: true,
      workerData: { jobs: this.jobs, keyBytes: HASH_BYTES, port: port2, state: this.state },
      transferList: [port2],
    })
    // Never what keeps a process alive; a failure to start is met by finish's own derivation.
    this.worker.unref()
    this.worker.on('error', () => {})
  }

  /** The hash of a persona's password if known now, else NO_LOCAL_PASSWORD until `finish`. */
  hashOf(username: string, password: string): string {
    return personaHashes.get(hashKey(username, password)) ?? NO_LOCAL_PASSWORD
  }

  /**
   * Waits for the worker's hashes (deriving them here if it failed or is stuck) and answers the
   * personas written with a placeholder, with their hash.
   */
  finish(): { username: string; passwordHash: string }[] {
    if (!this.jobs.length) return []
    Atomics.wait(this.state, 0, 0, HASH_WAIT_MS)
    const message = this.port && receiveMessageOnPort(this.port)?.message
    const keys = (message as { keys?: Uint8Array[] } | undefined)?.keys
    this.cancel()
    const done = this.jobs.map(({ username, password, salt }, k) => {
      const key = keys?.[k]
      const passwordHash = key ? storedHash(salt, key) : hashPassword(password, Buffer.from(salt))
      personaHashes.set(hashKey(username, password), passwordHash)
      return { username, passwordHash }
    })
    this.jobs.length = 0
    return done
  }

  /** Stops the worker (a seed that failed before `finish`); a no-op once finished. */
  cancel(): void {
    this.port?.close()
    void this.worker?.terminate()
    this.worker = undefined
  }
}

/**
 * The variable that overrides a persona's password: COSTLENS_PERSONA_PASSWORD_ and the username in
 * capitals, a character a shell variable cannot hold (emr-readonly's hyphen) written as `_`.
 */
export function passwordVariable(username: string): string {
  return `COSTLENS_PERSONA_PASSWORD_${username.toUpperCase().replace(/[^A-Z0-9_]/g, '_')}`
}

/** A persona's password: the variable's if set, else the fixture's; '' for none. */
function personaPassword(persona: Persona): string {
  return process.env[passwordVariable(persona.username)] ?? persona.password
}

function personaUser(
  persona: Persona,
  clusters: SeedCluster[],
  now: number,
  hashes: PersonaHashing,
): SeedUser {
  const password = personaPassword(persona)
  const today = startOfUtcDay(now)
  const frozen = persona.profile.frozenDaysAgo
  const firstYarn = clusters.find((c) => c.platform === persona.clusterType && c.kind === 'Yarn')
  return {
    username: persona.username,
    passwordHash: password ? hashes.hashOf(persona.username, password) : NO_LOCAL_PASSWORD,
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

/**
 * The personas, then colleagues without a local password (directory sign-in) who own apps and
 * budgets later. A persona whose hash `hashes` is still deriving has NO_LOCAL_PASSWORD until then.
 */
export function buildUsers(
  prng: Prng,
  clusters: SeedCluster[],
  now: number,
  extraUsers: number,
  hashes: PersonaHashing,
): SeedUser[] {
  const personas = PERSONAS.map((p) => personaUser(p, clusters, now, hashes))
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
      ...personaUser(persona, clusters, now, hashes),
      createdAt: startOfUtcDay(now) - prng.int(10, 700) * DAY,
    })
  }
  return [...personas, ...extras]
}
