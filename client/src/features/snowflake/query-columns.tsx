import { Link } from 'react-router-dom'
import { Anchor, Text } from '@mantine/core'
import {
  COMPARE_TYPES,
  formatDurationMs,
  queryStringFromState,
  type DateRange,
  type SnowflakeQueryRow,
} from '@costlens/shared'
import { OverflowTooltip } from '../../components/table/overflow-text.tsx'
import type { DataColumn } from '../../components/table/table-types.ts'
import { QueryStatusBadge, credits, isoTime, plain4, statusLabel, usd } from './query-format.tsx'
import { columns } from '../../kit/columns.tsx'

/** A query's details route (R145), from the compare configuration so the two never disagree. */
export const queryDetailsHref = (id: string) =>
  COMPARE_TYPES.query.detailRoute.replace(':id', encodeURIComponent(id))

/** The whole query list (tab all) of a window narrowed to one value: a user's, a warehouse's, a signature's queries. */
export const queryListHref = (range: DateRange, filter: Readonly<Record<string, string>>) =>
  `/query/list${queryStringFromState({
    tab: 'all',
    ...filter,
    startDate: new Date(range.start).toISOString(),
    endDate: new Date(range.end).toISOString(),
  })}`

/**
 * The query list's columns (03 §2, §3 Snowflake query row). The list is about cost, so cost,
 * credits and duration come right after the status, where they are seen without scrolling. Keys are the list's sort keys
 * (SNOWFLAKE_QUERY_SORT_KEYS), so a header click is a server sort as it stands. Exports read plain
 * values: the id, the status word, ms, and cost and credits as 4-decimal text (03 §9).
 *
 * Priorities (issue 16): the query always shows and stays at the left; status, cost and duration
 * next, then credits, start and insights (a 1280 px screen), then the user (1440 px), then the
 * warehouse. Widths are those of the longest usual values, so what shows is not cut.
 */
export const QUERY_COLUMNS: readonly DataColumn<SnowflakeQueryRow>[] = [
  {
    key: 'id',
    title: 'Query',
    width: 280,
    priority: 1,
    sticky: true,
    sortable: false,
    render: (r) => (
      <OverflowTooltip label={`${r.id} — ${r.sqlShort}`}>
        <Anchor
          component={Link}
          to={queryDetailsHref(r.id)}
          size="xs"
          ff="monospace"
          truncate
          display="block"
        >
          {r.id}
        </Anchor>
        <Text size="xs" c="dimmed" ff="monospace" truncate>
          {r.sqlShort}
        </Text>
      </OverflowTooltip>
    ),
  },
  { key: 'sql', title: 'SQL', value: (r) => r.sqlShort, displayable: false, sortable: false },
  {
    key: 'status',
    title: 'Status',
    width: 115,
    priority: 2,
    value: (r) => statusLabel(r.status),
    render: (r) => <QueryStatusBadge code={r.status} />,
  },
  { ...columns.figure<SnowflakeQueryRow>('cost', 'Cost (USD)', 110, usd, plain4), priority: 2 },
  { ...columns.figure<SnowflakeQueryRow>('usage', 'Credits', 85, credits, plain4), priority: 3 },
  {
    key: 'duration',
    title: 'Duration',
    width: 90,
    priority: 2,
    align: 'right',
    render: (r) => formatDurationMs(r.duration),
    exportValue: (r) => r.duration,
  },
  { ...columns.insightCount<SnowflakeQueryRow>(85), priority: 3 },
  { key: 'userName', title: 'User', width: 140, priority: 4 },
  { key: 'warehouse', title: 'Warehouse', width: 150, priority: 5, value: (r) => r.warehouse.name },
  {
    key: 'startTime',
    title: 'Start Time',
    width: 150,
    priority: 3,
    zoned: true,
    value: (r) => isoTime(r.startTime),
  },
]
