import { useMemo } from 'react'
import { skipToken } from '@reduxjs/toolkit/query/react'
import { Anchor, Breadcrumbs, Button, Group, MultiSelect, Paper, Stack, Text } from '@mantine/core'
import { IconRefresh } from '@tabler/icons-react'
import { formatCount, formatDollars, isActionAllowed, maxGroupBys, selectionCap } from '@costlens/shared'
import { useAppSelector } from '../../app/hooks.ts'
import { PanelState } from '../../components/panel-state/panel-state.tsx'
import { queryPanel } from '../../components/panel-state/panel-status.ts'
import { DataTable } from '../../components/table/data-table.tsx'
import type { DataColumn } from '../../components/table/table-types.ts'
import { DateRangePicker } from '../../components/date-range/date-range-picker.tsx'
import { TagFilterButton } from '../../components/filters/tag-filter-button.tsx'
import { useDatabricksChargebackQuery, useDatabricksTagsQuery } from './api.ts'
import { ChargebackCharts } from './chargeback-charts.tsx'
import { groupByLabel, servedGroupBys } from './chargeback-flavours.ts'
import {
  CHARGEBACK_PICKER,
  canDrill,
  currentGroupBy,
  type ChargebackEvent,
  type ChargebackView,
  type LevelRow,
} from './chargeback-state.ts'
import {
  COUNTED,
  costOf,
  databricksChargebackArgs,
  databricksLevel,
  databricksMeasures,
  dbusOf,
  formatDbus,
  shareOf,
  tagDays,
  type DatabricksChargebackType,
} from './databricks-flavour.ts'

interface DatabricksChargebackViewProps {
  type: DatabricksChargebackType
  view: ChargebackView
  rangeLabel: string
  change: (event: ChargebackEvent) => void
  refresh: () => void
}

/**
 * The Databricks chargeback (02 §2, §4 Chargeback flow; issue 20 /cost_explorer/chargeback): the
 * job runs (JobRun) or the all-purpose clusters' sessions (Cluster) of the range by up to two of
 * User, Workspace, Cluster and Cluster Type, drilled into level by level; each level's charts and
 * its table of count, DBUs and cost with their shares. Cost is USD: DBUs at list price plus the
 * cloud VMs; a run counts once its cost is final (as in the runs list).
 */
export function DatabricksChargebackView({
  type,
  view,
  rangeLabel,
  change,
  refresh,
}: DatabricksChargebackViewProps) {
  const user = useAppSelector((s) => s.session.user)!
  const freemium = user.plan === 'freemium'
  const args = databricksChargebackArgs(view)
  const query = useDatabricksChargebackQuery(args ?? skipToken)
  const level = useMemo(() => databricksLevel(query.data, view), [query.data, view])
  const current = currentGroupBy(view)!
  const groupLabel = groupByLabel(type, current)
  const next = view.groupBys[view.path.length + 1]
  const drillable = canDrill(view)
  const max = maxGroupBys(type)
  const cap = selectionCap(view.groupBys.length, max, 'cluster')
  const measures = databricksMeasures(type)
  // C20: no tags on the free plan, not even asked for.
  const tagsAllowed = isActionAllowed(user.plan, 'tagFilter')
  const tags = useDatabricksTagsQuery(tagDays(view.dateRange), { skip: !tagsAllowed })
  const tagKeys = (tags.data ?? []).map((t) => t.key)
  // The chosen group-bys stay offered while the window's tags load or if they are gone.
  const offered = servedGroupBys(type, tagKeys).map((o) => ({ value: o.field, label: o.label }))
  const groupChoices = [
    ...offered,
    ...view.groupBys
      .filter((f) => !offered.some((o) => o.value === f))
      .map((f) => ({ value: f, label: groupByLabel(type, f) })),
  ]

  const columns: DataColumn<LevelRow>[] = [
    {
      key: 'label',
      title: groupLabel,
      sortable: true,
      render: (r) =>
        drillable ? (
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => change({ type: 'drill', value: r.value })}
          >
            {r.label}
          </Anchor>
        ) : (
          r.label
        ),
    },
    {
      key: 'count',
      title: COUNTED[type],
      align: 'right',
      sortable: true,
      render: (r) => formatCount(r.count),
    },
    { key: 'ms', title: 'DBUs', align: 'right', sortable: true, render: (r) => formatDbus(dbusOf(r.ms)) },
    { key: 'msPct', title: 'DBUs %', align: 'right', render: (r) => shareOf(r.ms, level.total.ms) },
    {
      key: 'vs',
      title: 'Cost (USD)',
      align: 'right',
      sortable: !freemium,
      render: (r) => formatDollars(costOf(r.vs)),
    },
    { key: 'vsPct', title: 'Cost %', align: 'right', render: (r) => shareOf(r.vs, level.total.vs) },
  ]

  return (
    <Stack gap="sm">
      <Paper withBorder p="sm" component="section" aria-label="Chargeback filters">
        <Group gap="md" align="flex-end" wrap="wrap">
          <DateRangePicker
            kind={CHARGEBACK_PICKER}
            value={{ ...view.dateRange, label: rangeLabel, value: view.rangeLabel as never }}
            onChange={(s) => change({ type: 'range', dateRange: s, label: s.value })}
            freemium={freemium}
          />
          <MultiSelect
            label="Group by"
            w={360}
            data={groupChoices}
            value={view.groupBys}
            maxValues={max}
            onChange={(groupBys) => groupBys.length > 0 && change({ type: 'groupBys', groupBys })}
            description={cap.message ? `${cap.message}: at most ${max} group-bys` : `Up to ${max}`}
          />
          <TagFilterButton
            allowed={tagsAllowed}
            max={5}
            failure={
              tags.isError && !tags.isFetching
                ? { error: tags.error, onRetry: () => void tags.refetch() }
                : null
            }
            tags={tags.data ?? []}
            value={view.tags}
            onChange={(value) => change({ type: 'tags', tags: value })}
          />
          <Button variant="default" leftSection={<IconRefresh size={14} aria-hidden />} onClick={refresh}>
            Refresh
          </Button>
        </Group>
      </Paper>

      <Group justify="space-between" wrap="wrap" gap="xs">
        <Breadcrumbs component="nav" aria-label="Drill path" separatorMargin={6}>
          {[
            { label: `All by ${groupByLabel(type, view.groupBys[0]!)}` },
            ...view.path.map((s) => {
              const row = query.data?.cb.find((r) => r.v1 === s.value)
              return { label: `${groupByLabel(type, s.groupBy)}: ${row?.v1Label ?? s.value}` }
            }),
          ].map((item, at) =>
            at === view.path.length ? (
              <Text key={at} size="sm" fw={600} aria-current="location">
                {item.label}
              </Text>
            ) : (
              <Anchor
                key={at}
                component="button"
                type="button"
                size="sm"
                onClick={() => change({ type: 'back', level: at })}
              >
                {item.label}
              </Anchor>
            ),
          )}
        </Breadcrumbs>
        <Text size="sm" c="dimmed">
          {query.data
            ? `${formatCount(level.total.count)} ${COUNTED[type].toLowerCase()}, ${formatDbus(dbusOf(level.total.ms))}, ${formatDollars(costOf(level.total.vs))}`
            : ''}
          {next ? ` · choose a value to see it by ${groupByLabel(type, next).toLowerCase()}.` : ''}
        </Text>
      </Group>

      <PanelState what={`Chargeback by ${groupLabel}`} minHeight={300} {...queryPanel(query, false)}>
        <ChargebackCharts
          level={level}
          measures={measures}
          groupLabel={groupLabel}
          innerLabel={next ? groupByLabel(type, next) : undefined}
          exportAllowed={isActionAllowed(user.plan, 'chartExport')}
        />
      </PanelState>

      <DataTable<LevelRow>
        key={`${type}|${view.groupBys.join(',')}|${view.path.map((s) => s.value).join('|')}`}
        caption={`Chargeback by ${groupLabel}`}
        columns={columns}
        rows={level.rows}
        rowKey={(r) => r.value}
        loading={query.isFetching}
        defaultView={{ sort: { key: 'vs', direction: 'desc' } }}
        emptyText="No usage in this range"
        download={{
          name: `chargeback_${type.toLowerCase()}_${current}`,
          locked: !isActionAllowed(user.plan, 'download'),
        }}
      />
    </Stack>
  )
}
