import { formatMessage, MESSAGES } from '../messages.ts'

/** Form field checks and their messages (01 §5, 02 §5, 03 §5, §8 Form validation). */

/**
 * B130: a whole number, or a string of digits with optional spaces around them ('42', ' 42 ').
 * Spaces inside ('4 2') are refused: whether they mean 42 or two numbers is a guess.
 */
export function isNumeric(value: unknown): boolean {
  if (typeof value === 'number') return Number.isInteger(value)
  return typeof value === 'string' && /^\s*\d+\s*$/.test(value)
}

/** B131: the default maximum length of a text input. */
export const TEXT_MAX_LENGTH = 10_000

/** B131: a text value as stored: trimmed, then cut to the maximum length. */
export function cleanText(value: string, maxLength = TEXT_MAX_LENGTH): string {
  return value.trim().slice(0, maxLength)
}

// B132: the WHATWG 'valid e-mail address' (what browsers check for type=email), with a dotted
// domain ending in a 2+ letter top-level label, since an alert mailed to 'ops@localhost' never arrives.
const EMAIL =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/

/** B132: whether one address is well formed. */
export function isEmailAddress(value: string): boolean {
  return EMAIL.test(value.trim())
}

/**
 * B132: one or more addresses, comma-separated (a semicolon, as mail clients paste lists, is
 * accepted too); blank entries between separators are ignored. Null when valid.
 */
export function emailProblem(value: string): string | null {
  const addresses = value
    .split(/[,;]/)
    .map((a) => a.trim())
    .filter(Boolean)
  if (addresses.length === 0) return MESSAGES.M073
  return addresses.every(isEmailAddress) ? null : MESSAGES.M074
}

/** B133: a webhook must be an absolute http(s) URL with a host; null when valid. */
export function webhookProblem(value: string): string | null {
  try {
    const url = new URL(value.trim())
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname ? null : MESSAGES.M075
  } catch {
    return MESSAGES.M075
  }
}

/** B134: an empty required field (blank text, empty list, null); with a name, '{item_name} is required.'. */
export function requiredProblem(value: unknown, itemName?: string): string | null {
  const empty =
    value === null ||
    value === undefined ||
    (typeof value === 'string' && value.trim() === '') ||
    (Array.isArray(value) && value.length === 0)
  if (!empty) return null
  return itemName ? formatMessage('M072', { item_name: itemName }) : MESSAGES.M071
}

/** B134: zero where it is not allowed. */
export function nonZeroProblem(value: number): string | null {
  return value === 0 ? MESSAGES.M077 : null
}

// 'H:mm', 'HH:mm' or 'HH:mm:ss' as seconds of the day, so '9:00' is before '10:00' (text order says not).
const timeOfDay = (value: string): number => {
  const match = /^\s*(\d{1,2}):(\d{2})(?::(\d{2}))?\s*$/.exec(value)
  if (!match) return Number.NaN
  return Number(match[1]) * 3600 + Number(match[2]) * 60 + Number(match[3] ?? 0)
}

/**
 * B134: a start that is not strictly before its end. Times of day ('HH:mm') and epoch values are
 * both accepted; an unreadable time is reported too rather than let through.
 */
export function startBeforeEndProblem(start: string | number, end: string | number): string | null {
  const a = typeof start === 'number' ? start : timeOfDay(start)
  const b = typeof end === 'number' ? end : timeOfDay(end)
  return a < b ? null : MESSAGES.M078
}

/** B134: a Top X field that is not a number. */
export function topXProblem(value: unknown): string | null {
  return isNumeric(value) ? null : MESSAGES.M079
}

/** B134: a percentage outside 1-100 (inclusive). */
export function percentageProblem(value: number): string | null {
  return value >= 1 && value <= 100 ? null : MESSAGES.M085
}

/** B134: more than two decimals. */
export function twoDecimalsProblem(value: string | number): string | null {
  return /^-?\d*(\.\d{0,2})?$/.test(String(value).trim()) ? null : MESSAGES.M086
}

/** B134: a date range not longer than its form's minimum of 1 or 2 days (M082, M083). */
export function minimumDaysProblem(spanMs: number, minDays: 1 | 2): string | null {
  if (spanMs > minDays * 86_400_000) return null
  return minDays === 1 ? MESSAGES.M082 : MESSAGES.M083
}

/** The Databricks workspace form's fields (02 §3 'Databricks workspace config'). */
export interface WorkspaceForm {
  workspaceId: string
  workspaceName: string
  instanceUrl: string
  auth: 'token' | 'oauth'
  token?: string
  tokenSecretName?: string
  tenantId?: string
  clientId?: string
  clientSecret?: string
  clientSecretName?: string
  scopes?: string
  accountId?: string
  region?: string
}

export type WorkspaceFormErrors = Partial<Record<keyof WorkspaceForm, string>>

/** B199: the spec requires a URL without a trailing slash but does not word the message (G22). */
export const INSTANCE_URL_TRAILING_SLASH = 'Remove the trailing slash from the Instance(Region) URL'
/** B199: an instance URL that is not an http(s) address at all; wording is costlens's (G22). */
export const INSTANCE_URL_INVALID = 'Please provide a valid Instance(Region) URL'

const blank = (v?: string) => v === undefined || v.trim() === ''

function instanceUrlProblem(value: string): string | null {
  const url = value.trim()
  if (url.endsWith('/')) return INSTANCE_URL_TRAILING_SLASH
  try {
    const parsed = new URL(url)
    return (parsed.protocol === 'https:' || parsed.protocol === 'http:') && parsed.hostname
      ? null
      : INSTANCE_URL_INVALID
  } catch {
    return INSTANCE_URL_INVALID
  }
}

const OAUTH_FIELDS = [
  ['tenantId', 'Tenant id'],
  ['clientId', 'Client id'],
  ['scopes', 'Scopes'],
] as const

/**
 * B197-B200: the workspace form's errors by field (empty when it may be saved).
 * - B197, B198: id and name are required and unique among `existing`. Ids compare exactly; names
 *   case-insensitively and trimmed (two workspaces 'Prod' and 'prod' would be indistinguishable in
 *   every list). The name-exists wording is not shown: M048 mirrors the id message. `editingId` is
 *   the workspace being edited, which must not clash with itself.
 * - B199: the URL is required, an http(s) address, with no trailing slash.
 * - B200: a token or a token secret name; with OAuth, tenant id, client id, scopes and a client
 *   secret or its secret name, each named in its message; account id and region always.
 */
export function validateWorkspaceForm(
  values: WorkspaceForm,
  existing: readonly { workspaceId: string; workspaceName: string }[] = [],
  editingId?: string,
): WorkspaceFormErrors {
  const errors: WorkspaceFormErrors = {}
  const others = existing.filter((w) => editingId === undefined || w.workspaceId !== editingId)
  const id = values.workspaceId.trim()
  const name = values.workspaceName.trim().toLowerCase()
  if (!id) errors.workspaceId = MESSAGES.M045
  else if (others.some((w) => w.workspaceId.trim() === id)) errors.workspaceId = MESSAGES.M046
  if (!name) errors.workspaceName = MESSAGES.M047
  else if (others.some((w) => w.workspaceName.trim().toLowerCase() === name))
    errors.workspaceName = MESSAGES.M048
  if (blank(values.instanceUrl)) errors.instanceUrl = MESSAGES.M049
  else {
    const problem = instanceUrlProblem(values.instanceUrl)
    if (problem) errors.instanceUrl = problem
  }
  if (values.auth === 'token') {
    if (blank(values.token) && blank(values.tokenSecretName)) errors.token = MESSAGES.M050
  } else {
    for (const [field, label] of OAUTH_FIELDS)
      if (blank(values[field])) errors[field] = formatMessage('M072', { item_name: label })
    if (blank(values.clientSecret) && blank(values.clientSecretName))
      errors.clientSecret = formatMessage('M072', { item_name: 'Client secret or client secret name' })
  }
  if (blank(values.accountId))
    errors.accountId = formatMessage('M072', { item_name: 'Databricks account id' })
  if (blank(values.region)) errors.region = formatMessage('M072', { item_name: 'Region' })
  return errors
}

/**
 * B257: a budget name must not repeat another budget's (case-insensitive, trimmed). When a budget
 * is edited, `existing` holds the other budgets' names, so keeping its own name is not a clash.
 */
export function budgetNameProblem(name: string, existing: readonly string[]): string | null {
  const wanted = name.trim().toLowerCase()
  return existing.some((n) => n.trim().toLowerCase() === wanted) ? MESSAGES.M076 : null
}
