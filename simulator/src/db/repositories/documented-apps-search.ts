import {
  APP_STATUS_LABELS,
  type AppRecord,
  type DocumentedAppsSearchResponse,
  type UnifiedSearchResponse,
} from '@costlens/shared'

const two = (n: number) => String(n).padStart(2, '0')

/** The real product's start_time text: MM/DD/YY HH:MM:SS in UTC ("06/26/19 10:28:18"). */
export function documentedStartText(ms: number): string {
  const d = new Date(ms)
  return (
    `${two(d.getUTCMonth() + 1)}/${two(d.getUTCDate())}/${two(d.getUTCFullYear() % 100)} ` +
    `${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())}`
  )
}

/** One result with the fields the real product documents for POST /apps/search (REAL-API-NOTES §3). */
function documentedRecord(record: AppRecord) {
  return {
    ...record,
    status_long: APP_STATUS_LABELS[record.status],
    start_time: documentedStartText(record.startTime),
    start_time_long: new Date(record.startTime).toISOString(),
    duration_long: record.duration,
    read_long: record.totalDfsBytesRead,
    write_long: record.totalDfsBytesWritten,
  }
}

/** A unifiedsearch answer as the documented POST /apps/search answers it. */
export function documentedAppsSearch(answer: UnifiedSearchResponse): DocumentedAppsSearchResponse {
  return { metadata: answer.metadata, results: answer.results.map(documentedRecord) }
}
