import type { FastifyInstance } from 'fastify'
import { HttpError } from '../errors.ts'

/** The deepest nesting a JSON body may have: the deepest contract (a sort list) needs 4. */
export const MAX_JSON_DEPTH = 64

/**
 * How deep a JSON text nests its arrays and objects, stopping as soon as it passes `limit`. A
 * linear scan of the text, before anything parses or walks it: a body nested 5,000 deep overflowed
 * the stack of whatever recursed over it next (the finite-number guard, the validator).
 */
export function jsonDepthExceeds(text: string, limit: number): boolean {
  let depth = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (inString) {
      if (c === 0x5c)
        i++ // backslash: the next character is escaped
      else if (c === 0x22) inString = false
    } else if (c === 0x22) inString = true
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > limit) return true
    } else if (c === 0x7d || c === 0x5d) depth--
  }
  return false
}

/**
 * Replaces the JSON body parser with Fastify's own (prototype poisoning refused) behind a depth
 * check, so every route's body is bounded in nesting before any code sees it.
 */
export function registerBoundedJsonParser(app: FastifyInstance, maxDepth = MAX_JSON_DEPTH) {
  const parse = app.getDefaultJsonParser('error', 'error')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = String(body) // parseAs 'string': always a string
    if (jsonDepthExceeds(text, maxDepth))
      return done(
        new HttpError(400, `body must not nest objects or arrays more than ${maxDepth} deep`),
        undefined,
      )
    return parse(request, text, done)
  })
}
