import { MESSAGES } from '@costlens/shared'

/**
 * What a panel (a chart, a KPI row, a list, a filter) shows. The four are exclusive: a spinner
 * never sits over 'No Data Available', and a failed call never reads as zeros or as no data.
 */
export type PanelStatus = 'loading' | 'failed' | 'empty' | 'ready'

/** The part of an RTK Query result a panel reads. */
export interface PanelQuery {
  isLoading?: boolean
  isFetching?: boolean
  isError?: boolean
  error?: unknown
}

/**
 * The status of a panel over one query. A failure wins over stale data (RTK Query keeps the last
 * good answer of the same arguments after a failed refetch); a retry in flight is loading; an empty
 * answer is only 'empty' once nothing is in flight.
 */
export function panelStatus(query: PanelQuery, isEmpty: boolean): PanelStatus {
  if (query.isFetching && (query.isError || isEmpty)) return 'loading'
  if (query.isError && !isAbortedError(query.error)) return 'failed'
  if (query.isLoading) return 'loading'
  return isEmpty ? 'empty' : 'ready'
}

/** Several queries behind one panel: the first failure, else loading while any loads, else empty or ready. */
export function combinedPanelStatus(statuses: readonly PanelStatus[]): PanelStatus {
  for (const status of ['failed', 'loading', 'empty'] as const) if (statuses.includes(status)) return status
  return 'ready'
}

/** B285: a request superseded by a newer one of its group is not a failure to show. */
export function isAbortedError(error: unknown): boolean {
  return (error as { aborted?: unknown } | undefined)?.aborted === true
}

/** The 01 §8 message of a failed call (the base query made it: by status, or the server's), else the generic one. */
export function failureText(error: unknown): string {
  const message = (error as { message?: unknown } | undefined)?.message
  return typeof message === 'string' && message ? message : MESSAGES.M017
}

/** What a panel shows and how it retries: spread into `<PanelState>`, or a `<Panel>`'s state. */
export interface PanelView {
  status: PanelStatus
  error: unknown
  onRetry: () => void
}

/** A panel's status, error and retry from one query. */
export function queryPanel(query: PanelQuery & { refetch: () => unknown }, isEmpty: boolean): PanelView {
  return { status: panelStatus(query, isEmpty), error: query.error, onRetry: () => void query.refetch() }
}

/** Several calls behind one panel: the first failure (its retry refetches every failed call), else loading, empty or ready. */
export function queriesPanel(
  queries: readonly (PanelQuery & { refetch: () => unknown })[],
  isEmpty: boolean,
): PanelView {
  const status = combinedPanelStatus(queries.map((q) => panelStatus(q, isEmpty)))
  return {
    status,
    error: queries.find((q) => q.isError)?.error,
    onRetry: () => {
      for (const q of queries) if (q.isError) void q.refetch()
    },
  }
}
