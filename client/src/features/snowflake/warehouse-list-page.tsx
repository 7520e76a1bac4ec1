import { useMemo } from 'react'
import { useLocation } from 'react-router-dom'
import { Group, Stack, Title } from '@mantine/core'
import { formatCount, isActionAllowed, type SnowflakeWarehouseRow } from '@costlens/shared'
import { useAppSelector } from '../../app/hooks.ts'
import { DataTable } from '../../components/table/data-table.tsx'
import { useWarehousesQuery } from './api.ts'
import { KpiCards } from './kpi-cards.tsx'
import { PanelState } from '../../components/panel-state/panel-state.tsx'
import { queryPanel } from '../../components/panel-state/panel-status.ts'
import { credits, usd } from './query-format.tsx'
import { warehouseColumns } from './warehouse-columns.tsx'
import { WindowPicker } from './window-picker.tsx'
import { useAddressWindow, windowParams } from './window-state.ts'

// 03 §9: Snowflake screens open on today.
const PRESET = 'today'

/**
 * /warehouse/list (R142): every warehouse with its usage in the window, most cost first, searchable
 * and sortable in the browser (a few dozen rows), with the totals above and a CSV download.
 */
export default function WarehouseListPage() {
  const user = useAppSelector((s) => s.session.user)!
  const location = useLocation()
  const { window, toNow } = useAddressWindow(PRESET)
  const columns = useMemo(() => warehouseColumns(location.search), [location.search])
  const list = useWarehousesQuery(windowParams(window.dateRange))
  const rows = list.data?.warehouses ?? []
  const totals = rows.reduce(
    (t, w) => ({ cost: t.cost + w.cost, credits: t.credits + w.credits, queries: t.queries + w.queryCount }),
    { cost: 0, credits: 0, queries: 0 },
  )

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h3">
          Warehouses
        </Title>
        <WindowPicker
          window={window}
          preset={PRESET}
          freemium={user.plan === 'freemium'}
          onRefresh={() => {
            toNow()
            void list.refetch()
          }}
        />
      </Group>
      <PanelState what="Warehouse totals" {...queryPanel(list, false)}>
        <KpiCards
          label="Warehouse totals"
          items={[
            {
              label: 'Warehouses',
              value: String(rows.length),
              note: `${rows.filter((w) => w.state === 'STARTED').length} started`,
            },
            { label: 'Cost (USD)', value: usd(totals.cost) },
            { label: 'Credits', value: credits(totals.credits) },
            { label: 'Queries', value: formatCount(totals.queries) },
          ]}
        />
      </PanelState>
      <DataTable<SnowflakeWarehouseRow>
        caption="Warehouses"
        columns={columns}
        rows={rows}
        rowKey={(w) => w.uid}
        loading={list.isFetching}
        failure={
          list.isError
            ? { what: 'The warehouses', error: list.error, onRetry: () => void list.refetch() }
            : null
        }
        defaultView={{ sort: { key: 'cost', direction: 'desc' }, pageSize: 15 }}
        emptyText="No warehouses"
        download={{
          name: 'snowflake_warehouses',
          formats: ['csv'],
          locked: !isActionAllowed(user.plan, 'download'),
        }}
      />
    </Stack>
  )
}
