import type { TSchema } from 'typebox'
import { pathParamNames, type Endpoint, type EndpointTable } from '../shared/src/endpoints/endpoint.ts'
import { ENDPOINT_TABLES } from '../shared/src/endpoints/tables.ts'
import { DATE_WINDOW_PAIRS } from '../shared/src/contracts/dates.ts'

/**
 * Which calls of the endpoint tables the bench measures: every call that lists or returns a series
 * over the seeded data. The rule, read from each entry's own shape (so a new area joins the bench by
 * being in ENDPOINT_TABLES, with nothing to add here):
 *
 * 1. It reads: GET or POST, not `changesState`, not an auth call (public, or tagged `auth`: sign-in and
 *    the session's own profile), not under `/__sim`.
 * 2. It is not one record's details: every path parameter is a scope the bench can draw from the
 *    seeded data (SCOPE_PARAMS: a cluster (`cluster`, or the HBase calls' `clusterUid`), a chargeback
 *    grouping, a warehouse, a pipeline) and no
 *    required query or body field names one record (`app_id`, `dag_id`, `task_id`, …). A call about
 *    one application, query, DAG, session or budget is a details page's, timed by scripts/*-timing.ts.
 * 3. It lists or returns a series: its query or body takes a time window or paging (WINDOW_FIELDS,
 *    PAGING_FIELDS; a field carrying the `x-date-param` keyword is a window bound), or it answers a
 *    collection (an array, or an object with an array property, a `series` or a `date` axis).
 */
export const SCOPE_PARAMS: ReadonlySet<string> = new Set([
  'cluster',
  'clusterUid',
  'group1',
  'group2',
  'warehouseUid',
  'pipeline',
])
export const WINDOW_FIELDS: ReadonlySet<string> = new Set(DATE_WINDOW_PAIRS.flat())
export const PAGING_FIELDS: ReadonlySet<string> = new Set(['page', 'pageSize', 'size', 'offset', 'limit'])
/** A required field of this name points at one record (app_id, dag_id, task_id, queryId…). */
const RECORD_FIELD = /(^|_)id$|[a-z]Id$/

export interface BenchEntry {
  /** `<domain>.<name>` in ENDPOINT_TABLES, e.g. `jobs.jobCount`. */
  key: string
  entry: Endpoint
}

type ObjectSchema = { properties?: Record<string, TSchema>; required?: readonly string[] }
const props = (schema: TSchema | undefined): Record<string, TSchema> =>
  (schema as ObjectSchema | undefined)?.properties ?? {}
const required = (schema: TSchema | undefined): readonly string[] =>
  (schema as ObjectSchema | undefined)?.required ?? []

/** The fields of the call's query and body, by name. */
export function requestFields(entry: Endpoint): Record<string, TSchema> {
  return { ...props(entry.querystring), ...props(entry.body) }
}

function readsOnly(entry: Endpoint): boolean {
  return (
    (entry.method === 'GET' || entry.method === 'POST') &&
    !entry.changesState &&
    !entry.access?.public &&
    !entry.tags.includes('auth') &&
    !entry.path.startsWith('/__sim')
  )
}

function namesOneRecord(entry: Endpoint): boolean {
  if (pathParamNames(entry.path).some((name) => !SCOPE_PARAMS.has(name))) return true
  return [...required(entry.querystring), ...required(entry.body)].some((name) => RECORD_FIELD.test(name))
}

export function takesWindowOrPaging(entry: Endpoint): boolean {
  return Object.entries(requestFields(entry)).some(
    ([name, schema]) =>
      WINDOW_FIELDS.has(name) || PAGING_FIELDS.has(name) || JSON.stringify(schema).includes('"x-date-param"'),
  )
}

function answersCollection(response: TSchema): boolean {
  const schema = response as { type?: string; anyOf?: TSchema[] } & ObjectSchema
  if (schema.type === 'array') return true
  if (schema.anyOf) return schema.anyOf.some(answersCollection)
  return Object.entries(schema.properties ?? {}).some(
    ([name, value]) => name === 'series' || name === 'date' || (value as { type?: string }).type === 'array',
  )
}

/** Whether the bench measures this call (the rule above). */
export function isBenchRow(entry: Endpoint): boolean {
  return (
    readsOnly(entry) &&
    !namesOneRecord(entry) &&
    (takesWindowOrPaging(entry) || answersCollection(entry.response))
  )
}

/** Every entry of the tables the bench measures, in table order. */
export function benchEntries(
  tables: Readonly<Record<string, EndpointTable>> = ENDPOINT_TABLES,
): BenchEntry[] {
  return Object.entries(tables).flatMap(([domain, table]) =>
    Object.entries(table)
      .filter(([, entry]) => isBenchRow(entry))
      .map(([name, entry]) => ({ key: `${domain}.${name}`, entry })),
  )
}
