import type { FastifyInstance } from 'fastify'
import { HttpError } from '../errors.ts'

interface ObjectSchema {
  type?: string | string[]
  properties?: Record<string, ObjectSchema>
  items?: ObjectSchema
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

/** A string too big to be a finite number ('1e309', 'Infinity') where the schema wants a number. */
const infiniteString = (raw: unknown) => {
  if (typeof raw !== 'string' || raw.trim() === '') return false
  const n = Number(raw)
  return !Number.isNaN(n) && !Number.isFinite(n)
}

/**
 * The first number field of a body, by its schema, sent as a string that coerces to Infinity (a body
 * `{"size": "1e309"}`: the validator coerces it like a query's), as a path.
 */
function infiniteStringIn(
  value: unknown,
  schema: ObjectSchema | undefined,
  path: string,
): string | undefined {
  if (!schema) return undefined
  if (isNumeric(schema.type)) return infiniteString(value) ? path : undefined
  if (Array.isArray(value))
    return value.map((inner, i) => infiniteStringIn(inner, schema.items, `${path}/${i}`)).find(Boolean)
  if (value && typeof value === 'object')
    for (const [key, inner] of Object.entries(value)) {
      const found = infiniteStringIn(inner, schema.properties?.[key], `${path}/${key}`)
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
    const schema = request.routeOptions.schema?.querystring as ObjectSchema | undefined
    const query = (request.query ?? {}) as Record<string, unknown>
    for (const [name, property] of Object.entries(schema?.properties ?? {})) {
      if (isNumeric(property.type) && infiniteString(query[name]))
        throw new HttpError(400, `querystring/${name} must be a finite number`)
    }
    const inBody =
      nonFiniteIn(request.body, 'body') ??
      infiniteStringIn(request.body, request.routeOptions.schema?.body as ObjectSchema | undefined, 'body')
    if (inBody) throw new HttpError(400, `${inBody} must be a finite number`)
  })
}
