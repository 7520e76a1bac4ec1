import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv'
import addFormats from 'ajv-formats'
import type { JsonSchema, Operation } from './document.ts'

const ajv = new Ajv({ strict: false, allErrors: false, validateFormats: true })
addFormats.default(ajv)

/** The schema with every `additionalProperties: false` lifted, so extra fields are tolerated. */
function lenient(schema: JsonSchema): JsonSchema {
  if (Array.isArray(schema)) return schema.map(lenient) as unknown as JsonSchema
  if (!schema || typeof schema !== 'object') return schema
  const out: JsonSchema = {}
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'additionalProperties' && value === false) continue
    out[key] = value && typeof value === 'object' ? lenient(value as JsonSchema) : value
  }
  return out
}

const cache = new WeakMap<JsonSchema, { strict: ValidateFunction; lenient: ValidateFunction }>()

function validators(schema: JsonSchema) {
  let pair = cache.get(schema)
  if (!pair) {
    pair = { strict: ajv.compile(schema), lenient: ajv.compile(lenient(schema)) }
    cache.set(schema, pair)
  }
  return pair
}

const describe = (error: ErrorObject | undefined) =>
  error ? `${error.instancePath || 'body'} ${error.message ?? 'is invalid'}` : 'is invalid'

/** What checking one answer found. */
export type Verdict = { ok: true; extraFields?: string } | { ok: false; difference: string }

/**
 * One answer against the document. The status must be one the operation documents; the body
 * must match that status's schema. Fields the document does not know (a real backend may send
 * more) are reported, not failed.
 */
export function checkAnswer(
  operation: Operation,
  status: number,
  contentType: string,
  text: string,
): Verdict {
  const documented = operation.responses[String(status)] ?? operation.responses[`${String(status)[0]}XX`]
  if (!documented)
    return {
      ok: false,
      difference: `status ${status} is not documented (documented: ${Object.keys(operation.responses).join(', ')})`,
    }
  const media = documented.content?.['application/json'] ?? Object.values(documented.content ?? {})[0]
  if (!media?.schema) return { ok: true }
  let body: unknown = text
  if (contentType.includes('json')) {
    try {
      body = JSON.parse(text)
    } catch {
      return { ok: false, difference: `status ${status}: the body is not valid JSON` }
    }
  }
  const { strict, lenient: tolerant } = validators(media.schema)
  if (strict(body)) return { ok: true }
  if (tolerant(body)) return { ok: true, extraFields: `status ${status}: ${describe(strict.errors?.[0])}` }
  return { ok: false, difference: `status ${status}: ${describe(tolerant.errors?.[0])}` }
}

/** The spec's error shape (01 §8): statusCode, error, and a message a person can read. */
export function isErrorShape(contentType: string, text: string): boolean {
  if (!contentType.includes('json')) return false
  try {
    const body = JSON.parse(text) as { statusCode?: unknown; error?: unknown; message?: unknown }
    return (
      typeof body.statusCode === 'number' &&
      typeof body.error === 'string' &&
      typeof body.message === 'string' &&
      body.message.trim().length > 0
    )
  } catch {
    return false
  }
}
