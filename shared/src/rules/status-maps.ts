import { MESSAGES } from '../messages.ts'

/**
 * Status words and codes of every platform, and the one visual style each maps to, so a status
 * badge means the same colour on every screen (02 §3, §9; 03 §3, §9).
 */

/** B174: the application status codes. */
export const APP_STATUS_CODES = ['S', 'F', 'K', 'P', 'R', 'U', 'W'] as const
export type AppStatusCode = (typeof APP_STATUS_CODES)[number]

/** B174 */
export const APP_STATUS_LABELS: Readonly<Record<AppStatusCode, string>> = {
  S: 'success',
  F: 'failed',
  K: 'killed',
  P: 'pending',
  R: 'running',
  U: 'unknown',
  W: 'waiting',
}

/** The styles a status badge or row border can take. */
export type StatusStyle = 'success' | 'error' | 'running' | 'waiting' | 'killed' | 'pending' | 'unknown'

/**
 * B174: the border class of a status code. 'E' is not a status of its own but marks a row with
 * errors. Unknown codes get the unknown style rather than none, so a new backend code still shows.
 */
export function borderClass(code: string): StatusStyle {
  switch (code) {
    case 'S':
      return 'success'
    case 'F':
    case 'E':
      return 'error'
    case 'K':
      return 'killed'
    case 'P':
      return 'pending'
    case 'R':
      return 'running'
    case 'W':
      return 'waiting'
    default:
      return 'unknown'
  }
}

/**
 * B175: the YARN ResourceManager states of running apps, to their border class. 'UNKOWN' is the
 * spelling the spec (and YARN's own sources) use; 'UNKNOWN' is accepted too.
 */
const YARN_STATE_CLASS: Readonly<Record<string, StatusStyle>> = {
  ACCEPTED: 'pending',
  ERRORS: 'error',
  RUNNING: 'running',
  FAILED: 'error',
  PENDING: 'pending',
  KILLED: 'killed',
  UNKOWN: 'unknown',
  UNKNOWN: 'unknown',
  WAITING: 'waiting',
}

/** A running app as the YARN ResourceManager reports it. */
export interface YarnRunningApp {
  applicationType: string
  startedTime: number
  state: string
}

/** B175: a running YARN app as a list row: kind lowercased, duration so far, border class by state. */
export function runningYarnRow(app: YarnRunningApp, now: number) {
  return {
    kind: app.applicationType.toLowerCase(),
    duration: Math.max(0, now - app.startedTime),
    borderClass: YARN_STATE_CLASS[app.state.toUpperCase()] ?? 'unknown',
  }
}

/** B176: the job status buckets of the job counts. */
export const JOB_STATUS_BUCKETS = ['running', 'pending', 'success', 'failed', 'killed'] as const

/** B176: kinds never listed (retired engines). */
export const DROPPED_KINDS: ReadonlySet<string> = new Set(['pig', 'cascading'])

/** B176: the kinds a list shows, in their order, without pig and cascading. */
export function listedKinds(kinds: readonly string[]): string[] {
  return kinds.filter((k) => !DROPPED_KINDS.has(k.toLowerCase()))
}

/** B176: kinds beyond the known application types, shown as extra types of the type filter. */
export function extraKinds(kinds: readonly string[], known: readonly string[]): string[] {
  return listedKinds(kinds).filter((k) => !known.includes(k))
}

/** B217: an annotation status of 'R' or 'running' means the application is still running. */
export function isRunningAnnotation(status: string | null | undefined): boolean {
  return status === 'R' || status?.toLowerCase() === 'running'
}

/** B219: Tez DAG and vertex words to application codes. */
const TEZ_CODES: Readonly<Record<string, AppStatusCode>> = {
  SUCCEEDED: 'S',
  FAILED: 'F',
  KILLED: 'K',
  RUNNING: 'R',
  SCHEDULED: 'P',
}

/** B219: unknown Tez words (INITED, NEW …) read as pending: the DAG has not run yet. */
export function tezStatusCode(word: string): AppStatusCode {
  return TEZ_CODES[word.toUpperCase()] ?? 'P'
}

/** B212: an Impala fragment or operator is a success only with status S. */
export function impalaFragmentStyle(status: string): 'success' | 'error' {
  return status === 'S' ? 'success' : 'error'
}

/**
 * B213: an Impala query status from a code or a word. 'K/F' (killed while failing) counts as
 * killed: the user stopped it. Anything unrecognised is Pending.
 */
export function impalaQueryStatus(status: string): { code: AppStatusCode; label: string } {
  const byInput: Readonly<Record<string, AppStatusCode>> = {
    s: 'S',
    success: 'S',
    f: 'F',
    failed: 'F',
    'k/f': 'K',
    k: 'K',
    killed: 'K',
    p: 'P',
    r: 'R',
    running: 'R',
    u: 'U',
    w: 'W',
    waiting: 'W',
  }
  const code = byInput[status.trim().toLowerCase()]
  return code ? { code, label: APP_STATUS_LABELS[code] } : { code: 'P', label: 'Pending' }
}

/** B232: Snowflake query status codes, their words and styles. */
export const SNOWFLAKE_QUERY_STATUS: Readonly<Record<string, { label: string; style: StatusStyle }>> = {
  S: { label: 'Success', style: 'success' },
  R: { label: 'Running', style: 'running' },
  F: { label: 'Failed', style: 'error' },
  W: { label: 'Queued/Resuming warehouse', style: 'waiting' },
  U: { label: 'Unknown', style: 'waiting' },
  P: { label: 'Blocked', style: 'error' },
}

/** B242: BigQuery job statuses. */
export const BIGQUERY_JOB_STATUS: Readonly<Record<string, string>> = {
  S: 'Success',
  R: 'Running',
  F: 'Failed',
  W: 'Pending',
}

/** B243: BigQuery job types. */
export const BIGQUERY_JOB_TYPES: Readonly<Record<string, string>> = {
  C: 'Copy',
  L: 'Load',
  E: 'Extract',
  Q: 'Query',
}

/** B203: EMR cluster states. */
export const EMR_CLUSTER_STATES = [
  'starting',
  'bootstrapping',
  'running',
  'waiting',
  'active',
  'terminating',
  'terminated',
  'terminated_with_errors',
  'failed',
] as const

/**
 * B203: an EMR cluster state's style: alive (including still terminating) → success, terminated →
 * waiting, failed or terminated with errors → error. Case-insensitive, as AWS reports upper case.
 */
export function emrStateStyle(state: string): 'success' | 'waiting' | 'error' {
  const s = state.toLowerCase()
  if (s === 'terminated') return 'waiting'
  if (s === 'failed' || s === 'terminated_with_errors') return 'error'
  return 'success'
}

/** B205: the EMR cluster list's tabs and its status filter groups. */
export const EMR_LIST_TABS = ['all', 'active', 'inefficient'] as const
export const EMR_STATUS_GROUPS: Readonly<Record<'active' | 'terminated' | 'failed', readonly string[]>> = {
  active: ['starting', 'bootstrapping', 'running', 'waiting', 'active', 'terminating'],
  terminated: ['terminated'],
  failed: ['failed', 'terminated_with_errors'],
}

/** B190: the status options of each Databricks list tab. */
export const DATABRICKS_TAB_STATUSES: Readonly<
  Record<'all' | 'finished' | 'running', readonly AppStatusCode[]>
> = {
  all: ['S', 'F', 'K', 'P', 'R', 'U', 'W'],
  finished: ['K', 'F', 'S'],
  running: ['R'],
}

/** B208, M103: an HBase row's status from its alert. */
export function hbaseAlertStatus(alert: string | null | undefined): {
  status: 'Killed' | 'Success'
  alert: string
} {
  return alert ? { status: 'Killed', alert } : { status: 'Success', alert: MESSAGES.M103 }
}

/** B142: health labels, worst first. */
export const HEALTH_LABELS = ['Uncontrolled', 'Poor', 'Managed', 'Optimized'] as const

/** B253: report (background task) statuses. */
export const REPORT_STATUSES = ['started', 'failure', 'success', 'unknown', 'loading'] as const

/** B256: budget statuses; budgets are monthly only. */
export const BUDGET_STATUSES = ['Ok', 'At Risk', 'Exceeded'] as const
export const BUDGET_PERIODS = ['monthly'] as const

/** B259: an autoaction's states. */
export const AUTOACTION_STATES = ['enabled', 'disabled'] as const

/** B271: count badge colours by level (Mantine colour names). */
export const COUNT_BADGE_COLOURS = { fatal: 'red', error: 'orange', warning: 'yellow' } as const
