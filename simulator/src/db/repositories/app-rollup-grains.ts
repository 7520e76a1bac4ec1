import type { Db } from '../open-database.ts'
import type { RollupBasis, RollupGrains, RollupSlice } from '../seed/app-rollups.ts'
import { appsDerived } from './app-read-cache.ts'
import { readSetting } from './settings.ts'

/** The setting that holds the grains a seed kept of each app_rollups slice (JSON RollupGrains). */
export const ROLLUP_GRAINS_SETTING = 'app_rollup_grains'

/**
 * The app_rollups slices and grains this database's seed kept (seed/app-rollups.ts chooses them per
 * scale), read once per database: a kill or a move keeps the same set; a reset seeds it again and
 * the next read takes the new one (app-read-cache.ts).
 */
export function keptRollupGrains(db: Db): RollupGrains {
  return appsDerived(
    db,
    ROLLUP_GRAINS_SETTING,
    () => JSON.parse(readSetting(db, ROLLUP_GRAINS_SETTING) ?? '{}') as RollupGrains,
    () => {},
  )
}

/** The grains (longest first) kept of a slice at a time basis; empty when it kept none. */
export function keptGrainsOf(db: Db, slice: RollupSlice, basis: RollupBasis): readonly number[] {
  return keptRollupGrains(db)[slice]?.[basis] ?? []
}
