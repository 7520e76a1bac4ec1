import { formatMessage, MESSAGES } from '../messages.ts'

/** Form field checks and their messages (01 §5, 02 §5, 03 §5, §8 Form validation). */

/** B130: a number, or digits with optional spaces around them ('42', ' 42 '); 4.5 and '4a' are not. */
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

// A pragmatic address check (local@domain.tld): what forms can verify before a mail is sent.
const EMAIL = /^[^\s@,;]+@[^\s@,;]+\.[^\s@,;]{2,}$/

/** B132: one or more addresses, separated by commas or semicolons; null when valid. */
export function emailProblem(value: string): string | null {
  const addresses = value
    .split(/[,;]/)
    .map((a) => a.trim())
    .filter(Boolean)
  if (addresses.length === 0) return MESSAGES.M073
  return addresses.every((a) => EMAIL.test(a)) ? null : MESSAGES.M074
}

/** B133: a webhook must be an absolute http(s) URL; null when valid. */
export function webhookProblem(value: string): string | null {
  try {
    const url = new URL(value.trim())
    return url.protocol === 'https:' || url.protocol === 'http:' ? null : MESSAGES.M075
  } catch {
    return MESSAGES.M075
  }
}

/** B134: an empty required field; with a name, '{item_name} is required.'. */
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

/** B134: a start that is not before its end ('HH:mm' or epoch values compare the same way). */
export function startBeforeEndProblem(start: string | number, end: string | number): string | null {
  return start < end ? null : MESSAGES.M078
}

/** B134: a Top X field that is not a number. */
export function topXProblem(value: unknown): string | null {
  return isNumeric(value) ? null : MESSAGES.M079
}

/** B134: a percentage outside 1-100. */
export function percentageProblem(value: number): string | null {
  return value >= 1 && value <= 100 ? null : MESSAGES.M085
}

/** B134: more than two decimals. */
export function twoDecimalsProblem(value: string | number): string | null {
  return /^-?\d*(\.\d{0,2})?$/.test(String(value).trim()) ? null : MESSAGES.M086
}

/** B134: a date range shorter than its form's minimum of 1 or 2 days (M082, M083). */
export function minimumDaysProblem(spanMs: number, minDays: 1 | 2): string | null {
  if (spanMs > minDays * 86_400_000) return null
  return minDays === 1 ? MESSAGES.M082 : MESSAGES.M083
}

/** The Databricks workspace form's fields (02 §3 workspace form). */
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

/**
 * B197-B200: the workspace form's errors by field (empty when it may be saved). Ids and names are
 * unique among the existing workspaces; ids compare exactly, names case-insensitively (two
 * workspaces called 'Prod' and 'prod' would be indistinguishable in every list).
 */
export function validateWorkspaceForm(
  form: WorkspaceForm,
  existing: readonly { workspaceId: string; workspaceName: string }[] = [],
): Partial<Record<keyof WorkspaceForm, string>> {
  const errors: Partial<Record<keyof WorkspaceForm, string>> = {}
  const blank = (v?: string) => !v || v.trim() === ''
  if (blank(form.workspaceId)) errors.workspaceId = MESSAGES.M045
  else if (existing.some((w) => w.workspaceId === form.workspaceId.trim())) errors.workspaceId = MESSAGES.M046
  if (blank(form.workspaceName)) errors.workspaceName = MESSAGES.M047
  else if (existing.some((w) => w.workspaceName.toLowerCase() === form.workspaceName.trim().toLowerCase()))
    errors.workspaceName = MESSAGES.M048
  if (blank(form.instanceUrl)) errors.instanceUrl = MESSAGES.M049
  else if (form.instanceUrl.trim().endsWith('/'))
    errors.instanceUrl = 'Remove the trailing slash from the URL'
  if (form.auth === 'token') {
    if (blank(form.token) && blank(form.tokenSecretName)) errors.token = MESSAGES.M050
  } else {
    for (const field of ['tenantId', 'clientId', 'scopes'] as const)
      if (blank(form[field])) errors[field] = MESSAGES.M071
    if (blank(form.clientSecret) && blank(form.clientSecretName)) errors.clientSecret = MESSAGES.M071
  }
  if (blank(form.accountId)) errors.accountId = formatMessage('M072', { item_name: 'Databricks account id' })
  if (blank(form.region)) errors.region = formatMessage('M072', { item_name: 'Region' })
  return errors
}

/** B257: a budget name must not repeat an existing one (case-insensitive, trimmed). */
export function budgetNameProblem(name: string, existing: readonly string[]): string | null {
  const wanted = name.trim().toLowerCase()
  return existing.some((n) => n.trim().toLowerCase() === wanted) ? MESSAGES.M076 : null
}
