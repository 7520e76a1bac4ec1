import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify'
import type { CurrentUser, Role } from '@costlens/shared'
import { HttpError, sendError } from '../errors.ts'
import { findUserRow } from '../db/repositories/users.ts'
import type { Db } from '../db/open-database.ts'
import type { TokenPayload, TokenService } from './tokens.ts'

export interface SessionUser {
  username: string
  role: Role
  plan: CurrentUser['plan']
  token: TokenPayload
}

declare module 'fastify' {
  interface FastifyRequest {
    session?: SessionUser
  }
}

/** Routes under /api that answer without a token (01 §7: sign-in itself). */
const PUBLIC_API = new Set(['/api/v1/webSignIn'])
/** Routes outside /api that still need a token. */
const PROTECTED_OUTSIDE_API = new Set(['/aad/session'])

/** `Authorization: JWT <token>` exactly, as the real product and its scripts send it (B010). */
export function tokenFromHeader(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization
  const match = header ? /^JWT (\S+)$/.exec(header) : null
  return match?.[1]
}

/**
 * Every /api route needs a valid, unexpired token of a user who still exists; otherwise 401
 * 'Session expired' (M010), whatever the reason, so the client's one 401 path applies.
 */
export function registerAuthentication(app: FastifyInstance, db: Db, tokens: TokenService) {
  app.addHook('onRequest', async (request, reply) => {
    const path = request.url.split('?')[0] ?? ''
    const needsToken =
      (path.startsWith('/api/') && !PUBLIC_API.has(path)) ||
      path.startsWith('/__sim/') ||
      PROTECTED_OUTSIDE_API.has(path)
    if (!needsToken) return
    const token = tokenFromHeader(request)
    const payload = token ? tokens.verify(token) : undefined
    const row = payload ? findUserRow(db, payload.username) : undefined
    if (!payload || !row) return sendError(reply, 401, 'Session expired')
    const plan = (JSON.parse(row.profile_json) as { plan: CurrentUser['plan'] }).plan
    request.session = { username: row.username, role: row.role, plan, token: payload }
  })
}

export function sessionOf(request: FastifyRequest): SessionUser {
  if (!request.session) throw new HttpError(401, 'Session expired')
  return request.session
}

const ROLE_NAMES: Record<Role, string> = { admin: 'admin', readonlyAdmin: 'read-only admin', user: 'user' }

/** Role check on the server, not only hidden in the UI (ARCHITECTURE: decisions). */
export function requireRoles(roles: readonly Role[]): preHandlerAsyncHookHandler {
  return async (request) => {
    if (!roles.includes(sessionOf(request).role))
      throw new HttpError(403, `This action needs the ${roles.map((r) => ROLE_NAMES[r]).join(' or ')} role.`)
  }
}

/** Plan check: what the free plan lacks (01 §5, C19, C20) is refused by the server too. */
export function requirePaidPlan(feature: string): preHandlerAsyncHookHandler {
  return async (request) => {
    if (sessionOf(request).plan === 'freemium')
      throw new HttpError(403, `${feature} are not included in the free plan. Upgrade to use them.`)
  }
}
