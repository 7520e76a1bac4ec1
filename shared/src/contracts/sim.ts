import { Type, type Static } from 'typebox'

/**
 * The simulator's /__sim controls (not part of the product API: a real backend has none). Shared
 * so the simulator and the console's controls page read one definition.
 */

/** Statuses a fault may answer with: the ones the console must handle (01 §8). */
export const FAULT_STATUSES = [401, 403, 404, 405, 500, 504] as const
export type FaultStatus = (typeof FAULT_STATUSES)[number]

/** The longest delay a fault may ask for: longer than the console's 120 s timeout is never useful. */
export const MAX_FAULT_DELAY_MS = 130_000

export const FAULT_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const

/** The longest route pattern of a fault rule, in characters. */
export const MAX_FAULT_ROUTE_LENGTH = 200
/**
 * The most wildcards (`*` or `**`, each run of stars counts once) a route pattern may hold. Every
 * request, with or without a token, is tried against every rule, so a rule's cost is bounded: the
 * matcher is linear, and these bounds keep even its worst case to a fraction of a millisecond.
 */
export const MAX_FAULT_ROUTE_WILDCARDS = 6
/** The most fault rules held at once. */
export const MAX_FAULT_RULES = 50

/** Why a fault rule's route pattern is refused (the schema says it too), or undefined. */
export function faultRouteProblem(route: string): string | undefined {
  if (route.length > MAX_FAULT_ROUTE_LENGTH)
    return `A route pattern may be at most ${MAX_FAULT_ROUTE_LENGTH} characters long; this one has ${route.length}.`
  const wildcards = route.match(/\*+/g)?.length ?? 0
  if (wildcards > MAX_FAULT_ROUTE_WILDCARDS)
    return `A route pattern may hold at most ${MAX_FAULT_ROUTE_WILDCARDS} wildcards ('*' or '**'); this one has ${wildcards}.`
  return undefined
}

export const FaultInputSchema = Type.Object(
  {
    route: Type.String({
      minLength: 1,
      maxLength: MAX_FAULT_ROUTE_LENGTH,
      pattern: '^/',
      description: `Path pattern: '*' within a segment, '**' across segments; at most ${MAX_FAULT_ROUTE_WILDCARDS} wildcards`,
    }),
    method: Type.Optional(Type.Enum(FAULT_METHODS)),
    status: Type.Optional(Type.Enum(FAULT_STATUSES)),
    delayMs: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_FAULT_DELAY_MS })),
    probability: Type.Optional(Type.Number({ minimum: 0, maximum: 1 })),
    count: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
    body: Type.Optional(Type.Unknown()),
  },
  { additionalProperties: false, title: 'FaultInput' },
)
export type FaultInput = Static<typeof FaultInputSchema>

export const FaultSchema = Type.Intersect([
  FaultInputSchema,
  Type.Object({ id: Type.String(), hits: Type.Integer() }),
])
export type Fault = Static<typeof FaultSchema>

export const SimClockSchema = Type.Object({
  now: Type.String(),
  epochMs: Type.Integer(),
  frozen: Type.Boolean(),
})
export type SimClock = Static<typeof SimClockSchema>

export const SimClockUpdateSchema = Type.Object(
  {
    now: Type.Optional(Type.Union([Type.String({ maxLength: 40 }), Type.Integer({ minimum: 0 })])),
    frozen: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
)
export type SimClockUpdate = Static<typeof SimClockUpdateSchema>

export const SimResetSchema = Type.Object({ resetMs: Type.Integer(), now: Type.String() })
export type SimReset = Static<typeof SimResetSchema>
