import { instant, queryWindow } from './applications.ts'

/*
 * The dates of the real product's REST reference (4.6) and REAL-API-NOTES, read one way by every
 * operation served in its form (the jobs calls, /jobs, /workflows, /common/app/details): YYYY-MM-DD,
 * or an epoch or ISO time; a date-only end is the end of that day.
 */

const DAY = 86_400_000
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/

type ReferenceKind = 'epoch-s-or-iso' | 'epoch-ms-or-iso'

/**
 * A date parameter of the reference in epoch ms as a string: a date-only end is the end of that
 * day, so `to=2026-11-20` includes the 20th.
 */
export function referenceInstant(
  value: string | undefined,
  field: string,
  kind: ReferenceKind,
  edge: 'start' | 'end',
): string | undefined {
  if (value === undefined) return undefined
  const ms = instant(value, field, 'querystring', kind)!
  return String(edge === 'end' && DATE_ONLY.test(value) ? ms + DAY : ms)
}

/** The four names a reference window may come by: the reference's and the notes'. */
export interface ReferenceDates {
  start_time?: string
  end_time?: string
  from?: string
  to?: string
}

/**
 * A window named by the reference's start_time/end_time or the notes' from/to (start_time/end_time
 * winning), each end read by referenceInstant; `defaultSpan` before the end (default now) when no start
 * is given; a start after the end is a 400 naming the parameters given. start_time/end_time are read as
 * `timeKind` (their schema's kind), from/to always as epoch seconds or a date.
 */
export function referenceWindow(
  q: ReferenceDates,
  now: number,
  defaultSpan: number,
  timeKind: ReferenceKind = 'epoch-s-or-iso',
): { start: number; end: number } {
  return queryWindow(
    referenceInstant(q.start_time, 'start_time', timeKind, 'start') ??
      referenceInstant(q.from, 'from', 'epoch-s-or-iso', 'start'),
    referenceInstant(q.end_time, 'end_time', timeKind, 'end') ??
      referenceInstant(q.to, 'to', 'epoch-s-or-iso', 'end'),
    {
      start: q.start_time === undefined && q.from !== undefined ? 'from' : 'start_time',
      end: q.end_time === undefined && q.to !== undefined ? 'to' : 'end_time',
    },
    defaultSpan,
    now,
  )
}
