import { useMemo } from 'react'
import { PIPELINE_TYPES } from '@costlens/shared'
import { ListPage } from '../../kit/list-page.tsx'
import { useListState } from '../../kit/use-list-state.ts'
import { pipelineResults, usePipelineListQuery } from './api.ts'
import { PIPELINE_TYPE_LABELS, pipelineColumns } from './pipeline-columns.tsx'
import { pipelineListBody, pipelineListState, pipelineTableRows } from './pipeline-list-state.ts'

const TYPE_OPTIONS = PIPELINE_TYPES.map((value) => ({ value, label: PIPELINE_TYPE_LABELS[value] }))

/**
 * /jobs/pipelines (02 §2 On-premises pipelines list, §4): the recurring pipelines of a window over
 * POST workflows/list, with their runs, the trends of the last runs and the latest run. Type,
 * cluster, range and search refetch; sort and paging stay on the client over the loaded rows (B187).
 */
export default function PipelinesPage() {
  const list = useListState(pipelineListState)
  const columns = useMemo(() => pipelineColumns(), [])
  const { sort } = list.state
  const request = useMemo(() => pipelineListBody(list.state), [list.state])
  return (
    <ListPage
      title="Pipelines"
      caption="On-premises pipelines"
      list={list}
      clusterPicker
      rangeTexts={{ '24_h': 'Last 24 Hours' }}
      result={usePipelineListQuery(request)}
      request={request}
      // B187: the whole window is loaded and sorted here, by the shared rule.
      rows={(data) => pipelineTableRows(pipelineResults(data), sort)}
      filters={{
        specs: [
          { kind: 'checkboxes', field: 'types', label: 'Pipeline type', options: () => TYPE_OPTIONS },
          {
            kind: 'text',
            field: 'searchText',
            label: 'Search pipelines',
            placeholder: 'Part of a pipeline name',
          },
        ],
      }}
      columns={columns}
      rowKey={(r) => r.id}
      emptyText="No pipelines ran in this range"
      download={{ name: 'pipelines' }}
    />
  )
}
