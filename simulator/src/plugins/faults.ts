import { randomUUID } from 'node:crypto'
import { STATUS_CODES } from 'node:http'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import {
  FAULT_STATUSES,
  faultRouteProblem,
  MAX_FAULT_DELAY_MS,
  MAX_FAULT_RULES,
  type FaultInput,
  type FaultStatus,
} from '@costlens/shared'
import { tokenUser } from './auth.ts'
import { HttpError } from '../errors.ts'
import { compileRouteGlob } from './route-glob.ts'

/** A fault rule as stored: what it matches and does, its id, and how often it has hit. */
export interface FaultRule extends FaultInput {
  id: string
  hits: number
}

/** Where injected faults never apply: the controls themselves. */
const CONTROL_PREFIX = '/__sim/'

/**
 * The simulator's fault table (issue: fault and latency injection). Rules match by path pattern
 * and verb; a test can also ask for a fault on one request with `x-sim-fault: 504` and
 * `x-sim-delay: 2000`. The random draw takes a function so tests can make it certain.
 */
export class FaultStore {
  private rules: (FaultRule & { matcher: (path: string) => boolean })[] = []

  constructor(private readonly random: () => number = Math.random) {}

  list(): FaultRule[] {
    return this.rules.map(({ matcher: _matcher, ...rule }) => rule)
  }

  /** Adds a rule; a 400 beyond the contract's bounds (wildcards, number of rules). */
  add(input: FaultInput): FaultRule {
    const problem = faultRouteProblem(input.route)
    if (problem) throw new HttpError(400, problem)
    if (this.rules.length >= MAX_FAULT_RULES)
      throw new HttpError(
        400,
        `The simulator holds at most ${MAX_FAULT_RULES} fault rules: delete some first.`,
      )
    const rule = { ...input, id: randomUUID(), hits: 0 }
    this.rules.push({ ...rule, matcher: compileRouteGlob(input.route) })
    return rule
  }

  remove(id: string): boolean {
    const before = this.rules.length
    this.rules = this.rules.filter((r) => r.id !== id)
    return this.rules.length < before
  }

  clear(): void {
    this.rules = []
  }

  /** The first rule that hits this request, counted (and dropped once its count is used up). */
  take(method: string, path: string): FaultRule | undefined {
    const rule = this.rules.find(
      (r) =>
        (!r.method || r.method === method) &&
        r.matcher(path) &&
        (r.probability === undefined || this.random() < r.probability),
    )
    if (!rule) return undefined
    rule.hits += 1
    if (rule.count !== undefined && rule.hits >= rule.count) this.remove(rule.id)
    const { matcher: _matcher, ...hit } = rule
    return hit
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * The fault a request asks for with `x-sim-fault` / `x-sim-delay`, honoured only for an admin's
 * valid token: otherwise anyone could slow or fail requests on public routes (sign-in, the
 * console's pages) without signing in. Checked here from the Authorization header, since this hook
 * runs on every route, public ones included; the role is the user row's, not the token's claim.
 */
function faultFromHeaders(app: FastifyInstance, request: FastifyRequest): FaultInput | undefined {
  const status = Number(request.headers['x-sim-fault'])
  const delay = Number(request.headers['x-sim-delay'])
  const hasStatus = (FAULT_STATUSES as readonly number[]).includes(status)
  const hasDelay = Number.isFinite(delay) && delay > 0
  if (!hasStatus && !hasDelay) return undefined
  if (!isAdminRequest(app, request)) return undefined
  return {
    route: request.url,
    ...(hasStatus ? { status: status as FaultStatus } : {}),
    ...(hasDelay ? { delayMs: Math.min(delay, MAX_FAULT_DELAY_MS) } : {}),
  }
}

function isAdminRequest(app: FastifyInstance, request: FastifyRequest): boolean {
  return tokenUser(request, app.db, app.tokens)?.row.role === 'admin'
}

/**
 * 500 and 504 come without a message, as a proxy or a crashed backend sends them, so the client's
 * status mapping (01 §8: 'Internal Server Error', 'Timeout') is what the user sees; the others use
 * the spec's error shape with the status text (401 'Session expired', as the API's own 401 says).
 */
function defaultFaultBody(status: FaultStatus) {
  if (status === 500 || status === 504) return { statusCode: status, error: STATUS_CODES[status] }
  const message = status === 401 ? 'Session expired' : (STATUS_CODES[status] ?? 'Error')
  return { statusCode: status, error: STATUS_CODES[status], message }
}

/**
 * Applies faults to every request but the controls'. Registered after authentication, so a
 * header fault never lets an unauthenticated request past the token check. Registered at all only
 * while SIM_CONTROL is on.
 */
export function registerFaultInjection(app: FastifyInstance, store: FaultStore) {
  app.addHook('onRequest', async (request, reply) => {
    const path = request.url.split('?')[0] ?? ''
    if (path.startsWith(CONTROL_PREFIX)) return
    const fault = faultFromHeaders(app, request) ?? store.take(request.method, path)
    if (!fault) return
    if (fault.delayMs) await sleep(fault.delayMs)
    if (fault.status) return reply.code(fault.status).send(fault.body ?? defaultFaultBody(fault.status))
  })
}
