import { useEffect, useMemo, useState } from 'react'
import { useSearchParams } from 'react-router-dom'
import { Alert, Box, Select, Stack, Text } from '@mantine/core'
import { DASHBOARD_MAX_POINTS, type Dashboard, type DashboardInterval } from '@costlens/shared'
import { useAppSelector } from '../../app/hooks.ts'
import { useDocumentTitle } from '../../app/use-document-title.ts'
import { PanelState } from '../../components/panel-state/panel-state.tsx'
import { queryPanel } from '../../components/panel-state/panel-status.ts'
import { costTimeRange, costWindowParams } from '../../kit/cost-page.tsx'
import { useRefetchOnTick } from '../../kit/page-clock.ts'
import { PageHeader, RangePicker, RefreshButton } from '../../kit/page-header.tsx'
import { useAddressRange } from '../../kit/use-address-range.ts'
import { dashboardCallsFor } from './api.ts'
import { DashboardGrid, type PanelEdits } from './dashboard-grid.tsx'
import { DashboardToolbar, type DashboardDraft } from './dashboard-toolbar.tsx'
import { movePanel, removePanel, resizePanel } from './layout.ts'

const HOUR = 3_600_000

/** Auto refresh of the whole dashboard, as OpenSearch Dashboards' refresh interval offers it. */
const REFRESHES = { off: undefined, '1m': 60_000, '5m': 300_000 } as const
type Refresh = keyof typeof REFRESHES
const REFRESH_LABELS: Readonly<Record<Refresh, string>> = {
  off: 'Off',
  '1m': 'Every minute',
  '5m': 'Every 5 minutes',
}

const pick = <T extends string>(value: string | null, choices: readonly T[], fallback: T): T =>
  (choices as readonly string[]).includes(value ?? '') ? (value as T) : fallback

/**
 * /os_dashboard (R127 Snowflake and R160 BigQuery: admin only; R221 Kubernetes; the BigQuery admin's
 * landing, G08): OpenSearch Dashboards for the platform's own data. A picker of the prebuilt (Cost,
 * Usage, Performance) and saved dashboards, one time range, interval and refresh for all the panels,
 * and an editor for saved ones: add, remove, move and resize panels, rename, save. The dashboard,
 * window, interval and refresh are kept in the address, so a link opens the same view.
 */
export default function DashboardPage() {
  useDocumentTitle('Dashboards')
  const calls = dashboardCallsFor(useAppSelector((s) => s.session.user)!.clusterType)
  const [params, setParams] = useSearchParams()
  const refresh = pick(params.get('refresh'), Object.keys(REFRESHES) as Refresh[], 'off')
  const range = useAddressRange({ preset: '7_d' }, REFRESHES[refresh])
  const list = calls.useList()
  // The charts' chunk (Highcharts, a third of a megabyte) is fetched beside the dashboards and their
  // figures: left to the first chart, it starts only once the figures are in, after two calls in a row.
  useEffect(() => {
    void import('../../components/charts/highcharts-frame.tsx')
  }, [])
  const [draft, setDraft] = useState<DashboardDraft | null>(null)

  const dashboards = list.data?.dashboards ?? []
  const selected: Dashboard | undefined =
    dashboards.find((d) => d.id === params.get('dashboard')) ?? dashboards[0]
  const editing = draft !== null && draft.id === selected?.id ? draft : null
  const panels = editing?.panels ?? selected?.panels ?? []

  const { start, end } = range.state.dateRange
  const hourPoints = Math.ceil((end - start + 1) / HOUR)
  const interval = pick<DashboardInterval | 'auto'>(params.get('interval'), ['auto', 'hour', 'day'], 'auto')
  const request = {
    panels: panels.map((p) => p.panelId).join(','),
    ...costWindowParams(range.state.dateRange),
    ...(interval !== 'auto' && !(interval === 'hour' && hourPoints > DASHBOARD_MAX_POINTS) && { interval }),
  }
  const data = calls.useData(request, { skip: panels.length === 0 })
  useRefetchOnTick(range.clock.now, request, data.refetch)

  const catalogue = useMemo(
    () => new Map((list.data?.catalogue ?? []).map((p) => [p.id, p])),
    [list.data?.catalogue],
  )
  // The last answer's figures stay while a new window or a new panel is fetched: only what is new spins.
  const figures = useMemo(() => new Map((data.data?.panels ?? []).map((p) => [p.panelId, p])), [data.data])

  const set = (changes: Record<string, string | null>) =>
    setParams(
      (p) => {
        for (const [key, value] of Object.entries(changes)) {
          if (value === null) p.delete(key)
          else p.set(key, value)
        }
        return p
      },
      { replace: true },
    )

  const listPanel = queryPanel(list, false)
  if (!list.data || !selected)
    return (
      <PanelState
        what="The dashboards"
        minHeight={300}
        {...listPanel}
        status={listPanel.status === 'ready' ? 'loading' : listPanel.status}
      />
    )

  return (
    <Stack gap="md">
      <PageHeader title="Dashboards" description={`${selected.name}: ${selected.description}`}>
        <Select
          label="Dashboard"
          w={240}
          data={[
            {
              group: 'Prebuilt',
              items: dashboards
                .filter((d) => d.kind === 'prebuilt')
                .map((d) => ({ value: d.id, label: d.name })),
            },
            {
              group: 'Saved',
              items: dashboards
                .filter((d) => d.kind === 'saved')
                .map((d) => ({ value: d.id, label: d.name })),
            },
          ].filter((g) => g.items.length > 0)}
          value={selected.id}
          allowDeselect={false}
          disabled={editing !== null}
          onChange={(id) => id && set({ dashboard: id })}
        />
        <RangePicker list={range} kind="databricksSql" />
        <Select
          label="Interval"
          w={110}
          data={[
            { value: 'auto', label: 'Auto' },
            { value: 'hour', label: 'Hour', disabled: hourPoints > DASHBOARD_MAX_POINTS },
            { value: 'day', label: 'Day' },
          ]}
          value={interval}
          allowDeselect={false}
          onChange={(v) => v && set({ interval: v === 'auto' ? null : v })}
        />
        <Select
          label="Auto refresh"
          w={160}
          data={(Object.keys(REFRESHES) as Refresh[]).map((r) => ({ value: r, label: REFRESH_LABELS[r] }))}
          value={refresh}
          allowDeselect={false}
          onChange={(v) => v && set({ refresh: v === 'off' ? null : v })}
        />
        <RefreshButton clock={range.clock} />
      </PageHeader>
      <DashboardToolbar
        calls={calls}
        dashboard={selected}
        catalogue={list.data.catalogue}
        draft={editing}
        onDraft={setDraft}
        onOpen={(id) => set({ dashboard: id })}
      />
      {data.isError && (
        <Alert color="red" role="alert" title="The panels could not be loaded">
          {(data.error as { message?: string }).message ?? 'Try Refresh.'}
        </Alert>
      )}
      <Box aria-busy={data.isFetching}>
        <DashboardGrid
          panels={panels}
          catalogue={catalogue}
          figures={figures}
          range={costTimeRange(range.state.dateRange)}
          edits={editing ? draftEdits(editing, setDraft) : undefined}
        />
      </Box>
      {panels.length === 0 && (
        <Text size="sm" c="dimmed">
          No panels: add one from the catalogue.
        </Text>
      )}
    </Stack>
  )
}

/** The grid's edits applied to the draft. */
function draftEdits(draft: DashboardDraft, setDraft: (d: DashboardDraft) => void): PanelEdits {
  return {
    onMove: (index, move) => setDraft({ ...draft, panels: movePanel(draft.panels, index, move) }),
    onResize: (index, width) => setDraft({ ...draft, panels: resizePanel(draft.panels, index, width) }),
    onRemove: (index) => setDraft({ ...draft, panels: removePanel(draft.panels, index) }),
  }
}
