import { KAFKA_MAX_WINDOW_DAYS } from '@costlens/shared'
import { intervalChoices as choicesOf } from '../../kit/interval-select.tsx'
import { cappedWindow, fittingInterval as fitting, stepFits } from '../../kit/unit-series.ts'
import { PAGE_INTERVALS, type PageInterval } from './kafka-state.ts'

const INTERVAL_MS: Readonly<Record<PageInterval, number>> = { '1h': 3_600_000, '1m': 60_000 }

/** Whether a series at `interval` over the window stays within the API's 2,000 points a series. */
export function intervalFits(interval: PageInterval, start: number, end: number): boolean {
  return stepFits(INTERVAL_MS[interval], start, end)
}

/** The interval the charts ask for: the chosen one when it fits the window, else the first that does. */
export function fittingInterval(chosen: PageInterval, start: number, end: number): PageInterval {
  return fitting(chosen, PAGE_INTERVALS, (i) => INTERVAL_MS[i], start, end)
}

/** The interval picker's choices: a choice too fine for the window (over 2,000 points) is disabled. */
export function intervalChoices(start: number, end: number) {
  return choicesOf(PAGE_INTERVALS, (i) => INTERVAL_MS[i], start, end)
}

/** The window asked for: the range, its start moved up to 31 days before its end (G89's longest). */
export function kafkaWindow(start: number, end: number): { start: number; end: number; cut: boolean } {
  return cappedWindow(start, end, KAFKA_MAX_WINDOW_DAYS)
}
