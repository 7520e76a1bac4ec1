import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
} from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { ErrorSchema, routerPath, type Endpoint, type EndpointResponse } from '@costlens/shared'
import type { RouteAccess } from '../plugins/auth.ts'

/** The schemas of an entry as Fastify reads them, so the TypeBox provider types the request. */
interface EndpointSchema<E extends Endpoint> {
  params: E['params']
  querystring: E['querystring']
  body: E['body']
}

/** A request to an entry's route: params, query and body typed from its schemas by the provider. */
export type EndpointRequest<E extends Endpoint> = FastifyRequest<
  RouteGenericInterface,
  RawServerDefault,
  RawRequestDefaultExpression<RawServerDefault>,
  EndpointSchema<E>,
  TypeBoxTypeProvider
>

export type EndpointHandler<E extends Endpoint> = (
  request: EndpointRequest<E>,
  reply: FastifyReply,
) => EndpointResponse<E> | FastifyReply | Promise<EndpointResponse<E> | FastifyReply>

/** Statuses every private call may answer: bad input, no session, not allowed. */
const COMMON_ERRORS = [400, 401, 403] as const

const OURS =
  'The spec shows no path for this call; costlens chose this one (a real backend may differ: change the entry).'

/**
 * Registers the route of an endpoint-table entry (`shared/src/endpoints/`): its path, verb and
 * schemas for validation, the API document and the type provider, and its access for the one hook
 * in plugins/auth.ts. The free plan's limits read the request, so they come from the route file.
 */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  entry: E,
  handler: EndpointHandler<E>,
  server: Pick<RouteAccess, 'plan'> = {},
): void {
  const errors = [...COMMON_ERRORS, ...(entry.errors ?? [])]
  const description = [entry.description, entry.pathIsOurs ? OURS : undefined].filter(Boolean).join(' ')
  app.route({
    method: entry.method,
    url: routerPath(entry.path),
    schema: {
      tags: [...entry.tags],
      summary: entry.summary,
      ...(description && { description }),
      ...(entry.params && { params: entry.params }),
      ...(entry.querystring && { querystring: entry.querystring }),
      ...(entry.body && { body: entry.body }),
      response: { 200: entry.response, ...Object.fromEntries(errors.map((s) => [s, ErrorSchema])) },
      'x-spec-ids': [...entry.specIds],
      ...(entry.changesState && { 'x-changes-state': true }),
    },
    config: { access: { ...entry.access, ...server } },
    // The one cast of the table: EndpointHandler is what the provider infers for these schemas.
    handler: handler as RouteHandlerMethod,
  })
}
