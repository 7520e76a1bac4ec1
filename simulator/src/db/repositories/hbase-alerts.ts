import { HBASE_ALERT_THRESHOLDS, type HbaseAlertMetric } from '@costlens/shared'

/*
 * The HBase alert rule (G87): a figure at or above its `above` threshold, or at or below its
 * `below` one, raises the threshold's text (contracts/hbase.ts HBASE_ALERT_THRESHOLDS, the one
 * place they are set). A missing figure (null) raises nothing: the console shows '--' (B207).
 */

/** The alert text of one figure, or null when it is within its threshold or missing. */
export function alertFor(metric: HbaseAlertMetric, value: number | null | undefined): string | null {
  if (value === null || value === undefined || Number.isNaN(value)) return null
  const threshold: { above?: number; below?: number; text: string } = HBASE_ALERT_THRESHOLDS[metric]
  const over =
    (threshold.above !== undefined && value >= threshold.above) ||
    (threshold.below !== undefined && value <= threshold.below)
  return over ? threshold.text : null
}

/** A row's alert: the texts of every figure over its threshold, joined with '; ', or null (B208: 'Good'). */
export function rowAlert(figures: Partial<Record<HbaseAlertMetric, number | null>>): string | null {
  const texts = (Object.entries(figures) as [HbaseAlertMetric, number | null][])
    .map(([metric, value]) => alertFor(metric, value))
    .filter((text): text is string => text !== null)
  return texts.length ? texts.join('; ') : null
}
