import { randomBytes, scryptSync, timingSafeEqual } from 'node:crypto'

/** scrypt with Node's defaults (N=16384, r=8, p=1); stored as `scrypt$<salt hex>$<hash hex>`. */
export function hashPassword(password: string, salt: Buffer = randomBytes(16)): string {
  return `scrypt$${salt.toString('hex')}$${scryptSync(password, salt, 32).toString('hex')}`
}

export function verifyPassword(password: string, stored: string): boolean {
  const [scheme, saltHex, hashHex] = stored.split('$')
  if (scheme !== 'scrypt' || !saltHex || !hashHex) return false
  const expected = Buffer.from(hashHex, 'hex')
  const actual = scryptSync(password, Buffer.from(saltHex, 'hex'), expected.length)
  return timingSafeEqual(actual, expected)
}

/**
 * The stored hash of an account with no password of its own (it signs in through the directory,
 * SAML or AAD): no password verifies against it. The seeded colleagues who own apps use it; hashing
 * a random password for each of hundreds of them cost the large seed about twenty seconds of scrypt.
 */
export const NO_LOCAL_PASSWORD = 'none'
