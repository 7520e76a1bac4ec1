import type { Db } from '../open-database.ts'
import type { RollupNameField } from '../seed/app-rollups.ts'
import { cachedStatement } from '../statement-cache.ts'
import { appsDerived } from './app-read-cache.ts'

/**
 * The codec of app_rollups' names (schema.sql app_rollup_names): the kinds, clusters, users and
 * queues its rows hold as codes, read once per database and kept until the applications change
 * (app-read-cache.ts: a kill, a move, a reset). Every reader and writer of app_rollups turns names
 * into codes and back through here.
 */
export interface RollupNames {
  /** A name's code; -1 for a name no row holds (it matches nothing). '' is 0 (summed). */
  code(field: RollupNameField, name: string): number
  /** A code's name. */
  name(field: RollupNameField, code: number): string
  /**
   * Whether the field's codes order as its names do, so ordering by the code column orders by name:
   * true but after a move to a queue no app had before (rollupCodeAdding appends its code).
   */
  inNameOrder(field: RollupNameField): boolean
}

interface NameTables {
  codes: Record<RollupNameField, Map<string, number>>
  names: Record<RollupNameField, Map<number, string>>
  /** Per field, whether each code's name sorts after the name of the code before it. */
  inNameOrder: Record<RollupNameField, boolean>
}

function readNames(db: Db): NameTables {
  const tables: NameTables = {
    codes: { kind: new Map(), cluster: new Map(), user: new Map(), queue: new Map() },
    names: { kind: new Map(), cluster: new Map(), user: new Map(), queue: new Map() },
    inNameOrder: { kind: true, cluster: true, user: true, queue: true },
  }
  for (const field of Object.keys(tables.codes) as RollupNameField[]) {
    tables.codes[field].set('', 0)
    tables.names[field].set(0, '')
  }
  const rows = cachedStatement(db, 'SELECT field, code, name FROM app_rollup_names').all() as {
    field: RollupNameField
    code: number
    name: string
  }[]
  for (const { field, code, name } of rows) {
    tables.codes[field].set(name, code)
    tables.names[field].set(code, name)
  }
  for (const field of Object.keys(tables.names) as RollupNameField[]) {
    const byCode = [...tables.names[field]].sort(([a], [b]) => a - b).map(([, name]) => name)
    tables.inNameOrder[field] = byCode.every((name, i) => i === 0 || byCode[i - 1]! < name)
  }
  return tables
}

const tablesOf = (db: Db) => appsDerived(db, 'app_rollup_names', () => readNames(db))

/** This database's app_rollups names. */
export function rollupNames(db: Db): RollupNames {
  const { codes, names, inNameOrder } = tablesOf(db)
  return {
    code: (field, name) => codes[field].get(name) ?? -1,
    name: (field, code) => {
      const name = names[field].get(code)
      if (name === undefined) throw new Error(`app_rollup_names holds no ${field} ${code}`)
      return name
    },
    inNameOrder: (field) => inNameOrder[field],
  }
}

/**
 * A name's code, given one when it has none: a move to a queue no app had before. The new code
 * comes after every other, out of name order: the readers order only clusters by their codes, and
 * no write adds a cluster.
 */
export function rollupCodeAdding(db: Db, field: RollupNameField, name: string): number {
  const { codes, names, inNameOrder } = tablesOf(db)
  const known = codes[field].get(name)
  if (known !== undefined) return known
  const code = cachedStatement(db, 'SELECT coalesce(max(code), 0) + 1 FROM app_rollup_names WHERE field = ?')
    .pluck()
    .get(field) as number
  cachedStatement(db, 'INSERT INTO app_rollup_names (field, code, name) VALUES (?, ?, ?)').run(
    field,
    code,
    name,
  )
  // The new code comes last: the field stays in name order only if the name sorts after the last one's.
  const before = names[field].get(code - 1)
  if (before !== undefined && !(before < name)) inNameOrder[field] = false
  codes[field].set(name, code)
  names[field].set(code, name)
  return code
}

/**
 * SQL for the codes of the clusters named by `names` (a list of parameters or a subquery of
 * cluster ids), for a condition `cluster_code IN …` on an index that holds the cluster as its code
 * (schema.sql applications_chargeback): the planner reads it as a list of equalities on the key.
 */
export const clusterCodesIn = (names: string) =>
  `(SELECT code FROM app_rollup_names WHERE field = 'cluster' AND name IN (${names}))`
