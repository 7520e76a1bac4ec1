import { randomUUID } from 'node:crypto'
import { STATUS_CODES } from 'node:http'
import type { FastifyInstance, FastifyRequest } from 'fastify'

/** Statuses a fault may answer with (the ones the client must handle, 01 §8). */
export const FAULT_STATUSES = [401, 403, 404, 405, 500, 504] as const
export type FaultStatus = (typeof FAULT_STATUSES)[number]

/** A fault rule: which requests it hits and what it does to them. */
export interface FaultRuleInput {
  /** Path pattern; `*` matches within a segment, `**` across segments ('/api/v1/search/**'). */
  route: string
  /** Only this verb; any verb when absent. */
  method?: string
  status?: FaultStatus
  /** Milliseconds to wait before answering (or before the real handler runs when there is no status). */
  delayMs?: number
  /** Chance (0-1) that a matching request is hit; 1 when absent. */
  probability?: number
  /** How many requests it hits before it is removed; unlimited when absent. */
  count?: number
  /** The body to answer with; the spec's error shape when absent (no message for 500 and 504). */
  body?: unknown
}

export interface FaultRule extends FaultRuleInput {
  id: string
  hits: number
}

/** Where injected faults never apply: the controls themselves. */
const CONTROL_PREFIX = '/__sim/'

function patternToRegExp(pattern: string): RegExp {
  const escaped = pattern
    .split('**')
    .map((part) =>
      part
        .split('*')
        .map((s) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
        .join('[^/]*'),
    )
    .join('.*')
  return new RegExp(`^${escaped}$`)
}

/**
 * The simulator's fault table (issue: fault and latency injection). Rules match by path pattern
 * and verb; a test can also ask for a fault on one request with `x-sim-fault: 504` and
 * `x-sim-delay: 2000`. The random draw takes a function so tests can make it certain.
 */
export class FaultStore {
  private rules: (FaultRule & { matcher: RegExp })[] = []

  constructor(private readonly random: () => number = Math.random) {}

  list(): FaultRule[] {
    return this.rules.map(({ matcher: _matcher, ...rule }) => rule)
  }

  add(input: FaultRuleInput): FaultRule {
    const rule = { ...input, method: input.method?.toUpperCase(), id: randomUUID(), hits: 0 }
    this.rules.push({ ...rule, matcher: patternToRegExp(input.route) })
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
        r.matcher.test(path) &&
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

/** The longest delay a fault may ask for: longer than the client's 120 s timeout is never useful. */
export const MAX_FAULT_DELAY_MS = 130_000

function faultFromHeaders(request: FastifyRequest): FaultRuleInput | undefined {
  const status = Number(request.headers['x-sim-fault'])
  const delay = Number(request.headers['x-sim-delay'])
  const hasStatus = (FAULT_STATUSES as readonly number[]).includes(status)
  const hasDelay = Number.isFinite(delay) && delay > 0
  if (!hasStatus && !hasDelay) return undefined
  return {
    route: request.url,
    ...(hasStatus ? { status: status as FaultStatus } : {}),
    ...(hasDelay ? { delayMs: Math.min(delay, MAX_FAULT_DELAY_MS) } : {}),
  }
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
 * header fault never lets an unauthenticated request past the token check.
 */
export function registerFaultInjection(app: FastifyInstance, store: FaultStore) {
  app.addHook('onRequest', async (request, reply) => {
    const path = request.url.split('?')[0] ?? ''
    if (path.startsWith(CONTROL_PREFIX)) return
    const fault = faultFromHeaders(request) ?? store.take(request.method, path)
    if (!fault) return
    if (fault.delayMs) await sleep(fault.delayMs)
    if (fault.status) return reply.code(fault.status).send(fault.body ?? defaultFaultBody(fault.status))
  })
}
