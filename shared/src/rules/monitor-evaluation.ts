import type { MonitorAggregation, MonitorCondition } from './monitor-metrics.ts'

/*
 * How a monitor runs (issue 23 /os_alerting), as OpenSearch Alerting's bucket-less query monitors do:
 * at each tick of its schedule it aggregates its metric over the lookback, compares the value with
 * its threshold, and opens, keeps or completes its one alert. Pure: the simulator reads the hourly
 * series in one grouped SQL read and hands it here with the ticks due.
 */

export const HOUR_MS = 3_600_000

/** One hour of a metric: its start (shown time, epoch ms) and its value in the metric's unit. */
export interface HourPoint {
  start: number
  value: number
}

/** The states of an alert (OpenSearch's names). */
export const ALERT_STATES = ['ACTIVE', 'ACKNOWLEDGED', 'COMPLETED'] as const
export type AlertState = (typeof ALERT_STATES)[number]

/**
 * The ticks of a schedule of `everyMinutes` in (after, until]: whole multiples of the interval from
 * the epoch, as a cron-like interval schedule fires, at most `limit` of the latest.
 */
export function monitorTicks(after: number, until: number, everyMinutes: number, limit = 10_000): number[] {
  const step = everyMinutes * 60_000
  const last = Math.floor(until / step) * step
  const first = Math.max(Math.floor(after / step) * step + step, last - (limit - 1) * step)
  const ticks: number[] = []
  for (let t = first; t <= last; t += step) ticks.push(t)
  return ticks
}

/**
 * The end of the last whole hour of the series' grid at or before `tick`: the grid's hours start at
 * `offset` past the hour (the stored series' read-time shift, modulo an hour).
 */
export function lastHourEnd(tick: number, offset = 0): number {
  return Math.floor((tick - offset) / HOUR_MS) * HOUR_MS + offset
}

/** The hours a run at `tick` reads: the `lookbackHours` whole hours before it, [from, to). */
export function lookbackWindow(
  tick: number,
  lookbackHours: number,
  offset = 0,
): { from: number; to: number } {
  const to = lastHourEnd(tick, offset)
  return { from: to - lookbackHours * HOUR_MS, to }
}

/** The hours every tick of a run reads, together: what the one SQL read covers. */
export function readWindow(
  ticks: readonly number[],
  lookbackHours: number,
  offset = 0,
): { from: number; to: number } | null {
  if (ticks.length === 0) return null
  return {
    from: lookbackWindow(ticks[0]!, lookbackHours, offset).from,
    to: lookbackWindow(ticks[ticks.length - 1]!, lookbackHours, offset).to,
  }
}

/**
 * The metric over a window by the aggregation; hours the series lacks count as 0 (nothing ran), so
 * an average is over every hour of the lookback. Rounded to `decimals`, as it is shown and compared.
 */
export function aggregate(
  points: readonly HourPoint[],
  window: { from: number; to: number },
  aggregation: MonitorAggregation,
  decimals: number,
): number {
  const hours = Math.max(1, Math.round((window.to - window.from) / HOUR_MS))
  const values = points.filter((p) => p.start >= window.from && p.start < window.to).map((p) => p.value)
  const sum = values.reduce((a, b) => a + b, 0)
  const value = aggregation === 'sum' ? sum : aggregation === 'avg' ? sum / hours : Math.max(0, ...values)
  return roundTo(value, decimals)
}

export const roundTo = (value: number, decimals: number) => {
  const scale = 10 ** decimals
  return Math.round(value * scale) / scale
}

/** Whether the value is on the firing side of the threshold (strictly: equal does not fire). */
export function conditionHolds(value: number, condition: MonitorCondition, threshold: number): boolean {
  return condition === 'above' ? value > threshold : value < threshold
}

/**
 * What a tick does to the monitor's alert: a monitor has at most one open alert (ACTIVE, or
 * ACKNOWLEDGED by someone); it opens when the condition holds and none is open, and completes at the
 * first tick the condition no longer holds, acknowledged or not.
 */
export function alertStep(open: boolean, holds: boolean): 'open' | 'complete' | 'keep' {
  if (holds) return open ? 'keep' : 'open'
  return open ? 'complete' : 'keep'
}

export type MonitorEvent =
  { kind: 'open'; at: number; value: number } | { kind: 'complete'; at: number; value: number }

export interface MonitorRun {
  points: readonly HourPoint[]
  ticks: readonly number[]
  lookbackHours: number
  aggregation: MonitorAggregation
  condition: MonitorCondition
  threshold: number
  decimals: number
  /** Whether the monitor has an alert open (ACTIVE or ACKNOWLEDGED) before the first tick. */
  open: boolean
  /** The series' hour grid offset (lastHourEnd). */
  offset?: number
}

/** Every tick's value, and the alert openings and completions they make, in order. */
export function runMonitor(run: MonitorRun): { events: MonitorEvent[]; values: number[] } {
  const events: MonitorEvent[] = []
  const values: number[] = []
  let open = run.open
  for (const tick of run.ticks) {
    const value = aggregate(
      run.points,
      lookbackWindow(tick, run.lookbackHours, run.offset),
      run.aggregation,
      run.decimals,
    )
    values.push(value)
    const step = alertStep(open, conditionHolds(value, run.condition, run.threshold))
    if (step === 'open') events.push({ kind: 'open', at: tick, value })
    if (step === 'complete') events.push({ kind: 'complete', at: tick, value })
    if (step !== 'keep') open = step === 'open'
  }
  return { events, values }
}
