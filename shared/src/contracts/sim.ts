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

export const FaultInputSchema = Type.Object(
  {
    route: Type.String({
      minLength: 1,
      maxLength: 300,
      pattern: '^/',
      description: "Path pattern: '*' within a segment, '**' across segments",
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
