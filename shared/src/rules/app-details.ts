import { formatMessage, MESSAGES } from '../messages.ts'
import { TOAST_DURATION_MS } from './widgets.ts'

/** The answer of POST /apps/{id}/can_access, or 'failed' when the call itself failed. */
export type AccessCheckResponse = { canAccessApp?: boolean; appExist?: boolean } | null | 'failed'

export type AccessOutcome = { allowed: true } | { allowed: false; message: string }

/**
 * B050: the application access check. No data or no access → M025 forbidden; a nonexistent
 * application → M026 not available; a failed call → M027 'API error'. G13: when the application
 * neither exists nor is accessible, 'not available' wins: telling someone an application they
 * cannot see is "forbidden" would confirm that it exists.
 */
export function appAccessOutcome(id: string, response: AccessCheckResponse): AccessOutcome {
  if (response === 'failed') return { allowed: false, message: MESSAGES.M027 }
  if (response?.appExist === false) return { allowed: false, message: formatMessage('M026', { id }) }
  if (response?.canAccessApp === true) return { allowed: true }
  return { allowed: false, message: formatMessage('M025', { id }) }
}

/** B218: the Tez and DAG API versions when the application does not say. */
export const DEFAULT_TEZ_VERSION = 'v1'

/** B218 */
export function tezVersions(app: { tezVersion?: string | null; dagVersion?: string | null }) {
  return {
    tezVersion: app.tezVersion || DEFAULT_TEZ_VERSION,
    dagVersion: app.dagVersion || DEFAULT_TEZ_VERSION,
  }
}

/** B220: YARN reports allocatedMB in mebibytes; the byte formatter is binary (B139), so ×1024². */
export function allocatedMbToBytes(allocatedMB: number): number {
  return allocatedMB * 1024 * 1024
}

/** B221: the policy-violation list shows the first 10 violations unless a screen asks for more. */
export const POLICY_VIOLATION_LIMIT = 10

/** B221 */
export function visibleViolations<T>(violations: readonly T[], limit = POLICY_VIOLATION_LIMIT): T[] {
  return violations.slice(0, limit)
}

/**
 * B145: Snowflake query-detail time metrics that arrive in milliseconds (the others are seconds).
 * Named as the Snowflake QUERY_HISTORY columns, so the details screen formats each one once.
 */
export const SNOWFLAKE_MS_METRICS = [
  'queued_provisioning_time',
  'compilation_time',
  'queued_repair_time',
  'queued_overload_time',
  'transaction_blocked_time',
  'list_external_files_time',
] as const

export type NoticeKind = 'running' | 'info' | 'success' | 'danger'
export interface Notice {
  kind: NoticeKind
  message: string
}

/** B223, C04: a log-load failure notice stays 7 s, longer than other notices, so it can be read. */
export const LOG_LOAD_FAILURE_NOTICE_MS = TOAST_DURATION_MS.logLoadFailure

/** B222: the first step of log loading, from the application metadata. */
export function logLoadStart(appmeta: { executorLogsLoaded?: boolean } | null | undefined): {
  notice: Notice
  callLoadLogs: boolean
} {
  return appmeta?.executorLogsLoaded
    ? { notice: { kind: 'info', message: MESSAGES.M038 }, callLoadLogs: false }
    : { notice: { kind: 'running', message: MESSAGES.M037 }, callLoadLogs: true }
}

/** One entry of the log-load status poll: the task's status and, on failure, the server's reason. */
export interface LogLoadPollEntry {
  task_id?: string
  task_status?: 'SUCCESS' | 'STARTED' | 'FAILURE' | string
  failure_message?: string
}

export interface LogLoadStep {
  notice: Notice
  keepPolling: boolean
  reloadEnabled: boolean
}

/**
 * B222: what one poll of the log-loading task means. SUCCESS stops and enables reload; STARTED
 * keeps polling; FAILURE shows the server's failure message before the load-failed text (M039);
 * an entry with no status (M042) or no entry for the task (M043) stops with a danger notice. An
 * unknown status is treated like STARTED for a poll, since the task may still report an end.
 */
export function logLoadPollStep(taskId: string, entry: LogLoadPollEntry | undefined): LogLoadStep {
  const stop = (message: string): LogLoadStep => ({
    notice: { kind: 'danger', message },
    keepPolling: false,
    reloadEnabled: false,
  })
  if (!entry) return stop(formatMessage('M043', { taskId }))
  switch (entry.task_status) {
    case undefined:
    case '':
      return stop(MESSAGES.M042)
    case 'SUCCESS':
      return { notice: { kind: 'success', message: MESSAGES.M040 }, keepPolling: false, reloadEnabled: true }
    case 'FAILURE':
      return stop(entry.failure_message ? `${entry.failure_message} ${MESSAGES.M039}` : MESSAGES.M039)
    default:
      return { notice: { kind: 'running', message: MESSAGES.M041 }, keepPolling: true, reloadEnabled: false }
  }
}

/** The request a kill or move action should send, or the notice that stops it before any call. */
export type YarnAction =
  | { call: false; notice: Notice }
  | { call: true; notice: Notice; path: string; query?: Record<string, string> }

/** B224: a Yarn kill; an application whose cluster is '-' (unknown) cannot be killed. */
export function yarnKillAction(appId: string, cluster: string): YarnAction {
  if (!cluster || cluster === '-') return { call: false, notice: { kind: 'danger', message: MESSAGES.M032 } }
  return {
    call: true,
    notice: { kind: 'running', message: MESSAGES.M029 },
    path: `yarn_rm/kill_app/${encodeURIComponent(appId)}`,
  }
}

/** B225: a Yarn move needs a queue that is not blank; the queue is sent trimmed. */
export function yarnMoveAction(appId: string, queue: string): YarnAction {
  const target = queue.trim()
  if (!target) return { call: false, notice: { kind: 'danger', message: MESSAGES.M036 } }
  return {
    call: true,
    notice: { kind: 'running', message: MESSAGES.M033 },
    path: `yarn_rm/move_app/${encodeURIComponent(appId)}`,
    query: { queue: target },
  }
}

/** B224, B225: the notice once the kill or move call has answered. */
export function yarnActionResult(action: 'kill' | 'move', ok: boolean): Notice {
  if (action === 'kill')
    return ok ? { kind: 'success', message: MESSAGES.M030 } : { kind: 'danger', message: MESSAGES.M031 }
  return ok ? { kind: 'success', message: MESSAGES.M034 } : { kind: 'danger', message: MESSAGES.M035 }
}

/**
 * B226: the comment, summary and events calls of the details page are optional panels: a failure
 * yields null (the panel hides) instead of failing the page.
 */
export async function nullOnFailure<T>(call: () => Promise<T>): Promise<T | null> {
  try {
    return await call()
  } catch {
    return null
  }
}
