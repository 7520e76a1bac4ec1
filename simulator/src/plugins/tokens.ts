import { createSigner, createVerifier } from 'fast-jwt'
import { SESSION_TOKEN_LIFETIME_S, type Role } from '@costlens/shared'
import type { Clock } from '../clock.ts'

/** Session tokens last 2 hours, as the real product's (exp - iat = 7200 s, REAL-API-NOTES §1). */
export const TOKEN_LIFETIME_S = SESSION_TOKEN_LIFETIME_S

export interface TokenPayload {
  role: Role
  readOnly: boolean
  id: string
  username: string
  tags: string
  iat: number
  exp: number
}

/**
 * HS256 tokens on the simulated clock: moving the clock forward expires sessions the way time
 * would, which the clock controls and tests rely on.
 */
export function createTokenService(secret: string, clock: Clock) {
  return {
    sign(user: { username: string; role: Role }, issuedAt: number = clock.now()): string {
      const signer = createSigner({
        key: secret,
        algorithm: 'HS256',
        expiresIn: TOKEN_LIFETIME_S * 1000,
        clockTimestamp: issuedAt,
      })
      return signer({
        role: user.role,
        readOnly: user.role !== 'admin',
        id: user.username,
        username: user.username,
        tags: '',
      })
    },
    /** The payload of a valid, unexpired token; undefined otherwise. */
    verify(token: string): TokenPayload | undefined {
      try {
        const verifier = createVerifier({ key: secret, algorithms: ['HS256'], clockTimestamp: clock.now() })
        return verifier(token) as TokenPayload
      } catch {
        return undefined
      }
    },
  }
}
export type TokenService = ReturnType<typeof createTokenService>
