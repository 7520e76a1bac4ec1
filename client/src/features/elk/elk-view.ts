import { ELK_MAX_WINDOW_DAYS, isActionAllowed, JOB_INTERVAL_MS } from '@costlens/shared'
import { useAppSelector } from '../../app/hooks.ts'
import { intervalChoices as choicesOf } from '../../kit/interval-select.tsx'
import type { RangeState } from '../../kit/list-state.ts'
import { cappedWindow, fittingInterval } from '../../kit/unit-series.ts'
import { ELK_INTERVALS, type ElkInterval } from './elk-state.ts'

/** What every panel of an Elastic page reads: the window asked for, its interval and the user's rights. */
export interface ElkView {
  /** The calls' window, epoch ms as the query takes them. */
  window: { start_time: string; end_time: string }
  /** The charts' time axis. */
  range: { from: number; to: number }
  /** The interval the series are asked at: the chosen one, or the finest that fits the window. */
  interval: ElkInterval
  /** The range was longer than the API's 31 days: its last 31 days are shown. */
  cut: boolean
  /** B057: charts export unless the plan forbids it. */
  exportAllowed: boolean
  /** B059: the tables' download is locked on the free plan. */
  downloadLocked: boolean
}

const stepOf = (interval: ElkInterval) => JOB_INTERVAL_MS[interval]

/** The interval picker's choices over a window: one too fine for it (over 2,000 points) is disabled. */
export const elkIntervalChoices = (start: number, end: number) => choicesOf(ELK_INTERVALS, stepOf, start, end)

/** The window of a page's range and chosen interval (G99: at most 31 days; 2,000 points a series). */
export function useElkView(state: RangeState & { interval: ElkInterval }): ElkView {
  const plan = useAppSelector((s) => s.session.user)!.plan
  const { start, end, cut } = cappedWindow(state.dateRange.start, state.dateRange.end, ELK_MAX_WINDOW_DAYS)
  return {
    window: { start_time: String(start), end_time: String(end) },
    range: { from: start, to: end },
    interval: fittingInterval(state.interval, ELK_INTERVALS, stepOf, start, end),
    cut,
    exportAllowed: isActionAllowed(plan, 'chartExport'),
    downloadLocked: !isActionAllowed(plan, 'download'),
  }
}

export { FRESH, useRefreshed } from '../../kit/unit-series.ts'
