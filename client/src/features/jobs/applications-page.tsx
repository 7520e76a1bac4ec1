import { useMemo, useState } from 'react'
import { useLocation, useNavigate } from 'react-router-dom'
import { Button, Group, Stack, Switch, Tabs, Text, Title, Tooltip } from '@mantine/core'
import { IconLock, IconRefresh } from '@tabler/icons-react'
import {
  ALL_CLUSTERS,
  APP_LIST_FIGURES,
  APP_LIST_TYPES,
  figureTitle,
  formatCount,
  isActionAllowed,
  MAX_RECORDS,
  PICKERS,
  UPGRADE_TEXT,
  type AppListType,
  type AppRecord,
} from '@costlens/shared'
import { useAppSelector } from '../../app/hooks.ts'
import { DataTable } from '../../components/table/data-table.tsx'
import { listTableChange, listTableView } from '../../components/table/list-table-view.ts'
import { DateRangePicker } from '../../components/date-range/date-range-picker.tsx'
import { rangeText } from '../../components/date-range/custom-range.ts'
import { ClusterSearchSelect } from '../../components/filters/cluster-search-select.tsx'
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
import { AppListFilterPanel } from './app-list-filter-panel.tsx'
import { useIdleAutoRefresh } from './use-idle-auto-refresh.ts'
import { useSavedList } from './use-saved-list.ts'

const TAB_LABELS: Record<AppListType, string> = {
  all: 'All',
  running: 'Running',
  finished: 'Finished',
  inefficient: 'Inefficient',
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

  const body = useMemo(
    () => appListBody(view, { bigQueryEnabled: user.bigQueryEnabled, clusterType: user.clusterType }),
    [view, user],
  )
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
  const tableView = listTableView(view)
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
        <AppListFilterPanel
          view={view}
          user={user}
          metadata={search.data?.metadata}
          people={people.data}
          tags={tags.data}
          tagsFailure={
            tags.isError && !tags.isFetching
              ? { error: tags.error, onRetry: () => void tags.refetch() }
              : null
          }
          onChange={change}
        />

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
          {/* What the total counts, in the words every screen uses for it (shared app-figures). */}
          <Text size="sm" aria-live="polite">
            {figureTitle(APP_LIST_FIGURES[view.listType])}: {search.data ? formatCount(total) : '--'}
          </Text>
          <DataTable<AppRecord>
            caption={`${TAB_LABELS[view.listType]} applications`}
            mode="server"
            columns={columns}
            rows={results}
            rowKey={(r) => r.id}
            totalRecords={total}
            loading={search.isFetching}
            failure={
              search.isError
                ? { what: 'Applications', error: search.error, onRetry: () => void search.refetch() }
                : null
            }
            view={tableView}
            pageSizes={[15, 25, 50, 100]}
            search={false}
            rowStatus={appRowStatus}
            onViewChange={(next) => {
              const event = listTableChange(tableView, next)
              if (event) change(event)
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
