import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { STATUS_CODES } from 'node:http'
import FindMyWay from 'find-my-way'
import {
  DATE_PARAM_EXPECTED,
  DATE_PARAM_KEYWORD,
  ERROR_MESSAGE_KEYWORD,
  type DateParamKind,
} from '@costlens/shared'

/** The spec's error body (01 §8): `{statusCode, error, message}`. */
export function sendError(reply: FastifyReply, statusCode: number, message: string) {
  return reply.code(statusCode).send({ statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message })
}

/** An error a handler throws to answer with a status and a user-facing message. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message)
  }
}

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const

/**
 * The kind of the date parameter a validation error is about, if it is one (contracts/dates.ts):
 * its form is then told in words, not as a regular expression or a union's first branch.
 */
function dateParamKindAt(
  request: FastifyRequest,
  context: string,
  instancePath = '',
): DateParamKind | undefined {
  const name = /^\/([^/]+)$/.exec(instancePath)?.[1]
  const schema = (request.routeOptions.schema as Record<string, unknown> | undefined)?.[context] as
    { properties?: Record<string, Record<string, unknown>> } | undefined
  return name ? (schema?.properties?.[name]?.[DATE_PARAM_KEYWORD] as DateParamKind | undefined) : undefined
}

/** A field's own message for any failure of it (ERROR_MESSAGE_KEYWORD), if its schema has one. */
function fieldMessageAt(request: FastifyRequest, context: string, instancePath = ''): string | undefined {
  const name = /^\/([^/]+)$/.exec(instancePath)?.[1]
  const schema = (request.routeOptions.schema as Record<string, unknown> | undefined)?.[context] as
    { properties?: Record<string, Record<string, unknown>> } | undefined
  const message = name ? schema?.properties?.[name]?.[ERROR_MESSAGE_KEYWORD] : undefined
  return typeof message === 'string' ? message : undefined
}

/**
 * The two fields of a schema's `dependencies` (fields sent together or not at all) that a request
 * sent one of, in the order the schema declares them, so the message reads the same either way.
 */
function dependencyPair(
  request: FastifyRequest,
  context: string,
  params: { property?: string; missingProperty?: string },
): [string, string] | undefined {
  const { property, missingProperty } = params
  if (!property || !missingProperty) return undefined
  const schema = (request.routeOptions.schema as Record<string, unknown> | undefined)?.[context] as
    { dependencies?: Record<string, unknown> } | undefined
  const order = Object.keys(schema?.dependencies ?? {})
  return order.indexOf(property) <= order.indexOf(missingProperty)
    ? [property, missingProperty]
    : [missingProperty, property]
}

/**
 * Validation failures become 400 with the validator's words; handler errors keep their status;
 * anything unexpected is logged and answered with a bare 500, never a stack trace or SQL.
 * Unknown paths answer 404, known paths with another verb 405 with an Allow header.
 */
export interface ErrorHandlingOptions {
  /** Answers a request no route matched (the console's index.html), or returns undefined to decline. */
  spaFallback?: (request: FastifyRequest, reply: FastifyReply) => unknown
}

export function registerErrorHandling(app: FastifyInstance, options: ErrorHandlingOptions = {}) {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error.validation) {
      const context = error.validationContext ?? 'request'
      const first = error.validation[0]
      const where = first?.instancePath ? `${context}${first.instancePath}` : context
      const missing = (first?.params as { missingProperty?: string } | undefined)?.missingProperty
      const dateKind = dateParamKindAt(request, context, first?.instancePath)
      const fieldMessage = fieldMessageAt(request, context, first?.instancePath)
      const pair =
        first?.keyword === 'dependencies'
          ? dependencyPair(request, context, first.params as { property?: string; missingProperty?: string })
          : undefined
      const message = pair
        ? `${context}/${pair[0]} and ${context}/${pair[1]} must be sent together`
        : missing
          ? `${context} must have the field '${missing}'`
          : fieldMessage
            ? fieldMessage
            : dateKind
              ? `${where} must be ${DATE_PARAM_EXPECTED[dateKind]}${/^(min|max)imum$/.test(first?.keyword ?? '') ? ', from 2000-01-01 to 2100-01-01' : ''}`
              : `${where} ${first?.message ?? 'is invalid'}`
      return sendError(reply, 400, message)
    }
    if (error instanceof HttpError) return sendError(reply, error.statusCode, error.message)
    const status = error.statusCode ?? 500
    if (status >= 400 && status < 500) return sendError(reply, status, error.message)
    request.log.error({ err: error }, 'request failed')
    return sendError(reply, 500, 'Internal Server Error')
  })

  // A shadow router of every registered route tells a wrong verb (405) from an unknown path (404).
  const known = FindMyWay()
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat())
      if (method !== 'HEAD') known.on(method as 'GET', route.url, () => {})
  })
  app.setNotFoundHandler((request, reply) => {
    const page = options.spaFallback?.(request, reply)
    if (page !== undefined) return page
    const path = request.url.split('?')[0] ?? request.url
    const allow = METHODS.filter((m) => known.find(m, path) !== null)
    if (allow.length > 0 && !allow.includes(request.method as (typeof METHODS)[number])) {
      reply.header('allow', allow.join(', '))
      return sendError(reply, 405, `Method ${request.method} is not allowed on ${path}`)
    }
    return sendError(reply, 404, `Route ${request.method} ${path} not found`)
  })
}
