import type { FastifyInstance } from 'fastify'
import { HttpError } from '../errors.ts'

interface QuerySchema {
  properties?: Record<string, { type?: string | string[] }>
}

const isNumeric = (type: string | string[] | undefined) =>
  [type].flat().some((t) => t === 'integer' || t === 'number')

/** The first number inside a parsed body that is not finite (1e309 parses to Infinity), as a path. */
function nonFiniteIn(value: unknown, path: string): string | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? undefined : path
  if (value && typeof value === 'object')
    for (const [key, inner] of Object.entries(value)) {
      const found = nonFiniteIn(inner, `${path}/${key}`)
      if (found) return found
    }
  return undefined
}

/**
 * The schema validator coerces 'Infinity' and '1e309' to Infinity and lets them through as
 * integers within any maximum; SQLite then fails on them. Refuse them first, with a 400 that says
 * which field, for number fields of the query and anywhere in a JSON body.
 */
export function registerFiniteNumberGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    const schema = request.routeOptions.schema?.querystring as QuerySchema | undefined
    const query = (request.query ?? {}) as Record<string, unknown>
    for (const [name, property] of Object.entries(schema?.properties ?? {})) {
      const raw = query[name]
      if (!isNumeric(property.type) || typeof raw !== 'string' || raw.trim() === '') continue
      const n = Number(raw)
      if (!Number.isNaN(n) && !Number.isFinite(n))
        throw new HttpError(400, `querystring/${name} must be a finite number`)
    }
    const inBody = nonFiniteIn(request.body, 'body')
    if (inBody) throw new HttpError(400, `${inBody} must be a finite number`)
  })
}
