import { useEffect, type ReactNode } from 'react'
import { Link, Navigate, useMatch, useParams, useSearchParams } from 'react-router-dom'
import { Anchor, Select, Stack, Text, Title } from '@mantine/core'
import {
  formatAppType,
  formatBytes,
  formatDateTime,
  formatDollars,
  formatDurationMs,
  formatGbHours,
  formatMessage,
  formatVcoreHours,
  withZone,
  type AppDetailsSummary,
} from '@costlens/shared'
import { useDocumentTitle } from '../../app/use-document-title.ts'
import { PanelState } from '../../components/panel-state/panel-state.tsx'
import { StatusBadge } from '../../components/status/status-badge.tsx'
import { DetailPage, type DetailTab } from '../../kit/detail-page.tsx'
import { appDetailsHref, bigQueryJobHref } from '../../components/app-details-href.ts'
import { SESSION_KINDS, sessionHref } from '../../components/workflow-href.ts'
import { useAppSummaryQuery, useCanAccessAppMutation } from './api.ts'
import { YarnActions } from './actions-yarn.tsx'
import { DatabricksRunDetails } from './databricks-run-page.tsx'
import { SummaryPanels } from './actions-summary.tsx'
import type { AppRef } from './app-ref.ts'
import { MrCountersTab, MrTasksTab } from './mr-tabs.tsx'
import { HivePlanTab, HiveQueryTab } from './hive-tabs.tsx'
import { ImpalaFragmentsTab, ImpalaOperatorsTab, ImpalaQueryTab } from './impala-tabs.tsx'
import { PrestoQueryTab } from './query-tabs.tsx'
import { ErrorsTab, InsightsTab, ResourcesTab } from './shared-tabs.tsx'
import { SparkTimelineTab } from './spark-gantt.tsx'
import { SparkStreamingTab } from './spark-streaming.tsx'
import { TezDagsTab } from './tez-tabs.tsx'
import { SparkExecutionsTab, SparkExecutorsTab, SparkJobsTab, SparkStagesTab } from './spark-tabs.tsx'

type Tab = DetailTab<AppDetailsSummary>
type TabBody = (props: { app: AppRef }) => ReactNode

/** A summary field listing child jobs as links to their details, or nothing when the app is its only job. */
function childJobsField(label: string, kind: string, ids: readonly string[], s: AppDetailsSummary) {
  if (!ids.some((id) => id !== s.id)) return []
  const links = ids.map((id, i) => (
    <span key={id}>
      {i > 0 && ', '}
      <Anchor component={Link} to={appDetailsHref({ kind, id, clusterUid: s.clusterUid })} size="sm">
        {id}
      </Anchor>
    </span>
  ))
  return [{ label, value: <>{links}</> }]
}

/** The Summary tab's fields: who ran it where, when, and what it used (02 §2 Application details). */
function summaryFields(s: AppDetailsSummary) {
  return [
    { label: 'Name', value: s.name },
    { label: 'Application id', value: s.id },
    { label: 'Type', value: formatAppType(s.kind) },
    { label: 'User', value: s.user },
    { label: 'Queue', value: s.queue },
    { label: 'Cluster', value: `${s.clusterUid} (${s.clusterType})` },
    { label: withZone('Started'), value: formatDateTime(s.startTime) },
    { label: withZone('Ended'), value: s.endTime === null ? 'Still running' : formatDateTime(s.endTime) },
    { label: 'Duration', value: formatDurationMs(s.duration) },
    { label: 'Cost (USD)', value: formatDollars(s.cents / 100) },
    { label: 'CPU', value: formatVcoreHours(s.vcoreSeconds) },
    { label: 'Memory', value: formatGbHours(s.memorySeconds) },
    { label: 'DFS read', value: formatBytes(s.totalDfsBytesRead) },
    { label: 'DFS written', value: formatBytes(s.totalDfsBytesWritten) },
    { label: 'Attempts', value: String(s.appAttempts) },
    // A query's or workflow's children, each linked to its own details; a MapReduce or Tez app lists
    // only itself there, which says nothing.
    ...childJobsField('Child MapReduce jobs', 'mr', s.mrJobIds, s),
    ...childJobsField('Child Tez jobs', 'tez', s.tezJobIds, s),
    ...(SESSION_KINDS.has(s.kind)
      ? [
          {
            label: 'Session',
            value: (
              <Anchor component={Link} to={sessionHref(s.id)} size="sm">
                Queries of this session
              </Anchor>
            ),
          },
        ]
      : []),
  ]
}

/** The tabs of a type after the Summary: Spark's and MapReduce's own, then those every type has. */
const TYPE_TABS: Readonly<Record<string, readonly [string, string, TabBody][]>> = {
  spark: [
    ['jobs', 'Jobs', SparkJobsTab],
    ['stages', 'Stages', SparkStagesTab],
    ['executors', 'Executors', SparkExecutorsTab],
    ['sql', 'SQL executions', SparkExecutionsTab],
    ['timeline', 'Timeline', SparkTimelineTab],
    ['streaming', 'Streaming', SparkStreamingTab],
  ],
  mr: [
    ['tasks', 'Tasks', MrTasksTab],
    ['counters', 'Counters', MrCountersTab],
  ],
  impala: [
    ['query', 'Query', ImpalaQueryTab],
    ['fragments', 'Fragments', ImpalaFragmentsTab],
    ['operators', 'Operators', ImpalaOperatorsTab],
  ],
  hive: [
    ['query', 'Query', HiveQueryTab],
    ['plan', 'Plan', HivePlanTab],
  ],
  presto: [['query', 'Query', PrestoQueryTab]],
  tez: [['dags', 'DAGs', TezDagsTab]],
}
const COMMON_TABS: readonly [string, string, TabBody][] = [
  ['errors', 'Errors', ErrorsTab],
  ['resources', 'Resources', ResourcesTab],
  ['insights', 'Insights', InsightsTab],
]

function appTabs(kind: string, streaming: boolean | undefined, ref: (s: AppDetailsSummary) => AppRef): Tab[] {
  // The simulator says whether a Spark app streams; a backend that does not say keeps the tab.
  const own = (TYPE_TABS[kind === 'mapreduce' ? 'mr' : kind] ?? []).filter(
    ([value]) => value !== 'streaming' || streaming !== false,
  )
  const common = COMMON_TABS
  return [
    {
      value: 'summary',
      label: 'Summary',
      fields: summaryFields,
      render: (s) => <SummaryPanels app={ref(s)} />,
    },
    ...[...own, ...common].map(([value, label, Body]) => ({
      value,
      label,
      render: (s: AppDetailsSummary) => <Body app={ref(s)} />,
    })),
  ]
}

/**
 * The kinds that run as YARN applications with attempts (an AM restarted by YARN). A Hive, Impala
 * or Presto query has none of its own, so the page offers no attempt to choose there.
 */
const YARN_ATTEMPT_KINDS: ReadonlySet<string> = new Set(['spark', 'mr', 'mapreduce', 'tez'])

/** The attempt shown: `?attempt=` when it is one of the app's, else the last. */
function useAttempt(attempts: number) {
  const [params, setParams] = useSearchParams()
  const asked = Number(params.get('attempt'))
  const attempt = Number.isInteger(asked) && asked >= 1 && asked <= attempts ? asked : Math.max(attempts, 1)
  const choose = (value: string | null) => {
    const next = new URLSearchParams(params)
    if (!value || Number(value) === attempts) next.delete('attempt')
    else next.set('attempt', value)
    setParams(next)
  }
  return [attempt, choose] as const
}

function AppDetails({ id, clusterUid, appType }: { id: string; clusterUid: string; appType: string }) {
  const result = useAppSummaryQuery({ id })
  const summary = result.data
  const [attempt, chooseAttempt] = useAttempt(summary?.appAttempts ?? 1)
  useDocumentTitle(summary ? `${summary.name} (${formatAppType(summary.kind)})` : 'Application')
  const ref = (s: AppDetailsSummary): AppRef => ({
    id,
    clusterUid: s.clusterUid || clusterUid,
    type: appType,
    attempt,
    summary: s,
  })
  return (
    <DetailPage
      title={summary?.name ?? id}
      what="Application"
      back={{ label: 'Applications', to: '/jobs/applications' }}
      result={result}
      notFound={formatMessage('M026', { id })}
      badge={(s) => (
        <>
          <StatusBadge code={s.status} />
          <Text size="sm" c="dimmed">
            {formatAppType(s.kind)} · {s.id}
          </Text>
        </>
      )}
      actions={
        summary && (
          <>
            {summary.appAttempts > 1 && YARN_ATTEMPT_KINDS.has(summary.kind) && (
              <Select
                label="Attempt"
                w={120}
                data={Array.from({ length: summary.appAttempts }, (_, i) => String(i + 1))}
                value={String(attempt)}
                onChange={chooseAttempt}
                allowDeselect={false}
              />
            )}
            <YarnActions app={summary} onChanged={() => void result.refetch()} />
          </>
        )
      }
      kpis={(s) => [
        { label: 'Cost (USD)', value: formatDollars(s.cents / 100) },
        { label: 'Duration', value: formatDurationMs(s.duration) },
        { label: 'User', value: s.user },
        { label: 'Queue', value: s.queue },
        { label: 'Cluster', value: s.clusterUid },
      ]}
      tabs={appTabs(summary?.kind ?? appType, summary?.streaming, ref)}
    />
  )
}

/**
 * /app/application/:appType (R113; 02 §2 Application details, issue 17): one application's details,
 * addressed `?execId=<app id>&clusterUid=<cluster>&tab=<tab>` (the real product's query keys; the
 * attempt is `?attempt=`). POST can_access decides first: a forbidden or unknown app shows 02 §8's
 * message and nothing else is fetched.
 */
export default function AppDetailsPage() {
  // R108 /app/application/apptype/presto fixes the type in the path. R109 …/bigquery names a BigQuery
  // job, which is not an application (issue 19): it leads to the job's own details (E167).
  const fixedType = useMatch('/app/application/apptype/:fixedType')?.params.fixedType
  const [params] = useSearchParams()
  const { appType } = useParams()
  const execId = params.get('execId')?.trim() ?? ''
  if (fixedType === 'bigquery') return <Navigate to={bigQueryJobHref(execId)} replace />
  // A Databricks run (issue 20): its key <workspaceId>_<jobId>_<runId> names it; its own calls
  // answer 404 (M026) for an unknown run, so no can_access comes first.
  if (!fixedType && appType === 'db' && execId) return <DatabricksRunDetails runKey={execId} />
  return <ApplicationDetails fixedType={fixedType} />
}

function ApplicationDetails({ fixedType }: { fixedType: string | undefined }) {
  const { appType = fixedType ?? 'spark' } = useParams()
  const [params] = useSearchParams()
  const id = params.get('execId')?.trim() ?? ''
  const clusterUid = params.get('clusterUid')?.trim() ?? ''
  const [check, access] = useCanAccessAppMutation()
  useEffect(() => {
    if (id) void check({ id, ...(clusterUid && clusterUid !== '*' ? { cluster_uid: clusterUid } : {}) })
  }, [id, clusterUid, check])
  if (!id) return <Text c="dimmed">No application is named in the address (its execId).</Text>
  const answer = access.data
  const refusal =
    answer && !answer.appExist
      ? formatMessage('M026', { id })
      : answer && !answer.canAccessApp
        ? formatMessage('M025', { id })
        : null
  return (
    <PanelState
      what="Application access"
      status={access.isError ? 'failed' : answer ? 'ready' : 'loading'}
      error={access.error}
      onRetry={() => void check({ id, ...(clusterUid ? { cluster_uid: clusterUid } : {}) })}
    >
      {refusal ? (
        <Stack gap="sm" align="flex-start">
          <Title order={1} size="h3">
            Application {id}
          </Title>
          <Text role="alert">{refusal}</Text>
          <Anchor component={Link} to="/jobs/applications" size="sm">
            Back to the applications
          </Anchor>
        </Stack>
      ) : (
        answer && <AppDetails id={id} clusterUid={clusterUid} appType={appType} />
      )}
    </PanelState>
  )
}
