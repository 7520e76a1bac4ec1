import {
  BIGQUERY_INSIGHTS,
  BIGQUERY_PRICING_PLANS,
  MESSAGES,
  formatDateTime,
  formatDurationMs,
  type StatusStyle,
  bigQueryJobStatusLabel,
} from '@costlens/shared'
import { StatusBadge } from '../../components/status/status-badge.tsx'

/*
 * How the BigQuery screens show their figures, each defined once: cost arrives in cents and is
 * shown in USD (03 §9, B158) to 4 decimals like the Snowflake cost ('$ 0.0625' is a 10 GB scan);
 * slot time as the BigQuery console shows it, a duration of slot time ('2m 10s').
 */

/**
 * Slot time (INFORMATION_SCHEMA total_slot_ms) as a duration of slot time: '2m 10s'. None at all (a
 * pending job, a cache hit) reads '0s', not the '<1s' of a short duration, which would claim some.
 */
export const slotTime = (slotMs: number) => (slotMs > 0 ? formatDurationMs(slotMs) : '0s')

/** A stage time in ms, its unit stated (the stage breakdown is in ms, 03 §3). */
export const stageMs = (ms: number) => `${Math.round(ms).toLocaleString('en-US')} ms`

/** An ISO instant in the display zone, or '--' while there is none (a job still running). */
export const isoTime = (iso: string | null) => (iso ? formatDateTime(Date.parse(iso)) : MESSAGES.M104)

const STATUS_STYLES: Readonly<Record<string, StatusStyle>> = {
  S: 'success',
  R: 'running',
  F: 'error',
  W: 'waiting',
}

/** B242: a job status's style, the row border and the badge colour. */
export const jobStatusStyle = (code: string): StatusStyle => STATUS_STYLES[code] ?? 'unknown'

/** A job status as the shared badge, in its word (never colour alone). */
export function JobStatusBadge({ code }: { code: string }) {
  return <StatusBadge code={code} label={bigQueryJobStatusLabel(code)} style={jobStatusStyle(code)} />
}

/** An insight key's title; an unknown key as itself. */
export const insightTitle = (key: string) => BIGQUERY_INSIGHTS[key as keyof typeof BIGQUERY_INSIGHTS] ?? key

/** A pricing plan's name (On-demand, Standard edition …). */
export const pricingLabel = (key: string) =>
  BIGQUERY_PRICING_PLANS[key as keyof typeof BIGQUERY_PRICING_PLANS] ?? key

/** Labels (BigQuery's tags) in one line: 'team=data, env=prod'. */
export const labelsText = (tags: readonly { key: string; value: string }[]) =>
  tags.map((t) => `${t.key}=${t.value}`).join(', ')
