import { isActionAllowed } from '@costlens/shared'
import { useAppSelector } from '../../app/hooks.ts'
import type { RangeState } from '../../kit/list-state.ts'
import { PAGE_INTERVALS, type PageInterval } from './kafka-state.ts'
import { fittingInterval, kafkaWindow } from './kafka-window.ts'

/** What every panel of a Kafka page reads: the window asked for, its interval and the user's rights. */
export interface KafkaWindow {
  /** The calls' window, epoch ms as the query takes them. */
  window: { start_time: string; end_time: string }
  /** The charts' time axis. */
  range: { from: number; to: number }
  /** The interval the series are asked at: the chosen one, or the first that fits the window. */
  interval: PageInterval
  /** The range was longer than the API's 31 days: its last 31 days are shown. */
  cut: boolean
  /** B057: charts export unless the plan forbids it. */
  exportAllowed: boolean
  /** B059: the tables' download is locked on the free plan. */
  downloadLocked: boolean
}

/** The window of a page's range and chosen interval (G89: at most 31 days; 2,000 points a series). */
export function useKafkaWindow(state: RangeState & { interval?: PageInterval }): KafkaWindow {
  const plan = useAppSelector((s) => s.session.user)!.plan
  const { start, end, cut } = kafkaWindow(state.dateRange.start, state.dateRange.end)
  return {
    window: { start_time: String(start), end_time: String(end) },
    range: { from: start, to: end },
    interval: fittingInterval(state.interval ?? PAGE_INTERVALS[0]!, start, end),
    cut,
    exportAllowed: isActionAllowed(plan, 'chartExport'),
    downloadLocked: !isActionAllowed(plan, 'download'),
  }
}

export { FRESH, useRefreshed } from '../../kit/unit-series.ts'
