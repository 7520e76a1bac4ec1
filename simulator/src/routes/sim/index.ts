import { Type, type Static } from 'typebox'
import {
  ErrorSchema,
  FaultInputSchema,
  FaultSchema,
  SimClockSchema as ClockSchema,
  SimClockUpdateSchema as ClockUpdateSchema,
  SimResetSchema,
} from '@costlens/shared'
import type { AppInstance } from '../../app.ts'
import { parseInstant } from '../../clock.ts'
import { resetDatabase, shiftToClock } from '../../db/open-database.ts'
import type { SeedOptions } from '../../db/seed/index.ts'
import { declareAccess } from '../../plugins/auth.ts'
import { HttpError } from '../../errors.ts'
import type { FaultStore } from '../../plugins/faults.ts'

export interface SimControlOptions {
  faults: FaultStore
  /** The scale and seed the database was seeded with, for reset. */
  seed: Omit<SeedOptions, 'now'>
}

/**
 * /__sim: the simulator's controls for tests and demos. Admin only, never without a token, not in
 * the API document (a real backend has none of it), and absent with SIM_CONTROL=off.
 */
export function simControlRoutes(options: SimControlOptions) {
  return async function routes(app: AppInstance) {
    declareAccess(app, { roles: ['admin'] })
    const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema }
    const common = { hide: true, response: { ...errors, 204: Type.Null() } }
    const clockView = () => {
      const now = app.clock.now()
      return { now: new Date(now).toISOString(), epochMs: now, frozen: app.clock.frozen }
    }

    app.get(
      '/__sim/faults',
      { schema: { ...common, response: { ...errors, 200: Type.Array(FaultSchema) } } },
      async () => options.faults.list(),
    )

    app.post(
      '/__sim/faults',
      { schema: { ...common, body: FaultInputSchema, response: { ...errors, 201: FaultSchema } } },
      async (request, reply) => {
        const input = request.body as Static<typeof FaultInputSchema>
        if (input.status === undefined && !input.delayMs)
          throw new HttpError(400, 'A fault needs a status or a delayMs.')
        return reply.code(201).send(options.faults.add(input))
      },
    )

    app.delete('/__sim/faults', { schema: common }, async (_request, reply) => {
      options.faults.clear()
      return reply.code(204).send()
    })

    app.delete(
      '/__sim/faults/:id',
      { schema: { ...common, params: Type.Object({ id: Type.String({ maxLength: 60 }) }) } },
      async (request, reply) => {
        const { id } = request.params as { id: string }
        if (!options.faults.remove(id)) throw new HttpError(404, `No fault with the id ${id}.`)
        return reply.code(204).send()
      },
    )

    app.get('/__sim/clock', { schema: { ...common, response: { ...errors, 200: ClockSchema } } }, async () =>
      clockView(),
    )

    app.put(
      '/__sim/clock',
      { schema: { ...common, body: ClockUpdateSchema, response: { ...errors, 200: ClockSchema } } },
      async (request) => {
        const { now, frozen } = request.body as Static<typeof ClockUpdateSchema>
        // Freeze before setting, so a frozen clock holds exactly the instant asked for.
        if (frozen === true) app.clock.freeze()
        if (now !== undefined) {
          try {
            app.clock.set(parseInstant(now))
          } catch (error) {
            throw new HttpError(400, (error as Error).message)
          }
          // Data windows follow the clock: the seeded history moves so it still ends at "now".
          // Tokens expire by this clock too, so a jump past a session's 2 hours signs it out.
          shiftToClock(app.db, app.clock.now())
        }
        if (frozen === false) app.clock.thaw()
        return clockView()
      },
    )

    app.post(
      '/__sim/reset',
      {
        schema: {
          ...common,
          response: { ...errors, 200: SimResetSchema },
        },
      },
      async () => {
        const started = performance.now()
        options.faults.clear()
        resetDatabase(app.db, { ...options.seed, now: app.clock.now() })
        return {
          resetMs: Math.round(performance.now() - started),
          now: new Date(app.clock.now()).toISOString(),
        }
      },
    )
  }
}
