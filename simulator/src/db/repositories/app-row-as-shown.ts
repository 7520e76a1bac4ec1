import { DERIVED_DIAGNOSTICS, seededDiagnostics, type DiagnosedApp } from '../seed/app-diagnostics.ts'
import { SIGNATURE_SPREAD, topLevelSignature } from '../seed/app-signature.ts'
import { tasksAsShown } from '../seed/app-tasks.ts'
import type { RollupNames } from './app-rollup-names.ts'
import { PIPELINE_NAMES_SQL, isPipelineName } from './pipeline-apps.ts'

/*
 * What an applications row stores more narrowly than it shows (issue 18, the large file's size):
 * - a seeded failed or killed app stores '' as its diagnostics (seed/app-diagnostics.ts
 *   storedSeedDiagnostics): its sentence is made again here from the record's own columns and its
 *   seed sequence, its rowid − 1 (the apps are inserted in seed order); a text written later (a kill)
 *   is stored whole; NULL is none;
 * - '0/0/0' task counts are stored as NULL (seed/app-tasks.ts);
 * - a top-level app's signature is stored as NULL (seed/app-signature.ts).
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

/** The signature an app shows: the stored one (a child job's), or the one its row makes. */
export const signatureOf = (stored: string | null, name: string, kind: string, rowid: number): string =>
  stored ?? topLevelSignature(isPipelineName(name), name, kind, rowid - 1)

/**
 * A whole stored row, read with its rowid as `rid`, as every reader shows it. Typed as the shown
 * row (AppRow's columns are the shown values); the stored task and signature columns may be NULL.
 */
export function rowAsShown<
  T extends DiagnosedApp & {
    reduce_tasks: string
    diagnostics: string | null
    name: string
    signature: string
    rid: number
  },
>(row: T): Omit<T, 'rid'> {
  const { rid, ...rest } = row
  const stored = row as unknown as { map_tasks: string | null; reduce_tasks: string | null }
  const shown = {
    ...rest,
    map_tasks: tasksAsShown(stored.map_tasks),
    reduce_tasks: tasksAsShown(stored.reduce_tasks),
  }
  return {
    ...shown,
    diagnostics: diagnosticsOf(row.diagnostics, rid, () => shown),
    signature: signatureOf(row.signature as string | null, row.name, row.kind, rid),
  }
}

const KIND_SIGNATURE = /^([a-z]+)-(\d+)$/

/**
 * The condition "the app's signature is @signature" over applications `a` (the parameter bound by
 * the caller): a child job's stored one, or the top-level apps whose row makes it, i.e. a pipeline's
 * runs by their name, or the apps of a kind whose seed sequence gives that remainder.
 */
export function signatureClause(signature: string, codes: RollupNames): string {
  const stored = 'a.signature = @signature'
  if (isPipelineName(signature)) return `(${stored} OR (a.signature IS NULL AND a.name = @signature))`
  const kindSignature = KIND_SIGNATURE.exec(signature)
  const kindCode = kindSignature ? codes.code('kind', kindSignature[1]!) : -1
  const remainder = kindSignature ? Number(kindSignature[2]) : NaN
  if (kindCode < 1 || !(remainder < SIGNATURE_SPREAD) || String(remainder) !== kindSignature![2])
    return stored
  return `(${stored} OR (a.signature IS NULL AND a.kind_code = ${kindCode} AND (a.rowid - 1) % ${SIGNATURE_SPREAD} = ${remainder}
            AND a.name NOT IN (${PIPELINE_NAMES_SQL})))`
}
