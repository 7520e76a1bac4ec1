import fc from 'fast-check'
import type { Operation } from './document.ts'
import type { ContractRequest } from './requests.ts'

/** Strings that break naive parsers, queries and paths. */
const oddStrings = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '-1',
    '0',
    '1.5',
    '1e309',
    'NaN',
    'Infinity',
    'null',
    'true',
    '[]',
    '{}',
    '%00',
    '%',
    '../../etc/passwd',
    "' OR 1=1 --",
    '<script>alert(1)</script>',
    '=HYPERLINK("x")',
    '\u0000',
    '😀',
    'x'.repeat(10_000),
  ),
  fc.string({ maxLength: 40 }),
  fc.integer().map(String),
  fc.double().map(String),
)

/** Values of the wrong type or out of any sensible range, for JSON bodies. */
const oddValues = fc.oneof(
  oddStrings,
  fc.integer(),
  fc.constantFrom(-1, 0, 2 ** 53 + 1, Number.MAX_SAFE_INTEGER, 1.5),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
)

/**
 * Malformed requests for an operation: each query or path parameter replaced by an odd string
 * (or a stray one added), and for operations with a body, bodies of the wrong shape: wrong types
 * for its fields, unknown fields, arrays or scalars instead of objects.
 */
export function badRequests(operation: Operation, valid: ContractRequest): fc.Arbitrary<ContractRequest> {
  const params = operation.parameters.filter((p) => p.in === 'query' || p.in === 'path')
  const names = params.length ? params.map((p) => p.name) : ['unexpected']
  const query = fc.record({ name: fc.constantFrom(...names), value: oddStrings }).map(({ name, value }) => {
    const inPath = params.find((p) => p.name === name)?.in === 'path'
    const path = inPath ? operation.path.replace(`{${name}}`, encodeURIComponent(value) || '%20') : valid.path
    return { ...valid, path, query: inPath ? valid.query : { ...valid.query, [name]: value } }
  })
  if (!operation.requestBody) return query
  const fields = Object.keys(
    Object.values(operation.requestBody.content)[0]?.schema.anyOf?.[0]?.properties ??
      Object.values(operation.requestBody.content)[0]?.schema.properties ??
      {},
  )
  const body = fc.oneof(
    fc.dictionary(fc.constantFrom(...(fields.length ? fields : ['field']), 'unknown'), oddValues, {
      maxKeys: 4,
    }),
    oddValues,
  )
  return fc.oneof(
    query,
    body.map((b) => ({ ...valid, body: b })),
  )
}
