import type { DateRange } from '@costlens/shared'

/** What the BigQuery job list filters a row's jobs by (the list's address keys). */
export type JobListFilter =
  | { projectId: string }
  | { userName: string }
  | { signature: string }
  | { tab: 'inefficient'; insights: string }
  | object

/**
 * The BigQuery job list (/job/list) over the same window, costlens' own jobs shown (the cost pages
 * and the insights overview count every billed job), narrowed by a row's project, user, signature
 * or insight: its totals are the row's. Shared by the cost pages and the insights overview.
 */
export function jobListHref(range: DateRange, filter: JobListFilter = {}): string {
  const params = new URLSearchParams({
    startTime: new Date(range.start).toISOString(),
    endTime: new Date(range.end).toISOString(),
    showUnravelJobs: 'true',
    ...(filter as Record<string, string>),
  })
  return `/job/list?${params}`
}
