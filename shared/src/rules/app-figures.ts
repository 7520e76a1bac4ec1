/**
 * The application figures every screen shows, each defined once (issue 15 item 14): which apps a
 * figure counts for a date range, and the words it is shown with. The simulator derives its SQL
 * from these definitions (simulator/src/db/repositories/app-figures.ts) and the client its labels,
 * so "Running now" is the same question, and the same number, on the cluster overview, the
 * resources page and the Running list.
 *
 * Which clusters a figure covers is not part of it: that is the signed-in user's scope (their
 * platform's clusters) narrowed by the cluster picked on the screen, the same for every figure.
 */

/** Where a figure's range is measured on an app. */
export type AppFigureBasis =
  /** At one instant, the range's end (now, for a range that ends now); the range's start does not apply. */
  | 'end'
  /** The app's start time in [start, end]. */
  | 'start'
  /** The app's finish time in [start, end]. */
  | 'finish'

export interface AppFigureDefinition {
  /** The figure's name on screen. */
  label: string
  /** The line under the figure that says what it counts. */
  hint: string
  basis: AppFigureBasis
  /** The status codes counted; undefined: every status. */
  statuses?: readonly string[]
  /** Only inefficient apps (an event of type 2 or 6, B182). */
  inefficientOnly: boolean
}

/**
 * The figures:
 * - `runningNow`: apps running at the range's end: started by then and not finished by then. For a
 *   range that ends now (every preset) that is status R: an app is R exactly while it has no finish
 *   time. Pending apps (P) are not running. The overview's Running KPI and jobs/by* (running), the
 *   resources page's running apps and the Running list (no range) count these.
 * - `startedInRange`: apps whose start time is in [start, end], any status: the All list,
 *   chargeback (its `to` is exclusive: [from, to - 1 ms]) and the apps/search lists.
 * - `finishedInRange`: apps that finished (S, F or K) with their finish time in [start, end]: the
 *   overview's Success, Failed and Killed KPIs and jobs/finished/by*, the resources page's finished
 *   apps and the Finished list.
 * - `inefficientInRange`: the inefficient apps among those started in range: the Inefficient list
 *   and the overview's Inefficient apps KPI. The overview's Inefficient events KPI is another
 *   figure (`INEFFICIENT_EVENTS_HINT`): events, not apps, of the jobs running now or finished in
 *   range, as the spec's KPI row has it (02 §2).
 */
export const APP_FIGURES = {
  runningNow: {
    label: 'Running now',
    hint: 'running now',
    basis: 'end',
    statuses: ['R'],
    inefficientOnly: false,
  },
  startedInRange: {
    label: 'Started in range',
    hint: 'started in range',
    basis: 'start',
    inefficientOnly: false,
  },
  finishedInRange: {
    label: 'Finished in range',
    hint: 'finished in range',
    basis: 'finish',
    statuses: ['S', 'F', 'K'],
    inefficientOnly: false,
  },
  inefficientInRange: {
    label: 'Inefficient apps',
    hint: 'started in range',
    basis: 'start',
    inefficientOnly: true,
  },
} as const satisfies Record<string, AppFigureDefinition>

export type AppFigure = keyof typeof APP_FIGURES

/** What the overview's Inefficient events KPI counts (events of type 2 or 6, not apps). */
export const INEFFICIENT_EVENTS_HINT = 'of jobs running now or finished in range'

/** The label of `runningNow` for a range that ends before now: what ran at its end. */
export const RUNNING_AT_RANGE_END_LABEL = 'Running at range end'

/** The running figure's label for a range: "Running now" unless the range ended over a minute ago. */
export function runningLabel(rangeEnd: number, now: number): string {
  return rangeEnd >= now - 60_000 ? APP_FIGURES.runningNow.label : RUNNING_AT_RANGE_END_LABEL
}

/** The figure each application list counts in its total (02 §2 Application lists). */
export const APP_LIST_FIGURES = {
  all: 'startedInRange',
  running: 'runningNow',
  finished: 'finishedInRange',
  inefficient: 'inefficientInRange',
} as const satisfies Record<string, AppFigure>

/** A figure's label with what it counts when the label does not say it: "Inefficient apps, started in range". */
export function figureTitle(figure: AppFigure): string {
  const { label, hint } = APP_FIGURES[figure]
  return label.toLowerCase() === hint ? label : `${label}, ${hint}`
}

/** What a figure reads of an app: its status code, its times (epoch ms) and its inefficiency. */
export interface FigureApp {
  status: string
  startTime: number
  /** Null while it runs or waits. */
  finishedTime: number | null
  inefficient: boolean
}

/**
 * Whether an app counts in a figure for the range [start, end] at `now` (the reference the SQL of
 * the simulator is tested against). `runningNow` is measured at min(end, now): an app that started
 * by then and had not finished by then, and is not pending.
 */
export function countsInFigure(
  figure: AppFigure,
  app: FigureApp,
  range: { start: number; end: number },
  now: number,
): boolean {
  const def: AppFigureDefinition = APP_FIGURES[figure]
  if (def.inefficientOnly && !app.inefficient) return false
  if (def.basis === 'end') {
    const at = Math.min(range.end, now)
    if (at >= now) return app.status === 'R'
    return (
      app.status !== 'P' &&
      app.startTime <= at &&
      (app.finishedTime === null ? app.status === 'R' : app.finishedTime > at)
    )
  }
  if (def.statuses && !def.statuses.includes(app.status)) return false
  const t = def.basis === 'start' ? app.startTime : app.finishedTime
  return t !== null && t >= range.start && t <= range.end
}
