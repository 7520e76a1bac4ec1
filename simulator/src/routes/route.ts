import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
} from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import {
  ErrorSchema,
  routerPath,
  type Endpoint,
  type EndpointResponse,
  type PlanCheckedSearch,
} from '@costlens/shared'
import type { RouteAccess } from '../plugins/auth.ts'
import { timeWindow } from '../db/repositories/kafka-common.ts'

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

/** What the simulator adds to an entry: the checks that read the request, beside the handler. */
export interface RouteServerOptions<E extends Endpoint> {
  /**
   * What of this request the free plan's limits look at (plugins/auth.ts runs it after validation,
   * so the request is typed from the entry's schemas).
   */
  plan?: (request: EndpointRequest<E>, now: number) => PlanCheckedSearch
  /** A route-level rate limit (@fastify/rate-limit), e.g. the sign-in's. */
  rateLimit?: FastifyContextConfig['rateLimit']
  /**
   * The answer is long series of [time, value] points (tens of thousands): JSON.stringify writes it in
   * half the time fast-json-stringify takes over arrays of tuples (25 → 12 ms for 23,000 points). Only
   * for handlers that build every field themselves from typed rows, since nothing is then stripped;
   * the contract tests check the shape against the entry's schema.
   */
  plainJson?: true
  /** The most bytes the body may have (413 beyond); default the app's 1 MiB. */
  bodyLimit?: number
}

const plainJson = () => (data: unknown) => JSON.stringify(data)

/**
 * The plan check of a call that reads a start_time/end_time window (the metrics areas: Kafka,
 * Elasticsearch, Logstash, Kibana, Impala usage), which the free plan limits to 7 days.
 */
export const windowPlan = {
  plan: (request: { query: { start_time?: string; end_time?: string } }, now: number) => ({
    range: timeWindow(request.query, now),
  }),
}
/** The same for their series calls: long [time, value] arrays, written by JSON.stringify (plainJson). */
export const seriesPlan = { ...windowPlan, plainJson: true } as const

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
  server: RouteServerOptions<E> = {},
): void {
  // A public call (sign-in) answers no 401 or 403: only the statuses its entry lists.
  const errors = [...(entry.access?.public ? [] : COMMON_ERRORS), ...(entry.errors ?? [])]
  const access: RouteAccess = {
    ...entry.access,
    // Validation ran before the plan hook, so the request has the shape the entry's schemas give.
    ...(server.plan && { plan: server.plan as RouteAccess['plan'] }),
  }
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
      response: {
        200: entry.produces ? { content: { [entry.produces]: { schema: entry.response } } } : entry.response,
        ...Object.fromEntries(errors.map((s) => [s, ErrorSchema])),
      },
      'x-spec-ids': [...entry.specIds],
      ...(entry.changesState && { 'x-changes-state': true }),
    },
    config: { access, ...(server.rateLimit !== undefined && { rateLimit: server.rateLimit }) },
    ...(server.plainJson && { serializerCompiler: plainJson }),
    ...(server.bodyLimit !== undefined && { bodyLimit: server.bodyLimit }),
    // The one cast of the table: EndpointHandler is what the provider infers for these schemas.
    handler: handler as RouteHandlerMethod,
  })
}
