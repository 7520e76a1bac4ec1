import { useMemo, useState } from 'react'
import { useLocation, useNavigate } from 'react-router-dom'
import { Button, Checkbox, Group, Paper, Stack, Title } from '@mantine/core'
import { IconRefresh } from '@tabler/icons-react'
import {
  PICKERS,
  PIPELINE_TYPES,
  SCREEN_DEFAULT_RANGES,
  frozenRange,
  isActionAllowed,
  type PipelineType,
} from '@costlens/shared'
import { useAppSelector } from '../../app/hooks.ts'
import { DataTable } from '../../components/table/data-table.tsx'
import { listTableChange, listTableView } from '../../components/table/list-table-view.ts'
import { DateRangePicker } from '../../components/date-range/date-range-picker.tsx'
import { rangeText } from '../../components/date-range/custom-range.ts'
import { ClusterSearchSelect } from '../../components/filters/cluster-search-select.tsx'
import { pipelineResults, usePipelineListQuery } from './api.ts'
import { PIPELINE_TYPE_LABELS, pipelineColumns } from './pipeline-columns.tsx'
import {
  changePipelineList,
  pipelineListBody,
  pipelineListSearch,
  pipelineTableRows,
  readPipelineListView,
  type PipelineListEvent,
  type PipelineListView,
  type PipelineTableRow,
} from './pipeline-list-state.ts'
import { SearchTextInput } from './search-text-input.tsx'

const CAPTION = 'On-premises pipelines'

/**
 * /jobs/pipelines (02 §2 On-premises pipelines list, §4): the recurring pipelines of a window over
 * POST workflows/list, with their runs, the trends of the last runs and the latest run. Type,
 * cluster, range and search refetch; sort and paging stay on the client over the loaded rows
 * (B187). The list state lives in the address, written with replace so filtering does not fill the
 * history.
 */
export default function PipelinesPage() {
  const user = useAppSelector((s) => s.session.user)!
  const location = useLocation()
  const navigate = useNavigate()
  // The clock of this visit: 'last 24 hours' is measured from it until a refresh.
  const [now, setNow] = useState(() => Date.now())
  const view = useMemo(() => readPipelineListView(location.search, now, user), [location.search, now, user])
  const change = (event: PipelineListEvent) =>
    navigate(
      { pathname: location.pathname, search: pipelineListSearch(changePipelineList(view, event), now) },
      { replace: true },
    )

  const body = useMemo(() => pipelineListBody(view), [view])
  const list = usePipelineListQuery(body)
  // B187: the whole window is loaded and sorted here, by the shared rule.
  const rows = useMemo(() => pipelineTableRows(pipelineResults(list.data), view.sort), [list.data, view.sort])
  const columns = useMemo(() => pipelineColumns(), [])
  // A page past the end (an old link, fewer rows after a filter) shows the last page, not nothing.
  const lastPage = Math.max(1, Math.ceil(rows.length / view.pageSize))
  const page = Math.min(view.page, lastPage)
  const pageRows = useMemo(
    () => rows.slice((page - 1) * view.pageSize, page * view.pageSize),
    [rows, page, view.pageSize],
  )
  const tableView = listTableView({ ...view, page })
  const frozen = frozenRange(user)

  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap" align="flex-end">
        <Title order={1} size="h3">
          Pipelines
        </Title>
        <Group gap="xs" wrap="wrap" align="flex-end">
          <ClusterSearchSelect
            value={view.cluster}
            clusterType={user.clusterType}
            onChange={(cluster) => change({ type: 'cluster', cluster })}
          />
          <DateRangePicker
            value={{ ...view.dateRange, label: rangeLabel(view), value: view.rangeLabel as never }}
            onChange={(s) => change({ type: 'range', dateRange: s, label: s.value })}
            freemium={user.plan === 'freemium'}
            frozen={frozen}
          />
          <Button
            variant="default"
            leftSection={<IconRefresh size={14} aria-hidden />}
            onClick={() => {
              setNow(Date.now())
              void list.refetch()
            }}
          >
            Refresh
          </Button>
        </Group>
      </Group>

      <Paper withBorder p="sm" component="section" aria-label="Filters">
        <Group gap="lg" align="flex-end" wrap="wrap">
          <Checkbox.Group
            label="Pipeline type"
            value={view.filters.types}
            onChange={(types) => change({ type: 'filters', filters: { types: types as PipelineType[] } })}
          >
            <Group gap="md" mt={6} mb={8}>
              {PIPELINE_TYPES.map((type) => (
                <Checkbox
                  key={type}
                  value={type}
                  label={PIPELINE_TYPE_LABELS[type]}
                  // At least one type stays checked: none would list nothing, never what was meant.
                  disabled={view.filters.types.length === 1 && view.filters.types[0] === type}
                />
              ))}
            </Group>
          </Checkbox.Group>
          <SearchTextInput
            label="Search pipelines"
            value={view.filters.searchText}
            onChange={(searchText) => change({ type: 'filters', filters: { searchText } })}
          />
          <Button variant="default" onClick={() => change({ type: 'reset' })}>
            Reset
          </Button>
        </Group>
      </Paper>

      {/*
        The table gets one page of the sorted rows ('server' mode: it neither sorts nor pages).
        In 'client' mode TanStack's page-index auto reset, queued from a render, fought the
        router's transition on every sort from the address and the page never updated.
      */}
      <DataTable<PipelineTableRow>
        caption={CAPTION}
        mode="server"
        columns={columns}
        rows={pageRows}
        totalRecords={rows.length}
        rowKey={(r) => r.id}
        loading={list.isFetching}
        failure={
          list.isError ? { what: CAPTION, error: list.error, onRetry: () => void list.refetch() } : null
        }
        view={tableView}
        pageSizes={[15, 25, 50, 100]}
        search={false}
        emptyText="No pipelines ran in this range"
        onViewChange={(next) => {
          const event = listTableChange(tableView, next)
          if (event) change(event)
        }}
        download={{
          name: 'pipelines',
          locked: !isActionAllowed(user.plan, 'download'),
          rows: async () => rows,
        }}
      />
    </Stack>
  )
}

/** The picker's button text: the preset's words ('Last 24 Hours' for the default), or the dates. */
function rangeLabel(view: PipelineListView): string {
  if (view.rangeLabel === SCREEN_DEFAULT_RANGES.pipelines.range) return 'Last 24 Hours'
  return PICKERS.default.presets.find((p) => p.value === view.rangeLabel)?.label ?? rangeText(view.dateRange)
}
