import { formatMessage, MESSAGES } from '../messages.ts'
import { isEmailAddress } from './forms.ts'

/*
 * Where a notification channel sends (03 §2 Notification channels, §8 Form validation; B132, B133):
 * the checks of its target, one pure function per kind, used by the channel form and by the
 * simulator alike, so both refuse the same input with the same words. The spec gives three messages
 * (M073-M075); the bounds and the Slack and PagerDuty rules are costlens's, worded here.
 */

/** The kinds of channel: e-mail, a Slack incoming webhook, any webhook, a PagerDuty service. */
export const CHANNEL_TYPES = ['email', 'slack', 'webhook', 'pagerduty'] as const
export type ChannelType = (typeof CHANNEL_TYPES)[number]

/** How each kind is called on screen. */
export const CHANNEL_TYPE_LABELS: Readonly<Record<ChannelType, string>> = {
  email: 'E-mail',
  slack: 'Slack',
  webhook: 'Webhook',
  pagerduty: 'PagerDuty',
}

/** The most addresses one e-mail channel mails: a list, not a mailing list's worth. */
export const MAX_CHANNEL_EMAILS = 20
/** The longest e-mail address (RFC 5321's path limit less its brackets). */
export const MAX_EMAIL_ADDRESS_LENGTH = 254
/** The longest text of an e-mail field: every address at its longest would not fit, and need not. */
export const MAX_EMAIL_LIST_LENGTH = 2_000
/** The longest webhook URL: what browsers and proxies reliably carry. */
export const MAX_WEBHOOK_URL_LENGTH = 2_048
/** The most headers a webhook sends, and their bounds. */
export const MAX_WEBHOOK_HEADERS = 10
export const MAX_HEADER_NAME_LENGTH = 100
export const MAX_HEADER_VALUE_LENGTH = 1_000
/** A PagerDuty Events API v2 integration (routing) key is 32 characters. */
export const PAGERDUTY_KEY_LENGTH = 32
/** Slack's incoming webhooks all live here. */
export const SLACK_WEBHOOK_HOST = 'hooks.slack.com'

/** Messages of the rules the spec does not word (costlens's). */
export const CHANNEL_TARGET_MESSAGES = {
  tooManyEmails: `A channel mails at most ${MAX_CHANNEL_EMAILS} addresses.`,
  noPagerDutyKey: 'Please enter the PagerDuty integration key.',
  badPagerDutyKey: `A PagerDuty integration key is ${PAGERDUTY_KEY_LENGTH} letters and digits.`,
  tooManyHeaders: `A webhook sends at most ${MAX_WEBHOOK_HEADERS} headers.`,
  badHeaderName: `A header name is 1 to ${MAX_HEADER_NAME_LENGTH} letters, digits or - _ . characters.`,
  badHeaderValue: `A header value is at most ${MAX_HEADER_VALUE_LENGTH.toLocaleString('en-US')} characters, on one line.`,
  reservedHeader: (name: string) => `The ${name} header is set by the request itself.`,
  repeatedHeader: (name: string) => `The ${name} header is given twice.`,
} as const

/** The longest channel name: what a list column and a monitor's channel picker show whole. */
export const MAX_CHANNEL_NAME_LENGTH = 100

/** What a channel's name must not be: blank, or another channel's of the platform. */
export const CHANNEL_NAME_MESSAGES = {
  required: formatMessage('M072', { item_name: 'Channel name' }),
  // Worded as the spec words the budgets' (M076).
  taken: 'Channel name already exists.',
} as const

/** A name as uniqueness compares it: trimmed, without case. */
export const channelNameKey = (name: string): string => name.trim().toLowerCase()

/**
 * A channel's name: given, and not another channel's of the platform (`others`, without the one
 * being edited), case and surrounding spaces aside. Null when fine.
 */
export function channelNameProblem(name: string, others: readonly string[]): string | null {
  const key = channelNameKey(name)
  if (!key) return CHANNEL_NAME_MESSAGES.required
  return others.some((other) => channelNameKey(other) === key) ? CHANNEL_NAME_MESSAGES.taken : null
}

/** One header a webhook sends with each notification. */
export interface WebhookHeader {
  name: string
  value: string
}

/** The fields of a channel that say where it sends; which ones apply follows its type. */
export interface ChannelTargetDraft {
  type: ChannelType
  /** email: one or more addresses, comma-separated. */
  emails?: string
  /** slack, webhook: the URL notifications are posted to. */
  url?: string
  /** webhook: headers sent with each post (an API key, a tenant). */
  headers?: readonly WebhookHeader[]
  /** pagerduty: the service's integration key. */
  routingKey?: string
}

export type ChannelTargetField = 'emails' | 'url' | 'headers' | 'routingKey'
export type ChannelTargetProblems = Partial<Record<ChannelTargetField, string>>

/** The addresses of an e-mail field: split on commas (or semicolons, as mail clients paste them), trimmed. */
export function emailAddresses(value: string): string[] {
  return value
    .split(/[,;]/)
    .map((a) => a.trim())
    .filter(Boolean)
}

/**
 * B132 for a channel: at least one address ('Please enter an email address.'), each well formed and
 * of a possible length ('Invalid email address/addresses.'), at most {@link MAX_CHANNEL_EMAILS}.
 */
export function emailListProblem(value: string): string | null {
  if (value.length > MAX_EMAIL_LIST_LENGTH) return MESSAGES.M074
  const addresses = emailAddresses(value)
  if (addresses.length === 0) return MESSAGES.M073
  if (!addresses.every((a) => a.length <= MAX_EMAIL_ADDRESS_LENGTH && isEmailAddress(a))) return MESSAGES.M074
  return addresses.length > MAX_CHANNEL_EMAILS ? CHANNEL_TARGET_MESSAGES.tooManyEmails : null
}

/** A URL as the rules read it, or null when it is none (relative, malformed). */
function parsedUrl(value: string): URL | null {
  try {
    return new URL(value)
  } catch {
    return null
  }
}

/**
 * B133 for a channel: an absolute http(s) URL with a host, no user name or password in it (a
 * credential in a URL ends up in logs: a header carries it instead), no spaces, at most
 * {@link MAX_WEBHOOK_URL_LENGTH} characters. 'Invalid webhook URL.' otherwise.
 */
export function webhookUrlProblem(value: string): string | null {
  const text = value.trim()
  if (text.length === 0 || text.length > MAX_WEBHOOK_URL_LENGTH || /\s/.test(text)) return MESSAGES.M075
  const url = parsedUrl(text)
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || !url.hostname) return MESSAGES.M075
  return url.username || url.password ? MESSAGES.M075 : null
}

/**
 * A Slack incoming webhook: a webhook URL (above) that is https://hooks.slack.com/ on its default
 * port with a path after the host (Slack's are /services/…/…/…). 'Invalid webhook URL.' otherwise.
 */
export function slackWebhookProblem(value: string): string | null {
  const problem = webhookUrlProblem(value)
  if (problem) return problem
  const url = new URL(value.trim())
  const slack = url.protocol === 'https:' && url.hostname === SLACK_WEBHOOK_HOST && url.port === ''
  return slack && url.pathname.length > 1 ? null : MESSAGES.M075
}

/** A PagerDuty integration key: exactly {@link PAGERDUTY_KEY_LENGTH} letters and digits, spaces around aside. */
export function pagerDutyKeyProblem(value: string): string | null {
  const key = value.trim()
  if (key.length === 0) return CHANNEL_TARGET_MESSAGES.noPagerDutyKey
  return new RegExp(`^[A-Za-z0-9]{${PAGERDUTY_KEY_LENGTH}}$`).test(key)
    ? null
    : CHANNEL_TARGET_MESSAGES.badPagerDutyKey
}

// A subset of HTTP's token characters: enough for every header a service asks for.
const HEADER_NAME = new RegExp(`^[A-Za-z0-9_.-]{1,${MAX_HEADER_NAME_LENGTH}}$`)
// Headers the request itself sets: one sent from here would break or smuggle the post.
const RESERVED_HEADERS = ['host', 'content-length', 'transfer-encoding', 'connection', 'content-type']

/**
 * A webhook's headers: at most {@link MAX_WEBHOOK_HEADERS}, each name a token used once (case
 * aside) and none the request sets itself, each value on one line and bounded. Null when fine.
 */
export function webhookHeadersProblem(headers: readonly WebhookHeader[]): string | null {
  if (headers.length > MAX_WEBHOOK_HEADERS) return CHANNEL_TARGET_MESSAGES.tooManyHeaders
  const seen = new Set<string>()
  for (const { name, value } of headers) {
    const key = name.trim().toLowerCase()
    if (!HEADER_NAME.test(name.trim())) return CHANNEL_TARGET_MESSAGES.badHeaderName
    if (RESERVED_HEADERS.includes(key)) return CHANNEL_TARGET_MESSAGES.reservedHeader(name.trim())
    if (seen.has(key)) return CHANNEL_TARGET_MESSAGES.repeatedHeader(name.trim())
    seen.add(key)
    if (value.length > MAX_HEADER_VALUE_LENGTH || /[\r\n]/.test(value))
      return CHANNEL_TARGET_MESSAGES.badHeaderValue
  }
  return null
}

/**
 * The target's problems by field, for its type; empty when it may be saved. `kept` names the
 * secret fields the stored channel already holds: an edit may leave them out (absent, not blank)
 * to keep them, since they are never sent back to be shown.
 */
export function channelTargetProblems(
  draft: ChannelTargetDraft,
  kept: readonly ChannelTargetField[] = [],
): ChannelTargetProblems {
  const problems: ChannelTargetProblems = {}
  const given = (field: ChannelTargetField) => draft[field] !== undefined || !kept.includes(field)
  const check = (field: ChannelTargetField, problem: string | null) => {
    if (problem) problems[field] = problem
  }
  switch (draft.type) {
    case 'email':
      check('emails', emailListProblem(draft.emails ?? ''))
      break
    case 'slack':
      if (given('url')) check('url', slackWebhookProblem(draft.url ?? ''))
      break
    case 'webhook':
      if (given('url')) check('url', webhookUrlProblem(draft.url ?? ''))
      check('headers', webhookHeadersProblem(draft.headers ?? []))
      break
    case 'pagerduty':
      if (given('routingKey')) check('routingKey', pagerDutyKeyProblem(draft.routingKey ?? ''))
      break
  }
  return problems
}

/** A secret as a list may show it: its last 4 characters behind dots, never more than a quarter of it. */
export function maskSecret(secret: string): string {
  const shown = Math.min(4, Math.floor(secret.length / 4))
  return `••••••••${shown > 0 ? secret.slice(-shown) : ''}`
}

/**
 * What a list shows of a URL: its host (and port), never its path or query, where Slack's and most
 * services' webhooks carry their secret.
 */
export function urlHost(url: string): string {
  return parsedUrl(url.trim())?.host ?? ''
}
