import { useMemo, useState, type ReactNode } from 'react'
import { useLocation, useNavigate } from 'react-router-dom'
import { Button, Group, SegmentedControl, Select, SimpleGrid, Stack, Switch, Text } from '@mantine/core'
import { IconRefresh } from '@tabler/icons-react'
import {
  APP_FIGURES,
  DEFAULT_PAGE_SIZES,
  formatCount,
  frozenRange,
  resourceAppTypes,
  formatMegabytes,
  INTERVAL_CHOICES,
  isActionAllowed,
  listQuerySize,
  MAX_RECORDS,
  MESSAGES,
  type FinishedYarnApp,
  type IntervalChoice,
  type YarnApp,
} from '@costlens/shared'
import { useAppSelector } from '../../app/hooks.ts'
import { DateRangePicker } from '../../components/date-range/date-range-picker.tsx'
import { DataTable } from '../../components/table/data-table.tsx'
import { listTableChange, listTableView } from '../../components/table/list-table-view.ts'
import {
  useFinishedYarnJobsQuery,
  useLazyFinishedYarnJobsQuery,
  useResourceNodesQuery,
  useResourceUsageSeriesQuery,
  useResourceRunningAppsQuery,
  useResourceTaggedStatsQuery,
} from './api.ts'
import { groupOptions } from './group-options.ts'
import { GroupUsage } from './group-usage.tsx'
import { queriesPanel, queryPanel } from '../../components/panel-state/panel-status.ts'
import { KpiCard, lastValue } from './kpi-card.tsx'
import { INTERVALS, intervalFits, pickerValue, providerInterval, rangeButtonText } from './range-state.ts'
import { RangeNotice } from './range-notice.tsx'
import { YARN_JOB_COLUMNS, runningAppColumns, runningAppStatus, yarnJobStatus } from './resource-columns.tsx'
import { ResourceUsageCharts } from './resource-usage-charts.tsx'
import {
  changeResources,
  readResourcesView,
  resourcesSearch,
  selectedGroupValues,
  yarnJobsArgs,
  type ResourcesEvent,
  type ResourcesView,
} from './resources-state.ts'
import { ResourcePageHeader } from './resource-page-header.tsx'
import { shownCluster } from './yarn-cluster-select.tsx'
// The Impala mode (B296): this page chooses it, impala-usage-panel.tsx draws it.
import { ImpalaUsagePanel } from './impala-usage-panel.tsx'

const RUNNING_APPS_SIZE = listQuerySize('resourceTable')
const count = formatCount

/**
 * /clusters/resources: Yarn resources, or for CDH and CDP users (B296) the Impala usage as the
 * application type switch chooses (impala-usage-panel.tsx). The address keeps the choice.
 */
export default function ResourcesPage() {
  const user = useAppSelector((s) => s.session.user)!
  const location = useLocation()
  const navigate = useNavigate()
  // The clock of this visit: presets ('last 1 hour') are measured from it until a refresh.
  const [now, setNow] = useState(() => Date.now())
  const view = useMemo(() => readResourcesView(location.search, now, user), [location.search, now, user])
  const change = (event: ResourcesEvent) =>
    navigate(
      { pathname: location.pathname, search: resourcesSearch(changeResources(view, event)) },
      { replace: true },
    )
  // B296: Yarn and Impala for CDH and CDP, Yarn alone elsewhere (no switch then).
  const appTypes = resourceAppTypes(user.clusterType)
  const appType = appTypes.includes(view.appType) ? view.appType : 'Yarn'
  const appTypeControl = appTypes.length > 1 && (
    <Stack gap={2} key="appType">
      <Text size="sm" fw={500} component="span">
        Application type
      </Text>
      <SegmentedControl
        aria-label="Application type"
        data={appTypes}
        value={appType}
        onChange={(t) => change({ type: 'appType', appType: t as 'Yarn' | 'Impala' })}
      />
    </Stack>
  )
  const intervalControl = (
    <Select
      key="interval"
      label="Interval"
      w={130}
      data={INTERVAL_CHOICES.map((c) => ({
        value: c,
        label: c,
        disabled: !intervalFits(c, view.main.range),
      }))}
      value={view.interval}
      allowDeselect={false}
      onChange={(c) => c && change({ type: 'interval', interval: c as IntervalChoice })}
    />
  )
  if (appType === 'Impala')
    return (
      <ImpalaUsagePanel
        user={user}
        range={view.main.range}
        intervalMs={INTERVALS[view.interval].ms}
        keys={view.impala}
        onImpala={(impala) => change({ type: 'impala', impala })}
        notice={<RangeNotice main={view.main} />}
        appType={appTypeControl}
        controls={
          <>
            <Stack gap={2}>
              <Text size="sm" fw={500} component="span">
                Range
              </Text>
              <DateRangePicker
                value={pickerValue(view.main, 'default')}
                onChange={(s) => change({ type: 'range', screen: { range: s, label: s.value } })}
                freemium={user.plan === 'freemium'}
                frozen={frozenRange(user)}
              />
            </Stack>
            {intervalControl}
            <Button
              variant="default"
              leftSection={<IconRefresh size={14} aria-hidden />}
              onClick={() => setNow(Date.now())}
            >
              Refresh
            </Button>
          </>
        }
      />
    )
  return (
    <YarnResources
      controls={[appTypeControl, intervalControl]}
      view={view}
      now={now}
      change={change}
      onRefresh={() => setNow(Date.now())}
    />
  )
}

/**
 * /clusters/resources (02 §2 Cluster summary and resources, 02 §7 Cluster resources): vcores,
 * memory and nodes over time with an optional comparison range, the breakdown by application type,
 * user or queue, the running apps and the finished 'Yarn jobs'. Its state lives in the address,
 * written back with replace so changing a chart does not fill the history.
 */
function YarnResources({
  controls,
  view,
  now,
  change,
  onRefresh,
}: {
  controls: readonly ReactNode[]
  /** The page's state and clock (ResourcesPage reads them once for both modes). */
  view: ResourcesView
  now: number
  change: (event: ResourcesEvent) => void
  onRefresh: () => void
}) {
  const user = useAppSelector((s) => s.session.user)!
  const cluster = shownCluster(user, view.cluster)
  const { start, end } = view.main.range
  const range = useMemo(() => ({ from: start, to: end }), [start, end])
  const interval = INTERVALS[view.interval].param
  const exportAllowed = isActionAllowed(user.plan, 'chartExport')
  const downloadLocked = !isActionAllowed(user.plan, 'download')

  const window = { cluster, start, end, interval }
  const vcores = useResourceUsageSeriesQuery({ ...window, metric: 'cpu', measure: 'allocated' })
  const memory = useResourceUsageSeriesQuery({ ...window, metric: 'memory', measure: 'allocated' })
  const nodes = useResourceNodesQuery(window)
  const cmp = view.comparison.range
  const cmpWindow = { cluster, start: cmp.start, end: cmp.end, interval: providerInterval(cmp) }
  const skipCompare = { skip: !view.compare }
  const vcoresCmp = useResourceUsageSeriesQuery(
    { ...cmpWindow, metric: 'cpu', measure: 'allocated' },
    skipCompare,
  )
  const memoryCmp = useResourceUsageSeriesQuery(
    { ...cmpWindow, metric: 'memory', measure: 'allocated' },
    skipCompare,
  )

  const finishedStats = useResourceTaggedStatsQuery({ cluster, start, end, finished: true })
  const runningStats = useResourceTaggedStatsQuery({ cluster, start: 0, end: 0, finished: false })
  const options = useMemo(
    () => groupOptions(view.groupBy, finishedStats.data, runningStats.data),
    [view.groupBy, finishedStats.data, runningStats.data],
  )
  const values = useMemo(
    () =>
      selectedGroupValues(
        view.values,
        options.map((o) => o.value),
      ),
    [view.values, options],
  )

  const running = useResourceRunningAppsQuery({ cluster, size: RUNNING_APPS_SIZE })
  const runningColumns = useMemo(() => runningAppColumns(now), [now])
  const jobsArgs = yarnJobsArgs({ ...view, cluster })
  const jobs = useFinishedYarnJobsQuery(jobsArgs)
  const [fetchJobs] = useLazyFinishedYarnJobsQuery()
  const jobsView = listTableView(view.jobs)

  const allocatedVcores = lastValue(vcores.data?.avg)
  const totalVcores = lastValue(vcores.data?.total)
  const allocatedMemory = lastValue(memory.data?.avg)
  const totalMemory = lastValue(memory.data?.total)
  const activeNodes = lastValue(nodes.data?.active)

  return (
    <Stack gap="sm">
      <ResourcePageHeader
        title="Cluster resources"
        user={user}
        cluster={view.cluster}
        onCluster={(id) => change({ type: 'cluster', cluster: id })}
        main={view.main}
        onRange={(s) => change({ type: 'range', screen: { range: s, label: s.value } })}
        onRefresh={onRefresh}
      >
        {controls[0]}
        {controls[1]}
      </ResourcePageHeader>

      <RangeNotice main={view.main} />

      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
        <KpiCard
          label="Nodes"
          value={activeNodes === null ? '--' : count(activeNodes)}
          detail={nodes.data?.nodes ? `in service of ${count(nodes.data.nodes)}` : 'in service'}
          state={queryPanel(nodes, false)}
        />
        <KpiCard
          label="Available vcores"
          value={totalVcores === null ? '--' : count(totalVcores - (allocatedVcores ?? 0))}
          detail={totalVcores === null ? undefined : `of ${count(totalVcores)} at the end of the range`}
          state={queryPanel(vcores, false)}
        />
        <KpiCard
          label="Available memory"
          value={totalMemory === null ? '--' : formatMegabytes(totalMemory - (allocatedMemory ?? 0))}
          detail={
            totalMemory === null ? undefined : `of ${formatMegabytes(totalMemory)} at the end of the range`
          }
          state={queryPanel(memory, false)}
        />
        <KpiCard
          label={APP_FIGURES.runningNow.label}
          value={running.data ? count(running.data.total) : '--'}
          detail="apps on the Yarn clusters shown"
          state={queryPanel(running, false)}
        />
      </SimpleGrid>

      <Group gap="sm" align="center" role="group" aria-label="Comparison">
        <Switch
          label="Compare with another range"
          checked={view.compare}
          onChange={(e) => change({ type: 'compare', compare: e.currentTarget.checked })}
        />
        {view.compare && (
          <Group gap="xs" role="group" aria-label="Comparison range">
            <DateRangePicker
              value={pickerValue(view.comparison, 'default')}
              onChange={(s) => change({ type: 'comparisonRange', screen: { range: s, label: s.value } })}
              freemium={user.plan === 'freemium'}
            />
            <Text size="xs" c="dimmed">
              dashed, on the top time axis
            </Text>
          </Group>
        )}
      </Group>

      <ResourceUsageCharts
        states={{
          vcores: queriesPanel(view.compare ? [vcores, vcoresCmp] : [vcores], false),
          memory: queriesPanel(view.compare ? [memory, memoryCmp] : [memory], false),
          nodes: queryPanel(nodes, false),
        }}
        vcores={vcores.data}
        memory={memory.data}
        nodes={nodes.data}
        comparison={
          view.compare
            ? {
                vcores: vcoresCmp.data,
                memory: memoryCmp.data,
                label: rangeButtonText(view.comparison, 'default'),
              }
            : undefined
        }
        range={range}
        exportAllowed={exportAllowed}
      />

      <GroupUsage
        cluster={cluster}
        range={range}
        interval={interval}
        groupBy={view.groupBy}
        options={options}
        values={values}
        optionsLoading={finishedStats.isFetching || runningStats.isFetching}
        optionsState={queriesPanel([finishedStats, runningStats], false)}
        exportAllowed={exportAllowed}
        onGroupBy={(groupBy) => change({ type: 'groupBy', groupBy })}
        onValues={(next) => change({ type: 'values', values: next })}
      />

      <DataTable<YarnApp>
        caption="Running apps"
        columns={runningColumns}
        rows={running.data?.apps ?? []}
        rowKey={(r) => r.appid}
        loading={running.isFetching}
        failure={
          running.isError
            ? { what: 'Running apps', error: running.error, onRetry: () => void running.refetch() }
            : null
        }
        defaultView={{ pageSize: DEFAULT_PAGE_SIZES.runningApps }}
        rowStatus={runningAppStatus(now)}
        download={{ name: 'running_apps', locked: downloadLocked }}
      />

      <DataTable<FinishedYarnApp>
        caption={MESSAGES.M101}
        mode="server"
        columns={YARN_JOB_COLUMNS}
        rows={jobs.data?.hits ?? []}
        rowKey={(r) => r.id}
        totalRecords={jobs.data?.total ?? 0}
        loading={jobs.isFetching}
        failure={
          jobs.isError ? { what: MESSAGES.M101, error: jobs.error, onRetry: () => void jobs.refetch() } : null
        }
        view={jobsView}
        search={false}
        rowStatus={yarnJobStatus}
        onViewChange={(next) => {
          const event = listTableChange(jobsView, next)
          if (event?.type === 'sort') change({ type: 'jobs', jobs: { sort: event.sort, page: 1 } })
          else if (event?.type === 'pageSize')
            change({ type: 'jobs', jobs: { pageSize: event.pageSize, page: 1 } })
          else if (event?.type === 'page') change({ type: 'jobs', jobs: { page: event.page } })
        }}
        download={{
          name: 'yarn_jobs',
          locked: downloadLocked,
          rows: async () =>
            (
              await fetchJobs({
                ...jobsArgs,
                from: 0,
                size: Math.min(Math.max(jobs.data?.total ?? 0, 1), MAX_RECORDS),
              }).unwrap()
            ).hits,
        }}
      />
    </Stack>
  )
}
