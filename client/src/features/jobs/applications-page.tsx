import { useMemo, useState } from 'react'
import { useLocation, useNavigate } from 'react-router-dom'
import { Button, Group, Paper, Stack, Switch, Tabs, Text, Title, Tooltip } from '@mantine/core'
import { IconLock, IconRefresh } from '@tabler/icons-react'
import {
  ALL_CLUSTERS,
  APP_LIST_TYPES,
  APP_STATUS_CODES,
  APP_STATUS_LABELS,
  MAX_RECORDS,
  PICKERS,
  UPGRADE_TEXT,
  appTypeFilterOptions,
  isActionAllowed,
  type AppListType,
  type AppRecord,
  type TableView,
} from '@costlens/shared'
import { useAppSelector } from '../../app/hooks.ts'
import { DataTable } from '../../components/table/data-table.tsx'
import { DateRangePicker } from '../../components/date-range/date-range-picker.tsx'
import { rangeText } from '../../components/date-range/custom-range.ts'
import { MultiSelectFilter } from '../../components/filters/multi-select-filter.tsx'
import { ClusterSearchSelect } from '../../components/filters/cluster-search-select.tsx'
import { TagSelector } from '../../components/filters/tag-selector.tsx'
import {
  useAppTagsQuery,
  useLazyUnifiedSearchQuery,
  useUnifiedSearchQuery,
  useUsersAndQueuesQuery,
} from './api.ts'
import { appColumns, appRowStatus } from '../../components/app-columns/app-columns.tsx'
import {
  appListBody,
  appListSearch,
  changeAppList,
  readAppListView,
  type AppListView,
} from './app-list-state.ts'
import { RangeFilters } from './range-filters.tsx'
import { useIdleAutoRefresh } from './use-idle-auto-refresh.ts'
import { useSavedList } from './use-saved-list.ts'

const TAB_LABELS: Record<AppListType, string> = {
  all: 'All',
  running: 'Running',
  finished: 'Finished',
  inefficient: 'Inefficient',
}

/** B179: the statuses each list offers; running is fixed to R and offers none. */
const STATUS_OPTIONS: Record<AppListType, readonly string[]> = {
  all: APP_STATUS_CODES,
  running: [],
  finished: ['S', 'F', 'K'],
  inefficient: APP_STATUS_CODES,
}

/**
 * /jobs/applications (02 §2 Application lists): the all, running, finished and inefficient lists
 * over POST /apps/unifiedsearch, with every filter group, the list state in the address (written
 * back with replace, so filtering does not fill the history), and auto refresh on the running list.
 */
export default function ApplicationsPage() {
  const user = useAppSelector((s) => s.session.user)!
  const location = useLocation()
  const navigate = useNavigate()
  const freemium = user.plan === 'freemium'
  // The clock of this visit: presets ('last 1 hour') are measured from it until a refresh.
  const [now, setNow] = useState(() => Date.now())
  const view = useMemo(() => readAppListView(location.search, now, user), [location.search, now, user])
  const update = (next: AppListView) =>
    navigate({ pathname: location.pathname, search: appListSearch(next, now) }, { replace: true })
  const change = (event: Parameters<typeof changeAppList>[1]) => update(changeAppList(view, event, now))
  useSavedList('applications', view, location.search, (search) =>
    navigate({ pathname: location.pathname, search }, { replace: true }),
  )

  const body = useMemo(() => appListBody(view, { bigQueryEnabled: user.bigQueryEnabled }), [view, user])
  const search = useUnifiedSearchQuery(body)
  const [fetchAll] = useLazyUnifiedSearchQuery()
  const people = useUsersAndQueuesQuery()
  const tags = useAppTagsQuery({ from: view.dateRange.start, to: view.dateRange.end }, { skip: freemium })

  const running = view.listType === 'running'
  const [autoRefresh, setAutoRefresh] = useState(true)
  const [refreshStopped, setRefreshStopped] = useState(false)
  useIdleAutoRefresh(
    running && autoRefresh && !refreshStopped,
    () => search.refetch().unwrap(),
    () => setRefreshStopped(true),
  )

  const results = search.data?.results ?? []
  const metadata = search.data?.metadata
  const total = metadata?.totalRecords ?? 0
  const columns = useMemo(() => appColumns(view.listType, { freemium }), [view.listType, freemium])
  const tableView: TableView = {
    page: view.page,
    pageSize: view.pageSize,
    sort: view.sort,
    search: '',
    activeRow: null,
    expandedRow: null,
  }
  const inefficientAllowed = isActionAllowed(user.plan, 'inefficientTab')

  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h3">
          Applications
        </Title>
        <Group gap="xs" wrap="wrap">
          <ClusterSearchSelect
            value={view.clusters[0] ?? ALL_CLUSTERS}
            clusterType={user.clusterType}
            onChange={(id) => change({ type: 'clusters', clusters: id === ALL_CLUSTERS ? [] : [id] })}
          />
          {running ? (
            <Text size="sm" c="dimmed">
              Running now: the date range does not apply
            </Text>
          ) : (
            <DateRangePicker
              value={{ ...view.dateRange, label: rangeLabel(view), value: view.rangeLabel as never }}
              onChange={(s) => change({ type: 'range', dateRange: s, label: s.value })}
              freemium={freemium}
              frozen={
                user.frozenTime && user.frozenTimeStart !== null && user.frozenTimeEnd !== null
                  ? { start: user.frozenTimeStart, end: user.frozenTimeEnd }
                  : null
              }
            />
          )}
          <Button
            size="xs"
            variant="default"
            leftSection={<IconRefresh size={14} aria-hidden />}
            onClick={() => {
              setNow(Date.now())
              void search.refetch()
            }}
          >
            Refresh
          </Button>
        </Group>
      </Group>

      <Tabs
        value={view.listType}
        onChange={(value) => value && change({ type: 'listType', listType: value })}
        keepMounted={false}
      >
        <Tabs.List aria-label="Application lists">
          {APP_LIST_TYPES.map((type) => {
            const locked = type === 'inefficient' && !inefficientAllowed
            return (
              <Tabs.Tab
                key={type}
                value={type}
                disabled={locked}
                rightSection={locked ? <IconLock size={14} aria-label={UPGRADE_TEXT} /> : undefined}
              >
                {locked ? (
                  <Tooltip label={UPGRADE_TEXT}>
                    <span>{TAB_LABELS[type]}</span>
                  </Tooltip>
                ) : (
                  TAB_LABELS[type]
                )}
              </Tabs.Tab>
            )
          })}
        </Tabs.List>
      </Tabs>

      <Group align="flex-start" gap="md" wrap="nowrap">
        <Paper withBorder p="sm" w={270} miw={270} component="aside" aria-label="Filters">
          <Stack gap="md">
            <Group justify="space-between">
              <Text fw={600}>Filters</Text>
              <Button size="compact-xs" variant="subtle" onClick={() => change({ type: 'showAll' })}>
                Reset
              </Button>
            </Group>
            <MultiSelectFilter
              label="Application Type"
              options={appTypeFilterOptions(user.clusterType, user.bigQueryEnabled).map((t) => ({
                value: t,
                label: t.toUpperCase(),
              }))}
              value={view.filters.appTypes}
              onChange={(appTypes) => change({ type: 'filters', filters: { appTypes } })}
              searchable={false}
            />
            {STATUS_OPTIONS[view.listType].length > 0 && (
              <MultiSelectFilter
                label="Status"
                options={STATUS_OPTIONS[view.listType].map((s) => ({
                  value: s,
                  label: APP_STATUS_LABELS[s as AppRecord['status']],
                }))}
                value={view.filters.statuses}
                onChange={(statuses) =>
                  change({ type: 'filters', filters: { statuses: statuses as AppRecord['status'][] } })
                }
                searchable={false}
              />
            )}
            {!running && (
              <MultiSelectFilter
                label="User"
                options={(people.data?.users ?? []).map((u) => ({ value: u }))}
                value={view.filters.users}
                onChange={(users) => change({ type: 'filters', filters: { users } })}
              />
            )}
            <MultiSelectFilter
              label="Queue"
              options={(people.data?.queues ?? []).map((q) => ({ value: q }))}
              value={view.filters.queues}
              onChange={(queues) => change({ type: 'filters', filters: { queues } })}
            />
            {view.listType === 'inefficient' && (
              <MultiSelectFilter
                label="Application Events"
                options={(metadata?.appEvents ?? []).map((e) => ({ value: e.name, count: e.count }))}
                value={view.filters.insights}
                onChange={(insights) => change({ type: 'filters', filters: { insights } })}
                searchable={false}
              />
            )}
            {!running && (
              <RangeFilters
                duration={view.filters.duration}
                cost={view.filters.cost}
                events={view.filters.events}
                metadata={metadata}
                onChange={(filters) => change({ type: 'filters', filters })}
              />
            )}
            <TagSelector
              label="Tags"
              tags={tags.data ?? []}
              value={view.filters.tags}
              onChange={(value) => change({ type: 'filters', filters: { tags: value } })}
              freemium={freemium}
            />
          </Stack>
        </Paper>

        <Stack gap="xs" style={{ flex: 1, minWidth: 0 }}>
          {running && (
            <Group gap="xs">
              <Switch
                size="xs"
                label="Auto refresh when idle"
                checked={autoRefresh && !refreshStopped}
                onChange={(e) => {
                  setAutoRefresh(e.currentTarget.checked)
                  setRefreshStopped(false)
                }}
              />
              {refreshStopped && (
                <Text size="xs" c="red.8">
                  Auto refresh stopped after a failed refresh.
                </Text>
              )}
            </Group>
          )}
          <DataTable<AppRecord>
            caption={`${TAB_LABELS[view.listType]} applications`}
            mode="server"
            columns={columns}
            rows={results}
            rowKey={(r) => r.id}
            totalRecords={total}
            loading={search.isFetching}
            view={tableView}
            pageSizes={[15, 25, 50, 100]}
            search={false}
            rowStatus={appRowStatus}
            onViewChange={(next) => {
              if (
                next.sort &&
                (next.sort.key !== view.sort.key || next.sort.direction !== view.sort.direction)
              )
                change({ type: 'sort', sort: next.sort })
              else if (next.pageSize !== view.pageSize) change({ type: 'pageSize', pageSize: next.pageSize })
              else if (next.page !== view.page) change({ type: 'page', page: next.page })
            }}
            download={{
              name: `${view.listType}_applications`,
              locked: !isActionAllowed(user.plan, 'download'),
              rows: async () =>
                (
                  await fetchAll({
                    ...body,
                    from: 0,
                    size: Math.min(Math.max(total, 1), MAX_RECORDS),
                  }).unwrap()
                ).results,
            }}
          />
        </Stack>
      </Group>
    </Stack>
  )
}

/** The picker's button text: the preset's words, or the picked dates. */
function rangeLabel(view: AppListView): string {
  return PICKERS.default.presets.find((p) => p.value === view.rangeLabel)?.label ?? rangeText(view.dateRange)
}
