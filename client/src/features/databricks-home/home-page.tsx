import { useMemo, type ReactNode } from 'react'
import { Link, useSearchParams } from 'react-router-dom'
import { Anchor, Group, Paper, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core'
import {
  formatCount,
  formatDollars,
  formatDurationMs,
  formatPercent,
  type DatabricksJobRow,
  type DatabricksRunRow,
  type DatabricksTrendSeries,
} from '@costlens/shared'
import { useAppSelector } from '../../app/hooks.ts'
import { useDocumentTitle } from '../../app/use-document-title.ts'
import { StatusBadge } from '../../components/status/status-badge.tsx'
import { DataTable } from '../../components/table/data-table.tsx'
import { timeColumn } from '../../components/table/time-column.ts'
import type { DataColumn } from '../../components/table/table-types.ts'
import { columns as col } from '../../kit/columns.tsx'
import { costChangeNote, KpiRow, type Kpi } from '../../kit/kpi-row.tsx'
import { usePageClock } from '../../kit/page-clock.ts'
import { PageHeader, RefreshButton } from '../../kit/page-header.tsx'
import {
  useDatabricksHomeJobsQuery,
  useDatabricksHomeRunsQuery,
  useDatabricksHomeTrendsQuery,
  useSavingsSummary,
} from './api.ts'
import {
  changePercent,
  failedRunsBody,
  failedRunsHref,
  homeWindow,
  jobRunsHref,
  jobsHref,
  readHomePeriod,
  runDetailsHref,
  topJobsBody,
  trendsArgs,
  trendsHref,
  type HomeWindow,
} from './home-state.ts'
import { SavingsPanel } from './savings-panel.tsx'

interface ShareRow {
  key: string
  label: string
  cost: number
  share: number
}

const link = (to: string, text: string) => (
  <Anchor component={Link} to={to} size="sm" truncate display="block">
    {text}
  </Anchor>
)

/** A top-5 of the trends' breakdown (workspaces or users): each links to its trend over the period. */
function shareColumns(title: string, href: (row: ShareRow) => string): DataColumn<ShareRow>[] {
  return [
    { key: 'label', title, width: 200, priority: 1, sticky: true, render: (r) => link(href(r), r.label) },
    { ...col.usd<ShareRow>('cost', 'Cost'), priority: 1 },
    {
      key: 'share',
      title: 'Share of all',
      width: 100,
      align: 'right',
      priority: 2,
      render: (r) => formatPercent(r.share),
    },
  ]
}

function shareRows(series: readonly DatabricksTrendSeries[] | undefined, total: number): ShareRow[] {
  return (series ?? []).map((s) => ({
    key: s.key,
    label: s.label,
    cost: s.total,
    share: total > 0 ? (100 * s.total) / total : 0,
  }))
}

function jobColumns(w: HomeWindow): DataColumn<DatabricksJobRow>[] {
  return [
    {
      key: 'jobName',
      title: 'Job',
      width: 200,
      priority: 1,
      sticky: true,
      render: (j) => link(jobRunsHref(j.jobId, w), j.jobName),
      exportValue: (j) => j.jobName,
    },
    { key: 'workSpace', title: 'Workspace', width: 150, priority: 3, ellipsis: true },
    { key: 'runCount', title: 'Runs', width: 70, align: 'right', priority: 2 },
    { ...col.usd<DatabricksJobRow>('totalCost', 'Cost'), priority: 1 },
  ]
}

const FAILED_COLUMNS: DataColumn<DatabricksRunRow>[] = [
  {
    key: 'name',
    title: 'Run',
    width: 240,
    priority: 1,
    sticky: true,
    render: (r) => link(runDetailsHref(r.id), `${r.name} #${r.runId}`),
    exportValue: (r) => r.id,
  },
  {
    key: 'status',
    title: 'Status',
    width: 110,
    priority: 1,
    render: (r) => <StatusBadge code={r.status} />,
  },
  { key: 'status_long', title: 'Result', width: 200, priority: 3, ellipsis: true },
  { key: 'queue', title: 'Workspace', width: 160, priority: 2, ellipsis: true },
  { key: 'user', title: 'Run as', width: 180, priority: 3, ellipsis: true },
  { ...timeColumn<DatabricksRunRow>('startTime', 'Started', (r) => r.startTime, 160), priority: 1 },
  {
    key: 'duration',
    title: 'Duration',
    width: 100,
    align: 'right',
    priority: 2,
    render: (r) => formatDurationMs(r.duration),
    exportValue: (r) => r.duration,
  },
]

/** A framed panel of the page: its table names it (the table's caption), so the frame only groups. */
function TopPanel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-label={title}>
      {children}
    </Paper>
  )
}

const failureOf = (what: string, q: { isError: boolean; error?: unknown; refetch: () => unknown }) =>
  q.isError ? { what, error: q.error, onRetry: () => void q.refetch() } : null

/**
 * /home for Databricks (R178, the DB landing R229; issue 20): the period's spend against the period
 * before (the cost trends' USD: the same number /cost_explorer/trends shows for those days), the
 * costliest workspaces, users and jobs, the savings, and the latest failed runs, each leading to its
 * page with the period carried over. The period is the last 7 or 30 UTC days to now (`?days=`); the
 * free plan sees 7 and nothing before them (B054, B090). Refresh moves the page clock.
 */
export default function DatabricksHomePage() {
  useDocumentTitle('Home')
  const user = useAppSelector((s) => s.session.user)!
  const freemium = user.plan === 'freemium'
  const [params, setParams] = useSearchParams()
  const days = readHomePeriod(params.toString(), freemium)
  const clock = usePageClock()
  const w = useMemo(() => homeWindow(days, clock.now), [days, clock.now])
  const period = `last ${days} days`

  const workspaces = useDatabricksHomeTrendsQuery(trendsArgs(w, 'workspaces'))
  const users = useDatabricksHomeTrendsQuery(trendsArgs(w, 'userName'))
  // The free plan keeps 7 days (B090): there is no period before to compare with.
  const before = useDatabricksHomeTrendsQuery(trendsArgs(w.previous, 'workspaces'), { skip: freemium })
  const jobs = useDatabricksHomeJobsQuery(topJobsBody(w))
  const failed = useDatabricksHomeRunsQuery(failedRunsBody(w))
  const savings = useSavingsSummary({ startTime: w.start, endTime: w.end })

  const total = workspaces.data?.total
  const spendKpis: Kpi[] = [
    {
      label: `Cost, ${period} (USD)`,
      value: total === undefined ? '--' : formatDollars(total),
      ...(workspaces.isError
        ? { note: 'The cost could not be loaded' }
        : freemium
          ? { note: 'The free plan keeps 7 days: nothing before to compare' }
          : before.data && total !== undefined
            ? costChangeNote(
                changePercent(total, before.data.total),
                `vs ${formatDollars(before.data.total)} the ${days} days before`,
                `No cost the ${days} days before`,
              )
            : { note: before.isError ? 'The period before could not be loaded' : 'vs the period before …' }),
    },
    {
      label: 'Workspaces with cost',
      value: workspaces.data ? formatCount(workspaces.data.values.length) : '--',
    },
    {
      label: `Jobs run, ${period}`,
      value: jobs.data ? formatCount(jobs.data.totalRecords) : '--',
    },
    {
      label: `Failed runs, ${period}`,
      value: failed.data ? formatCount(failed.data.metadata.totalRecords) : '--',
      ...(failed.isError && { note: 'The runs could not be loaded' }),
    },
  ]

  return (
    <Stack gap="md">
      <PageHeader
        title="Databricks at a glance"
        description={`The ${period}, ${w.gte} to ${w.lte} (UTC days, today to now). Cost is DBUs at list price plus cloud VMs; a run counts once its cost is final.`}
      >
        <SegmentedControl
          aria-label="Period"
          value={String(days)}
          onChange={(v) => setParams(v === '7' ? {} : { days: v }, { replace: true })}
          data={[
            { value: '7', label: 'Last 7 days' },
            {
              value: '30',
              label: freemium ? 'Last 30 days (upgrade)' : 'Last 30 days',
              disabled: freemium,
            },
          ]}
        />
        <RefreshButton clock={clock} />
      </PageHeader>
      <KpiRow label="Spend" kpis={spendKpis} />
      <Group gap="md">
        <Anchor component={Link} to={trendsHref(w)} size="sm">
          Cost trends of the {period}
        </Anchor>
      </Group>
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
        <TopPanel title="Top workspaces by cost">
          <DataTable<ShareRow>
            caption={`Top workspaces by cost, ${period}`}
            columns={shareColumns('Workspace', (r) => trendsHref(w, 'workspaces', r.key))}
            rows={shareRows(workspaces.data?.series, workspaces.data?.total ?? 0)}
            rowKey={(r) => r.key}
            loading={workspaces.isFetching}
            failure={failureOf('The workspaces', workspaces)}
            paginate={false}
            search={false}
            emptyText="No cost in this period"
          />
        </TopPanel>
        <TopPanel title="Top users by cost">
          <DataTable<ShareRow>
            caption={`Top users by cost, ${period}`}
            columns={shareColumns('User', (r) => trendsHref(w, 'userName', r.key))}
            rows={shareRows(users.data?.series, users.data?.total ?? 0)}
            rowKey={(r) => r.key}
            loading={users.isFetching}
            failure={failureOf('The users', users)}
            paginate={false}
            search={false}
            emptyText="No cost in this period"
          />
        </TopPanel>
        <TopPanel title="Top jobs by cost">
          <DataTable<DatabricksJobRow>
            caption={`Top jobs by cost, ${period}`}
            columns={jobColumns(w)}
            rows={jobs.data?.results ?? []}
            rowKey={(j) => `${j.workspaceId}_${j.jobId}`}
            loading={jobs.isFetching}
            failure={failureOf('The jobs', jobs)}
            paginate={false}
            search={false}
            emptyText="No job ran in this period"
            toolbar={
              <Anchor component={Link} to={jobsHref(w)} size="sm">
                All jobs
              </Anchor>
            }
          />
        </TopPanel>
      </SimpleGrid>
      <SavingsPanel
        summary={savings.data}
        isLoading={savings.isLoading}
        error={savings.error}
        onRetry={savings.refetch && (() => void savings.refetch?.())}
        period={period}
      />
      <TopPanel title="Recent failed runs">
        <DataTable<DatabricksRunRow>
          caption={`Recent failed runs, ${period}`}
          columns={FAILED_COLUMNS}
          rows={failed.data?.results ?? []}
          rowKey={(r) => r.id}
          loading={failed.isFetching}
          failure={failureOf('The failed runs', failed)}
          paginate={false}
          search={false}
          emptyText="No run failed in this period"
          toolbar={
            <Anchor component={Link} to={failedRunsHref(w)} size="sm">
              All failed runs
            </Anchor>
          }
        />
      </TopPanel>
      <Text size="xs" c="dimmed">
        Workspaces and users: the cost trends (USD) of the period; jobs: their runs' final total cost.
      </Text>
    </Stack>
  )
}
