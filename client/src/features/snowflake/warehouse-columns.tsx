import { Link } from 'react-router-dom'
import { Anchor, Badge, Text } from '@mantine/core'
import { formatCount, formatDurationMs, formatPercent, type SnowflakeWarehouseRow } from '@costlens/shared'
import { OverflowTooltip } from '../../components/table/overflow-text.tsx'
import type { DataColumn } from '../../components/table/table-types.ts'
import { ms } from './query-fields.ts'
import { credits, plain4, usd } from './query-format.tsx'

/** A warehouse's details route (R143), with the window of the page it is opened from (its query). */
export const warehouseHref = (uid: string, search = '') =>
  `/warehouse/${encodeURIComponent(uid)}/details${search}`

/** A warehouse's state: the word, with a dot colour (never colour alone). */
export function WarehouseState({ state }: { state: SnowflakeWarehouseRow['state'] }) {
  return (
    <Badge variant="dot" size="sm" color={state === 'STARTED' ? 'green' : 'gray'}>
      {state === 'STARTED' ? 'Started' : 'Suspended'}
    </Badge>
  )
}

const autoSuspend = (seconds: number) => (seconds === 0 ? 'Never' : formatDurationMs(seconds * 1000))

/**
 * The warehouse list's columns (E161): usage in the window, cost and credits to 4 decimals (03 §9).
 * `search` is the list's window, carried to the details so they show the same period.
 *
 * Priorities (issue 16): the warehouse always shows and stays at the left; state and cost next,
 * then credits, queries and size, then utilisation and the queueing figures; the scaling settings
 * show on the widest screens or on demand.
 */
export const warehouseColumns = (search: string): readonly DataColumn<SnowflakeWarehouseRow>[] => [
  {
    key: 'name',
    title: 'Warehouse',
    width: 230,
    priority: 1,
    sticky: true,
    render: (w) => (
      <OverflowTooltip label={`${w.name} — ${w.uid}`}>
        <Anchor
          component={Link}
          to={warehouseHref(w.uid, search)}
          size="sm"
          fw={600}
          truncate
          display="block"
        >
          {w.name}
        </Anchor>
        <Text size="xs" c="dimmed" ff="monospace" truncate>
          {w.uid}
        </Text>
      </OverflowTooltip>
    ),
  },
  {
    key: 'state',
    title: 'State',
    width: 130,
    priority: 2,
    render: (w) => <WarehouseState state={w.state} />,
  },
  { key: 'size', title: 'Size', width: 100, priority: 3 },
  {
    key: 'queryCount',
    priority: 3,
    title: 'Queries',
    width: 100,
    align: 'right',
    render: (w) => formatCount(w.queryCount),
  },
  {
    key: 'cost',
    priority: 2,
    title: 'Cost (USD)',
    width: 130,
    align: 'right',
    render: (w) => usd(w.cost),
    exportValue: (w) => plain4(w.cost),
  },
  {
    key: 'credits',
    priority: 3,
    title: 'Credits',
    width: 110,
    align: 'right',
    render: (w) => credits(w.credits),
    exportValue: (w) => plain4(w.credits),
  },
  {
    key: 'utilisationPercent',
    priority: 4,
    title: 'Utilisation',
    width: 110,
    align: 'right',
    render: (w) => `${formatPercent(w.utilisationPercent)}`,
  },
  {
    key: 'avgQueuedOverloadTime',
    priority: 5,
    title: 'Avg queued overload',
    width: 170,
    align: 'right',
    render: (w) => ms(Math.round(w.avgQueuedOverloadTime)),
  },
  { key: 'queuedQueryCount', title: 'Queued queries', width: 140, align: 'right', priority: 5 },
  {
    key: 'clusters',
    priority: 6,
    title: 'Clusters',
    width: 100,
    align: 'right',
    value: (w) => w.maxClusterCount,
    render: (w) => `${w.minClusterCount} – ${w.maxClusterCount}`,
  },
  { key: 'scalingPolicy', title: 'Scaling', width: 110, displayable: false },
  {
    key: 'autoSuspendSeconds',
    priority: 6,
    title: 'Auto suspend',
    width: 130,
    align: 'right',
    render: (w) => autoSuspend(w.autoSuspendSeconds),
  },
  { key: 'accountId', title: 'Account', width: 140, displayable: false },
]
