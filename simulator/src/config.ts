import { isIPv4, isIPv6 } from 'node:net'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { SIGN_IN_MODES, type SignInMode } from '@costlens/shared'
import type { Scale } from './db/seed/scale.ts'

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

export interface ServerConfig {
  port: number
  host: string
  dbPath: string
  scale: Scale
  seed: number
  now?: string
  signInMode: SignInMode
  ssoUser: string
  jwtSecret?: string
  clientDist: string
  simControl: boolean
  /** One line for the start-up log: whether the /__sim controls are on, and why. */
  simControlReason: string
  signInPerMinute: number
  /** Undefined: 5 × signInPerMinute (the app's default). */
  signInPerAddressPerMinute?: number
  frameAncestors: string[]
  /** Proxies whose X-Forwarded-* headers are believed; undefined: none. */
  trustProxy?: string[]
  /** USD per Snowflake credit the seed prices queries at. */
  snowflakeUsdPerCredit: number
  /** PDF exports a user may ask for a minute; undefined: the app's default (20). */
  pdfPerUserPerMinute?: number
}

/** Reads the documented environment (README "Environment"); throws a readable Error on bad values. */
export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = Number(env.PORT ?? 8080)
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be a port number, got "${env.PORT}"`)
  const scale = (env.SIM_SCALE ?? 'demo') as Scale
  if (!['small', 'demo', 'large'].includes(scale))
    throw new Error(`SIM_SCALE must be small, demo or large, got "${scale}"`)
  const seed = Number(env.SIM_SEED ?? 42)
  if (!Number.isInteger(seed)) throw new Error(`SIM_SEED must be a whole number, got "${env.SIM_SEED}"`)
  const signInMode = (env.SIGN_IN_MODE ?? 'open') as SignInMode
  if (!SIGN_IN_MODES.includes(signInMode))
    throw new Error(`SIGN_IN_MODE must be one of ${SIGN_IN_MODES.join(', ')}, got "${signInMode}"`)
  const host = env.HOST ?? 'localhost'
  const simControl = decideSimControl(env.SIM_CONTROL, host)
  return {
    port,
    host,
    dbPath: path.resolve(REPO_ROOT, env.DB_PATH ?? 'data/costlens.db'),
    scale,
    seed,
    now: env.SIM_NOW || undefined,
    signInMode,
    ssoUser: env.SSO_USER ?? 'admin',
    jwtSecret: env.JWT_SECRET || undefined,
    clientDist: path.resolve(REPO_ROOT, env.CLIENT_DIST ?? 'client/dist'),
    simControl: simControl.on,
    simControlReason: simControl.reason,
    signInPerMinute: readPerMinute('SIGN_IN_PER_MINUTE', env.SIGN_IN_PER_MINUTE) ?? 10,
    signInPerAddressPerMinute: readPerMinute(
      'SIGN_IN_PER_ADDRESS_PER_MINUTE',
      env.SIGN_IN_PER_ADDRESS_PER_MINUTE,
    ),
    frameAncestors: (env.FRAME_ANCESTORS ?? '').split(/[\s,]+/).filter(Boolean),
    trustProxy: readTrustProxy(env.TRUST_PROXY),
    snowflakeUsdPerCredit: readUsdPerCredit(env.SNOWFLAKE_USD_PER_CREDIT),
    pdfPerUserPerMinute: readPerMinute('PDF_PER_USER_PER_MINUTE', env.PDF_PER_USER_PER_MINUTE),
  }
}

/**
 * SNOWFLAKE_USD_PER_CREDIT: what a credit costs, default 3.00 (Enterprise on demand, AWS US East;
 * Standard is about 2, Business Critical about 4). Read when a database is seeded.
 */
export function readUsdPerCredit(value: string | undefined): number {
  if (value === undefined || value === '') return 3
  const n = Number(value)
  if (!Number.isFinite(n) || n <= 0 || n > 100)
    throw new Error(`SNOWFLAKE_USD_PER_CREDIT must be a price in USD above 0 (e.g. 3.00), got "${value}"`)
  return n
}

/**
 * SIM_CONTROL: the /__sim controls and fault injection. `on` or `off` (also true/false, 1/0) decide;
 * unset, they are on only when HOST is a loopback address, so a local or test run has them and a
 * demo opened to a network (HOST=0.0.0.0) does not: there anyone with the documented admin password
 * could fail other people's requests and move their clock.
 */
export function decideSimControl(value: string | undefined, host: string): { on: boolean; reason: string } {
  const setting = value?.trim().toLowerCase() ?? ''
  if (['on', 'true', '1'].includes(setting))
    return {
      on: true,
      reason: isLoopback(host)
        ? 'SIM_CONTROL on: the /__sim controls and fault injection are on.'
        : `SIM_CONTROL on: the /__sim controls and fault injection are on although HOST ${host} is reachable from other machines; any admin can fail other users' requests and move the clock.`,
    }
  if (['off', 'false', '0'].includes(setting))
    return { on: false, reason: 'SIM_CONTROL off: the /__sim controls and fault injection are off.' }
  if (setting !== '') throw new Error(`SIM_CONTROL must be on or off, got "${value}"`)
  return isLoopback(host)
    ? {
        on: true,
        reason: `SIM_CONTROL on by default: HOST ${host} is a loopback address; set SIM_CONTROL=off to remove the /__sim controls.`,
      }
    : {
        on: false,
        reason: `SIM_CONTROL off by default: HOST ${host} is not a loopback address, so the /__sim controls and fault injection are off; set SIM_CONTROL=on to turn them on.`,
      }
}

/** localhost, 127.0.0.0/8 and ::1 (also IPv4-mapped, or in brackets); any other host may be reachable. */
export function isLoopback(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1')
  if (h === 'localhost') return true
  const v4 = h.startsWith('::ffff:') ? h.slice('::ffff:'.length) : h
  if (isIPv4(v4)) return v4.split('.')[0] === '127'
  if (!isIPv6(h)) return false
  return /^(0{0,4}:){2,7}0{0,3}1$/.test(h) || h === '::1'
}

/**
 * SIGN_IN_PER_MINUTE (attempts per client and username a minute; default 10) and
 * SIGN_IN_PER_ADDRESS_PER_MINUTE (per client, any usernames; default 5 × the former).
 */
function readPerMinute(name: string, value: string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined
  const n = Number(value)
  if (!Number.isInteger(n) || n < 1)
    throw new Error(`${name} must be a whole number of at least 1, got "${value}"`)
  return n
}

const PROXY_RANGES = ['loopback', 'linklocal', 'uniquelocal']

/**
 * TRUST_PROXY: the addresses or CIDR ranges (or loopback, linklocal, uniquelocal) of the reverse
 * proxies in front, whose X-Forwarded-For and X-Forwarded-Proto are believed; unset, none is. Only
 * named proxies, never "any": a client that could pick its own X-Forwarded-For would pick a new
 * address per sign-in attempt, and one that could say X-Forwarded-Proto: https would get HSTS.
 */
export function readTrustProxy(value: string | undefined): string[] | undefined {
  const entries = (value ?? '').split(/[\s,]+/).filter(Boolean)
  if (entries.length === 0 || (entries.length === 1 && ['off', 'false', '0'].includes(entries[0]!)))
    return undefined
  for (const entry of entries) {
    const [address = '', prefix, extra] = entry.split('/')
    const bits = isIPv4(address) ? 32 : isIPv6(address) ? 128 : 0
    const validPrefix = prefix === undefined || (/^\d+$/.test(prefix) && Number(prefix) <= bits)
    if (!PROXY_RANGES.includes(entry) && (bits === 0 || !validPrefix || extra !== undefined))
      throw new Error(
        `TRUST_PROXY must list proxy addresses or CIDR ranges (or loopback, linklocal, uniquelocal), got "${entry}"`,
      )
  }
  return entries
}
