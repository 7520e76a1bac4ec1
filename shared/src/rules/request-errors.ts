import { MESSAGES } from '../messages.ts'

/** What the request layer knows about a failed call. */
export interface FailedCall {
  /** HTTP status; absent when no response came back (network failure, time-out). */
  status?: number
  /** The parsed response body, if any. */
  data?: unknown
  /** The error's own text when there was no response (e.g. 'Failed to fetch'). */
  errorText?: string
  /** The request was cancelled (ERR_CANCELED / AbortError). */
  aborted?: boolean
}

/** B288: the result every failed call turns into. `data` is empty. */
export interface RequestError {
  error: true
  message: string
  data: Record<string, never>
  aborted: boolean
}

const STATUS_MESSAGES: Record<number, string> = {
  500: MESSAGES.M001,
  404: MESSAGES.M002,
  405: MESSAGES.M003,
  504: MESSAGES.M004,
  401: MESSAGES.M005,
}

function messageField(data: unknown): string | undefined {
  if (
    data &&
    typeof data === 'object' &&
    'message' in data &&
    typeof data.message === 'string' &&
    data.message
  )
    return data.message
  return undefined
}

function joinedErrors(data: unknown): string | undefined {
  if (!data || typeof data !== 'object' || !('errors' in data) || !Array.isArray(data.errors))
    return undefined
  const texts = data.errors
    .map((e: unknown) => (typeof e === 'string' ? e : messageField(e)))
    .filter((t): t is string => Boolean(t))
  // The separator is not shown in the spec (B287); a comma reads naturally for a list of problems.
  return texts.length ? texts.join(', ') : undefined
}

/**
 * B287 message choice (01 §8): a 401 always gives 'Session expired'; otherwise the response's
 * message, else the joined messages of an errors list, else the error text when there was no
 * response, else the status mapping (C13 title case), else a generic text.
 */
export function errorMessageFor({ status, data, errorText }: FailedCall): string {
  if (status === 401) return MESSAGES.M005
  return (
    messageField(data) ??
    joinedErrors(data) ??
    (status === undefined ? errorText : undefined) ??
    (status !== undefined ? STATUS_MESSAGES[status] : undefined) ??
    MESSAGES.M006
  )
}

/** The texts a cancelled request reports: axios's ERR_CANCELED (the spec's wording) and fetch's AbortError. */
const CANCELLED_TEXTS = new Set(['ERR_CANCELED', 'AbortError', 'canceled', 'request-aborted'])

/**
 * B288, B285: the `{error, message, data, aborted}` result. A cancelled call (flagged, or reporting
 * ERR_CANCELED / AbortError / M028 'request-aborted') is marked aborted so callers ignore it.
 */
export function toRequestError(call: FailedCall): RequestError {
  const aborted =
    Boolean(call.aborted) || (call.status === undefined && CANCELLED_TEXTS.has(call.errorText ?? ''))
  return { error: true, message: errorMessageFor(call), data: {}, aborted }
}

/** B286: statuses 200 to 299 are success (300 itself is a redirect, not data). */
export function isSuccessStatus(status: number): boolean {
  return status >= 200 && status < 300
}

/**
 * B289: a body carrying both `detail` and `message` is an error with that message even under a
 * 2xx status; a body with an `error` field is an error result. Returns the message, or undefined
 * when the body is a normal answer.
 */
export function errorInSuccessBody(data: unknown): string | undefined {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return undefined
  if ('detail' in data && 'message' in data) return messageField(data) ?? MESSAGES.M006
  if ('error' in data && data.error)
    return messageField(data) ?? (typeof data.error === 'string' ? data.error : MESSAGES.M006)
  return undefined
}
