import { Stack } from '@mantine/core'
import { autoSelectFirst, hbaseHostName, type HbaseTableRow } from '@costlens/shared'
import { DetailTable } from '../../kit/detail-table.tsx'
import { useHbaseRegionServersQuery, useHbaseTablesQuery } from './api.ts'
import { serverColumns, tableColumns } from './hbase-columns.tsx'
import { chooseHost, chooseTable } from './hbase-state.ts'
import { FRESH, useRefreshed, type HbaseView } from './hbase-view.ts'

/** The failure of a table's call as the table shows it, with a retry. */
export const tableFailure = (
  what: string,
  q: { isError: boolean; error?: unknown; refetch: () => unknown },
) => (q.isError ? { what, error: q.error, onRetry: () => void q.refetch() } : null)

/**
 * The region tab: the region servers (E071), and the tables of the chosen one (E070 with `host`;
 * the first server when none is chosen, B210). A table opens the table tab on it: the drill from a
 * busy server to the table that makes it busy.
 */
export function RegionTab({ view }: { view: HbaseView }) {
  const { clusterUid, window } = view
  const serversArgs = { clusterUid, ...window }
  const servers = useRefreshed(view.now, serversArgs, useHbaseRegionServersQuery(serversArgs, FRESH))
  const rows = servers.data ?? []
  const chosen = autoSelectFirst(
    rows.map((s) => s.host),
    view.host,
  )
  const tablesArgs = { clusterUid, ...window, host: chosen ?? '' }
  const tables = useRefreshed(
    view.now,
    tablesArgs,
    useHbaseTablesQuery(tablesArgs, { ...FRESH, skip: !chosen }),
    !chosen,
  )
  const { change } = view
  const columns = serverColumns(chosen, (host) => change(chooseHost(host)))
  // A drill: Back returns to this server's tables.
  const openTable = (row: HbaseTableRow) => {
    change(chooseTable(row))
    change({ type: 'tab', tab: 'table' }, { push: true })
  }
  return (
    <Stack gap="md">
      <DetailTable
        caption="Region servers"
        columns={columns}
        rows={rows}
        rowKey={(r) => r.host}
        loading={servers.isFetching}
        failure={tableFailure('Region servers', servers)}
        emptyText="No region server reported in this range."
        download={{ name: 'hbase_region_servers', locked: view.downloadLocked }}
      />
      {chosen && (
        <DetailTable
          caption={`Tables on ${hbaseHostName(chosen)}`}
          columnsKey="hbase-server-tables"
          columns={tableColumns(null, openTable)}
          rows={tables.data ?? []}
          rowKey={(r) => r.table}
          loading={tables.isFetching}
          failure={tableFailure('Tables', tables)}
          emptyText="No table has a region on this server."
        />
      )}
    </Stack>
  )
}
