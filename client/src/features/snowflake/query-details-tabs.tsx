import type { ReactNode } from 'react'
import { Link } from 'react-router-dom'
import { Anchor, Card, Stack, Text } from '@mantine/core'
import {
  formatBytes,
  formatCount,
  queryStringFromState,
  startOfUtcDay,
  type SnowflakeQueryDetails,
  type SnowflakeTableRef,
} from '@costlens/shared'
import { CodeViewer } from '../../components/code-viewer/code-viewer.tsx'
import { DataTable } from '../../components/table/data-table.tsx'
import type { DataColumn } from '../../components/table/table-types.ts'
import { gridFields } from '../../kit/compare-fields.ts'
import { FieldGrid } from '../../kit/field-grid.tsx'
import { ShareBars } from '../../kit/share-bars.tsx'
import { METRIC_FIELDS, QUERY_DETAIL_FIELDS, TIME_METRICS, WAREHOUSE_FIELDS, ms } from './query-fields.ts'
import { usd } from './query-format.tsx'
import { warehouseHref } from './warehouse-columns.tsx'
import { InsightCard } from '../../kit/insight-card.tsx'

/** The UTC day the query started, as a warehouse window (to now, if that day is today). */
function queryDayWindow(d: SnowflakeQueryDetails): string {
  const start = startOfUtcDay(Date.parse(d.query.startTime))
  return queryStringFromState({ start_date: start, end_date: Math.min(start + DAY - 1, Date.now()) })
}

const DAY = 86_400_000

/** One details tab: its address value, its label, an optional count, and its panel. */
export interface DetailsTab {
  value: string
  label: string
  count?: (d: SnowflakeQueryDetails) => number
  panel: (d: SnowflakeQueryDetails) => ReactNode
}

/** The six tabs of 03 §2 'Snowflake query details tabs', in order. */
export const DETAILS_TABS: readonly DetailsTab[] = [
  {
    value: 'details',
    label: 'Query details',
    panel: (d) => (
      <Stack gap="md">
        <FieldGrid cols={4} fields={gridFields(QUERY_DETAIL_FIELDS, d)} />
        <CodeViewer title={`SQL of ${d.query.id}`} code={d.query.sqlFull} language="sql" />
      </Stack>
    ),
  },
  {
    value: 'warehouse',
    label: 'Warehouse',
    panel: (d) => (
      <Stack gap="md">
        <FieldGrid cols={4} fields={gridFields(WAREHOUSE_FIELDS, d)} />
        <Anchor component={Link} to={warehouseHref(d.warehouse.uid, queryDayWindow(d))} size="sm">
          Open warehouse {d.warehouse.name} on the day of this query
        </Anchor>
      </Stack>
    ),
  },
  {
    value: 'insights',
    label: 'Insights',
    count: (d) => d.insights.length,
    panel: (d) => <InsightsPanel details={d} />,
  },
  {
    value: 'inputTables',
    label: 'Input tables',
    count: (d) => d.inputTables.length,
    panel: (d) => <TablesPanel caption="Input tables" tables={d.inputTables} />,
  },
  {
    value: 'outputTables',
    label: 'Output tables',
    count: (d) => d.outputTables.length,
    panel: (d) => <TablesPanel caption="Output tables" tables={d.outputTables} />,
  },
  { value: 'metrics', label: 'Metrics', panel: (d) => <MetricsPanel details={d} /> },
]

function InsightsPanel({ details }: { details: SnowflakeQueryDetails }) {
  if (details.insights.length === 0)
    return (
      <Text c="dimmed" py="md">
        No insights were raised on this query.
      </Text>
    )
  const { savings } = details
  return (
    <Stack gap="sm">
      {/* Issue 15 #16: the savings say what cost they are shares of, and together never exceed it. */}
      <Card withBorder padding="sm" aria-label="Estimated savings">
        <Text size="sm" fw={600}>
          Estimated savings together {usd(savings.totalMonthlyUsd)} / month
        </Text>
        <Text size="sm" c="dimmed">
          {savings.basisText} The fixes overlap, so together they save less than the sum of each.
        </Text>
      </Card>
      {details.insights.map((insight) => (
        <InsightCard
          key={insight.key}
          name={insight.name}
          category={insight.category}
          saving={`${usd(insight.estimatedSavingUsd)} / month`}
          description={insight.description}
          recommendation={insight.recommendation}
        />
      ))}
    </Stack>
  )
}

const TABLE_COLUMNS: readonly DataColumn<SnowflakeTableRef>[] = [
  { key: 'database', title: 'Database', width: 150 },
  { key: 'schema', title: 'Schema', width: 150 },
  { key: 'name', title: 'Table', width: 220 },
  { key: 'rows', title: 'Rows', width: 130, align: 'right', render: (t) => formatCount(t.rows) },
  { key: 'bytes', title: 'Size', width: 120, align: 'right', render: (t) => formatBytes(t.bytes) },
  {
    key: 'partitionsScanned',
    title: 'Partitions scanned / total',
    width: 210,
    align: 'right',
    render: (t) => `${formatCount(t.partitionsScanned)} / ${formatCount(t.partitionsTotal)}`,
  },
]

function TablesPanel({ caption, tables }: { caption: string; tables: readonly SnowflakeTableRef[] }) {
  return (
    <DataTable<SnowflakeTableRef>
      caption={caption}
      columns={TABLE_COLUMNS}
      rows={tables}
      rowKey={(t) => `${t.database}.${t.schema}.${t.name}`}
      search={tables.length > 10}
      emptyText={`No ${caption.toLowerCase()}`}
    />
  )
}

/** The time metrics in ms, each with a bar against the longest, then execution, spills and partitions. */
function MetricsPanel({ details }: { details: SnowflakeQueryDetails }) {
  return (
    <Stack gap="lg">
      <ShareBars
        caption="Time metrics (ms)"
        labelTitle="Time metric"
        valueTitles={['Time (ms)']}
        rows={TIME_METRICS.map((m) => ({ key: m.key, label: m.label, values: [details.metrics[m.key]] }))}
        format={ms}
      />
      <FieldGrid cols={4} fields={gridFields(METRIC_FIELDS.slice(TIME_METRICS.length), details)} />
    </Stack>
  )
}
