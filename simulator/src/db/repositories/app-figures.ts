import { APP_FIGURES, type AppFigure, type AppFigureDefinition } from '@costlens/shared'
import type { AppIndex } from './applications.ts'

/**
 * The condition of the partial indexes of inefficient apps (schema.sql). Implied by the event
 * filters that select those apps, it is written out so SQLite can prove the index's condition; only
 * those indexes hold the column, so a query through another index must leave it out.
 */
export const INEFFICIENT_ONLY = 'a.inefficient = 1'

/**
 * The SQL of a figure (shared/src/rules/app-figures.ts) over `applications a`: the clauses, their
 * parameters and the index that reads them. Every repository that counts or lists apps by running,
 * start or finish takes its WHERE from here, so one question gives one number on every screen.
 */
export interface FigureSql {
  clauses: string[]
  params: Record<string, unknown>
  /** The index the clauses are written for (schema.sql). */
  index: AppIndex
}

/**
 * The clauses of `figure` for the range [start, end] in request time; `shift` moves it to the
 * stored (seeded) times (appsTimeShift), `now` is the simulated clock. A range without a start is
 * open at the start. Status lists are written as literals: they are the schema's own codes, never
 * user text, and SQLite can then prove a partial index's condition (status = 'R'). With
 * `statuses: false` a range figure leaves its statuses to the caller (the unified search takes them
 * from the request body, which the client builds from the same definition).
 */
export function figureSql(
  figure: AppFigure,
  range: { start?: number; end: number },
  now: number,
  shift: number,
  options: { statuses?: boolean; pending?: boolean } = {},
): FigureSql {
  const def: AppFigureDefinition = APP_FIGURES[figure]
  const sql: FigureSql = { clauses: [], params: {}, index: 'applications_start' }
  if (def.basis === 'end') {
    const at = Math.min(range.end, now)
    // Pending apps (P, no finish time yet) only where a caller counts them beside the running ones.
    const waiting = options.pending ? "a.status IN ('R', 'P')" : "a.status = 'R'"
    sql.index = 'applications_finished'
    if (at >= now) {
      // Running now: status R, which an app holds exactly while it has no finish time; a seek of
      // the finish-time index on both (its NULL range, then the status).
      sql.clauses.push('a.finished_time IS NULL', waiting)
    } else {
      // What ran at a past instant: still running, or finished after it, having started by then.
      // Two ranges of the finish-time index (NULL, and after the instant; the OR is on that column
      // alone so SQLite seeks both); a finished app's start is its finish minus its duration,
      // which that index holds.
      sql.clauses.push(
        '(a.finished_time IS NULL OR a.finished_time > @figureAt)',
        'coalesce(a.finished_time - a.duration, a.start_time) <= @figureAt',
        `(a.finished_time IS NOT NULL OR ${waiting})`,
      )
      sql.params.figureAt = at - shift
    }
    return sql
  }
  const column = def.basis === 'start' ? 'a.start_time' : 'a.finished_time'
  if (def.basis === 'finish') sql.index = 'applications_finished'
  if (range.start !== undefined) {
    sql.clauses.push(windowBound(column, '>=', '@start'))
    sql.params.start = range.start - shift
  }
  sql.clauses.push(windowBound(column, '<=', '@end'))
  sql.params.end = range.end - shift
  if (def.statuses && options.statuses !== false)
    sql.clauses.push(`a.status IN (${def.statuses.map((s) => `'${s}'`).join(', ')})`)
  if (def.inefficientOnly) {
    sql.clauses.push(INEFFICIENT_ONLY)
    sql.index = 'applications_inefficient_start'
  }
  return sql
}

type BoundOp = '>=' | '<=' | '>' | '<'

/** One end of a figure's window on a time column. */
const windowBound = (column: string, op: BoundOp, value: string) => `${column} ${op} ${value}`

/**
 * A bound on the finish time (`a.finished_time op value`) read from an app's start and duration.
 * A finished app's finish is its start plus its duration, and only a running app (status R) has
 * none: the seed writes them so (seed/applications.ts) and so does the one write of them
 * (app-writes.ts kill; app-details-writes.test.ts holds it after writes). So the indexes other than
 * applications_finished carry no finish time (schema.sql: 7 bytes an entry), and a finish window is
 * read in them from the start, the duration and the status, which they hold.
 */
export function finishedBound(op: BoundOp, value: string): string {
  return `(a.start_time + a.duration) ${op} ${value} AND a.status <> 'R'`
}

/** figureSql's finish-window bounds, and each as read from an index without the finish time. */
const FINISH_BOUNDS: ReadonlyMap<string, string> = new Map(
  (
    [
      ['>=', '@start'],
      ['<=', '@end'],
    ] as const
  ).map(([op, value]) => [windowBound('a.finished_time', op, value), finishedBound(op, value)]),
)

/**
 * The clauses of a figure (and the filters added to them) as `index` can answer them from its own
 * entries: applications_finished holds the finish time; any other index (a walk of a page sorted by
 * user, queue, duration or cost reads one, unified-search.ts sortWalks) reads a finish window
 * through finishedBound. Every query that renders a WHERE of figureSql's for an index passes here.
 */
export function clausesOn(index: AppIndex, clauses: readonly string[]): string[] {
  if (index === 'applications_finished') return [...clauses]
  return clauses.map((clause) => FINISH_BOUNDS.get(clause) ?? clause)
}
