import { useMemo } from 'react'
import {
  APP_STATUS_LABELS,
  APP_STATUS_CODES,
  DATABRICKS_PIPELINE_FILTER_DEFAULTS,
  SCREEN_DEFAULT_RANGES,
  type DatabricksJobListBody,
  type DatabricksJobRow,
  type PresetValue,
} from '@costlens/shared'
import { statusWords } from '../../kit/columns.tsx'
import * as field from '../../kit/fields.ts'
import type { FilterSpec } from '../../kit/filter-panel.tsx'
import { defineListState } from '../../kit/list-state.ts'
import { ListPage } from '../../kit/list-page.tsx'
import { useListState } from '../../kit/use-list-state.ts'
import { useDatabricksJobsQuery } from './api.ts'
import { JOB_COLUMNS } from './job-columns.tsx'

/** The most pipeline jobs one window lists (the call's page size bound): sorted in the browser. */
const PIPELINE_ROWS = 1000

/**
 * /jobs/pipelines state (02 §2 Databricks pipelines list, B196): `status` and `workspace` (default
 * all: nothing narrows them), `search`, and the window (default the last 24 hours, 02 §9).
 */
const pipelineListState = defineListState({
  range: field.addressRange({ preset: SCREEN_DEFAULT_RANGES.pipelines.range as PresetValue }),
  fields: {},
  filters: {
    search: field.text('search', DATABRICKS_PIPELINE_FILTER_DEFAULTS.searchText),
    status: field.many('status', APP_STATUS_CODES),
    workspace: field.many('workspace'),
  },
})
type PipelineListView = ReturnType<typeof pipelineListState.defaults>

/** E017 with taskType PIPELINE: the jobs with a DLT pipeline task, the filters in the body. */
export function pipelineListBody(view: PipelineListView): DatabricksJobListBody {
  return {
    start_time: view.dateRange.start,
    end_time: view.dateRange.end,
    taskType: 'PIPELINE',
    ...(view.filters.search && { search: view.filters.search }),
    ...(view.filters.status.length && { status: view.filters.status }),
    ...(view.filters.workspace.length && { workspace: view.filters.workspace }),
    size: PIPELINE_ROWS,
  }
}

const filterSpecs = (
  rows: readonly DatabricksJobRow[],
): FilterSpec<PipelineListView['filters'], undefined>[] => [
  { kind: 'text', field: 'search', label: 'Search', placeholder: 'Press Enter to apply', commitOn: 'enter' },
  {
    kind: 'multi',
    field: 'status',
    label: 'Status',
    options: () => APP_STATUS_CODES.map((s) => ({ value: s, label: statusWords(APP_STATUS_LABELS[s]) })),
    allWhenEmpty: true,
  },
  {
    kind: 'multi',
    field: 'workspace',
    label: 'Workspace',
    options: () => [...new Set(rows.map((r) => r.workSpace))].sort().map((w) => ({ value: w })),
    allWhenEmpty: true,
  },
]

/**
 * /jobs/pipelines (R188, 02 §2): the jobs that run a DLT pipeline (a PIPELINE task), from the jobs
 * call, sorted in the browser (default latest start first).
 */
export default function PipelinesListPage() {
  const list = useListState(pipelineListState)
  const request = useMemo(() => pipelineListBody(list.state), [list.state])
  const result = useDatabricksJobsQuery(request)
  const rows = result.data?.results ?? []
  return (
    <ListPage
      title="Pipelines"
      caption="Databricks pipeline jobs"
      what="The pipelines"
      list={list}
      result={result}
      request={request}
      rows={(data) => data?.results ?? []}
      filters={{ specs: filterSpecs(rows), layout: 'side', width: 230 }}
      rangeTexts={{ '24_h': 'Last 24 Hours' }}
      columns={JOB_COLUMNS}
      rowKey={(j) => `${j.workspaceId}_${j.jobId}`}
      browserTable={{ defaultView: { sort: { key: 'startTime', direction: 'desc' }, pageSize: 15 } }}
      emptyText="No pipeline ran in this window"
      download={{ name: 'databricks_pipelines', formats: ['csv'] }}
    />
  )
}
