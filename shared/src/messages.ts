/**
 * User-visible texts keyed by their messages.json id, so every screen says the same words.
 *
 * Where the documents disagree, the CHECKLIST resolution is the text and the other reading is an
 * alias kept for tests ({@link MESSAGE_ALIASES}):
 * - C13: the HTTP texts in title case (03 §8), 'Session expired' for a 401 (M001-M003, M005);
 * - C14: 'No Data Available' is the standard empty text, 'no data to display' the fallback (M052-M054);
 * - C15: 'No match found' (M057, M058);
 * - C16: the run-info message with its final period (M060, M061).
 *
 * Ids whose wording the spec does not show (M006, M019, M024) carry costlens's own text, marked so.
 */
export const MESSAGES = {
  /** 500 with no server message (C13: title case). */
  M001: 'Internal Server Error',
  /** 404 with no server message (C13). */
  M002: 'Method Not Found',
  /** 405 with no server message (C13). */
  M003: 'Method Not Allowed',
  /** 504 with no server message; the table's 'timeout' capitalised like the other status texts. */
  M004: 'Timeout',
  /** 401, whatever the server said (C13: 01 §8 'Other texts' spelling). */
  M005: 'Session expired',
  /** Any other status with no server message. Wording not shown (G22): costlens uses M017. */
  M006: 'Something went wrong.',
  /** The backend's 500 text; the value dashboard treats a response equal to it as no data. */
  M007: 'Internal Server Error',
  M008: 'Method Not Found',
  M009: 'Method Not Allowed',
  M010: 'Session expired',
  M011: 'Results not successfully retrieved, please try again in a few minutes.',
  M012: 'Unable to fetch data available for selected timeframe. Try again later.',
  M013: 'The app package exceeds the permitted file size limit of 50 MB.',
  /** B013: token validation with no stored token. */
  M014: 'No Auth Token',
  /** B014: credentials refused (a 4xx from webSignIn). */
  M015: 'There was an error logging in to your account.',
  /** B014: the service could not be reached or failed (network, 5xx). */
  M016: 'Services are temporarily unavailable. Please try again.',
  M017: 'Something went wrong.',
  M018: 'Server Error.',
  /**
   * The optional global error toast (C25). Wording not shown: costlens's own, with `{url}` and
   * `{message}` filled in by {@link formatMessage}.
   */
  M019: 'Request to {url} failed: {message}. Check the service log for details.',
  /** Upgrade prompt: failed call or non-success status with no server message. */
  M020: 'Failed to load account settings',
  /** Upgrade prompt: success with no server message. */
  M021: 'Upgrade request received.',
  M022: 'Failed to download the file. Please try again later.',
  M023: 'The file has been successfully downloaded.',
  /** The freemium upgrade notice. Wording not shown; the spec only says the plan limits retention to 7 days. */
  M024: 'Your plan limits data retention to 7 days. Upgrade to unlock longer ranges, downloads and tags.',
  /** C14: the standard empty text of tables and charts. */
  M052: 'No Data Available',
  /** C14: the fallback empty text (more descriptive than M054). */
  M053: 'no data to display',
  M054: 'no data to display',
  /** C15. */
  M057: 'No match found',
  M058: 'No match found',
  /** C16: with the final period. */
  M060: 'Cluster Configuration is either turned off or not available.',
  M061: 'Cluster Configuration is either turned off or not available.',
  /** B025: the page title pattern; see {@link pageTitle}. */
  M102: '{title} | costlens',
} as const

export type MessageId = keyof typeof MESSAGES

/** The readings the CHECKLIST did not choose (C13-C16), kept so tests can show both were considered. */
export const MESSAGE_ALIASES: Readonly<Partial<Record<MessageId, readonly string[]>>> = {
  M001: ['internal server error'],
  M002: ['method not found'],
  M003: ['method not allowed'],
  M004: ['timeout'],
  M005: ['session expired'],
  M053: ['no data to display'],
  M054: ['no data'],
  M057: ['no match found'],
  M061: ['Cluster Configuration is either turned off or not available'],
}

/** Fills the `{name}` placeholders of a message (M019, M102); unknown names stay as written. */
export function formatMessage(id: MessageId, values: Readonly<Record<string, string>>): string {
  return MESSAGES[id].replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole)
}

/** The product's main title, the right half of every page title (M102 '{title} | main title'). */
export const PRODUCT_TITLE = 'costlens'

/** B025, M102: `{title} | costlens`. */
export function pageTitle(title: string): string {
  return formatMessage('M102', { title })
}
