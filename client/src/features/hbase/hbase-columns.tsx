import { Anchor } from '@mantine/core'
import {
  formatBytes,
  formatCount,
  formatPercent,
  hbaseHostName,
  type HbaseRegionRow,
  type HbaseRegionServerRow,
  type HbaseTableRow,
} from '@costlens/shared'
import { StatusBadge } from '../../components/status/status-badge.tsx'
import type { DataColumn } from '../../components/table/table-types.ts'
import { orMissing, rowAlert, slowOps } from './hbase-rules.ts'

/*
 * The columns of the HBase tables (02 §2 HBase table and region server rows): every measure in its
 * unit, '--' when missing (B207), the alert as a status and a text (B208), hosts without their
 * 18-character prefix (B209). Measures sort by their number, missing ones last.
 */

type NumberKey<R> = { [K in keyof R]: R[K] extends number | null ? K : never }[keyof R] & string

const measure = <R,>(
  key: NumberKey<R>,
  title: string,
  format: (v: number) => string,
  priority = 2,
  width = 150,
): DataColumn<R> => ({
  key,
  title,
  width,
  align: 'right',
  priority,
  value: (r) => (r[key] as number | null) ?? null,
  render: (r) => orMissing(r[key] as number | null, format),
  exportValue: (r) => (r[key] as number | null) ?? '',
})

const count = <R,>(key: NumberKey<R>, title: string, priority = 2) =>
  measure<R>(key, title, formatCount, priority)
const bytes = <R,>(key: NumberKey<R>, title: string, priority = 2) =>
  measure<R>(key, title, formatBytes, priority)
const percent = <R,>(key: NumberKey<R>, title: string, priority = 2) =>
  measure<R>(key, title, (v) => formatPercent(v), priority)

/** B208: the status badge (Killed or Success) and the alert text ('Good' when none). */
function alertColumns<R extends { alert: string | null }>(): DataColumn<R>[] {
  return [
    {
      key: 'status',
      title: 'Status',
      width: 150,
      priority: 1,
      value: (r) => rowAlert(r.alert).status,
      render: (r) => {
        const { status } = rowAlert(r.alert)
        return <StatusBadge code={status} label={status} style={status === 'Killed' ? 'killed' : 'success'} />
      },
    },
    {
      key: 'alert',
      title: 'Alert',
      width: 170,
      priority: 1,
      ellipsis: true,
      value: (r) => rowAlert(r.alert).alert,
    },
  ]
}

/** A cell that chooses its row: a link-styled button, so it is reached with Tab and pressed with Enter. */
const chooser = (label: string, chosen: boolean, onChoose: () => void, what: string) => (
  <Anchor
    component="button"
    type="button"
    size="sm"
    fw={chosen ? 700 : undefined}
    aria-pressed={chosen}
    aria-label={`${what} ${label}`}
    title={label}
    maw="100%"
    truncate="end"
    onClick={onChoose}
  >
    {label}
  </Anchor>
)

/** The region servers (E071); the host chooses the server whose tables show below. */
export function serverColumns(
  chosen: string | null,
  onChoose: (host: string) => void,
): DataColumn<HbaseRegionServerRow>[] {
  return [
    {
      key: 'host',
      title: 'Host',
      width: 260,
      sticky: true,
      priority: 1,
      value: (r) => hbaseHostName(r.host),
      render: (r) =>
        chooser(hbaseHostName(r.host), r.host === chosen, () => onChoose(r.host), 'Region server'),
    },
    ...alertColumns<HbaseRegionServerRow>(),
    count('regionCount', 'Regions', 2),
    percent('percentFilesLocal', 'Locality', 1),
    count('compactionQueueLength', 'Compaction queue', 1),
    bytes('hlogFileSize', 'WAL size', 1),
    count('readRequestCount', 'Read requests'),
    count('writeRequestCount', 'Write requests'),
    bytes('storeFileSize', 'Store file size', 3),
    bytes('tableSize', 'Data size', 3),
    bytes('averageRegionSize', 'Average region size', 3),
    {
      key: 'slowOps',
      title: 'Slow operations',
      width: 150,
      align: 'right',
      priority: 1,
      value: (r) => slowOps(r),
      render: (r) => orMissing(slowOps(r), formatCount),
      exportValue: (r) => slowOps(r) ?? '',
    },
    count('slowGetCount', 'Slow gets', 2),
    count('slowPutCount', 'Slow puts', 2),
    count('slowDeleteCount', 'Slow deletes', 3),
    count('slowIncrementCount', 'Slow increments', 3),
    count('slowAppendCount', 'Slow appends', 3),
  ]
}

/** The tables (E070); the name opens the table (the table tab, on it). */
export function tableColumns(
  chosen: string | null,
  onChoose: (row: HbaseTableRow) => void,
): DataColumn<HbaseTableRow>[] {
  return [
    {
      key: 'table',
      title: 'Table',
      width: 240,
      sticky: true,
      priority: 1,
      render: (r) => chooser(r.table, r.table === chosen, () => onChoose(r), 'Table'),
    },
    ...alertColumns<HbaseTableRow>(),
    count('regionCount', 'Regions', 1),
    count('readRequestCount', 'Read requests', 1),
    count('writeRequestCount', 'Write requests', 1),
    bytes('tableSize', 'Data size', 2),
    bytes('storeFileSize', 'Store file size', 3),
    bytes('averageRegionSize', 'Average region size', 3),
    percent('percentFilesLocal', 'Locality', 2),
  ]
}

/** A table's regions (E069). */
export const REGION_COLUMNS: DataColumn<HbaseRegionRow>[] = [
  { key: 'encodedName', title: 'Region', width: 200, sticky: true, priority: 1, ellipsis: true },
  { key: 'host', title: 'Host', width: 220, priority: 1, value: (r) => hbaseHostName(r.host) },
  { key: 'startKey', title: 'Start key', width: 150, priority: 3, ellipsis: true },
  count('readRequestCount', 'Read requests', 2),
  count('writeRequestCount', 'Write requests', 2),
  count('storeFileCount', 'Store files', 3),
  bytes('storeFileSize', 'Store file size', 1),
  bytes('memStoreSize', 'Memstore size', 3),
  percent('percentFilesLocal', 'Locality', 2),
  {
    key: 'inTransition',
    title: 'In transition',
    width: 150,
    priority: 2,
    value: (r) => (r.inTransition ? 'Yes' : 'No'),
  },
]
