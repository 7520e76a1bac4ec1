/**
 * State kept in the address (01 §2.5): what screens read from the query on entry and how they write
 * their state back. Pure string work over `URLSearchParams`, so the client, the simulator's links and
 * the tests agree on one spelling.
 */

export type QueryValue = string | number | boolean | readonly (string | number)[] | null | undefined

/**
 * B030: a screen's state written back to the address, keys sorted so the same state always gives
 * the same URL (bookmarks and history entries compare equal). Empty values are left out rather
 * than written as `key=`, and lists are comma-joined, the form {@link readList} reads back.
 * Returns '' or a string starting with '?'.
 */
export function queryStringFromState(state: Readonly<Record<string, QueryValue>>): string {
  const params = new URLSearchParams()
  for (const key of Object.keys(state).sort()) {
    const value = state[key]
    if (value === null || value === undefined || value === '') continue
    if (Array.isArray(value)) {
      if (value.length > 0) params.set(key, value.join(','))
    } else params.set(key, String(value))
  }
  const text = params.toString()
  return text ? `?${text}` : ''
}

/** A comma-separated or repeated list parameter (`?user=a,b` or `?user=a&user=b`), blanks dropped. */
export function readList(params: URLSearchParams, key: string): string[] {
  return params
    .getAll(key)
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter(Boolean)
}

/** A numeric parameter; anything that is not a finite number is treated as absent, never as NaN. */
export function readNumber(params: URLSearchParams, key: string): number | undefined {
  const raw = params.get(key)
  if (raw === null || raw.trim() === '') return undefined
  const value = Number(raw)
  return Number.isFinite(value) ? value : undefined
}

/** The query state every screen recognises (01 §2.5 'Other recognised query state'). */
export interface SharedQuery {
  start_date?: number
  end_date?: number
  tab?: string
  status?: string[]
  clusters?: string[]
  clusterType?: string
  workspace?: string
  user?: string[]
  tags?: string[]
  eventName?: string
  jobIds?: string[]
  jobId?: string
  signature?: string
  dateRangeLabel?: string
  isUTCTime?: boolean
}

const TEXT_KEYS = ['tab', 'eventName', 'jobId', 'signature', 'dateRangeLabel'] as const
const LIST_KEYS = ['status', 'clusters', 'user', 'tags', 'jobIds'] as const

/**
 * B031, B032: the shared query parameters. start_date and end_date are numbers (epoch ms);
 * cluster_type and clusterType both set clusterType (clusterType wins when both are present, as
 * the newer spelling); queue is read as workspace, and an explicit workspace wins over it.
 */
export function readSharedQuery(search: string): SharedQuery {
  const params = new URLSearchParams(search)
  const query: SharedQuery = {}
  const start = readNumber(params, 'start_date')
  const end = readNumber(params, 'end_date')
  if (start !== undefined) query.start_date = start
  if (end !== undefined) query.end_date = end
  const clusterType = params.get('clusterType') ?? params.get('cluster_type')
  if (clusterType) query.clusterType = clusterType
  const workspace = params.get('workspace') ?? params.get('queue')
  if (workspace) query.workspace = workspace
  for (const key of TEXT_KEYS) {
    const value = params.get(key)
    if (value) query[key] = value
  }
  for (const key of LIST_KEYS) {
    const values = readList(params, key)
    if (values.length > 0) query[key] = values
  }
  const utc = params.get('isUTCTime')
  if (utc === 'true' || utc === 'false') query.isUTCTime = utc === 'true'
  return query
}

/** The list types of the application list (02 §2): all, running, finished and inefficient. */
export const APP_LIST_TYPES = ['all', 'running', 'finished', 'inefficient'] as const
export type AppListType = (typeof APP_LIST_TYPES)[number]

export interface AppListQuery {
  listType?: AppListType
  statuses?: string[]
  users?: string[]
  queues?: string[]
  clusterUid?: string
  start_date?: number
  end_date?: number
}

/**
 * B033: the application list's filters on entry, from appListType, status, user, queue, clusterUid
 * and the shared dates. An unknown appListType is ignored (the list keeps its default) rather than
 * shown as an empty list. Here queue stays a queue filter: the queue→workspace mapping of B031 is
 * for the Databricks screens, where a queue is a workspace.
 */
export function appListQueryFromSearch(search: string): AppListQuery {
  const params = new URLSearchParams(search)
  const query: AppListQuery = {}
  const listType = params.get('appListType')
  if (listType && (APP_LIST_TYPES as readonly string[]).includes(listType))
    query.listType = listType as AppListType
  const lists = { statuses: 'status', users: 'user', queues: 'queue' } as const
  for (const [field, key] of Object.entries(lists) as [keyof typeof lists, string][]) {
    const values = readList(params, key)
    if (values.length > 0) query[field] = values
  }
  const clusterUid = params.get('clusterUid')
  if (clusterUid) query.clusterUid = clusterUid
  const { start_date, end_date } = readSharedQuery(search)
  if (start_date !== undefined) query.start_date = start_date
  if (end_date !== undefined) query.end_date = end_date
  return query
}

/** B034: the resources route's cluster and start time. */
export function resourcesQueryFromSearch(search: string): { cluster?: string; startTime?: number } {
  const params = new URLSearchParams(search)
  const cluster = params.get('clusterUid') || undefined
  const startTime = readNumber(params, 'startTime')
  return {
    ...(cluster ? { cluster } : {}),
    ...(startTime !== undefined ? { startTime } : {}),
  }
}
