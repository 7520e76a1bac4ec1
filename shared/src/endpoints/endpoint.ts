import type { Static, TSchema } from 'typebox'
import type { EnableFlag } from '../contracts/auth.ts'
import type { ClusterType, Role } from '../contracts/common.ts'

/**
 * One REST call of the console, described once: the simulator registers its route from this entry
 * (`simulator/src/routes/route.ts`), the client builds its RTK Query endpoint from it
 * (`client/src/api/endpoint-query.ts`), and the API document and the contract suite read its schemas.
 * So a path, a verb or a field name is written in one place, and a real backend's path is swapped in
 * by editing this entry only.
 */
export interface Endpoint {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE'
  /** The path with `{name}` parameters, as the spec writes it, e.g. `/api/v1/emr/clusters/{clusterId}`. */
  path: string
  /** Catalogue ids (endpoints.json) this call implements; empty for calls of ours only. */
  specIds: readonly string[]
  /** One line for the API document. */
  summary: string
  description?: string
  /** The API document's group(s). */
  tags: readonly string[]
  /**
   * Who may call it, decided by the server from the matched route (one hook in plugins/auth.ts).
   * Absent: any signed-in user, the data still scoped to their clusters. The free plan's limits
   * read the request, so they are declared beside the handler in the simulator.
   */
  access?: {
    platforms?: readonly ClusterType[]
    roles?: readonly Role[]
    /**
     * Roles that may call it on some platforms only, where the pages that make the call are gated
     * there alone (every Snowflake manage page is admin only, 01 §6; BigQuery's are not).
     */
    rolesOn?: Partial<Record<ClusterType, readonly Role[]>>
    /**
     * Enable flags the user must have on (01 §6: hBaseEnabled, kafkaEnabled, elkEnabled…), as the
     * route catalogue gates the page that makes the call.
     */
    flags?: readonly EnableFlag[]
    /** Answers without a token (the sign-in calls); its errors are then only those it lists. */
    public?: boolean
  }
  params?: TSchema
  querystring?: TSchema
  /**
   * The client's argument name of a query field whose wire name a path parameter already takes
   * (wire name → argument name), so the flat arguments keep both: E106's path {id} (the app) and
   * query ?id= (one execution). The wire is unchanged.
   */
  queryArgs?: Readonly<Record<string, string>>
  body?: TSchema
  /** The 200 answer. */
  response: TSchema
  /**
   * The 200 answer's media type when it is a file rather than JSON (the PDF export): `response`
   * then describes the bytes (a binary string) and nothing serialises them.
   */
  produces?: 'application/pdf'
  /** Error statuses besides 400, 401 and 403 that the call documents (e.g. 404). */
  errors?: readonly number[]
  /** true when the spec shows no path and costlens chose it (the API document says so). */
  pathIsOurs?: boolean
  /** Calls that write (the contract suite runs them only with --allow-writes). */
  changesState?: boolean
}

/** A table of a domain's endpoints, by the name the client's hooks take. */
export type EndpointTable = Readonly<Record<string, Endpoint>>

/** Checks an entry against `Endpoint` while keeping its literal types (its schemas) for inference. */
export const defineEndpoint = <const E extends Endpoint>(entry: E): E => entry

/** Checks a table while keeping each entry's literal types. */
export const defineEndpoints = <const T extends EndpointTable>(table: T): T => table

type StaticOf<S> = S extends TSchema ? Static<S> : unknown
export type EndpointParams<E extends Endpoint> = StaticOf<E['params']>
export type EndpointQuerystring<E extends Endpoint> = StaticOf<E['querystring']>
export type EndpointBody<E extends Endpoint> = StaticOf<E['body']>
export type EndpointResponse<E extends Endpoint> = Static<E['response']>

type Flat<T> = { [K in keyof T]: T[K] } & {}
/** A query's fields under their client argument names (Endpoint.queryArgs). */
type QueryArgs<T, M> =
  M extends Readonly<Record<string, string>>
    ? { [K in keyof T as K extends keyof M ? M[K] & string : K]: T[K] }
    : T
/** A schema the entry gives, or undefined when it has none (an absent key reads as unknown). */
type Given<S> = S extends TSchema ? S : undefined
/**
 * What a client call takes: path parameters, query and body fields in one flat object; a query field
 * whose name a path parameter takes goes by its Endpoint.queryArgs name. `void` when the call takes
 * nothing.
 */
export type EndpointArgs<E extends Endpoint> = [
  Given<E['params']>,
  Given<E['querystring']>,
  Given<E['body']>,
] extends [undefined, undefined, undefined]
  ? void
  : Flat<EndpointParams<E> & QueryArgs<EndpointQuerystring<E>, E['queryArgs']> & EndpointBody<E>>

/** The names of a path's `{name}` parameters, in order. */
export function pathParamNames(path: string): string[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!)
}

/** A path with its `{name}` parameters filled in, each URL-encoded. */
export function fillPath(path: string, values: Readonly<Record<string, unknown>>): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(values[name] ?? '')))
}

/** The path as Fastify's router writes it (`:name`). */
export const routerPath = (path: string): string => path.replace(/\{(\w+)\}/g, ':$1')

/**
 * A call's flat arguments split into path, query and body as the entry says: path parameters by
 * name; then the query schema's own fields when the call has both a query and a body; otherwise
 * the rest is the query of a GET or DELETE and the body of a POST or PUT.
 */
export function splitArgs(
  entry: Endpoint,
  args: Readonly<Record<string, unknown>> | void,
): { url: string; params?: Record<string, unknown>; body?: Record<string, unknown> } {
  const rest: Record<string, unknown> = { ...(args ?? {}) }
  const url = fillPath(entry.path, rest)
  for (const name of pathParamNames(entry.path)) delete rest[name]
  for (const [wire, arg] of Object.entries(entry.queryArgs ?? {}))
    if (arg in rest) {
      rest[wire] = rest[arg]
      delete rest[arg]
    }
  const queryKeys = Object.keys((entry.querystring as { properties?: object } | undefined)?.properties ?? {})
  if (entry.querystring && entry.body) {
    const params = Object.fromEntries(Object.entries(rest).filter(([k]) => queryKeys.includes(k)))
    const body = Object.fromEntries(Object.entries(rest).filter(([k]) => !queryKeys.includes(k)))
    return { url, params, body }
  }
  if (entry.body) return { url, body: rest }
  return Object.keys(rest).length > 0 ? { url, params: rest } : { url }
}
