import { randomBytes, scryptSync, timingSafeEqual } from 'node:crypto'

/** The length of a derived key, bytes (scrypt with Node's defaults: N=16384, r=8, p=1). */
export const PASSWORD_KEY_BYTES = 32

let derivationCount = 0

/**
 * The scrypt derivations this process has run: a sign-in must cost exactly one whatever its outcome
 * (sign-in.test.ts counts them rather than timing them, which is flaky on a shared machine).
 */
export const passwordDerivations = () => derivationCount

/** Every derivation of this module, counted. */
function derive(password: string, salt: Buffer, bytes: number): Buffer {
  derivationCount += 1
  return scryptSync(password, salt, bytes)
}

/** A stored hash: `scrypt$<salt hex>$<hash hex>`. */
export function formatPasswordHash(salt: Buffer, key: Buffer): string {
  return `scrypt$${salt.toString('hex')}$${key.toString('hex')}`
}

/** scrypt with Node's defaults (N=16384, r=8, p=1); stored as `scrypt$<salt hex>$<hash hex>`. */
export function hashPassword(password: string, salt: Buffer = randomBytes(16)): string {
  return formatPasswordHash(salt, derive(password, salt, PASSWORD_KEY_BYTES))
}

/**
 * Stands in for the stored hash when there is none to check (an unknown user, an account without a
 * local password, an undecryptable ct): the same scrypt cost and key length as a real hash, so a
 * refusal takes as long whatever its reason and the answer time does not tell which usernames exist
 * (47 ms against 2 ms before). Its salt and hash are arbitrary: no known password derives to it.
 */
const DUMMY_HASH = { salt: Buffer.alloc(16, 0x5a), hash: Buffer.alloc(32, 0xc3) }

/**
 * Whether `password` is the one `stored` was made from. Always runs exactly one scrypt derivation,
 * also when there is no password or no usable stored hash (then it answers false after the same
 * work), so callers need not take care of the timing themselves.
 */
export function verifyPassword(password: string | null, stored: string | undefined): boolean {
  const parsed = stored === undefined ? undefined : parseHash(stored)
  const { salt, hash } = parsed ?? DUMMY_HASH
  const actual = derive(password ?? '', salt, hash.length)
  return timingSafeEqual(actual, hash) && parsed !== undefined && password !== null
}

function parseHash(stored: string): { salt: Buffer; hash: Buffer } | undefined {
  const [scheme, saltHex, hashHex] = stored.split('$')
  if (scheme !== 'scrypt' || !saltHex || !hashHex) return undefined
  const hash = Buffer.from(hashHex, 'hex')
  return hash.length > 0 ? { salt: Buffer.from(saltHex, 'hex'), hash } : undefined
}

/**
 * The stored hash of an account with no password of its own (it signs in through the directory,
 * SAML or AAD): no password verifies against it. The seeded colleagues who own apps use it; hashing
 * a random password for each of hundreds of them cost the large seed about twenty seconds of scrypt.
 */
export const NO_LOCAL_PASSWORD = 'none'
