import { faker } from '@faker-js/faker'
import { resolvePlan, type ClusterType, type Role } from '@costlens/shared'
import { PERSONAS, personaAccess, type Persona } from '../../../../fixtures/personas.ts'
import { NO_LOCAL_PASSWORD, hashPassword } from '../passwords.ts'
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
 * The persona hashes this process has computed, by username and password. scrypt takes ~50 ms a
 * hash on purpose; a reset (tests and demos reset often, the budget is under 2 s) re-seeds the same
 * personas with the same passwords, and reuses the hash of the first seed instead of redoing it.
 */
const personaHashes = new Map<string, string>()
function personaHash(username: string, password: string): string {
  const key = `${username}\u0000${password}`
  const known = personaHashes.get(key)
  if (known) return known
  const hash = hashPassword(password)
  personaHashes.set(key, hash)
  return hash
}

/**
 * The variable that overrides a persona's password: COSTLENS_PERSONA_PASSWORD_ and the username in
 * capitals, a character a shell variable cannot hold (emr-readonly's hyphen) written as `_`.
 */
export function passwordVariable(username: string): string {
  return `COSTLENS_PERSONA_PASSWORD_${username.toUpperCase().replace(/[^A-Z0-9_]/g, '_')}`
}

function personaUser(persona: Persona, clusters: SeedCluster[], now: number): SeedUser {
  const password = process.env[passwordVariable(persona.username)] ?? persona.password
  const today = startOfUtcDay(now)
  const frozen = persona.profile.frozenDaysAgo
  const firstYarn = clusters.find((c) => c.platform === persona.clusterType && c.kind === 'Yarn')
  return {
    username: persona.username,
    passwordHash: password ? personaHash(persona.username, password) : NO_LOCAL_PASSWORD,
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
