import { useMemo } from 'react'
import { useLocation } from 'react-router-dom'
import { formatCount, type SnowflakeWarehouseRow } from '@costlens/shared'
import { countKpis } from '../../kit/columns.tsx'
import { addressRange } from '../../kit/fields.ts'
import { defineListState } from '../../kit/list-state.ts'
import { ListPage } from '../../kit/list-page.tsx'
import { useListState } from '../../kit/use-list-state.ts'
import { useWarehousesQuery, windowParams } from './api.ts'
import { credits, usd } from './query-format.tsx'
import { warehouseColumns } from './warehouse-columns.tsx'

/**
 * The warehouse list's state: its window only (03 §9: Snowflake screens open on today), as the
 * console writes one (`dateRangeLabel`, or `start_date` and `end_date`). Sort, search and paging
 * stay in the table: a few dozen rows, sorted and searched in the browser.
 */
const warehouseListState = defineListState({
  range: addressRange({ preset: 'today' }),
  fields: {},
  filters: {},
})

/** The totals above the table; '--' while the answer has not come. */
function warehouseKpis(rows: readonly SnowflakeWarehouseRow[] | undefined) {
  if (!rows)
    return countKpis({
      Warehouses: undefined,
      'Cost (USD)': undefined,
      Credits: undefined,
      Queries: undefined,
    })
  const sum = (pick: (w: SnowflakeWarehouseRow) => number) => rows.reduce((t, w) => t + pick(w), 0)
  return [
    {
      label: 'Warehouses',
      value: String(rows.length),
      note: `${rows.filter((w) => w.state === 'STARTED').length} started`,
    },
    { label: 'Cost (USD)', value: usd(sum((w) => w.cost)) },
    { label: 'Credits', value: credits(sum((w) => w.credits)) },
    { label: 'Queries', value: formatCount(sum((w) => w.queryCount)) },
  ]
}

/**
 * /warehouse/list (R142): every warehouse with its usage in the window, most cost first, searchable
 * and sortable in the browser, with the totals above and a CSV download. Each warehouse opens on
 * its details in the same window (the address's query goes with the link).
 */
export default function WarehouseListPage() {
  const list = useListState(warehouseListState)
  const { search } = useLocation()
  const columns = useMemo(() => warehouseColumns(search), [search])
  const request = windowParams(list.state.dateRange)
  return (
    <ListPage
      title="Warehouses"
      caption="Warehouses"
      list={list}
      result={useWarehousesQuery(request)}
      request={request}
      rows={(data) => data?.warehouses ?? []}
      kpis={(data) => warehouseKpis(data?.warehouses)}
      kpiLabel="Warehouse totals"
      columns={columns}
      rowKey={(w) => w.uid}
      browserTable={{ defaultView: { sort: { key: 'cost', direction: 'desc' }, pageSize: 15 } }}
      emptyText="No warehouses"
      download={{ name: 'snowflake_warehouses', formats: ['csv'] }}
    />
  )
}
