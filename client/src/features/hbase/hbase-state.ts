import {
  HBASE_INTERVALS,
  HBASE_KPI_PREFIXES,
  SCREEN_DEFAULT_RANGES,
  type HbaseInterval,
} from '@costlens/shared'
import { addressRange, tabs, text } from '../../kit/fields.ts'
import { defineListState, type ListChange } from '../../kit/list-state.ts'

/** The screen's tabs (02 §2 HBase); the first is the plain address. */
export const HBASE_TABS = ['metrics', 'region', 'table'] as const
export type HbaseTab = (typeof HBASE_TABS)[number]

const fields = {
  tab: tabs('tab', HBASE_TABS),
  clusterUid: text('clusterUid'),
  clusterName: text('clusterName'),
  interval: tabs<HbaseInterval>(
    'interval',
    HBASE_INTERVALS,
    SCREEN_DEFAULT_RANGES.hbase.intervals![0] as HbaseInterval,
  ),
  // G85: the region-server family first, the one the metrics tab is about (OS has its own panel).
  prefix: tabs('prefix', HBASE_KPI_PREFIXES, 'regionserver'),
}
const filters = { host: text('host'), table: text('table'), namespace: text('namespace') }

/**
 * The HBase screen's state in the address (02 §2: clusterName, host, table, namespace, prefix,
 * clusterUid; B088: today at 1h by default). A new cluster sends host, table and namespace back to
 * none; the chosen server and table are `filters` so `chooseHost` clears the table with it (B210).
 */
export const hbaseState = defineListState({
  range: addressRange({ preset: SCREEN_DEFAULT_RANGES.hbase.range }),
  fields,
  filters,
  resetFiltersOn: ['clusterUid'],
})

/** One change to the screen's state. */
export type HbaseChange = ListChange<typeof fields, typeof filters>
type Change = HbaseChange

/** B210: choosing a region server ('' for the whole cluster) clears the table. */
export const chooseHost = (host: string): Change => ({
  type: 'filters',
  filters: { host, table: '', namespace: '' },
})

/** Choosing a table keeps its namespace beside it (02 §2 state). */
export const chooseTable = (table: { table: string; namespace: string }): Change => ({
  type: 'filters',
  filters: { table: table.table, namespace: table.namespace },
})

/** Choosing a namespace ('' for all) narrows the table list; a table chosen in another one goes. */
export const chooseNamespace = (namespace: string): Change => ({
  type: 'filters',
  filters: { namespace, table: '' },
})
