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
 * Ids whose wording the spec does not show (M006, M019, M024, M029-M044, M048, M093, M094, M097-M099)
 * carry costlens's own text, marked so (G22).
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
  /** B050: the application access check (POST /apps/{id}/can_access). */
  M025: 'Information for this application {id} is forbidden.',
  M026: 'Information for this application {id} is not available.',
  M027: 'API error',
  M028: 'request-aborted',
  // M029-M043: the kill, move and log-loading notices (B222, B224, B225). The spec names only their
  // translation keys (G22); the wording is costlens's, one plain sentence each.
  M029: 'Killing the application…',
  M030: 'The application was killed.',
  M031: 'The application could not be killed.',
  M032: 'The application cannot be killed: its cluster is unknown.',
  M033: 'Moving the application…',
  M034: 'The application was moved to the new queue.',
  M035: 'The application could not be moved.',
  M036: 'Enter a queue to move the application to.',
  M037: 'Loading the executor logs…',
  M038: 'The executor logs are already loaded.',
  M039: 'The executor logs could not be loaded.',
  M040: 'The executor logs were loaded. Reload to see them.',
  M041: 'The executor logs are still loading.',
  M042: 'The log-loading task reported no status.',
  M043: 'The log-loading task {taskId} was not found.',
  /** B231: insight generation failed. Wording not shown (G22): costlens's own, with the M051 retry hint. */
  M044: 'Insights could not be generated for this application. Please try again!',
  /** B197-B200: the Databricks workspace form. */
  M045: 'Please provide a Workspace ID',
  M046: 'This Workspace Id already exists, please provide another',
  M047: 'Please provide a Workspace Name',
  /** B198: wording not shown (G22); costlens mirrors M046. */
  M048: 'This Workspace Name already exists, please provide another',
  M049: 'Please provide an Instance(Region) URL',
  M050: 'Please provide a token',
  /** B201: an unexpected save error on the Databricks workspace form. */
  M051: 'An Unexpected error occurred. Please try again!',
  /** C14: the standard empty text of tables and charts. */
  M052: 'No Data Available',
  /** C14: the fallback empty text (more descriptive than M054). */
  M053: 'no data to display',
  M054: 'no data to display',
  /** C15. */
  M057: 'No match found',
  M058: 'No match found',
  M055: 'No data present',
  /** B109: every column of the table is hidden. */
  M056: 'select a column',
  /** C16: with the final period. */
  M060: 'Cluster Configuration is either turned off or not available.',
  M061: 'Cluster Configuration is either turned off or not available.',
  /** B098: the record cap tooltip; {n} is the cap (10,000). */
  M059: 'Results are limited to {n} records.',
  /** B202: a Databricks run info that cannot be serialised. */
  M062: "Couldn't stringify runInfo",
  M063: 'Data is not ready. Please wait for a minute before trying again.',
  M064: 'Please make sure all inputs are valid.',
  /** B279 */
  M065: 'Unable to copy',
  M066: 'The {pageName} {id} does not exist',
  /** B170: missing billing data, or a failed billing call. */
  M067: 'Billing data not available',
  /** B170: a billing contract close to expiry; the contact-sales hint follows (03 §8). */
  M068: 'The Billing Contract will expire in {no} days; contact the sales team.',
  /** B277: logged when auto refresh stops after an error (not shown to the user). */
  M069: 'stopped',
  /** B112: the export control while a file is generated. */
  M070: 'downloading',
  /** B134: generic form messages. */
  M071: 'This field is required.',
  M072: '{item_name} is required.',
  /** B132, B133: e-mail and webhook fields. */
  M073: 'Please enter an email address.',
  M074: 'Invalid email address/addresses.',
  M075: 'Invalid webhook URL.',
  /** B257 */
  M076: 'Budget name already exists.',
  M077: 'Value cannot be zero.',
  M078: 'Start time should be less than end time',
  M079: 'Top X should be a number',
  /** B254: capacity forecasting. */
  M080: 'Minimum number of days to predict is 1.',
  M081: 'Maximum number of days to predict is 180.',
  M082: 'Please make sure date range more than 1 day.',
  M083: 'Date range should be greater than two days.',
  /** B083: workload fit. */
  M084: 'Please select a time interval of 7 days or more',
  M085: 'Ensure to maintain the value between 1 and 100.',
  M086: 'Maximum two decimal points.',
  /** B255: queue analysis. */
  M087: "Queue can't be empty",
  M088: 'You can only select 5 Queues',
  /** B116: a multi-select at its cap. */
  M089: 'max length',
  /** B117: the cluster multi-select at maximumSelectionLength. */
  M090: 'max select',
  /** B118 */
  M091: 'Specify up to 5 values in a filter.',
  /** B065, G23: a picked range over the picker's maximum span. */
  M092: 'The date range maximum is {maxDays} days.',
  /** B094: the page input. Wording not shown (G22): costlens says what is accepted. */
  M093: 'Enter a page number from 1 to {last}.',
  /** B123: the tag selector at its cap. Wording not shown (G22). */
  M094: 'You can select up to {max} tags.',
  /** B279: chargeback URL copy. */
  M095: 'URL successfully copied',
  M096: 'URL not copied',
  /** B279: copy to clipboard. Wording not shown (G22). */
  M097: 'Copied to clipboard.',
  M098: 'Could not copy to clipboard.',
  /** B251: the value dashboard with no data. Wording not shown (G22): costlens's own. */
  M099: 'No data is available for the selected date range.',
  /** B264: the compare panel title. */
  M100: 'Compare {type}',
  M101: 'Yarn jobs',
  /** B025: the page title pattern; see {@link pageTitle}. */
  M102: '{title} | costlens',
  /** B208: the HBase alert column with no alert. */
  M103: 'Good',
  /** B207: a missing HBase value. */
  M104: '--',
  /** B138: durations under a second. */
  M105: '<1s',
  /** B141: the currency prefix. */
  M106: '$ ',
  /** B206: the AWS tag entry kept when search/awstags fails. */
  M107: 'EMR_Release',
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
