import { DATE_PARAM_KEYWORD } from '@costlens/shared'
import type { JsonSchema, Operation } from './document.ts'

/** A request the suite sends: path with its parameters filled in, query and body. */
export interface ContractRequest {
  method: string
  path: string
  query: Record<string, string>
  body?: unknown
}

const DAY = 86_400_000

/**
 * A valid value for a schema: its example, default or first enum value when it has one; otherwise
 * the smallest value of its type that satisfies it. Date parameters (marked with their kind, or
 * described as epoch milliseconds) get a recent instant, so a date window covers the last week
 * rather than 1970, and stays within the API's date rule (2 years back) whatever the date today.
 */
export function sampleValue(schema: JsonSchema, name: string, now: number): unknown {
  const dateKind = schema[DATE_PARAM_KEYWORD]
  if (dateKind) {
    const ms = /^(to|end|dateTo|lte)/i.test(name) ? now : now - 7 * DAY
    if (dateKind === 'iso') return new Date(ms).toISOString()
    return dateKind === 'epoch-s-or-iso' ? Math.floor(ms / 1000) : ms
  }
  if (schema.examples?.length) return schema.examples[0]
  if (schema.example !== undefined) return schema.example
  if (schema.default !== undefined) return schema.default
  if (schema.const !== undefined) return schema.const
  if (schema.enum?.length) return schema.enum[0]
  const variants = schema.anyOf ?? schema.oneOf
  if (variants?.[0]) return sampleValue(variants[0], name, now)
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type
  if (/epoch ms/i.test(schema.description ?? '')) return /^(to|end|dateTo)/i.test(name) ? now : now - 7 * DAY
  switch (type) {
    case 'integer':
    case 'number':
      return schema.minimum ?? 1
    case 'boolean':
      return true
    case 'array':
      return schema.items ? [sampleValue(schema.items, name, now)] : []
    case 'object': {
      const out: Record<string, unknown> = {}
      for (const key of schema.required ?? [])
        out[key] = sampleValue(schema.properties?.[key] ?? {}, key, now)
      return out
    }
    default:
      return 'a'.repeat(Math.max(1, schema.minLength ?? 1))
  }
}

/** The operation's path with its path parameters filled in. */
export function fillPath(operation: Operation, values: Record<string, unknown>): string {
  return operation.path.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(String(values[name])))
}

/**
 * The valid requests of an operation: one with the required parameters only, and, when it has
 * optional ones, one with every parameter set. `body` is the caller's for operations with one
 * (sign-in needs real credentials; a schema sample would be refused).
 */
export function validRequests(operation: Operation, now: number, body?: unknown): ContractRequest[] {
  const build = (all: boolean): ContractRequest => {
    const pathValues: Record<string, unknown> = {}
    const query: Record<string, string> = {}
    for (const p of operation.parameters) {
      if (!p.required && !all) continue
      // The parameter's own example and description (where the document keeps them) count as the schema's.
      const schema = {
        ...p.schema,
        example: p.example ?? p.schema.example,
        description: p.description ?? p.schema.description,
      }
      const value = sampleValue(schema, p.name, now)
      if (p.in === 'path') pathValues[p.name] = value
      if (p.in === 'query') query[p.name] = Array.isArray(value) ? value.join(',') : String(value)
    }
    return { method: operation.method, path: fillPath(operation, pathValues), query, body }
  }
  const requests = [build(false)]
  if (operation.parameters.some((p) => !p.required && p.in === 'query')) requests.push(build(true))
  return requests
}

/** A request's URL against a base URL. */
export function requestUrl(baseUrl: string, request: ContractRequest): string {
  const url = new URL(request.path, baseUrl)
  for (const [k, v] of Object.entries(request.query)) url.searchParams.set(k, v)
  return url.toString()
}
