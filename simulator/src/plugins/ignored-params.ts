import type { FastifyInstance } from 'fastify'

/** The response header that names the query parameters a call ignored. */
export const IGNORED_PARAMS_HEADER = 'x-costlens-ignored-params'

/** Names listed in the header at most (a request may carry hundreds; the header stays small). */
const MAX_LISTED = 20

interface QuerySchema {
  properties?: Record<string, unknown>
  additionalProperties?: unknown
  allOf?: QuerySchema[]
  anyOf?: QuerySchema[]
  oneOf?: QuerySchema[]
}

/**
 * The parameter names a query schema knows, through allOf / anyOf / oneOf; undefined when the
 * schema is open (no `additionalProperties: false` anywhere), which ignores nothing itself.
 */
export function knownParams(schema: QuerySchema | undefined): Set<string> | undefined {
  if (!schema) return undefined
  const names = new Set<string>()
  let closed = false
  const walk = (part: QuerySchema) => {
    if (part.additionalProperties === false) closed = true
    for (const name of Object.keys(part.properties ?? {})) names.add(name)
    for (const inner of [...(part.allOf ?? []), ...(part.anyOf ?? []), ...(part.oneOf ?? [])]) walk(inner)
  }
  walk(schema)
  return closed ? names : undefined
}

/** Each route's known names, worked out on its first request (a schema never changes once registered). */
const knownBySchema = new WeakMap<QuerySchema, Set<string> | undefined>()

function knownParamsOnce(schema: QuerySchema | undefined): Set<string> | undefined {
  if (!schema) return undefined
  if (!knownBySchema.has(schema)) knownBySchema.set(schema, knownParams(schema))
  return knownBySchema.get(schema)
}

/**
 * A query parameter a call does not know is ignored, as a real backend ignores it (issue 21: a
 * script written against the real product's public API sends parameters of other versions), and
 * named in the `x-costlens-ignored-params` response header (URL-encoded, comma-separated), so a
 * typo is still visible. Body fields stay refused where a contract is closed: a body is written
 * for this API, and a dropped field there would lose what the caller meant to store.
 *
 * Decided from the matched route's own schema, before validation.
 */
export function registerIgnoredParams(app: FastifyInstance) {
  app.addHook('preValidation', async (request, reply) => {
    const known = knownParamsOnce(request.routeOptions.schema?.querystring as QuerySchema | undefined)
    if (!known) return
    const query = request.query as Record<string, unknown> | undefined
    if (!query) return
    const ignored = Object.keys(query).filter((name) => !known.has(name))
    if (ignored.length === 0) return
    for (const name of ignored) delete query[name]
    const listed = ignored.slice(0, MAX_LISTED).map((name) => encodeURIComponent(name.slice(0, 64)))
    if (ignored.length > MAX_LISTED) listed.push(`...(${ignored.length - MAX_LISTED} more)`)
    reply.header(IGNORED_PARAMS_HEADER, listed.join(','))
  })
}
