import { HOUR_MS, type AnomalyPlatform, type DetectorInput } from '@costlens/shared'
import type { Db } from '../open-database.ts'
import { insertDetector } from '../repositories/os-anomalies.ts'
import { rollUpEntityHours } from '../repositories/os-anomalies-series.ts'

/*
 * The seeded anomaly detectors (issue 23 /osd_anomalies): two or three per platform, as a data team
 * sets them up, most started weeks ago (Running), one stopped. Their anomalies are whatever the
 * seeded series hold: nothing is planted for them. After the Snowflake queries and BigQuery jobs, whose
 * hours per warehouse, user, project and principal are added up here first.
 */

const DAY = 24 * HOUR_MS

interface SeedDetector extends DetectorInput {
  running: boolean
}

const SEEDED: Readonly<Record<AnomalyPlatform, { maker: string; detectors: readonly SeedDetector[] }>> = {
  SNOWFLAKE: {
    maker: 'snowflake',
    detectors: [
      {
        name: 'Warehouse credits',
        description:
          'Credits per hour of each of the busiest warehouses, against the same hour of the last two weeks.',
        metric: 'credits',
        categoryField: 'warehouse',
        sensitivity: 'medium',
        running: true,
      },
      {
        name: 'Failed queries',
        description: 'Failed queries per hour across the account.',
        metric: 'failed_queries',
        categoryField: null,
        sensitivity: 'high',
        running: true,
      },
      {
        name: 'User spend',
        description: 'Cost per hour of the users who spend most.',
        metric: 'cost',
        categoryField: 'user',
        sensitivity: 'low',
        running: false,
      },
    ],
  },
  BIGQUERYV2: {
    maker: 'bigquery',
    detectors: [
      {
        name: 'Bytes billed',
        description: 'Bytes billed per hour of each of the busiest projects.',
        metric: 'bytes_billed',
        categoryField: 'project',
        sensitivity: 'low',
        running: true,
      },
      {
        name: 'Slot hours',
        description: 'Slot-hours per hour across the organisation.',
        metric: 'slot_hours',
        categoryField: null,
        sensitivity: 'medium',
        running: true,
      },
      {
        name: 'Principal spend',
        description: 'Cost per hour of the principals who spend most.',
        metric: 'cost',
        categoryField: 'principal',
        sensitivity: 'low',
        running: false,
      },
    ],
  },
}

/** Adds up the entities' hours, then writes each platform's detectors. */
export function seedOsAnomalies(db: Db, now: number): void {
  rollUpEntityHours(db)
  for (const [platform, { maker, detectors }] of Object.entries(SEEDED) as [
    AnomalyPlatform,
    (typeof SEEDED)[AnomalyPlatform],
  ][]) {
    for (const [i, { running, ...input }] of detectors.entries()) {
      const createdAt = now - (40 - 6 * i) * DAY
      const id = insertDetector(
        db,
        input,
        { platform, username: maker, now: createdAt },
        running ? createdAt + HOUR_MS : null,
      )
      if (!running)
        db.prepare('UPDATE os_detectors SET stopped_at = ? WHERE id = ?').run(createdAt + 2 * DAY, id)
    }
  }
}
