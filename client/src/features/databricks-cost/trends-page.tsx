import { useMemo, useState } from 'react'
import { useLocation, useNavigate } from 'react-router-dom'
import { Button, Group, Paper, SegmentedControl, Select, Stack, Text, Title } from '@mantine/core'
import {
  DATABRICKS_TREND_MAX_FILTERS,
  formatDollars,
  formatNumber,
  type DatabricksTrendSeries,
  type DatabricksTrendType,
  type DatabricksTrendUnit,
} from '@costlens/shared'
import { useAppSelector } from '../../app/hooks.ts'
import { useDocumentTitle } from '../../app/use-document-title.ts'
import { LineChart } from '../../components/charts/line-chart.tsx'
import { paletteColour } from '../../components/charts/chart-options.ts'
import { DateRangePicker } from '../../components/date-range/date-range-picker.tsx'
import { PanelState } from '../../components/panel-state/panel-state.tsx'
import { queryPanel } from '../../components/panel-state/panel-status.ts'
import { DataTable } from '../../components/table/data-table.tsx'
import type { DataColumn } from '../../components/table/table-types.ts'
import { SeriesChips } from '../../kit/series-chips.tsx'
import { useDatabricksCostTrendsQuery } from './api.ts'
import {
  addTrendValue,
  readTrendsView,
  removeTrendValue,
  trendsArgs,
  trendsSearch,
  type DatabricksTrendsView,
} from './trends-state.ts'
import { daysIn, daysOfRange, pickerRangeOf } from '../../kit/utc-days.ts'

const BREAKDOWNS: readonly { value: DatabricksTrendType; label: string; item: string }[] = [
  { value: 'workspaces', label: 'Workspaces', item: 'workspace' },
  { value: 'userName', label: 'Users', item: 'user' },
  { value: 'tags', label: 'Tags', item: 'tag' },
]

/** A figure in its unit: USD as dollars, DBUs to 2 decimals. */
export function formatTrendFigure(value: number, unit: DatabricksTrendUnit): string {
  return unit === 'USD' ? formatDollars(value) : `${formatNumber(value)} DBU`
}

interface BucketRow {
  start: string
  value: number
}

interface SeriesRow {
  key: string
  label: string
  total: number
  share: number
}

/**
 * /cost_explorer/trends, both the old page (R179, oldChargebackAndTrendPages) and the new one
 * (R183, newChargebackAndTrendPages): one path, one screen (G10). The Databricks cost a UTC day or
 * a week in USD (DBUs at list price plus the cloud VMs) or DBUs, one line per workspace, user or
 * tag — the trend items: at most 5, added from the values of the range and removed with their ×
 * (B168) — over 1 to 90 days (the free plan: 7, no tag breakdown). Everything lives in the address.
 */
export default function DatabricksTrendsPage() {
  useDocumentTitle('Cost Trends')
  const user = useAppSelector((s) => s.session.user)!
  const freemium = user.plan === 'freemium'
  const location = useLocation()
  const navigate = useNavigate()
  const [now] = useState(() => Date.now())
  const view = useMemo(() => readTrendsView(location.search, now, freemium), [location.search, now, freemium])
  const show = (next: DatabricksTrendsView) =>
    navigate({ pathname: location.pathname, search: trendsSearch(next) }, { replace: true })
  const query = useDatabricksCostTrendsQuery(trendsArgs(view))
  const data = query.data
  const series: readonly DatabricksTrendSeries[] = data?.series ?? []
  const shown = series.map((s) => s.key)
  const selectedKey = view.items.length ? view.items[view.selected - 1] : shown[0]
  const breakdown = BREAKDOWNS.find((b) => b.value === view.type)!
  const [adding, setAdding] = useState<string | null>(null)
  const addable = (data?.values ?? []).filter((v) => !shown.includes(v))
  const full = shown.length >= DATABRICKS_TREND_MAX_FILTERS
  const labelOf = (key: string) => series.find((s) => s.key === key)?.label ?? key
  const colourOf = (key: string) => paletteColour(Math.max(0, shown.indexOf(key)))

  const lines = series.map((s) => ({ name: s.label, color: colourOf(s.key), data: s.points }))
  const rows: SeriesRow[] = series.map((s) => ({
    key: s.key,
    label: s.label,
    total: s.total,
    share: data && data.total > 0 ? (100 * s.total) / data.total : 0,
  }))
  const columns: DataColumn<SeriesRow>[] = [
    { key: 'label', title: breakdown.label.replace(/s$/, ''), sortable: true },
    {
      key: 'total',
      title: `Total (${view.unit})`,
      align: 'right',
      sortable: true,
      render: (r) => formatTrendFigure(r.total, view.unit),
    },
    {
      key: 'share',
      title: 'Share of all',
      align: 'right',
      sortable: true,
      render: (r) => `${r.share.toFixed(2)} %`,
    },
  ]
  // The selected trend's buckets, newest first: what each day or week of it was.
  const selectedSeries = series.find((s) => s.key === selectedKey)
  const bucketRows: BucketRow[] = (selectedSeries?.points ?? []).map(([t, v]) => ({
    start: new Date(t).toISOString().slice(0, 10),
    value: v,
  }))
  const bucketColumns: DataColumn<BucketRow>[] = [
    { key: 'start', title: view.granularity === 'daily' ? 'Day (UTC)' : 'Week from (UTC)', sortable: true },
    {
      key: 'value',
      title: view.unit === 'USD' ? 'Cost (USD)' : 'DBUs',
      align: 'right',
      sortable: true,
      render: (r) => formatTrendFigure(r.value, view.unit),
    },
  ]
  const range = pickerRangeOf(view, now)
  const days = daysIn(view)

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={1} size="h3">
            Cost Trends
          </Title>
          <Text size="sm" c="dimmed">
            Databricks {view.unit === 'USD' ? 'cost (DBUs at list price + cloud VMs, USD)' : 'usage (DBUs)'} a{' '}
            {view.granularity === 'daily' ? 'UTC day' : 'week'} by {breakdown.label.toLowerCase()}, {view.gte}{' '}
            to {view.lte} ({days} {days === 1 ? 'day' : 'days'}). A run counts once its cost is final.
          </Text>
        </div>
        <DateRangePicker
          kind="databricksCostTrends"
          freemium={freemium}
          now={now}
          value={{ ...range, label: `${view.gte} – ${view.lte}`, value: 'custom' }}
          onChange={(s) => show({ ...view, ...daysOfRange(s) })}
        />
      </Group>
      <Group gap="md" wrap="wrap" align="flex-end">
        <SegmentedControl
          aria-label="Unit"
          value={view.unit}
          onChange={(v) => show({ ...view, unit: v as DatabricksTrendUnit })}
          data={[
            { value: 'USD', label: 'USD' },
            { value: 'DBU', label: 'DBU' },
          ]}
        />
        <SegmentedControl
          aria-label="Granularity"
          value={view.granularity}
          onChange={(v) => show({ ...view, granularity: v as DatabricksTrendsView['granularity'] })}
          data={[
            { value: 'daily', label: 'Daily' },
            { value: 'weekly', label: 'Weekly' },
          ]}
        />
        <SegmentedControl
          aria-label="Breakdown"
          value={view.type}
          // Another breakdown has other values: its trend items start over.
          onChange={(v) => show({ ...view, type: v as DatabricksTrendType, items: [], selected: 0 })}
          data={BREAKDOWNS.map((b) => ({
            value: b.value,
            label: b.value === 'tags' && freemium ? 'Tags (upgrade)' : b.label,
            disabled: b.value === 'tags' && freemium,
          }))}
        />
      </Group>
      <Paper withBorder p="sm" radius="md">
        <Stack gap="sm">
          <SeriesChips
            label="Trends"
            itemName={`the ${breakdown.item}`}
            chips={series.map((s, i) => ({
              index: i + 1,
              label: s.label,
              color: colourOf(s.key),
              selected: s.key === selectedKey,
              note: formatTrendFigure(s.total, view.unit),
            }))}
            onSelect={(index) => {
              const items = view.items.length ? view.items : shown
              show({ ...view, items: [...items], selected: index })
            }}
            onRemove={(index) => show(removeTrendValue(view, shown, index))}
          />
          <Group align="flex-end" gap="sm" wrap="wrap">
            <Select
              label={`Add a ${breakdown.item}`}
              placeholder={
                addable.length ? `Pick a ${breakdown.item}` : `No other ${breakdown.item}s in the range`
              }
              data={addable.map((v) => ({ value: v, label: v === '' ? '(untagged)' : v }))}
              value={adding}
              onChange={setAdding}
              searchable
              disabled={full || !addable.length}
              w={300}
            />
            <Button
              variant="light"
              disabled={adding === null || full}
              onClick={() => {
                if (adding === null) return
                show(addTrendValue(view, shown, adding))
                setAdding(null)
              }}
            >
              Add trend
            </Button>
            {full && (
              <Text size="xs" c="dimmed">
                At most {DATABRICKS_TREND_MAX_FILTERS} trends: remove one to add another.
              </Text>
            )}
          </Group>
        </Stack>
      </Paper>
      <PanelState what="Cost trends" {...queryPanel(query, series.length === 0)}>
        <Paper withBorder p="xs" radius="md">
          <LineChart
            title={`${view.unit === 'USD' ? 'Cost' : 'DBUs'} a ${view.granularity === 'daily' ? 'day' : 'week'} by ${breakdown.item} (${view.unit})`}
            description={`One line per ${breakdown.item}; all Databricks usage in the range: ${data ? formatTrendFigure(data.total, view.unit) : '…'}. Selected: ${selectedKey === undefined ? 'none' : labelOf(selectedKey)}.`}
            series={lines}
            valueFormat={(v) => formatTrendFigure(v, view.unit)}
            range={{ from: range.start, to: range.end }}
          />
        </Paper>
        <DataTable
          caption={`${view.unit === 'USD' ? 'Cost' : 'DBUs'} by ${breakdown.item}, ${view.gte} to ${view.lte}`}
          columns={columns}
          rows={rows}
          rowKey={(r) => r.key}
          defaultView={{ sort: { key: 'total', direction: 'desc' } }}
          {...(!freemium && { download: { name: 'databricks_cost_trends', formats: ['csv'] as const } })}
        />
        {selectedSeries && (
          <DataTable
            caption={`${selectedSeries.label} by ${view.granularity === 'daily' ? 'day' : 'week'}`}
            columns={bucketColumns}
            rows={bucketRows}
            rowKey={(r) => r.start}
            defaultView={{ sort: { key: 'start', direction: 'desc' } }}
            {...(!freemium && {
              download: { name: 'databricks_cost_trend_buckets', formats: ['csv'] as const },
            })}
          />
        )}
      </PanelState>
    </Stack>
  )
}
