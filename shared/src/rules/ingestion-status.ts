import type { RunStatus, SourceStatus } from '../contracts/ingestion.ts'

/*
 * When an ingestion source is healthy, delayed or failing (issue 23 /manage/data_ingestion_monitor).
 * A run reads the view up to the last whole window the view's own latency lets it see, so right after
 * a run the lag is the latency plus up to one window, and just before the next run a schedule more:
 * lag beyond that means runs are behind, not merely waiting.
 */

const MINUTE_MS = 60_000

/** How a source is read: every `scheduleMinutes`, windows of `windowMinutes`, the view `latencyMinutes` late. */
export interface SourceTiming {
  scheduleMinutes: number
  latencyMinutes: number
  windowMinutes: number
}

/** The most lag a source on time shows (minutes): latency + one window + one schedule interval. */
export function expectedLagMinutes({ scheduleMinutes, latencyMinutes, windowMinutes }: SourceTiming): number {
  return latencyMinutes + windowMinutes + scheduleMinutes
}

/** now − the newest ingested event time, in whole minutes (never below 0); null before any success. */
export function lagMinutes(now: number, ingestedUntil: number | null): number | null {
  if (ingestedUntil === null) return null
  return Math.max(0, Math.floor((now - ingestedUntil) / MINUTE_MS))
}

export interface SourceState {
  /** The newest run's outcome; null when the source never ran. */
  lastRun: RunStatus | null
  /** Failed runs since the last success. */
  consecutiveFailures: number
  lagMinutes: number | null
  expectedLagMinutes: number
}

/**
 * The badge, by the first rule that holds:
 * 1. never ran, or never succeeded → failing;
 * 2. the newest run failed → failing (whatever the lag: the next run will not catch up by itself);
 * 3. the lag is over the expected lag → delayed (runs succeed but are behind, e.g. catching up);
 * 4. otherwise healthy.
 */
export function sourceStatus(state: SourceState): { status: SourceStatus; reason: string } {
  const { lastRun, consecutiveFailures, lagMinutes: lag, expectedLagMinutes: expected } = state
  if (lastRun === null) return { status: 'failing', reason: 'No run yet' }
  if (lag === null) return { status: 'failing', reason: 'No successful run yet' }
  if (lastRun === 'failed')
    return {
      status: 'failing',
      reason: `The last ${consecutiveFailures === 1 ? 'run' : `${consecutiveFailures} runs`} failed`,
    }
  if (lag > expected)
    return { status: 'delayed', reason: `Lag ${lag} min, over the ${expected} min the schedule allows` }
  return { status: 'healthy', reason: `Lag within the ${expected} min the schedule allows` }
}
