import fs from 'node:fs'
import type {} from '@fastify/swagger'

/** The parts of an OpenAPI 3.0 document the contract suite reads. */
export interface JsonSchema {
  type?: string | string[]
  properties?: Record<string, JsonSchema>
  required?: string[]
  items?: JsonSchema
  anyOf?: JsonSchema[]
  oneOf?: JsonSchema[]
  allOf?: JsonSchema[]
  enum?: unknown[]
  const?: unknown
  default?: unknown
  examples?: unknown[]
  example?: unknown
  minimum?: number
  maximum?: number
  minLength?: number
  maxLength?: number
  pattern?: string
  description?: string
  additionalProperties?: boolean | JsonSchema
  [key: string]: unknown
}

export interface Parameter {
  name: string
  in: 'query' | 'path' | 'header'
  required?: boolean
  schema: JsonSchema
  /** @fastify/swagger moves a parameter schema's description and first example up here. */
  description?: string
  example?: unknown
}

export interface Operation {
  method: string
  path: string
  summary?: string
  parameters: Parameter[]
  requestBody?: { content: Record<string, { schema: JsonSchema }> }
  responses: Record<string, { content?: Record<string, { schema: JsonSchema }> }>
  /** True for operations that change state (kill, move, upgrade, create, delete). */
  changesState: boolean
  specIds: string[]
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, Omit<Operation, 'method' | 'path' | 'changesState' | 'specIds'>>>
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete']

/** Every operation of the document, in document order. */
export function operationsOf(doc: OpenApiDocument): Operation[] {
  const ops: Operation[] = []
  for (const [path, methods] of Object.entries(doc.paths))
    for (const [method, op] of Object.entries(methods)) {
      if (!METHODS.includes(method)) continue
      const extensions = op as Record<string, unknown>
      ops.push({
        ...op,
        method: method.toUpperCase(),
        path,
        parameters: op.parameters ?? [],
        changesState: extensions['x-changes-state'] === true,
        specIds: (extensions['x-spec-ids'] as string[] | undefined) ?? [],
      })
    }
  return ops
}

/**
 * The document to check against: a file or URL when given, otherwise the one generated from the
 * contracts (the simulator builds it from the same TypeBox schemas the console uses, over an empty
 * database; nothing else of the simulator is used, and no request goes to it).
 */
export async function loadDocument(spec?: string): Promise<OpenApiDocument> {
  if (spec?.startsWith('http')) return (await (await fetch(spec)).json()) as OpenApiDocument
  if (spec) return JSON.parse(fs.readFileSync(spec, 'utf8')) as OpenApiDocument
  const { apiDocument } = await import('../../simulator/src/api-document.ts')
  return (await apiDocument()) as OpenApiDocument
}
