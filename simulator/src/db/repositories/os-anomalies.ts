import {
  ANOMALY_CATEGORY_FIELDS,
  ANOMALY_PAGE_SIZE,
  ANOMALY_SENSITIVITIES,
  DEFAULT_ANOMALY_SORT,
  DETECTOR_INTERVAL_MINUTES,
  DETECTOR_MESSAGES,
  HOUR_MS,
  MAX_ANOMALY_RANGE_DAYS,
  MAX_DETECTORS,
  MAX_DETECTOR_ENTITIES,
  anomalyMetrics,
  categoryField,
  channelNameKey,
  isAnomalyPlatform,
  lastHourEnd,
  monitorMetric,
  roundTo,
  type Anomaly,
  type AnomalyPlatform,
  type ClusterType,
  type Contributors,
  type ContributorsQuery,
  type Detector,
  type DetectorInput,
  type DetectorList,
  type DetectorListQuery,
  type DetectorOptions,
  type DetectorResults,
  type DetectorResultsQuery,
  type DetectorState,
} from '@costlens/shared'
import { HttpError } from '../../errors.ts'
import type { Db } from '../open-database.ts'
import { cachedStatement } from '../statement-cache.ts'
import { anomalyRange, metricOf, namesOf, scoreDetector, type DetectorRow } from './os-anomalies-scoring.ts'
import { detectorValues, entityCode, gridOffset, hourContributors } from './os-anomalies-series.ts'

/*
 * OpenSearch anomaly detection in SQLite (issue 23 /osd_anomalies): detectors of a platform, each
 * of the platform of the user who made it (another platform's is not there: 404). Their results are
 * scored when read (shared/src/rules/anomaly-scoring.ts) over the range and the 14 days before it, for
 * the top MAX_DETECTOR_ENTITIES entities by the metric's total over the range: a long tail of idle
 * entities would only add noise and time. Whatever the state, a range's results are computed (as
 * OpenSearch's historical analysis); the state says whether the detector is watching live.
 */

export interface DetectorActor {
  platform: ClusterType
  username: string
  now: number
}

const DAY_MS = 24 * HOUR_MS
const notFound = (id: number) => new HttpError(404, `The detector ${id} does not exist`)

export function detectorOptions(platform: ClusterType): DetectorOptions {
  return {
    platform,
    metrics: [...anomalyMetrics(platform)],
    categoryFields: isAnomalyPlatform(platform)
      ? ANOMALY_CATEGORY_FIELDS[platform].map((f) => ({ ...f }))
      : [],
    sensitivities: [...ANOMALY_SENSITIVITIES],
    maxEntities: MAX_DETECTOR_ENTITIES,
  }
}

function stateOf(row: DetectorRow, now: number): DetectorState {
  if (!row.running) return 'Stopped'
  // OpenSearch initialises a detector's model on its first intervals: one hour here.
  return row.started_at !== null && now - row.started_at < DETECTOR_INTERVAL_MINUTES * 60_000
    ? 'Initialising'
    : 'Running'
}

const platformOf = (platform: ClusterType): AnomalyPlatform => {
  if (!isAnomalyPlatform(platform)) throw new HttpError(403, 'This platform has no anomaly detection')
  return platform
}

function rowOf(db: Db, id: number, platform: ClusterType): DetectorRow {
  const row = cachedStatement(db, 'SELECT * FROM os_detectors WHERE id = ? AND platform = ?').get(
    id,
    platform,
  ) as DetectorRow | undefined
  if (!row) throw notFound(id)
  return row
}

function detectorOf(row: DetectorRow, now: number, found: Anomaly[]): Detector {
  const metric = metricOf(row)
  const last = found.reduce<Anomaly | undefined>(
    (latest, a) => (!latest || a.start > latest.start ? a : latest),
    undefined,
  )
  return {
    id: row.id,
    platform: row.platform,
    name: row.name,
    description: row.description,
    metric: row.metric,
    metricLabel: metric.label,
    unit: metric.unit,
    decimals: metric.decimals,
    categoryField: row.category_field,
    categoryLabel: row.category_field
      ? (categoryField(row.platform, row.category_field)?.label ?? null)
      : null,
    sensitivity: row.sensitivity,
    intervalMinutes: DETECTOR_INTERVAL_MINUTES,
    state: stateOf(row, now),
    createdBy: row.created_by,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    startedAt: row.started_at,
    stoppedAt: row.stopped_at,
    anomalyCount: found.length,
    lastAnomalyAt: last?.start ?? null,
    lastAnomalyGrade: last?.grade ?? null,
  }
}

/** A detector as it stands, with what it found over the default range. */
function oneDetector(db: Db, id: number, platform: ClusterType, now: number): Detector {
  const row = rowOf(db, id, platform)
  const range = anomalyRange(db, row.platform, {}, now)
  return detectorOf(row, now, scoreDetector(db, row, range).anomalies)
}

export function listDetectors(
  db: Db,
  platform: ClusterType,
  query: DetectorListQuery,
  now: number,
): DetectorList {
  const range = anomalyRange(db, platformOf(platform), query, now)
  const rows = cachedStatement(db, 'SELECT * FROM os_detectors WHERE platform = ? ORDER BY name_key, id').all(
    platform,
  ) as DetectorRow[]
  return {
    platform,
    range,
    detectors: rows.map((row) => detectorOf(row, now, scoreDetector(db, row, range).anomalies)),
    limit: MAX_DETECTORS,
  }
}

/** The stored columns of a checked input: 400 naming the first problem. */
function columnsOf(db: Db, platform: ClusterType, input: DetectorInput, exceptId?: number) {
  const name = input.name.trim()
  const nameKey = channelNameKey(name)
  const taken = cachedStatement(
    db,
    'SELECT 1 FROM os_detectors WHERE platform = ? AND name_key = ? AND id IS NOT ?',
  )
    .pluck()
    .get(platform, nameKey, exceptId ?? null)
  if (taken) throw new HttpError(400, DETECTOR_MESSAGES.nameTaken)
  if (!monitorMetric(platform, input.metric))
    throw new HttpError(400, DETECTOR_MESSAGES.unknownMetric(input.metric))
  if (input.categoryField !== null && !categoryField(platform, input.categoryField))
    throw new HttpError(400, DETECTOR_MESSAGES.unknownCategory(input.categoryField))
  return {
    name,
    nameKey,
    description: input.description.trim(),
    metric: input.metric,
    categoryField: input.categoryField,
    sensitivity: input.sensitivity,
  }
}

/** Writes a new detector (stopped, or running from `startedAt` when the seed starts it). */
export function insertDetector(
  db: Db,
  input: DetectorInput,
  actor: DetectorActor,
  startedAt: number | null = null,
): number {
  const columns = columnsOf(db, actor.platform, input)
  const count = cachedStatement(db, 'SELECT count(*) FROM os_detectors WHERE platform = ?')
    .pluck()
    .get(actor.platform) as number
  if (count >= MAX_DETECTORS) throw new HttpError(400, DETECTOR_MESSAGES.tooMany)
  return Number(
    cachedStatement(
      db,
      `INSERT INTO os_detectors (platform, name, name_key, description, metric, category_field, sensitivity, running,
                                 started_at, stopped_at, created_by, created_at, updated_at)
       VALUES (@platform, @name, @nameKey, @description, @metric, @categoryField, @sensitivity, @running,
               @startedAt, NULL, @username, @now, @now)`,
    ).run({ ...columns, running: startedAt === null ? 0 : 1, startedAt, ...actor }).lastInsertRowid,
  )
}

export function createDetector(db: Db, input: DetectorInput, actor: DetectorActor): Detector {
  platformOf(actor.platform)
  const id = db.transaction(() => insertDetector(db, input, actor))()
  return oneDetector(db, id, actor.platform, actor.now)
}

export function updateDetector(db: Db, id: number, input: DetectorInput, actor: DetectorActor): Detector {
  rowOf(db, id, actor.platform)
  const columns = columnsOf(db, actor.platform, input, id)
  cachedStatement(
    db,
    `UPDATE os_detectors SET name = @name, name_key = @nameKey, description = @description, metric = @metric,
            category_field = @categoryField, sensitivity = @sensitivity, updated_at = @now WHERE id = @id`,
  ).run({ ...columns, id, now: actor.now })
  return oneDetector(db, id, actor.platform, actor.now)
}

export function deleteDetector(db: Db, id: number, platform: ClusterType): void {
  rowOf(db, id, platform)
  cachedStatement(db, 'DELETE FROM os_detectors WHERE id = ?').run(id)
}

/** Starts or stops a detector; one already so is left as it is. */
export function setDetectorRunning(db: Db, id: number, running: boolean, actor: DetectorActor): Detector {
  const row = rowOf(db, id, actor.platform)
  if (Boolean(row.running) !== running) {
    const sql = running
      ? 'UPDATE os_detectors SET running = 1, started_at = @now, updated_at = @now WHERE id = @id'
      : 'UPDATE os_detectors SET running = 0, stopped_at = @now, updated_at = @now WHERE id = @id'
    cachedStatement(db, sql).run({ id, now: actor.now })
  }
  return oneDetector(db, id, actor.platform, actor.now)
}

const SORTS: Readonly<Record<string, (a: Anomaly, b: Anomaly) => number>> = {
  'grade-desc': (a, b) => b.grade - a.grade || b.start - a.start,
  'grade-asc': (a, b) => a.grade - b.grade || a.start - b.start,
  'start-desc': (a, b) => b.start - a.start || b.grade - a.grade,
  'start-asc': (a, b) => a.start - b.start || b.grade - a.grade,
}

export function detectorResults(
  db: Db,
  id: number,
  platform: ClusterType,
  query: DetectorResultsQuery,
  now: number,
): DetectorResults {
  const row = rowOf(db, id, platform)
  const range = anomalyRange(db, row.platform, query, now)
  const { entities, anomalies } = scoreDetector(db, row, range)
  if (query.entity !== undefined && !entities.some((e) => e.key === query.entity))
    throw new HttpError(400, DETECTOR_MESSAGES.unknownEntity(query.entity))
  const chosen =
    query.entity === undefined ? anomalies : anomalies.filter((a) => a.entityKey === query.entity)
  const sorted = [...chosen].sort(SORTS[query.sort ?? DEFAULT_ANOMALY_SORT])
  const pageSize = query.pageSize ?? ANOMALY_PAGE_SIZE
  const first = ((query.page ?? 1) - 1) * pageSize
  return {
    detector: detectorOf(row, now, anomalies),
    range,
    entities,
    total: chosen.length,
    anomalies: sorted.slice(first, first + pageSize),
  }
}

/** The entities behind one hour of a detector's series. */
export function detectorContributors(
  db: Db,
  id: number,
  platform: ClusterType,
  query: ContributorsQuery,
  now: number,
): Contributors {
  const row = rowOf(db, id, platform)
  const metric = metricOf(row)
  const offset = gridOffset(db, row.platform)
  if (row.category_field === null && query.entity !== undefined)
    throw new HttpError(400, DETECTOR_MESSAGES.noEntityField)
  const lastHour = lastHourEnd(now, offset) - HOUR_MS
  const earliest = lastHour - MAX_ANOMALY_RANGE_DAYS * DAY_MS
  if (lastHourEnd(query.start, offset) !== query.start || query.start > lastHour || query.start < earliest)
    throw new HttpError(400, DETECTOR_MESSAGES.notAnHour)
  const field = row.category_field
  const names = namesOf(db, field)
  let code = 0
  if (field !== null) {
    const found = query.entity === undefined ? undefined : entityCode(names, query.entity)
    if (found === undefined) throw new HttpError(400, DETECTOR_MESSAGES.unknownEntity(query.entity ?? ''))
    code = found
  }
  const value = detectorValues(db, row.platform, metric, field, [code], {
    from: query.start,
    to: query.start + HOUR_MS,
  }).values.get(code)![0]!
  const result = hourContributors(
    db,
    row.platform,
    metric,
    field,
    { code, name: names.get(code)! },
    { start: query.start, value: roundTo(value, metric.decimals) },
  )
  const round = (v: number) => roundTo(v, metric.decimals)
  return {
    ...result,
    contributors: result.contributors.map((c) => ({ ...c, value: round(c.value) })),
    runs: result.runs.map((r) => ({ ...r, value: round(r.value) })),
  }
}
