import { Link, useLocation, useSearchParams } from 'react-router-dom'
import { Anchor, Group, Stack, Title, UnstyledButton } from '@mantine/core'
import type { TezDagSummary } from '@costlens/shared'
import { PanelState } from '../../components/panel-state/panel-state.tsx'
import { queryPanel } from '../../components/panel-state/panel-status.ts'
import type { DataColumn } from '../../components/table/table-types.ts'
import { columns as col } from '../../kit/columns.tsx'
import { DetailTable } from '../../kit/detail-table.tsx'
import type { AppRef } from './app-ref.ts'
import { useTezDagListQuery } from './tez-api.ts'
import { TezDagView, tezStatusColumn } from './tez-dag-view.tsx'

/** The DAG page (R107) of one Tez DAG: its graph and vertices on a page of their own. */
export function dagPageHref(dag: { appId: string; dagId: string }, clusterUid: string): string {
  const query = new URLSearchParams({ appId: dag.appId, dagId: dag.dagId })
  if (clusterUid && clusterUid !== '*') query.set('clusterUid', clusterUid)
  return `/app/application/dag/?${query.toString()}`
}

function dagColumns(chosen: string | null, choose: (dagId: string) => void): DataColumn<TezDagSummary>[] {
  return [
    {
      key: 'dagId',
      title: 'DAG',
      width: 260,
      sticky: true,
      render: (d) => (
        <UnstyledButton
          onClick={() => choose(d.dagId)}
          aria-pressed={d.dagId === chosen}
          ff="monospace"
          fz="sm"
          c="var(--mantine-color-anchor)"
          td="underline"
        >
          {d.dagId}
        </UnstyledButton>
      ),
    },
    col.text('dagName', 'Name', 200),
    tezStatusColumn(),
    col.time('startTime', 'Started'),
    col.time('endTime', 'Ended'),
    col.duration('timeTaken', 'Duration'),
    col.count('numVertices', 'Vertices', 80),
    col.count('numTasks', 'Tasks', 80),
    col.count('numSucceededTasks', 'Succeeded', 100),
    col.count('numFailedTasks', 'Failed', 80),
    col.count('numKilledTasks', 'Killed', 80),
    col.count('numRunningTasks', 'Running', 80),
  ]
}

/**
 * A Tez app's DAGs tab (02 §2 Tez; tezVersion and dagVersion are v1, the only history format the
 * clusters keep): the DAG list, then the DAG chosen (`?dag=`, default the first) with its graph,
 * vertices, the chosen vertex's tasks and its tasks by hour, and a link to its own page (R107).
 */
export function TezDagsTab({ app }: { app: AppRef }) {
  const result = useTezDagListQuery({ cluster: app.clusterUid || '*', app: app.id })
  const [params, setParams] = useSearchParams()
  const location = useLocation()
  const dags = result.data ?? []
  const chosen = dags.find((d) => d.dagId === params.get('dag')) ?? dags[0] ?? null
  const choose = (dagId: string) => {
    const next = new URLSearchParams(params)
    next.set('dag', dagId)
    next.delete('vertex')
    setParams(next, { state: location.state })
  }
  return (
    <PanelState what="DAGs" {...queryPanel(result, dags.length === 0)} emptyText="No DAGs">
      <Stack gap="sm">
        <DetailTable
          caption="Tez DAGs"
          columns={dagColumns(chosen?.dagId ?? null, choose)}
          rows={dags}
          rowKey={(d) => d.dagId}
        />
        {chosen && (
          <>
            <Group justify="space-between" align="baseline">
              <Title order={2} size="h4">
                DAG {chosen.dagId}
              </Title>
              <Anchor component={Link} to={dagPageHref(chosen, app.clusterUid)} size="sm">
                Open the DAG page
              </Anchor>
            </Group>
            <TezDagView
              key={chosen.dagId}
              cluster={app.clusterUid || '*'}
              appId={app.id}
              dagId={chosen.dagId}
            />
          </>
        )}
      </Stack>
    </PanelState>
  )
}
