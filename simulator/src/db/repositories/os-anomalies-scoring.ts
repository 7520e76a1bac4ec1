import {
  BASELINE_DAYS,
  DEFAULT_ANOMALY_RANGE_DAYS,
  DETECTOR_MESSAGES,
  HOUR_MS,
  MAX_ANOMALY_RANGE_DAYS,
  SENSITIVITY_SPREADS,
  lastHourEnd,
  monitorMetric,
  roundTo,
  scoreHourlySeries,
  type Anomaly,
  type AnomalyPlatform,
  type AnomalySensitivity,
  type CategoryField,
  type DetectorEntity,
  type DetectorListQuery,
  type MonitorMetric,
} from '@costlens/shared'
import { HttpError } from '../../errors.ts'
import type { Db } from '../open-database.ts'
import { memoized } from './os-anomalies-memo.ts'
import {
  ACCOUNT_WIDE,
  detectorValues,
  entityNames,
  gridOffset,
  topEntityCodes,
  type EntityName,
} from './os-anomalies-series.ts'

/*
 * A detector's results (issue 23 /osd_anomalies), scored when read with the rule of
 * shared/src/rules/anomaly-scoring.ts: the range's whole hours, the top entities' series over it and
 * the 14 days before, each hour against its baseline. A range once scored is kept a while
 * (os-anomalies-memo.ts), so the list and the results page of the same range share one scoring.
 */

/** A stored detector (os_detectors). */
export interface DetectorRow {
  id: number
  platform: AnomalyPlatform
  name: string
  description: string
  metric: string
  category_field: CategoryField | null
  sensitivity: AnomalySensitivity
  running: 0 | 1
  started_at: number | null
  stopped_at: number | null
  created_by: string
  created_at: number
  updated_at: number
}

const DAY_MS = 24 * HOUR_MS

/** The whole hours a request scores, on the series' grid: 400 when inverted or too long. */
export function anomalyRange(
  db: Db,
  platform: AnomalyPlatform,
  query: DetectorListQuery,
  now: number,
): { from: number; to: number } {
  const offset = gridOffset(db, platform)
  const end = Math.min(query.endTime ?? now, now)
  const start = query.startTime ?? end - DEFAULT_ANOMALY_RANGE_DAYS * DAY_MS
  if (start > end) throw new HttpError(400, DETECTOR_MESSAGES.badRange)
  if (end - start > MAX_ANOMALY_RANGE_DAYS * DAY_MS) throw new HttpError(400, DETECTOR_MESSAGES.rangeTooLong)
  // The last whole hour at or before the end; the first hour that starts at or after the start.
  const to = lastHourEnd(end, offset)
  const from = Math.min(to, lastHourEnd(start + HOUR_MS - 1, offset))
  return { from, to }
}

/** A detector's metric (its catalogue entry), checked when written, so present when read. */
export function metricOf(row: Pick<DetectorRow, 'platform' | 'metric'>): MonitorMetric {
  const metric = monitorMetric(row.platform, row.metric)
  if (!metric) throw new Error(`Detector metric ${row.metric} is not in the catalogue`)
  return metric
}

export interface Scored {
  entities: DetectorEntity[]
  anomalies: Anomaly[]
}

/**
 * Scores a detector's series over the range: the top entities by total, each hour against its
 * baseline, values rounded to the metric's decimals as shown. Shared with other callers of the same
 * definition and range (os-anomalies-memo.ts): not to be changed.
 */
export function scoreDetector(db: Db, row: DetectorRow, range: { from: number; to: number }): Scored {
  const key = [row.platform, row.metric, row.category_field, row.sensitivity, range.from, range.to].join('|')
  return memoized(db, key, () => scoreRange(db, row, range))
}

function scoreRange(db: Db, row: DetectorRow, range: { from: number; to: number }): Scored {
  const metric = metricOf(row)
  const historyFrom = range.from - BASELINE_DAYS * DAY_MS
  const field = row.category_field
  const codes = field === null ? [0] : topEntityCodes(db, row.platform, metric, field, range)
  const names = namesOf(db, field)
  const series = detectorValues(db, row.platform, metric, field, codes, { from: historyFrom, to: range.to })
  const rangeIndex = BASELINE_DAYS * 24
  const labelOf = (code: number) => names.get(code)?.label ?? String(code)
  // Busiest first by the exact total over the range (the ranking read whole days).
  const top = codes
    .map((code) => ({
      code,
      total: series.values
        .get(code)!
        .subarray(rangeIndex)
        .reduce((sum, v) => sum + v, 0),
    }))
    .filter((t) => t.total > 0 || field === null)
    .sort((a, b) => b.total - a.total || labelOf(a.code).localeCompare(labelOf(b.code)))
  const k = SENSITIVITY_SPREADS[row.sensitivity]
  // Hour index 0 is historyFrom; UTC days start where (index + dayOffset) % 24 is 0.
  const dayOffset = Math.round((historyFrom % DAY_MS) / HOUR_MS)
  const round = (v: number) => roundTo(v, metric.decimals)
  const entities: DetectorEntity[] = []
  const anomalies: Anomaly[] = []
  for (const { code, total } of top) {
    const values = series.values.get(code)!
    const name = names.get(code)
    const first = series.firstHour.get(code) ?? historyFrom
    const historyStart = Math.max(0, Math.ceil((first - historyFrom) / HOUR_MS))
    const scored = scoreHourlySeries(values, { from: rangeIndex, historyStart, k, dayOffset })
    const key = name?.key ?? String(code)
    const label = name?.label ?? String(code)
    let count = 0
    const points = scored.map((h) => {
      const start = historyFrom + h.index * HOUR_MS
      if (h.grade > 0) {
        count++
        anomalies.push({
          start,
          entityKey: key,
          entity: label,
          actual: round(h.actual),
          expected: round(h.expected),
          lower: round(h.lower),
          upper: round(h.upper),
          grade: roundTo(h.grade, 3),
          confidence: roundTo(h.confidence, 3),
        })
      }
      return [
        start,
        round(h.actual),
        round(h.expected),
        round(h.lower),
        round(h.upper),
        roundTo(h.grade, 3),
      ] as DetectorEntity['points'][number]
    })
    entities.push({ key, label, total: round(total), anomalyCount: count, points })
  }
  return { entities, anomalies }
}

/** A field's entities' names; the one account-wide entity (code 0) without a field. */
export const namesOf = (db: Db, field: CategoryField | null): Map<number, EntityName> =>
  field === null ? new Map([[0, ACCOUNT_WIDE]]) : entityNames(db, field)
