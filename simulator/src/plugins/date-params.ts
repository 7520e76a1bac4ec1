import type { FastifyInstance } from 'fastify'
import { DATE_PARAM_KEYWORD, dateParamProblem, type DateParamKind } from '@costlens/shared'
import { HttpError } from '../errors.ts'

/*
 * One check of every date parameter of every route against the simulated now (the rule and its
 * messages: shared rules/date-params.ts). A route takes part by using the shared date schemas
 * (contracts/dates.ts), which carry DATE_PARAM_KEYWORD; nothing is declared per route.
 */

interface SchemaNode {
  properties?: Record<string, SchemaNode>
  anyOf?: SchemaNode[]
  oneOf?: SchemaNode[]
  allOf?: SchemaNode[]
  [DATE_PARAM_KEYWORD]?: DateParamKind
}

type DateFields = [name: string, kind: DateParamKind][]

/** The marked top-level fields of a querystring or body schema, looking through unions. */
function dateFieldsOf(schema: SchemaNode | undefined, into: DateFields = []): DateFields {
  if (!schema || typeof schema !== 'object') return into
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    const kind = property[DATE_PARAM_KEYWORD]
    if (kind && !into.some(([n]) => n === name)) into.push([name, kind])
  }
  for (const branch of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])])
    dateFieldsOf(branch, into)
  return into
}

const LOCATIONS = ['querystring', 'body'] as const

/**
 * After validation (so values have their schema's form and types), before any handler: a date
 * outside [2 years before today, now + 1 day] is a 400 naming the field, so no repository ever
 * builds a series or a window over it.
 */
export function registerDateParamCheck(app: FastifyInstance) {
  // Worked out once per route schema, not per request.
  const fieldsBySchema = new WeakMap<object, DateFields>()
  const fieldsOf = (schema: SchemaNode) => {
    let fields = fieldsBySchema.get(schema)
    if (!fields) fieldsBySchema.set(schema, (fields = dateFieldsOf(schema)))
    return fields
  }
  app.addHook('preHandler', async (request) => {
    const schemas = request.routeOptions.schema as Record<string, SchemaNode | undefined> | undefined
    if (!schemas) return
    const now = app.clock.now()
    for (const location of LOCATIONS) {
      const schema = schemas[location]
      if (!schema) continue
      const values = (location === 'body' ? request.body : request.query) as Record<string, unknown> | null
      if (!values || typeof values !== 'object') continue
      for (const [name, kind] of fieldsOf(schema)) {
        const value = values[name]
        if (typeof value !== 'string' && typeof value !== 'number') continue
        const problem = dateParamProblem(`${location}/${name}`, value, now, kind)
        if (problem) throw new HttpError(400, problem)
      }
    }
  })
}
