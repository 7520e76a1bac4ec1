import { DERIVED_DIAGNOSTICS, seededDiagnostics, type DiagnosedApp } from '../seed/app-diagnostics.ts'
import { tasksAsShown } from '../seed/app-tasks.ts'

/*
 * What an applications row stores more narrowly than it shows (issue 18, the large file's size):
 * - a seeded failed or killed app stores '' as its diagnostics (seed/app-diagnostics.ts
 *   storedSeedDiagnostics): its sentence is made again here from the record's own columns and its
 *   seed sequence, its rowid − 1 (the apps are inserted in seed order); a text written later (a kill)
 *   is stored whole; NULL is none;
 * - '0/0/0' task counts are stored as NULL (seed/app-tasks.ts).
 * Every reader of whole app rows goes through these functions.
 */

/** The diagnostics an app shows: the stored text, or the seeded sentence it stands for. */
export function diagnosticsOf(
  stored: string | null,
  rowid: number,
  record: () => DiagnosedApp,
): string | null {
  return stored === DERIVED_DIAGNOSTICS ? seededDiagnostics(record(), rowid - 1) : stored
}

/**
 * A whole stored row, read with its rowid as `rid`, as every reader shows it. Typed as the shown
 * row (AppRow's columns are the shown values); the stored task columns may be NULL.
 */
export function rowAsShown<
  T extends DiagnosedApp & { reduce_tasks: string; diagnostics: string | null; rid: number },
>(row: T): Omit<T, 'rid'> {
  const { rid, ...rest } = row
  const stored = row as unknown as { map_tasks: string | null; reduce_tasks: string | null }
  const shown = {
    ...rest,
    map_tasks: tasksAsShown(stored.map_tasks),
    reduce_tasks: tasksAsShown(stored.reduce_tasks),
  }
  return { ...shown, diagnostics: diagnosticsOf(row.diagnostics, rid, () => shown) }
}
