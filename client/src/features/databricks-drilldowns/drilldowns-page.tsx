import { useMemo, useState } from 'react'
import { Link, useLocation, useNavigate } from 'react-router-dom'
import {
  Anchor,
  Breadcrumbs,
  Group,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Title,
} from '@mantine/core'
import {
  DRILL_COMPUTE_TYPE_LABELS,
  DRILL_OTHER_KEY,
  formatDollars,
  formatNumber,
  formatPercent,
  type DatabricksTrendUnit,
  type DrillRow,
} from '@costlens/shared'
import { useAppSelector } from '../../app/hooks.ts'
import { useDocumentTitle } from '../../app/use-document-title.ts'
import { paletteColour } from '../../components/charts/chart-options.ts'
import { StackedBarChart } from '../../components/charts/stacked-bar-chart.tsx'
import { DateRangePicker } from '../../components/date-range/date-range-picker.tsx'
import { PanelState } from '../../components/panel-state/panel-state.tsx'
import { queryPanel } from '../../components/panel-state/panel-status.ts'
import { DataTable } from '../../components/table/data-table.tsx'
import type { DataColumn } from '../../components/table/table-types.ts'
import { KpiRow, costChangeNote } from '../../kit/kpi-row.tsx'
import { useDatabricksCostDrillDownsQuery } from './api.ts'
import {
  dimensionLabel,
  drillArgs,
  drillBack,
  drillInto,
  drillSearch,
  openDimensions,
  readDrillView,
  type DrillView,
} from './drilldowns-state.ts'
import { daysIn, daysOfRange, pickerRangeOf } from '../../kit/utc-days.ts'

/** A figure in its unit: USD as dollars, DBUs to 2 decimals. */
export function formatDrillFigure(value: number, unit: DatabricksTrendUnit): string {
  return unit === 'USD' ? formatDollars(value) : `${formatNumber(value)} DBU`
}

/** A change against the previous period as text: '▲ +12.50%', '▼ -3.00%', 'new' when nothing before. */
export function formatChange(change: number | null): string {
  if (change === null) return 'new'
  const percent = 100 * change
  return `${percent > 0 ? '▲ +' : percent < 0 ? '▼ ' : ''}${formatPercent(percent)}`
}

/** Where a row leads out of the drill-down: a job to its runs, a cluster to the clusters list, a workspace to its trend. */
function leafLink(view: DrillView, row: DrillRow): { to: string; text: string } | null {
  if (row.key === DRILL_OTHER_KEY) return null
  const range = `gte=${view.gte}&lte=${view.lte}`
  if (view.groupBy === 'workspace')
    return {
      to: `/cost_explorer/trends?${range}&unit=${view.unit}&type=workspaces&item=${encodeURIComponent(row.key)}&selected=1`,
      text: 'Trend',
    }
  if (row.source?.kind === 'job')
    return { to: `/jobs/runs?jobIds=${encodeURIComponent(row.source.id)}`, text: 'Runs' }
  if (row.source?.kind === 'cluster')
    return {
      to: `/compute/dbclusters?workspace=${encodeURIComponent(row.source.workspace)}`,
      text: 'Clusters',
    }
  return null
}

/**
 * /cost_explorer/drill_downs (R180, issue 20): where the Databricks money of a range went, level by
 * level — by workspace, compute type (the SKU family), source (job, all-purpose cluster, pipeline,
 * SQL warehouse), user or tag key (not on the free plan) — in USD (DBUs at list price + cloud VMs)
 * or DBUs, as the cost trends count them. A row opens the next level; the breadcrumb goes back;
 * the path lives in the address. Each level: its rows' value, share, USD, DBUs, runs or sessions
 * and the change against the previous period of equal length, and a chart of both periods.
 */
export default function DatabricksDrillDownsPage() {
  useDocumentTitle('Cost Drill Downs')
  const user = useAppSelector((s) => s.session.user)!
  const freemium = user.plan === 'freemium'
  const location = useLocation()
  const navigate = useNavigate()
  const [now] = useState(() => Date.now())
  const view = useMemo(() => readDrillView(location.search, now, freemium), [location.search, now, freemium])
  const show = (next: DrillView) => navigate({ pathname: location.pathname, search: drillSearch(next) })
  const query = useDatabricksCostDrillDownsQuery(drillArgs(view))
  const data = query.data
  const rows: readonly DrillRow[] = data?.rows ?? []
  const tagKeys = data?.tagKeys ?? []
  const level = dimensionLabel(view.groupBy)
  const unitLabel = view.unit === 'USD' ? 'Cost (USD)' : 'DBUs'

  const range = pickerRangeOf(view, now)
  const days = daysIn(view)
  const groupChoices = [view.groupBy, ...openDimensions(view.path, tagKeys, freemium)].filter(
    (d, i, all) => all.indexOf(d) === i,
  )
  const labelOfStep = (dimension: string, value: string) =>
    data?.path.find((p) => p.dimension === dimension && p.value === value)?.label ??
    (dimension === 'computeType'
      ? (DRILL_COMPUTE_TYPE_LABELS[value as keyof typeof DRILL_COMPUTE_TYPE_LABELS] ?? value)
      : value)

  const columns: DataColumn<DrillRow>[] = [
    {
      key: 'label',
      title: level,
      sortable: true,
      render: (r) => {
        const next = r.key === DRILL_OTHER_KEY ? null : drillInto(view, r.key, tagKeys, freemium)
        return next ? (
          <Anchor
            component={Link}
            to={{ search: drillSearch(next) }}
            size="sm"
            aria-label={`${r.label}: break down by ${dimensionLabel(next.groupBy).toLowerCase()}`}
          >
            {r.label}
          </Anchor>
        ) : (
          <Text size="sm">{r.label}</Text>
        )
      },
    },
    {
      key: 'value',
      title: unitLabel,
      align: 'right',
      sortable: true,
      // Other (the rest past the limit) stays under the values it sums, however large it is.
      value: (r) => (r.key === DRILL_OTHER_KEY ? -1 : r.value),
      render: (r) => formatDrillFigure(r.value, view.unit),
    },
    {
      key: 'share',
      title: 'Share of parent',
      align: 'right',
      sortable: true,
      render: (r) => formatPercent(100 * r.share),
    },
    view.unit === 'USD'
      ? { key: 'dbus', title: 'DBUs', align: 'right', sortable: true, render: (r) => formatNumber(r.dbus) }
      : {
          key: 'cost',
          title: 'Cost (USD)',
          align: 'right',
          sortable: true,
          render: (r) => formatDollars(r.cost),
        },
    {
      key: 'count',
      title: 'Runs / sessions',
      align: 'right',
      sortable: true,
      render: (r) => formatNumber(r.count, 0),
    },
    {
      key: 'previous',
      title: `Previous ${days} d`,
      align: 'right',
      sortable: true,
      render: (r) => formatDrillFigure(r.previous, view.unit),
    },
    {
      key: 'change',
      title: 'Change',
      align: 'right',
      sortable: true,
      value: (r) => r.change ?? Infinity,
      render: (r) => (
        // Shades with 4.5:1 on a striped or hovered row (gray-1) in both schemes: Mantine's teal-9
        // reaches only 4.49:1 there, so the better tone is a step darker.
        <Text
          size="sm"
          style={{
            color:
              r.change === null || r.change === 0
                ? undefined
                : r.change > 0
                  ? 'light-dark(var(--mantine-color-red-9), var(--mantine-color-red-4))'
                  : 'light-dark(#06684a, var(--mantine-color-teal-4))',
          }}
        >
          {formatChange(r.change)}
        </Text>
      ),
    },
    {
      key: 'open',
      title: 'Open',
      render: (r) => {
        const link = leafLink(view, r)
        return link ? (
          <Anchor component={Link} to={link.to} size="sm" aria-label={`${link.text} of ${r.label}`}>
            {link.text}
          </Anchor>
        ) : null
      },
    },
  ]

  const change =
    data && data.level.previous > 0 ? (data.level.value - data.level.previous) / data.level.previous : null
  const kpis = data
    ? [
        {
          label: view.path.length ? 'This level' : 'All Databricks usage',
          value: formatDrillFigure(data.level.value, view.unit),
          ...costChangeNote(
            change === null ? null : 100 * change,
            `vs ${formatDrillFigure(data.level.previous, view.unit)} the ${days} days before`,
            'nothing the period before',
          ),
        },
        {
          label: 'Share of all usage',
          value: data.total > 0 ? formatPercent((100 * data.level.value) / data.total) : '–',
          note: `of ${formatDrillFigure(data.total, view.unit)}`,
        },
        view.unit === 'USD'
          ? { label: 'DBUs', value: formatNumber(data.level.dbus) }
          : { label: 'Cost (USD)', value: formatDollars(data.level.cost) },
        {
          label: 'Runs / sessions',
          value: formatNumber(data.level.count, 0),
          note: `${data.values} ${level.toLowerCase()} values`,
        },
      ]
    : []

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={1} size="h3">
            Cost Drill Downs
          </Title>
          <Text size="sm" c="dimmed">
            Databricks {view.unit === 'USD' ? 'cost (DBUs at list price + cloud VMs, USD)' : 'usage (DBUs)'},{' '}
            {view.gte} to {view.lte} ({days} {days === 1 ? 'day' : 'days'}, UTC), against the {days} days
            before. A run counts once its cost is final.
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
        <Select
          label="Break down by"
          value={view.groupBy}
          onChange={(v) => v && show({ ...view, groupBy: v })}
          data={groupChoices.map((d) => ({ value: d, label: dimensionLabel(d) }))}
          allowDeselect={false}
          w={220}
        />
        {freemium && (
          <Text size="xs" c="dimmed">
            Tag levels are not included in the free plan.
          </Text>
        )}
      </Group>
      <nav aria-label="Drill-down path">
        <Breadcrumbs separator="›">
          {view.path.length === 0 ? (
            <Text size="sm" fw={600} aria-current="page">
              All usage
            </Text>
          ) : (
            <Anchor component={Link} to={{ search: drillSearch(drillBack(view, 0)) }} size="sm">
              All usage
            </Anchor>
          )}
          {view.path.map((step, i) =>
            i === view.path.length - 1 ? (
              <Text size="sm" fw={600} key={step.dimension} aria-current="page">
                {dimensionLabel(step.dimension)}: {labelOfStep(step.dimension, step.value)}
              </Text>
            ) : (
              <Anchor
                component={Link}
                key={step.dimension}
                to={{ search: drillSearch(drillBack(view, i + 1)) }}
                size="sm"
              >
                {dimensionLabel(step.dimension)}: {labelOfStep(step.dimension, step.value)}
              </Anchor>
            ),
          )}
        </Breadcrumbs>
      </nav>
      <PanelState what="Cost drill-down" {...queryPanel(query, rows.length === 0)}>
        <KpiRow kpis={kpis} label="Level totals" />
        <Paper withBorder p="xs" radius="md">
          <StackedBarChart
            title={`${view.unit === 'USD' ? 'Cost' : 'DBUs'} by ${level.toLowerCase()}, this period and the one before (${view.unit})`}
            description={`Each column is a period of ${days} days split by ${level.toLowerCase()}: the largest values and the rest as Other.`}
            categories={[`Previous ${days} days`, `${view.gte} – ${view.lte}`]}
            series={rows.map((r, i) => ({
              name: r.label,
              color: paletteColour(i),
              data: [r.previous, r.value],
            }))}
            valueFormat={(v) => formatDrillFigure(v, view.unit)}
            exportAllowed={!freemium}
            height={320}
          />
        </Paper>
        <DataTable
          caption={`${view.unit === 'USD' ? 'Cost' : 'DBUs'} by ${level.toLowerCase()}, ${view.gte} to ${view.lte}`}
          columns={columns}
          rows={rows}
          rowKey={(r) => r.key}
          defaultView={{ sort: { key: 'value', direction: 'desc' } }}
          // A level is at most 51 rows (the limit and Other): one page, Other always in view.
          paginate={false}
          {...(!freemium && { download: { name: 'databricks_cost_drill_down', formats: ['csv'] as const } })}
        />
      </PanelState>
    </Stack>
  )
}
