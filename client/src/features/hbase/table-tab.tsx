import { Select, Stack, Title } from '@mantine/core'
import {
  autoSelectFirst,
  formatBytes,
  formatCount,
  formatDateTime,
  zoneLabel,
  type HbaseTableBasicInfo,
} from '@costlens/shared'
import { PanelState } from '../../components/panel-state/panel-state.tsx'
import { queryPanel } from '../../components/panel-state/panel-status.ts'
import { ChartGrid } from '../../kit/chart-panel.tsx'
import { DetailTable } from '../../kit/detail-table.tsx'
import { FieldGrid, type GridField } from '../../kit/field-grid.tsx'
import {
  useHbaseTableBasicInfoQuery,
  useHbaseTableKpiQuery,
  useHbaseTableRegionInfoQuery,
  useHbaseTablesQuery,
} from './api.ts'
import { REGION_COLUMNS, tableColumns } from './hbase-columns.tsx'
import { orMissing, rowAlert, seriesCharts, unitFormat } from './hbase-rules.ts'
import { chooseNamespace, chooseTable } from './hbase-state.ts'
import { FRESH, useRefreshed, type HbaseView } from './hbase-view.ts'
import { tableFailure } from './region-tab.tsx'

/** A table's descriptor and totals (E068) as labelled fields, each in its unit. */
export function basicInfoFields(t: HbaseTableBasicInfo): GridField[] {
  const families = t.columnFamilies
    .map((f) => `${f.name} (${f.compression.toLowerCase()}, ${f.versions} versions)`)
    .join(', ')
  return [
    { label: 'Namespace', value: t.namespace },
    {
      label: 'State',
      value: `${t.enabled ? 'Enabled' : 'Disabled'}${t.systemTable ? ', system table' : ''}`,
    },
    { label: 'Alert', value: rowAlert(t.alert).alert },
    { label: 'Created', value: `${formatDateTime(t.createdTime)} ${zoneLabel(undefined, t.createdTime)}` },
    { label: 'Column families', value: families },
    { label: 'Split size', value: formatBytes(t.maxFileSize) },
    {
      label: 'Regions',
      value: `${formatCount(t.regionCount)} on ${formatCount(t.regionServerCount)} servers`,
    },
    { label: 'Data size', value: formatBytes(t.tableSize) },
    { label: 'Store files', value: `${formatCount(t.storeFileCount)} (${formatBytes(t.storeFileSize)})` },
    { label: 'Memstore size', value: formatBytes(t.memStoreSize) },
    { label: 'Average region size', value: orMissing(t.averageRegionSize, formatBytes) },
    { label: 'Locality', value: orMissing(t.percentFilesLocal, unitFormat('%')) },
    { label: 'Read requests', value: orMissing(t.readRequestCount, formatCount) },
    { label: 'Write requests', value: orMissing(t.writeRequestCount, formatCount) },
  ]
}

/** The chosen table: its fields, its KPI series (E065) and its regions (E069). */
function TableDetails({ view, table }: { view: HbaseView; table: string }) {
  const args = { clusterUid: view.clusterUid, ...view.window, table }
  const info = useRefreshed(view.now, args, useHbaseTableBasicInfoQuery(args, FRESH))
  const kpiArgs = { ...args, interval: view.interval }
  const kpi = useRefreshed(view.now, kpiArgs, useHbaseTableKpiQuery(kpiArgs, FRESH))
  const regions = useRefreshed(view.now, args, useHbaseTableRegionInfoQuery(args, FRESH))
  const charts = seriesCharts(kpi.data, table, view.range).map((s) => ({
    ...s,
    exportAllowed: view.exportAllowed,
  }))
  return (
    <section aria-labelledby="hbase-table-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="hbase-table-title">
          {table}
        </Title>
        <PanelState {...queryPanel(info, !info.data)} what="The table's details">
          {info.data && <FieldGrid fields={basicInfoFields(info.data)} cols={4} />}
        </PanelState>
        <PanelState {...queryPanel(kpi, charts.length === 0)} what="The table's metrics" minHeight={300}>
          <ChartGrid specs={charts} />
        </PanelState>
        <DetailTable
          caption={`Regions of ${table}`}
          columnsKey="hbase-table-regions"
          columns={REGION_COLUMNS}
          rows={regions.data?.regions ?? []}
          rowKey={(r) => r.regionName}
          loading={regions.isFetching}
          failure={tableFailure('Regions', regions)}
          download={{ name: 'hbase_table_regions', locked: view.downloadLocked }}
        />
      </Stack>
    </section>
  )
}

/** The namespaces of a cluster's tables, by name (the list's own rows, so it needs no call of its own). */
const namespacesOf = (rows: readonly { namespace: string }[]) =>
  [...new Set(rows.map((t) => t.namespace))].sort((a, b) => a.localeCompare(b))

/**
 * The table tab: the cluster's tables (E070), of one namespace when one is chosen (02 §2 state),
 * and the chosen table (the first when none is, B210) in detail. A table chosen on the region tab
 * opens here.
 */
export function TableTab({ view }: { view: HbaseView }) {
  const args = { clusterUid: view.clusterUid, ...view.window }
  // Every table, for the namespace choices; the list itself is the server's answer for the namespace.
  const all = useRefreshed(view.now, args, useHbaseTablesQuery(args, FRESH))
  const listArgs = view.namespace ? { ...args, namespace: view.namespace } : args
  const tables = useRefreshed(view.now, listArgs, useHbaseTablesQuery(listArgs, FRESH))
  const rows = tables.data ?? []
  const chosen = autoSelectFirst(
    rows.map((t) => t.table),
    view.table,
  )
  return (
    <Stack gap="md">
      <Select
        label="Namespace"
        w={240}
        data={[
          { value: '', label: 'All namespaces' },
          ...namespacesOf(all.data ?? []).map((n) => ({ value: n, label: n })),
        ]}
        value={view.namespace}
        allowDeselect={false}
        onChange={(namespace) => namespace !== null && view.change(chooseNamespace(namespace))}
      />
      <DetailTable
        caption={view.namespace ? `Tables in ${view.namespace}` : 'Tables'}
        columns={tableColumns(chosen, (row) => view.change(chooseTable(row)))}
        rows={rows}
        rowKey={(r) => r.table}
        loading={tables.isFetching}
        failure={tableFailure('Tables', tables)}
        emptyText={view.namespace ? `No table in namespace ${view.namespace}.` : 'No table in this cluster.'}
        download={{ name: 'hbase_tables', locked: view.downloadLocked }}
      />
      {chosen && <TableDetails view={view} table={chosen} />}
    </Stack>
  )
}
