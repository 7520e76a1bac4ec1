import { PIPELINE_NAMES } from '../seed/applications.ts'

/*
 * applications_pipeline_runs (schema.sql) holds the top-level apps of the seeded pipelines only: a
 * third of the top-level apps, 38 MB instead of 105 at the large scale. SQLite reads a partial index
 * only for a query whose WHERE repeats the index's WHERE term for term, so the readers of that index
 * add PIPELINE_APPS_SQL, written from the same list as the index's (a test compares the two).
 */

/** The pipelines' names as a list of SQL literals. */
export const PIPELINE_NAMES_SQL = PIPELINE_NAMES.map((name) => `'${name}'`).join(', ')

/** The index's WHERE, on an applications table aliased `a`. */
export const PIPELINE_APPS_SQL = `a.parent_id IS NULL AND a.name IN (${PIPELINE_NAMES_SQL})`

/** Whether an app name is a seeded pipeline's, i.e. its top-level apps are in applications_pipeline_runs. */
export const isPipelineName = (name: string): boolean => (PIPELINE_NAMES as readonly string[]).includes(name)
