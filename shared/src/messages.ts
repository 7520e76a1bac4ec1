/**
 * User-visible texts keyed by their messages.json id, so every screen says the same words.
 * Where the documents disagree, the CHECKLIST resolution is used (C13: title case, 'Session expired').
 */
export const MESSAGES = {
  M001: 'Internal Server Error',
  M002: 'Method Not Found',
  M003: 'Method Not Allowed',
  M004: 'Timeout',
  M005: 'Session expired',
  /** Any other status with no server message (wording not shown, G22). */
  M006: 'Something went wrong.',
  M010: 'Session expired',
  M014: 'No Auth Token',
  M015: 'There was an error logging in to your account.',
  M016: 'Services are temporarily unavailable. Please try again.',
  M017: 'Something went wrong.',
  M018: 'Server Error.',
  M020: 'Failed to load account settings',
  M021: 'Upgrade request received.',
  M022: 'Failed to download the file. Please try again later.',
  M023: 'The file has been successfully downloaded.',
} as const

/** The product's main title, the right half of every page title (M102 '{title} | main title'). */
export const PRODUCT_TITLE = 'costlens'

/** B025, M102: `{title} | costlens`. */
export function pageTitle(title: string): string {
  return `${title} | ${PRODUCT_TITLE}`
}
