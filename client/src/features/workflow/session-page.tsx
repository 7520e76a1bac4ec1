import { useSearchParams } from 'react-router-dom'
import { Text } from '@mantine/core'
import {
  formatAppType,
  formatCount,
  formatDateTime,
  formatDollars,
  formatDurationMs,
  formatMessage,
  withZone,
  type Session,
} from '@costlens/shared'
import { useDocumentTitle } from '../../app/use-document-title.ts'
import { StatusBadge } from '../../components/status/status-badge.tsx'
import { DetailPage, NOTHING_ASKED, type DetailTab } from '../../kit/detail-page.tsx'
import { DetailTable } from '../../kit/detail-table.tsx'
import { useUserSessionQuery } from './api.ts'
import { CHILD_COLUMNS } from './workflow-columns.tsx'
import { WorkflowGantt } from './workflow-gantt.tsx'

const TABS: readonly DetailTab<Session>[] = [
  {
    value: 'summary',
    label: 'Summary',
    fields: (s) => [
      { label: 'User', value: s.user },
      { label: 'Cluster', value: `${s.clusterName} (${s.clusterUid})` },
      { label: 'Engines', value: s.kinds.map(formatAppType).join(', ') },
      { label: withZone('Started'), value: formatDateTime(s.startTime) },
      { label: withZone('Ended'), value: s.endTime === null ? 'Still running' : formatDateTime(s.endTime) },
      { label: 'Duration', value: formatDurationMs(s.duration) },
      { label: 'Cost (USD)', value: formatDollars(s.cents / 100) },
      { label: 'Queries', value: formatCount(s.queryCount) },
      { label: 'Session ends after', value: `a pause of ${s.gapMinutes} minutes` },
    ],
  },
  {
    value: 'queries',
    label: 'Queries',
    render: (s) => (
      <DetailTable
        caption="The session's queries in start order"
        columns={CHILD_COLUMNS}
        rows={s.queries.map((q, i) => ({ ...q, order: i + 1 }))}
        rowKey={(q) => q.id}
      />
    ),
  },
  {
    value: 'timeline',
    label: 'Timeline',
    render: (s) => <WorkflowGantt children={s.queries} title="Queries over time" />,
  },
]

/**
 * /app/application/session (R110; issue 17): the interactive session of a Hive, Impala or Presto
 * query, `?execId=<query id>`: the queries its user ran on its cluster with pauses of 30 minutes at
 * most (the simulator's GET /sessions/{id}), each linking to its details, and a Gantt of them.
 */
export default function SessionPage() {
  const [params] = useSearchParams()
  const id = params.get('execId')?.trim() ?? ''
  const result = useUserSessionQuery({ id }, { skip: !id })
  const s = result.data
  useDocumentTitle(s ? `Session of ${s.user}` : 'Session')
  return (
    <DetailPage
      title={
        s ? `Session of ${s.user} · ${formatDateTime(s.startTime)}` : id ? `Session of ${id}` : 'Session'
      }
      what="The session"
      back={{ label: 'Applications', to: '/jobs/applications' }}
      result={id ? result : NOTHING_ASKED}
      missing={id ? undefined : 'No query is named in the address (its execId).'}
      notFound={formatMessage('M026', { id })}
      badge={(d) => (
        <>
          <StatusBadge code={d.status} />
          <Text size="sm" c="dimmed">
            Session · {d.clusterName}
          </Text>
        </>
      )}
      kpis={(d) => [
        { label: 'Cost (USD)', value: formatDollars(d.cents / 100) },
        { label: 'Duration', value: formatDurationMs(d.duration) },
        { label: 'Queries', value: formatCount(d.queryCount) },
        { label: 'User', value: d.user },
        { label: 'Cluster', value: d.clusterUid },
      ]}
      kpiLabel="Session figures"
      tabs={TABS}
    />
  )
}
