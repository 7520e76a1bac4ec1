import type { TSchema } from 'typebox'
import { PERSONAS } from '../fixtures/personas.ts'
import { fillPath, pathParamNames, type Endpoint } from '../shared/src/endpoints/endpoint.ts'
import { DATE_WINDOW_PAIRS } from '../shared/src/contracts/dates.ts'
import type { Prng } from '../simulator/src/db/seed/prng.ts'
import type { Vocabulary } from './vocabulary.ts'

/**
 * The generic request generator: varied requests for one endpoint-table entry, read from its TypeBox
 * schemas (params, query, body) and filled from the seeded data by field name. It fills
 * - a time window (the first pair present of start_time/end_time, startTime/endTime, from/to,
 *   gte/lte, dateFrom/dateTo; a bound's `x-date-param` says its unit: ISO, epoch ms or epoch s) of
 *   a varied span ending at a varied hour of the last two days, and an `interval` that fits it;
 * - paging (page, pageSize, size, from, offset, limit): mostly the first page, sometimes a deeper one;
 * - enumerations (sorts, groupings, statuses) from the schema's own values;
 * - names from the seeded data (users, queues, clusters, kinds, warehouses, pipelines, event names);
 * - consts, and required booleans and numbers.
 * An optional field it has nothing for is left out; a required one makes the entry unmeasurable,
 * with the reason.
 */
export interface GeneratedRequest {
  params: Record<string, unknown>
  query: Record<string, unknown>
  body: Record<string, unknown>
}

export interface GenerateOptions {
  now: number
  prng: Prng
  vocabulary: Vocabulary
  /** The window spans to draw from, in hours (default 1 hour to 7 days). */
  spanHours?: readonly number[]
}

const HOUR = 3_600_000
export const DEFAULT_SPAN_HOURS: readonly number[] = [1, 6, 24, 72, 168]
type Schema = TSchema & {
  type?: string
  enum?: readonly unknown[]
  const?: unknown
  anyOf?: Schema[]
  items?: Schema
  properties?: Record<string, Schema>
  required?: readonly string[]
  dependencies?: Record<string, unknown>
  minimum?: number
  maximum?: number
  default?: unknown
  examples?: readonly unknown[]
  pattern?: string
  'x-date-param'?: string
}

/**
 * Entries open to every platform whose data only one platform's users hold: the handler answers 403
 * to a user without such clusters (BigQuery chargeback), so the bench asks as that platform's persona.
 */
export const PERSONA_OVERRIDES: Readonly<Record<string, string>> = {
  'chargeback.bqcbOneGroup': 'bigquery',
  'chargeback.bqcbTwoGroups': 'bigquery',
}

/**
 * The persona whose platform (and role) the entry's access allows: the admin when it says nothing,
 * or the override for its key.
 */
export function personaFor(entry: Endpoint, key?: string): { username: string; platform: string } {
  const override = key ? PERSONAS.find((p) => p.username === PERSONA_OVERRIDES[key]) : undefined
  const persona =
    override ??
    PERSONAS.find(
      (p) =>
        (!entry.access?.platforms || entry.access.platforms.includes(p.clusterType)) &&
        (!entry.access?.roles || entry.access.roles.includes(p.role)),
    ) ??
    PERSONAS[0]!
  return { username: persona.username, platform: persona.clusterType }
}

const dateKind = (schema: Schema): string | undefined =>
  schema['x-date-param'] ?? schema.anyOf?.map((s) => s['x-date-param']).find(Boolean)

/** A window bound in the unit and type its schema says. */
function dateValue(schema: Schema, ms: number): unknown {
  const kind = dateKind(schema)
  // A day-only bound (the Databricks cost calls' gte/lte, YYYY-MM-DD) takes the instant's UTC day.
  const dayOnly = [schema, ...(schema.anyOf ?? [])].some((s) => s.pattern === String.raw`^\d{4}-\d{2}-\d{2}$`)
  if (kind === 'iso') return dayOnly ? new Date(ms).toISOString().slice(0, 10) : new Date(ms).toISOString()
  const value = kind === 'epoch-s-or-iso' ? Math.floor(ms / 1000) : ms
  const first = schema.anyOf?.[0] ?? schema
  return first.type === 'integer' || first.type === 'number' ? value : String(value)
}

/** Minutes of an interval value (1m, 1h, hourly, 1d, daily, 1w, weekly), or undefined. */
function intervalMinutes(value: string): number | undefined {
  const named: Record<string, number> = { hourly: 60, daily: 1440, weekly: 10080 }
  if (named[value]) return named[value]
  const m = /^(\d+)([mhdw])$/.exec(value)
  if (!m) return undefined
  return Number(m[1]) * { m: 1, h: 60, d: 1440, w: 10080 }[m[2] as 'm' | 'h' | 'd' | 'w']
}

function enumValues(schema: Schema): readonly unknown[] | undefined {
  if (schema.enum) return schema.enum
  if (schema.const !== undefined) return [schema.const]
  const member = schema.anyOf?.find((s) => s.enum || s.const !== undefined)
  if (schema.anyOf?.every((s) => s.const !== undefined)) return schema.anyOf.map((s) => s.const)
  return member ? enumValues(member) : undefined
}

/** The seeded values a field of this name takes, for the persona's platform. */
function seededValues(name: string, vocabulary: Vocabulary, platform: string): readonly string[] | undefined {
  const clusters = vocabulary.clusters[platform] ?? []
  if (platform === 'SNOWFLAKE' && /^user/i.test(name)) return vocabulary.snowflakeUsers
  if (platform === 'EMR' && name === 'clusterId') return vocabulary.emrClusterIds
  // BigQuery's jobs are of one kind (its chargeback refuses the Yarn kinds).
  if (platform === 'BIGQUERYV2' && /^(kind|appTypes?|appt)$/.test(name)) return ['bigquery']
  const byName: Record<string, readonly string[]> = {
    user: vocabulary.users,
    users: vocabulary.users,
    userName: vocabulary.users,
    queue: vocabulary.queues,
    queues: vocabulary.queues,
    clusterUid: clusters,
    clusters,
    clusterName: clusters,
    kind: vocabulary.kinds,
    appTypes: vocabulary.kinds,
    appType: vocabulary.kinds,
    appt: vocabulary.kinds,
    warehouseUid: vocabulary.warehouses,
    pipeline: vocabulary.pipelines,
    eventName: vocabulary.events,
  }
  return byName[name]
}

class Unfillable extends Error {}

/** One field's value, or undefined to leave an optional field out. */
function fieldValue(
  name: string,
  schema: Schema,
  isRequired: boolean,
  options: GenerateOptions,
  platform: string,
): unknown {
  const { prng, vocabulary } = options
  const values = enumValues(schema)
  const seeded = seededValues(name, vocabulary, platform)
  const arrayOf = schema.type === 'array' ? (schema.items ?? {}) : undefined
  const take = isRequired ? 1 : 0.5
  if (values?.length) {
    if (!isRequired && !/sort|group|interval/i.test(name) && !prng.chance(take)) return undefined
    return prng.pick(values)
  }
  if (arrayOf) {
    const itemValues = enumValues(arrayOf as Schema) ?? seeded
    if (itemValues?.length && (isRequired || prng.chance(0.3))) return [prng.pick(itemValues)]
    if (isRequired) throw new Unfillable(`required field ${name} (a list) the generator cannot fill`)
    return undefined
  }
  if (seeded) {
    if (!isRequired && !prng.chance(0.3)) return undefined
    if (!seeded.length) throw new Unfillable(`no seeded ${name}`)
    return prng.pick(seeded)
  }
  if (schema.type === 'boolean') return isRequired || prng.chance(0.25) ? prng.chance(0.5) : undefined
  if (!isRequired) {
    // A documented example (`*` for every cluster, a sort) now and then.
    return schema.examples?.length && prng.chance(0.3) ? prng.pick(schema.examples) : undefined
  }
  if (schema.default !== undefined) return schema.default
  // A required value of a shape only its example shows (usage_trending's tag key:value).
  if (schema.examples?.length) return prng.pick(schema.examples)
  if (schema.type === 'integer' || schema.type === 'number') return schema.minimum ?? 1
  throw new Unfillable(`required field ${name} the generator cannot fill`)
}

function pagingValue(name: string, schema: Schema, prng: Prng, size: number): unknown {
  const clamp = (n: number) => Math.min(schema.maximum ?? n, Math.max(schema.minimum ?? n, n))
  switch (name) {
    case 'page':
      return clamp(prng.chance(0.7) ? 1 : prng.int(2, 5))
    case 'pageSize':
    case 'size':
      return clamp(size)
    case 'from':
    case 'offset':
      return clamp(prng.chance(0.7) ? 0 : prng.int(1, 5) * size)
    default: // limit
      return clamp(prng.pick([10, 50, 100]))
  }
}

const isDateBound = (schema: Schema | undefined): boolean => !!schema && dateKind(schema) !== undefined

/**
 * One request for the entry, or the reason none can be made. Query fields come first, then the body's;
 * a name in both (rare) is filled for each.
 */
export function generateRequest(
  entry: Endpoint,
  options: GenerateOptions & { key?: string },
): GeneratedRequest | { unfillable: string } {
  const { prng, now, vocabulary } = options
  const { platform } = personaFor(entry, options.key)
  try {
    const params: Record<string, unknown> = {}
    const paramSchemas = ((entry.params as Schema | undefined)?.properties ?? {}) as Record<string, Schema>
    const groups = new Set<unknown>()
    for (const name of pathParamNames(entry.path)) {
      const schema = paramSchemas[name] ?? {}
      if (name === 'cluster') {
        const clusters = vocabulary.yarnClusters[platform] ?? []
        params[name] = clusters.length && prng.chance(0.5) ? prng.pick(clusters) : '*'
        continue
      }
      const values = (enumValues(schema) ?? seededValues(name, vocabulary, platform))?.filter(
        (v) => !groups.has(v),
      )
      if (!values?.length) throw new Unfillable(`no seeded value for the path parameter {${name}}`)
      params[name] = prng.pick(values)
      groups.add(params[name])
    }
    const fill = (schema: Schema | undefined): Record<string, unknown> => {
      const out: Record<string, unknown> = {}
      if (!schema?.properties) return out
      const props = schema.properties
      const required = new Set(schema.required ?? [])
      const pair = DATE_WINDOW_PAIRS.find(
        ([start, end]) => isDateBound(props[start]) && isDateBound(props[end]),
      )
      const spanMs = prng.pick(options.spanHours ?? DEFAULT_SPAN_HOURS) * HOUR
      const end = now - prng.int(0, 47) * HOUR - prng.int(0, 59) * 60_000
      if (pair) {
        out[pair[0]] = dateValue(props[pair[0]]!, end - spanMs)
        out[pair[1]] = dateValue(props[pair[1]]!, end)
      }
      const size = prng.pick([15, 50])
      for (const [name, field] of Object.entries(props)) {
        if (name in out) continue
        if (isDateBound(field)) {
          // The other pairs' bounds stay out (one window per request); a lone required one gets the end.
          if (required.has(name)) out[name] = dateValue(field, end)
          continue
        }
        if (name === 'interval' && enumValues(field)) {
          // An interval that gives 1 to 1,000 points over the window.
          const fits = enumValues(field)!.filter((v) => {
            const minutes = intervalMinutes(String(v))
            return (
              minutes !== undefined && spanMs / 60_000 / minutes >= 1 && spanMs / 60_000 / minutes <= 1000
            )
          })
          if (fits.length) out[name] = prng.pick(fits)
          continue
        }
        const numeric = field.type === 'integer' || field.type === 'number'
        if (['page', 'pageSize', 'size', 'from', 'offset', 'limit'].includes(name) && numeric) {
          out[name] = pagingValue(name, field, prng, size)
          continue
        }
        // A cluster the path already names is not named again in the query (the two must agree).
        if (name === 'clusterName' && 'cluster' in params && !required.has(name)) continue
        const value = fieldValue(name, field, required.has(name), options, platform)
        if (value !== undefined) out[name] = value
      }
      // A field that needs a companion the generator left out (groupBy without its value) goes too.
      for (const [name, needs] of Object.entries(schema.dependencies ?? {}))
        if (name in out && Array.isArray(needs) && needs.some((other) => !(other in out))) delete out[name]
      return out
    }
    return { params, query: fill(entry.querystring as Schema), body: fill(entry.body as Schema) }
  } catch (error) {
    if (error instanceof Unfillable) return { unfillable: error.message }
    throw error
  }
}

/** The request as the wire carries it: the filled path with its query string, and the JSON body. */
export function wireRequest(entry: Endpoint, request: GeneratedRequest): { path: string; body?: unknown } {
  const query = new URLSearchParams()
  for (const [name, value] of Object.entries(request.query))
    query.set(name, Array.isArray(value) ? value.join(',') : String(value))
  const path = fillPath(entry.path, request.params) + (query.size ? `?${query}` : '')
  return entry.body ? { path, body: request.body } : { path }
}
