import { SNOWFLAKE_QUERY_ANCHORS } from '../../../../fixtures/snowflake-queries.ts'
import type { Db } from '../open-database.ts'
import { SNOWFLAKE_WAREHOUSES, WORKLOADS } from './snowflake-catalogue.ts'

/*
 * The text a Snowflake query repeats (its warehouse, user, role, client connector and query tag: a
 * few dozen values over a million queries) is stored in snowflake_queries, its indexes and rollups as
 * a small integer code: one byte where the text took 7 to 17. With the id kept as bytes and the
 * account, signature and query type left to the warehouse and statement, the queries' table, indexes
 * and rollups went from 664 MB to 339 at the large scale. Codes are given in the binary order of the
 * names, so ORDER BY a code sorts as ORDER BY the name would, and start at 1: 0 stands for "summed
 * over" in the rollups. Warehouse codes live in snowflake_warehouses.code, the others in
 * snowflake_names; the view snowflake_queries_named shows a query with its names. The repositories
 * translate names to codes (filters) and back (groups) through a SnowflakeCodec, read once per
 * connection.
 */

/** The coded dimensions of a query and the column holding each in snowflake_queries. */
export const SNOWFLAKE_CODED = {
  warehouse: 'warehouse_code',
  user: 'user_code',
  role: 'role_code',
  connector: 'connector_code',
  tag: 'tag_code',
} as const
export type SnowflakeCodedDim = keyof typeof SNOWFLAKE_CODED
/** The dimensions kept in snowflake_names (a warehouse's code is a column of snowflake_warehouses). */
export type SnowflakeNameDim = Exclude<SnowflakeCodedDim, 'warehouse'>

export interface SnowflakeName {
  dim: SnowflakeCodedDim
  code: number
  /** The name; for a warehouse, its uid. */
  name: string
}

/** Distinct values in binary order (JavaScript's default sort, as SQLite's BINARY collation for ASCII). */
const inOrder = (values: Iterable<string>) => [...new Set(values)].sort()

/** Every name a seeded query can carry, from the catalogue (and the anchors), coded in name order. */
export function catalogueNames(): SnowflakeName[] {
  const values: Record<SnowflakeCodedDim, string[]> = {
    warehouse: inOrder(SNOWFLAKE_WAREHOUSES.map((w) => w.uid)),
    user: inOrder([...WORKLOADS.flatMap((w) => w.users), ...SNOWFLAKE_QUERY_ANCHORS.map((a) => a.userName)]),
    role: inOrder(WORKLOADS.map((w) => w.role)),
    connector: inOrder(WORKLOADS.flatMap((w) => w.connectors)),
    tag: inOrder(WORKLOADS.flatMap((w) => w.tags)),
  }
  return (Object.keys(values) as SnowflakeCodedDim[]).flatMap((dim) =>
    values[dim].map((name, i) => ({ dim, code: i + 1, name })),
  )
}

/** Names to codes and back, per dimension. */
export class SnowflakeCodec {
  private readonly codes = new Map<SnowflakeCodedDim, Map<string, number>>()
  private readonly names = new Map<SnowflakeCodedDim, Map<number, string>>()

  constructor(entries: readonly SnowflakeName[]) {
    for (const dim of Object.keys(SNOWFLAKE_CODED) as SnowflakeCodedDim[]) {
      this.codes.set(dim, new Map())
      this.names.set(dim, new Map())
    }
    for (const { dim, code, name } of entries) {
      this.codes.get(dim)!.set(name, code)
      this.names.get(dim)!.set(code, name)
    }
  }

  get size(): number {
    let n = 0
    for (const byName of this.codes.values()) n += byName.size
    return n
  }

  /** The code of a name; undefined for a name no query carries. */
  code(dim: SnowflakeCodedDim, name: string): number | undefined {
    return this.codes.get(dim)!.get(name)
  }

  /** The codes of the names that have one: a name no query carries matches no query. */
  codesOf(dim: SnowflakeCodedDim, names: readonly string[]): number[] {
    return names.map((n) => this.code(dim, n)).filter((c): c is number => c !== undefined)
  }

  /** The name of a code (a stored one always has a name). */
  name(dim: SnowflakeCodedDim, code: number): string {
    const name = this.names.get(dim)!.get(code)
    if (name === undefined) throw new Error(`No Snowflake ${dim} has the code ${code}`)
    return name
  }
}

/** The rows of snowflake_names (every coded dimension but the warehouse). */
export const nameRows = (names: readonly SnowflakeName[]) =>
  names.filter((n) => n.dim !== 'warehouse').map((n) => [n.dim, n.code, n.name])

const codecs = new WeakMap<Db, SnowflakeCodec>()

/**
 * The codec of a seeded database, read once per connection (the seed is the only writer of the names
 * and writes the same ones on every reseed, from the catalogue): a few dozen rows.
 */
export function snowflakeCodec(db: Db): SnowflakeCodec {
  const cached = codecs.get(db)
  if (cached) return cached
  const codec = new SnowflakeCodec(
    db
      .prepare(
        `SELECT dim, code, name FROM snowflake_names
         UNION ALL SELECT 'warehouse', code, uid FROM snowflake_warehouses`,
      )
      .all() as SnowflakeName[],
  )
  // An empty database (read before its seed) is not remembered.
  if (codec.size > 0) codecs.set(db, codec)
  return codec
}

/** SQL giving the name of the code `expr` (a column or parameter), for the few rows a group or page holds. */
export function nameSql(dim: SnowflakeCodedDim, expr: string): string {
  return dim === 'warehouse'
    ? `(SELECT uid FROM snowflake_warehouses WHERE code = ${expr})`
    : `(SELECT name FROM snowflake_names WHERE dim = '${dim}' AND code = ${expr})`
}

/*
 * A query id is a UUID's 32 hex digits with dashes (8-4-4-4-12, lower case, as Snowflake writes it):
 * stored as its 16 bytes (id_bytes), not 36 characters, in the table and in its unique index (the
 * index went from 43 MB to 24 at the large scale). snowflake_queries_named shows it as text again (QUERY_ID_SQL).
 */
const QUERY_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

/** The stored bytes of a query id; undefined for a string no query id can be (it matches no query). */
export function queryIdBytes(id: string): Buffer | undefined {
  return QUERY_ID.test(id) ? Buffer.from(id.replaceAll('-', ''), 'hex') : undefined
}

/** The bytes of a query id the seed makes: refuses one the stored form could not give back. */
export function seededQueryIdBytes(id: string): Buffer {
  const bytes = queryIdBytes(id)
  if (!bytes) throw new Error(`A Snowflake query id must be 8-4-4-4-12 lower-case hex digits: ${id}`)
  return bytes
}

/** A stored query id as text again (what snowflake_queries_named computes in SQL). */
export function queryIdText(bytes: Uint8Array): string {
  const hex = Buffer.from(bytes).toString('hex')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}
