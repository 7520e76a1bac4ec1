import type { FastifyInstance, FastifyRequest } from 'fastify'
import {
  freemiumSearchRefusal,
  type ClusterType,
  type CurrentUser,
  type EnableFlag,
  type PlanCheckedSearch,
  type Role,
} from '@costlens/shared'
import { HttpError, sendError } from '../errors.ts'
import { findUserRow, type UserRow } from '../db/repositories/users.ts'
import { scopeOfPlatform, type ClusterScope } from '../db/repositories/scope.ts'
import type { Db } from '../db/open-database.ts'
import type { TokenPayload, TokenService } from './tokens.ts'

export interface SessionUser {
  username: string
  role: Role
  plan: CurrentUser['plan']
  /** The cluster type of the user's install: it chooses the product and the clusters (01 §1, §3). */
  platform: ClusterType
  token: TokenPayload
}

/**
 * What a route allows, declared on the route itself (`config: { access }`) and enforced in one
 * place below. A route that declares nothing is private: it needs a valid token. Nothing here
 * reads the URL: the decision follows the route the router matched, so `/%61pi/…`, `//api/…` or
 * `/api/./…` get exactly the checks of the route they reach.
 */
export interface RouteAccess {
  /** Answers without a token (sign-in, the sign-in mode, SSO checks, the API document, the console's files). */
  public?: boolean
  /** Roles that may call it (01 §6); any role when absent. */
  roles?: readonly Role[]
  /** Roles that may call it on these platforms (beside `roles`); any role on the others. */
  rolesOn?: Partial<Record<ClusterType, readonly Role[]>>
  /** Cluster types whose users may call it; any when absent (the data is still scoped to the user's clusters). */
  platforms?: readonly ClusterType[]
  /** Enable flags (01 §6) that must all be on in the user's profile; none when absent. */
  flags?: readonly EnableFlag[]
  /**
   * What of this request the free plan's limits look at (window, sort key, tags, inefficient list,
   * download): the limits themselves live once in shared `freemiumSearchRefusal`. Runs after the
   * request is validated; absent means the route has nothing the free plan lacks.
   */
  plan?: (request: FastifyRequest, now: number) => PlanCheckedSearch
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess
  }
  interface FastifyRequest {
    session?: SessionUser
    /** The clusters the signed-in user may read (set for every private route). */
    scope?: ClusterScope
  }
}

/** `Authorization: JWT <token>` exactly, as the real product and its scripts send it (B010). */
export function tokenFromHeader(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization
  const match = header ? /^JWT (\S+)$/.exec(header) : null
  return match?.[1]
}

/**
 * The user a request's token names: a valid, unexpired token of a user who still exists, or
 * undefined. The one reading of a token, for the access hook and the fault headers alike.
 */
export function tokenUser(
  request: FastifyRequest,
  db: Db,
  tokens: TokenService,
): { payload: TokenPayload; row: UserRow } | undefined {
  const token = tokenFromHeader(request)
  const payload = token ? tokens.verify(token) : undefined
  const row = payload ? findUserRow(db, payload.username) : undefined
  return payload && row ? { payload, row } : undefined
}

const ROLE_NAMES: Record<Role, string> = { admin: 'admin', readonlyAdmin: 'read-only admin', user: 'user' }
/** How a platform-only route names what the user's install lacks. */
const PRODUCT_NAMES: Record<ClusterType, string> = {
  CDH: 'CDH',
  HDP: 'HDP',
  CDP: 'CDP',
  MAPR: 'MapR',
  EMR: 'EMR',
  DB: 'Databricks',
  SNOWFLAKE: 'Snowflake',
  BIGQUERYV2: 'BigQuery',
  K8S: 'Kubernetes',
}

/**
 * Declares `access` for every route registered inside `scope` (an encapsulated plugin): for a
 * whole domain (Snowflake's routes are for Snowflake installs) or for plugins whose routes cannot
 * carry our config (the API document's UI, the console's files).
 */
export function declareAccess(scope: FastifyInstance, access: RouteAccess) {
  scope.addHook('onRoute', (route) => {
    route.config = { ...route.config, access: { ...route.config?.access, ...access } }
  })
}

/**
 * Authentication, roles, platforms and plan limits for every route, from the matched route's
 * declaration:
 * - a private route needs a valid, unexpired token of a user who still exists; otherwise 401
 *   'Session expired' (M010), whatever the reason, so the client's one 401 path applies;
 * - then the declared roles, platforms and enable flags (403 with the reason);
 * - after validation, the free plan's limits on what the request asks (403 with the reason).
 * Unmatched requests (404, 405, the console's own pages) reveal nothing and need no token.
 */
export function registerAuthentication(app: FastifyInstance, db: Db, tokens: TokenService) {
  // Public routes say so in the API document (OpenAPI: an empty security list).
  app.addHook('onRoute', (route) => {
    if (route.config?.access?.public && route.schema) route.schema = { ...route.schema, security: [] }
  })

  app.addHook('onRequest', async (request, reply) => {
    if (request.is404) return
    const access = request.routeOptions.config.access ?? {}
    if (access.public) return
    const user = tokenUser(request, db, tokens)
    if (!user) return sendError(reply, 401, 'Session expired')
    const { payload, row } = user
    const profile = JSON.parse(row.profile_json) as Pick<CurrentUser, 'plan' | EnableFlag>
    const plan = profile.plan
    request.session = {
      username: row.username,
      role: row.role,
      plan,
      platform: row.cluster_type,
      token: payload,
    }
    if (access.roles && !access.roles.includes(row.role))
      return sendError(
        reply,
        403,
        `This action needs the ${access.roles.map((r) => ROLE_NAMES[r]).join(' or ')} role.`,
      )
    const platformRoles = access.rolesOn?.[row.cluster_type]
    if (platformRoles && !platformRoles.includes(row.role))
      return sendError(
        reply,
        403,
        `This action needs the ${platformRoles.map((r) => ROLE_NAMES[r]).join(' or ')} role on ${PRODUCT_NAMES[row.cluster_type]}.`,
      )
    if (access.platforms && !access.platforms.includes(row.cluster_type))
      return sendError(
        reply,
        403,
        `${access.platforms.map((p) => PRODUCT_NAMES[p]).join(' or ')} is not available for ${row.cluster_type} clusters.`,
      )
    const off = access.flags?.filter((flag) => profile[flag] !== true)
    if (off?.length)
      return sendError(reply, 403, `This feature is not enabled for this user (${off.join(', ')}).`)
    request.scope = scopeOfPlatform(db, row.cluster_type)
  })

  app.addHook('preHandler', async (request) => {
    const planned = request.routeOptions.config.access?.plan
    if (!planned || request.session?.plan !== 'freemium') return
    const refusal = freemiumSearchRefusal('freemium', planned(request, app.clock.now()))
    if (refusal) throw new HttpError(403, refusal)
  })
}

export function sessionOf(request: FastifyRequest): SessionUser {
  if (!request.session) throw new HttpError(401, 'Session expired')
  return request.session
}

/** The clusters the signed-in user may read (every private route has them). */
export function scopeOf(request: FastifyRequest): ClusterScope {
  if (!request.scope) throw new HttpError(401, 'Session expired')
  return request.scope
}
