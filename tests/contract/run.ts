import fc from 'fast-check'
import { encryptPassword, newSignInSalt } from '@costlens/shared'
import { operationsOf, type OpenApiDocument, type Operation } from './document.ts'
import { requestUrl, sampleValue, validRequests, type ContractRequest } from './requests.ts'
import { checkAnswer, isErrorShape } from './validate.ts'
import { badRequests } from './bad-input.ts'

export type Credentials = { token: string } | { user: string; password: string }

export interface ContractOptions {
  baseUrl: string
  doc: OpenApiDocument
  credentials: Credentials
  /** Run operations that change state (kill, move, upgrade, create, delete). */
  allowWrites: boolean
  /** Malformed requests per operation. */
  badInputRuns?: number
  /** fast-check seed, so a failure can be replayed. */
  seed?: number
  /** Only the operations whose path matches (all when absent): one area of a backend at a time. */
  paths?: RegExp
}

export interface OperationResult {
  method: string
  path: string
  outcome: 'pass' | 'fail' | 'skipped'
  /** The first difference from the document, for a failure. */
  difference?: string
  /** Why it was skipped, or what was reported without failing (extra fields). */
  notes: string[]
}

export interface ContractReport {
  baseUrl: string
  results: OperationResult[]
  passed: number
  failed: number
  skipped: number
}

const SIGN_IN = '/api/v1/webSignIn'

interface Answer {
  status: number
  contentType: string
  text: string
}

async function send(baseUrl: string, request: ContractRequest, token: string | undefined): Promise<Answer> {
  const headers: Record<string, string> = {}
  if (token) headers.authorization = `JWT ${token}`
  let body: string | undefined
  if (request.body !== undefined) {
    headers['content-type'] = 'application/json'
    body = JSON.stringify(request.body)
  }
  const res = await fetch(requestUrl(baseUrl, request), { method: request.method, headers, body })
  return { status: res.status, contentType: res.headers.get('content-type') ?? '', text: await res.text() }
}

/** The body the sign-in operation is checked with: the documented scheme, never the plain password. */
async function signInBody(credentials: Credentials) {
  if (!('user' in credentials)) return undefined
  const salt = newSignInSalt()
  return { username: credentials.user, salt, ct: await encryptPassword(credentials.password, salt) }
}

/** A token for the run: the one given, or one from signing in with the documented password scheme. */
export async function obtainToken(baseUrl: string, credentials: Credentials): Promise<string> {
  if ('token' in credentials) return credentials.token
  const res = await fetch(new URL(SIGN_IN, baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(await signInBody(credentials)),
  })
  if (!res.ok)
    throw new Error(`sign-in as ${credentials.user} at ${baseUrl} failed: ${res.status} ${await res.text()}`)
  return ((await res.json()) as { token: string }).token
}

async function checkOperation(
  operation: Operation,
  options: ContractOptions,
  token: string,
): Promise<OperationResult> {
  const result: OperationResult = {
    method: operation.method,
    path: operation.path,
    outcome: 'pass',
    notes: [],
  }
  if (operation.changesState && !options.allowWrites) {
    result.outcome = 'skipped'
    result.notes.push('changes state: runs only with --allow-writes')
    return result
  }
  const isSignIn = operation.path === SIGN_IN
  const body = isSignIn ? await signInBody(options.credentials) : undefined
  if (isSignIn && !body) {
    result.outcome = 'skipped'
    result.notes.push('needs --user and --password')
    return result
  }
  const now = Date.now()
  const valid = validRequests(
    operation,
    now,
    body ?? (operation.requestBody ? sampleBody(operation, now) : undefined),
  )
  for (const request of valid) {
    const answer = await send(options.baseUrl, request, token)
    const verdict = checkAnswer(operation, answer.status, answer.contentType, answer.text)
    if (!verdict.ok) return { ...result, outcome: 'fail', difference: verdict.difference }
    if (answer.status >= 500)
      return { ...result, outcome: 'fail', difference: `a valid request answered ${answer.status}` }
    if (verdict.extraFields) result.notes.push(`extra fields: ${verdict.extraFields}`)
  }

  const base = valid[0]!
  try {
    await fc.assert(
      fc.asyncProperty(badRequests(operation, base), async (request) => {
        const answer = await send(options.baseUrl, request, token)
        if (answer.status >= 500) throw new Error(`answered ${answer.status}: ${answer.text.slice(0, 200)}`)
        if (answer.status >= 400 && !isErrorShape(answer.contentType, answer.text))
          throw new Error(`answered ${answer.status} without the error shape: ${answer.text.slice(0, 200)}`)
      }),
      { numRuns: options.badInputRuns ?? 25, seed: options.seed ?? 1 },
    )
  } catch (error) {
    const message = (error as Error).message.split('\n')
    const counterexample = message.find((l) => l.startsWith('Counterexample')) ?? ''
    const reason = message.find((l) => l.includes('answered')) ?? message[0]
    return {
      ...result,
      outcome: 'fail',
      difference: `malformed input ${reason?.trim()} ${counterexample}`.trim(),
    }
  }
  return result
}

/** A valid body from the operation's schema (its examples, defaults or smallest valid values). */
function sampleBody(operation: Operation, now: number): unknown {
  const schema = Object.values(operation.requestBody?.content ?? {})[0]?.schema
  return schema ? sampleValue(schema, 'body', now) : undefined
}

/** Runs every operation of the document against the base URL. */
export async function runContract(options: ContractOptions): Promise<ContractReport> {
  const token = await obtainToken(options.baseUrl, options.credentials)
  const results: OperationResult[] = []
  for (const operation of operationsOf(options.doc)) {
    if (options.paths && !options.paths.test(operation.path)) continue
    results.push(await checkOperation(operation, options, token))
  }
  return {
    baseUrl: options.baseUrl,
    results,
    passed: results.filter((r) => r.outcome === 'pass').length,
    failed: results.filter((r) => r.outcome === 'fail').length,
    skipped: results.filter((r) => r.outcome === 'skipped').length,
  }
}

/** The report as the terminal shows it: one line per operation, the first difference of a failure. */
export function formatReport(report: ContractReport): string {
  const mark = { pass: 'PASS', fail: 'FAIL', skipped: 'SKIP' } as const
  const lines = report.results.map((r) => {
    const head = `${mark[r.outcome]}  ${r.method.padEnd(6)} ${r.path}`
    const detail = [r.difference, ...r.notes].filter(Boolean).map((d) => `\n        ${d}`)
    return head + detail.join('')
  })
  lines.push(
    `contract against ${report.baseUrl}: ${report.passed} passed, ${report.failed} failed, ${report.skipped} skipped`,
  )
  return lines.join('\n')
}
