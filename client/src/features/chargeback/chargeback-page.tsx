import { useMemo, useState } from 'react'
import { useLocation, useNavigate } from 'react-router-dom'
import { skipToken } from '@reduxjs/toolkit/query/react'
import {
  Alert,
  Anchor,
  Breadcrumbs,
  Button,
  Group,
  MultiSelect,
  NumberInput,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  Title,
} from '@mantine/core'
import { IconLink, IconRefresh } from '@tabler/icons-react'
import {
  PICKERS,
  frozenRange,
  isActionAllowed,
  maxGroupBys,
  selectionCap,
  urlCopyToast,
  type ChargebackType,
} from '@costlens/shared'
import { useAppSelector } from '../../app/hooks.ts'
import { showToast } from '../../app/toasts.ts'
import { PanelState } from '../../components/panel-state/panel-state.tsx'
import { queryPanel } from '../../components/panel-state/panel-status.ts'
import { DataTable } from '../../components/table/data-table.tsx'
import { DateRangePicker } from '../../components/date-range/date-range-picker.tsx'
import { rangeText } from '../../components/date-range/custom-range.ts'
import { ClusterSearchSelect } from '../../components/filters/cluster-search-select.tsx'
import { TagFilterButton } from '../../components/filters/tag-filter-button.tsx'
import { useChargebackQuery, useChargebackTagsQuery } from './api.ts'
import { ChargebackCharts } from './chargeback-charts.tsx'
import { EmrChargebackView } from './emr-chargeback-view.tsx'
import { DatabricksChargebackView } from './databricks-chargeback-view.tsx'
import { isDatabricksType } from './databricks-flavour.ts'
import { FinishedAppsTable } from './finished-apps-table.tsx'
import { chargebackColumns } from './chargeback-columns.tsx'
import {
  FLAVOURS,
  groupByLabel,
  groupValueLabel,
  isServed,
  servedGroupBys,
  type ServedChargebackType,
} from './chargeback-flavours.ts'
import {
  CHARGEBACK_PICKER,
  canDrill,
  changeChargeback,
  chargebackArgs,
  chargebackSearch,
  currentGroupBy,
  frozenCluster,
  levelOf,
  readChargebackView,
  switchType,
  userChargebackTypes,
  type ChargebackEvent,
  type ChargebackTypeState,
  type ChargebackView,
  type LevelRow,
} from './chargeback-state.ts'

/**
 * /clusters/chargeback and, for EMR, /cost/chargeback (02 §2 Chargeback, §4 Chargeback flow):
 * usage and cost by group for each chargeback type of the user's cluster type. The group-bys,
 * drill path, cluster, tags, prices and date range live in the address; the other types' states are kept while the page is open, so
 * switching back finds a type as it was left (B148). A step the user expects Back to undo (a drill
 * into a value, a step back up the drill path, another chargeback type) is a history entry; editing
 * a filter replaces the address instead, so Back leaves the page rather than replaying keystrokes.
 */
export default function ChargebackPage() {
  const user = useAppSelector((s) => s.session.user)!
  const location = useLocation()
  const navigate = useNavigate()
  // The clock of this visit: 'last 7 days' is measured from it until a refresh.
  const [now, setNow] = useState(() => Date.now())
  const [saved, setSaved] = useState<Partial<Record<ChargebackType, ChargebackTypeState>>>({})
  const view = useMemo(() => readChargebackView(location.search, now, user), [location.search, now, user])
  const show = (next: ChargebackView, step = false) =>
    navigate({ pathname: location.pathname, search: chargebackSearch(next, user) }, { replace: !step })

  if (!view)
    return (
      <Stack gap="sm">
        <Title order={1} size="h3">
          Chargeback
        </Title>
        {/* B147 */}
        <Alert color="gray" title="No clusters">
          There are no chargeback types for {user.clusterType} clusters, so there is nothing to charge back.
        </Alert>
      </Stack>
    )

  const types = userChargebackTypes(user)
  const pickType = (to: string) => {
    if (to === view.type) return
    const next = switchType(saved, view, to as ChargebackType, user)
    setSaved(next.saved)
    show(next.view, true)
  }

  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h3">
          Chargeback
        </Title>
        <Group gap="sm">
          <Button
            variant="default"
            leftSection={<IconLink size={16} aria-hidden />}
            onClick={() =>
              void copyLink(new URL(location.pathname + location.search, window.location.origin).href)
            }
          >
            Copy link
          </Button>
          <SegmentedControl aria-label="Chargeback type" data={types} value={view.type} onChange={pickType} />
        </Group>
      </Group>
      {view.type === 'EMR' ? (
        // The EMR flavour's rows are clusters with dollars, not usage by group (emr-flavour.ts).
        <EmrChargebackView
          view={view}
          rangeLabel={rangeLabel(view)}
          change={(event) => show(changeChargeback(view, event))}
          refresh={() => setNow(Date.now())}
        />
      ) : isDatabricksType(view.type) ? (
        <DatabricksChargebackView
          key={view.type}
          type={view.type}
          view={view}
          rangeLabel={rangeLabel(view)}
          change={(event) =>
            show(changeChargeback(view, event), event.type === 'drill' || event.type === 'back')
          }
          refresh={() => setNow(Date.now())}
        />
      ) : isServed(view.type) ? (
        <FlavourView
          // Each type's controls start from its own state, not the last type's.
          key={view.type}
          type={view.type}
          view={view}
          change={(event) =>
            show(changeChargeback(view, event), event.type === 'drill' || event.type === 'back')
          }
          refresh={() => setNow(Date.now())}
        />
      ) : (
        <Alert color="gray" title={`${view.type} chargeback is not built yet`}>
          The console has no {view.type} chargeback screen yet; choose another type above. No data is shown
          here on purpose.
        </Alert>
      )}
    </Stack>
  )
}

/**
 * The group-by select's options: the flavour's, a tag group-by per key of the window's tags
 * (BigQuery, B153), and any chosen one the window no longer has, so the choice stays visible.
 */
function groupByChoices(
  type: ServedChargebackType,
  chosen: readonly string[],
  tags: readonly { key: string }[] | undefined,
): { value: string; label: string }[] {
  const offered = servedGroupBys(
    type,
    (tags ?? []).map((t) => t.key),
  ).map((o) => ({ value: o.field, label: o.label }))
  const missing = chosen.filter((f) => !offered.some((o) => o.value === f))
  return [...offered, ...missing.map((f) => ({ value: f, label: groupByLabel(type, f) }))]
}

interface FlavourViewProps {
  type: ServedChargebackType
  view: ChargebackView
  change: (event: ChargebackEvent) => void
  refresh: () => void
}

/** One served flavour: its filters, the drill path, the charts and the table of the current level. */
function FlavourView({ type, view, change, refresh }: FlavourViewProps) {
  const user = useAppSelector((s) => s.session.user)!
  const freemium = user.plan === 'freemium'
  const flavour = FLAVOURS[type]
  const args = chargebackArgs(view)
  // A failed search shows its error with a retry (components/panel-state); one superseded by the
  // same search ends 'request-aborted' (B163), which the kit ignores.
  const query = useChargebackQuery(args ?? skipToken)
  // C20: no tags on the free plan, not even asked for.
  const tagsAllowed = isActionAllowed(user.plan, 'tagFilter')
  const tags = useChargebackTagsQuery(
    { from: view.dateRange.start, to: view.dateRange.end },
    { skip: !tagsAllowed },
  )

  const level = useMemo(() => levelOf(query.data, view), [query.data, view])
  const current = currentGroupBy(view)!
  const groupLabel = groupByLabel(type, current)
  const next = view.groupBys[view.path.length + 1]
  const drillable = canDrill(view)
  const columns = chargebackColumns({
    type,
    groupLabel,
    total: level.total,
    amounts: view.amounts,
    freemium,
    onDrill: drillable ? (value) => change({ type: 'drill', value }) : undefined,
  })

  const max = maxGroupBys(type)
  const cap = selectionCap(view.groupBys.length, max, 'cluster')
  const pinnedCluster = frozenCluster(type, user)
  const priced = flavour.columns.some((c) => c.id === 'vsCost')
  const levelKey = `${type}|${view.groupBys.join(',')}|${view.path.map((s) => s.value).join('|')}`

  return (
    <Stack gap="sm">
      <Paper withBorder p="sm" component="section" aria-label="Chargeback filters">
        <Group gap="md" align="flex-end" wrap="wrap">
          {flavour.clusterKind &&
            (pinnedCluster ? (
              <Text size="sm">
                Cluster: <b>{pinnedCluster}</b> (fixed for your account)
              </Text>
            ) : (
              <ClusterSearchSelect
                value={view.clusterUid}
                clusterType={user.clusterType}
                kinds={[flavour.clusterKind]}
                onChange={(clusterUid) => change({ type: 'cluster', clusterUid })}
              />
            ))}
          <DateRangePicker
            kind={CHARGEBACK_PICKER}
            value={{ ...view.dateRange, label: rangeLabel(view), value: view.rangeLabel as never }}
            onChange={(s) => change({ type: 'range', dateRange: s, label: s.value })}
            freemium={freemium}
            frozen={frozenRange(user)}
          />
          <MultiSelect
            label="Group by"
            w={320}
            data={groupByChoices(type, view.groupBys, tags.data?.tags)}
            value={view.groupBys}
            maxValues={max}
            // At least one group-by stays: with none there would be nothing to group the usage by.
            onChange={(groupBys) => groupBys.length > 0 && change({ type: 'groupBys', groupBys })}
            description={
              cap.message ? `${cap.message}: at most ${max} group-by${max > 1 ? 's' : ''}` : `Up to ${max}`
            }
          />
          <TagFilterButton
            allowed={tagsAllowed}
            failure={
              tags.isError && !tags.isFetching
                ? { error: tags.error, onRetry: () => void tags.refetch() }
                : null
            }
            tags={tags.data?.tags ?? []}
            value={view.tags}
            onChange={(value) => change({ type: 'tags', tags: value })}
          />
          {priced && (
            <>
              <PriceInput
                label="CPU hour price"
                value={view.amounts.vsAmount}
                onChange={(vsAmount) => change({ type: 'amounts', amounts: { vsAmount } })}
              />
              <PriceInput
                label="Memory GB·hour price"
                value={view.amounts.msAmount}
                onChange={(msAmount) => change({ type: 'amounts', amounts: { msAmount } })}
              />
            </>
          )}
          <Button
            variant="default"
            leftSection={<IconRefresh size={14} aria-hidden />}
            // A preset range moves to now, which is a new search; a picked range asks again.
            onClick={() => (view.rangeLabel === 'custom' ? void query.refetch() : refresh())}
          >
            Refresh
          </Button>
        </Group>
      </Paper>

      <Group justify="space-between" wrap="wrap" gap="xs">
        <Breadcrumbs component="nav" aria-label="Drill path" separatorMargin={6}>
          {[
            { label: `All by ${groupByLabel(type, view.groupBys[0]!)}` },
            ...view.path.map((s) => ({
              label: `${groupByLabel(type, s.groupBy)}: ${groupValueLabel(s.groupBy, s.value)}`,
            })),
          ].map((item, level) =>
            level === view.path.length ? (
              <Text key={level} size="sm" fw={600} aria-current="location">
                {item.label}
              </Text>
            ) : (
              <Anchor
                key={level}
                component="button"
                type="button"
                size="sm"
                onClick={() => change({ type: 'back', level })}
              >
                {item.label}
              </Anchor>
            ),
          )}
        </Breadcrumbs>
        <Text size="sm" c="dimmed">
          {next
            ? `By ${groupLabel.toLowerCase()}: choose a value to see it by ${groupByLabel(type, next).toLowerCase()}.`
            : `By ${groupLabel.toLowerCase()}.`}
        </Text>
      </Group>

      <PanelState what={`Chargeback by ${groupLabel}`} minHeight={300} {...queryPanel(query, false)}>
        <ChargebackCharts
          level={level}
          measures={flavour.measures}
          groupLabel={groupLabel}
          innerLabel={next ? groupByLabel(type, next) : undefined}
          exportAllowed={isActionAllowed(user.plan, 'chartExport')}
        />
      </PanelState>

      <DataTable<LevelRow>
        key={levelKey}
        caption={`Chargeback by ${groupLabel}`}
        columns={columns}
        rows={level.rows}
        rowKey={(r) => r.value}
        loading={query.isFetching}
        failure={
          query.isError
            ? { what: `Chargeback by ${groupLabel}`, error: query.error, onRetry: () => void query.refetch() }
            : null
        }
        defaultView={{ sort: { key: 'vsHours', direction: 'desc' } }}
        emptyText="No usage in this range"
        download={{
          name: `chargeback_${type.toLowerCase()}_${current}`,
          locked: !isActionAllowed(user.plan, 'download'),
        }}
      />

      <FinishedAppsTable
        key={`${levelKey}|${view.clusterUid}|${view.dateRange.start}|${view.dateRange.end}`}
        type={type}
        view={view}
        plan={user.plan}
      />
    </Stack>
  )
}

/** B279: the address holds the whole chargeback, so the link shows it to whoever opens it. */
async function copyLink(url: string) {
  try {
    await navigator.clipboard.writeText(url)
    const toast = urlCopyToast()
    showToast(toast.type, toast.msg, { brief: true })
  } catch (error) {
    const toast = urlCopyToast(error instanceof Error ? error.message : String(error))
    showToast(toast.type, toast.msg)
  }
}

/**
 * B157: a price field. It keeps what is typed ('0.' on the way to '0.5') and hands on only whole
 * numbers, or null once cleared: the address holds prices, not half-typed text.
 */
function PriceInput(props: {
  label: string
  value: number | null
  onChange: (value: number | null) => void
}) {
  const [text, setText] = useState<string | number>(props.value ?? '')
  return (
    <NumberInput
      label={props.label}
      w={150}
      prefix="$ "
      min={0}
      decimalScale={6}
      placeholder="not set"
      value={text}
      onChange={(value) => {
        setText(value)
        if (typeof value === 'number') props.onChange(value)
        else if (value === '') props.onChange(null)
      }}
    />
  )
}

/** The picker's button text: the preset's words, or the picked dates. */
function rangeLabel(view: ChargebackView): string {
  return (
    PICKERS[CHARGEBACK_PICKER].presets.find((p) => p.value === view.rangeLabel)?.label ??
    rangeText(view.dateRange)
  )
}
