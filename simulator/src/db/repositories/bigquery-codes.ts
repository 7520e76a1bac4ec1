import type { BigQueryReservation, BigQueryTag, BigQueryTableRef } from '@costlens/shared'
import type { Db } from '../open-database.ts'

/*
 * bq_jobs carries small integer codes for its project, principal, reservation and label set
 * (schema.sql). The handful of rows behind them (tens of projects, hundreds of principals) are read
 * once per request into a codec that turns a filter's names into codes and a row's codes into names,
 * so no list query joins a million jobs to text.
 */

export interface BigQueryProject {
  code: number
  projectId: string
  projectName: string
  projectNumber: string
  organization: string
  location: string
  reservation: number | null
}

export interface BigQueryCodec {
  projects: Map<number, BigQueryProject>
  projectCode: Map<string, number>
  principals: Map<number, { email: string; isServiceAccount: boolean }>
  principalCode: Map<string, number>
  reservations: Map<number, BigQueryReservation>
  /** A label set's pairs, by set code. */
  labelSets: Map<number, BigQueryTag[]>
  /** Label code by `key\u0000value`. */
  labelCode: Map<string, number>
}

const pairKey = (key: string, value: string) => `${key}\u0000${value}`

export function readCodec(db: Db): BigQueryCodec {
  const projects = new Map(
    (
      db
        .prepare(
          `SELECT code, project_id AS projectId, project_name AS projectName, project_number AS projectNumber,
                  organization, location, reservation FROM bq_projects`,
        )
        .all() as BigQueryProject[]
    ).map((p) => [p.code, p]),
  )
  const principalRows = db.prepare('SELECT code, email, is_service_account FROM bq_principals').all() as {
    code: number
    email: string
    is_service_account: number
  }[]
  const reservationRows = db.prepare('SELECT * FROM bq_reservations').all() as {
    code: number
    reservation_id: string
    edition: BigQueryReservation['edition']
    slot_capacity: number
    max_slots: number
    commitment: BigQueryReservation['commitment']
    usd_per_slot_hour: number
  }[]
  const labels = db.prepare('SELECT code, key, value FROM bq_labels').all() as {
    code: number
    key: string
    value: string
  }[]
  const byLabel = new Map(labels.map((l) => [l.code, { key: l.key, value: l.value }]))
  const labelSets = new Map<number, BigQueryTag[]>()
  for (const s of db.prepare('SELECT code, label FROM bq_label_sets ORDER BY code, label').all() as {
    code: number
    label: number
  }[]) {
    const tag = byLabel.get(s.label)
    if (tag) (labelSets.get(s.code) ?? labelSets.set(s.code, []).get(s.code)!).push(tag)
  }
  return {
    projects,
    projectCode: new Map([...projects.values()].map((p) => [p.projectId, p.code])),
    principals: new Map(
      principalRows.map((p) => [p.code, { email: p.email, isServiceAccount: p.is_service_account === 1 }]),
    ),
    principalCode: new Map(principalRows.map((p) => [p.email, p.code])),
    reservations: new Map(
      reservationRows.map((r) => [
        r.code,
        {
          reservationId: r.reservation_id,
          edition: r.edition,
          slotCapacity: r.slot_capacity,
          maxSlots: r.max_slots,
          commitment: r.commitment,
          usdPerSlotHour: r.usd_per_slot_hour,
        },
      ]),
    ),
    labelSets,
    labelCode: new Map(labels.map((l) => [pairKey(l.key, l.value), l.code])),
  }
}

/** The codes of the names the codec knows; a name it does not know matches no job. */
export const codesOf = (names: readonly string[], codes: Map<string, number>) =>
  names.flatMap((name) => {
    const code = codes.get(name)
    return code === undefined ? [] : [code]
  })

export const labelCodeOf = (codec: BigQueryCodec, tag: BigQueryTag) =>
  codec.labelCode.get(pairKey(tag.key, tag.value))

interface StoredTable {
  code: number
  project: number
  dataset: string
  table_name: string
  partitioned: number
  clustered: number
  storage_bytes: number
  row_count: number
}

/** `project.dataset.table` of a stored table. */
export const tableName = (
  codec: BigQueryCodec,
  t: { project: number; dataset: string; table_name: string },
) => `${codec.projects.get(t.project)?.projectId ?? '?'}.${t.dataset}.${t.table_name}`

/** The tables of a list of codes, in that order (unknown codes left out). */
export function tableRefs(db: Db, codec: BigQueryCodec, codes: readonly number[]): BigQueryTableRef[] {
  if (!codes.length) return []
  const rows = db
    .prepare('SELECT * FROM bq_tables WHERE code IN (SELECT value FROM json_each(?))')
    .all(JSON.stringify(codes)) as StoredTable[]
  const byCode = new Map(rows.map((t) => [t.code, t]))
  return codes.flatMap((code) => {
    const t = byCode.get(code)
    return t
      ? [
          {
            table: tableName(codec, t),
            partitioned: t.partitioned === 1,
            clustered: t.clustered === 1,
            storageBytes: t.storage_bytes,
            rows: t.row_count,
          },
        ]
      : []
  })
}

/** bq_statements.source_tables: codes, comma-separated ('' for none). */
export const sourceTableCodes = (text: string) =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map(Number)

/** A seeded job id: bquxjob_<8 hex: the sequence>_<11 hex> (seed/bigquery.ts jobId). */
const SEEDED_JOB_ID = /^bquxjob_([0-9a-f]{8})_([0-9a-f]{11})$/

/**
 * A job's id in SQL, over bq_jobs aliased `alias` (schema.sql bq_jobs: the seeded ids are not
 * stored as text, issue 18): the text of an id of another shape, else the seeded id from its
 * sequence (the rowid - 1) and its tail, exactly as seed/bigquery.ts jobId wrote it.
 */
export const jobIdSql = (alias: string): string =>
  `coalesce(${alias}.id_text, printf('bquxjob_%08x_%011x', ${alias}.seq - 1, ${alias}.id_tail))`

/**
 * The WHERE of one job by its id: a seeded id is one rowid seek (its sequence + 1) with its tail
 * compared; any other id (a hand-written fixture's, in id_text) one seek of bq_jobs_id_text, the
 * partial index of those (empty in a seeded file).
 */
export function jobIdWhere(alias: string, id: string): { sql: string; params: unknown[] } {
  const seeded = SEEDED_JOB_ID.exec(id)
  if (seeded)
    return {
      sql: `${alias}.seq = ? AND ${alias}.id_tail = ? AND ${alias}.id_text IS NULL`,
      params: [parseInt(seeded[1]!, 16) + 1, parseInt(seeded[2]!, 16)],
    }
  return { sql: `${alias}.id_text = ?`, params: [id] }
}
