import { useSearchParams } from 'react-router-dom'
import { Text } from '@mantine/core'
import { formatCount, formatDurationMs, type TezDag } from '@costlens/shared'
import { useDocumentTitle } from '../../app/use-document-title.ts'
import { appDetailsHref } from '../../components/app-details-href.ts'
import { failureText } from '../../components/panel-state/panel-status.ts'
import { StatusBadge } from '../../components/status/status-badge.tsx'
import { DetailPage, NOTHING_ASKED } from '../../kit/detail-page.tsx'
import { useTezDagQuery } from './tez-api.ts'
import { TezDagView, tezWords } from './tez-dag-view.tsx'

const APP_ID = /^application_\d+_\d+$/
const DAG_ID = /^dag_\d+_\d+_\d+$/

/** The DAG's header: its app, its status and its figures, from the same call the view below reads. */
function DagDetails({ appId, dagId, clusterUid }: { appId: string; dagId: string; clusterUid: string }) {
  const cluster = clusterUid || '*'
  const result = useTezDagQuery({ cluster, app: appId, dag: dagId })
  const dag = result.data
  useDocumentTitle(dag ? `${dag.dagName} (Tez DAG)` : 'Tez DAG')
  return (
    <DetailPage<TezDag>
      title={dag?.dagName ?? dagId}
      what="DAG"
      back={{ label: `Application ${appId}`, to: appDetailsHref({ kind: 'tez', id: appId, clusterUid }) }}
      result={result}
      // The call's own words: 02 §8's "Information for this application … is not available." or the DAG's.
      notFound={failureText(result.error)}
      badge={(d) => (
        <>
          <StatusBadge code={d.statusCode} label={tezWords(d.status)} />
          <Text size="sm" c="dimmed" ff="monospace">
            {d.dagId}
          </Text>
        </>
      )}
      kpis={(d) => [
        { label: 'Duration', value: formatDurationMs(d.timeTaken) },
        { label: 'Vertices', value: formatCount(d.numVertices) },
        { label: 'Tasks', value: formatCount(d.numTasks) },
        { label: 'Failed tasks', value: formatCount(d.numFailedTasks) },
        { label: 'Killed tasks', value: formatCount(d.numKilledTasks) },
      ]}
      tabs={[
        {
          value: 'dag',
          label: 'DAG',
          render: (d) => <TezDagView cluster={cluster} appId={d.appId} dagId={d.dagId} />,
        },
      ]}
    />
  )
}

/**
 * /app/application/dag/ (R107): one Tez DAG on a page of its own, addressed
 * `?appId=<app>&dagId=<dag>&clusterUid=<cluster>` (the Tez tab links here): its graph, vertices and
 * tasks, and the way back to its app. The DAG call checks access first (403 / 404 with 02 §8's
 * messages); an address without a well-formed app and DAG shows the not-found state, not a call.
 */
export default function TezDagPage() {
  const [params] = useSearchParams()
  const appId = params.get('appId')?.trim() ?? ''
  const dagId = params.get('dagId')?.trim() ?? ''
  const clusterUid = params.get('clusterUid')?.trim() ?? ''
  if (!APP_ID.test(appId) || !DAG_ID.test(dagId)) {
    return <MissingDag appId={appId} dagId={dagId} />
  }
  return <DagDetails appId={appId} dagId={dagId} clusterUid={clusterUid} />
}

/** The kit's not-found state for an address that names no DAG: the page's frame and what is missing. */
function MissingDag({ appId, dagId }: { appId: string; dagId: string }) {
  useDocumentTitle('Tez DAG')
  const missing = !appId || !dagId
  return (
    <DetailPage<never>
      title="Tez DAG"
      what="DAG"
      back={{ label: 'Applications', to: '/jobs/applications' }}
      result={NOTHING_ASKED}
      missing={
        missing
          ? 'No DAG is named in the address: it needs appId and dagId (open a DAG from its Tez application).'
          : 'The address does not name a Tez DAG: appId reads application_<timestamp>_<sequence> and dagId dag_<timestamp>_<sequence>_<n>.'
      }
      tabs={[]}
    />
  )
}
