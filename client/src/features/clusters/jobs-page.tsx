import { useMemo, useState } from 'react'
import { useLocation, useNavigate } from 'react-router-dom'
import { Group, SegmentedControl, Select, Stack, Title } from '@mantine/core'
import {
  formatNumber,
  isActionAllowed,
  JOB_COUNT_GROUP_BYS,
  type JobCountGroupBy,
  type JobInterval,
  withZone,
} from '@costlens/shared'
import { useAppSelector } from '../../app/hooks.ts'
import { StackedBarChart } from '../../components/charts/stacked-bar-chart.tsx'
import { DataTable } from '../../components/table/data-table.tsx'
import type { DataColumn } from '../../components/table/table-types.ts'
import { useJobCountQuery } from './api.ts'
import { ClusterControls } from './cluster-controls.tsx'
import {
  JOB_INTERVAL_MS,
  jobCountIntervalOptions,
  jobsSearch,
  readJobsView,
  type JobsView,
} from './cluster-view-state.ts'
import { jobCountChart, jobCountRows, type JobCountRow } from './job-count-series.ts'
import { Panel } from '../../components/panel-state/panel-state.tsx'
import { queryPanel } from '../../components/panel-state/panel-status.ts'

const GROUP_BY_LABELS: Readonly<Record<JobCountGroupBy, string>> = {
  state: 'State',
  applicationType: 'Application type',
  user: 'User',
  queue: 'Queue',
}

const count = (n: number) => formatNumber(n, 1)

function columns(groupBy: JobCountGroupBy): DataColumn<JobCountRow>[] {
  return [
    { key: 'label', title: GROUP_BY_LABELS[groupBy], searchable: true, width: 220 },
    { key: 'peak', title: 'Peak per interval', align: 'right', width: 170, render: (r) => count(r.peak) },
    {
      key: 'average',
      title: 'Average per interval',
      align: 'right',
      width: 190,
      render: (r) => count(r.average),
    },
    { key: 'latest', title: 'Last interval', align: 'right', render: (r) => count(r.latest) },
  ]
}

/**
 * /clusters/jobs (02 §2, §7 jobs/count): how many jobs ran in each interval of the range, per
 * state, application type, user or queue, as stacked bars and a table of each value's peak,
 * average and latest count. The interval follows the range (B092) until the user picks one
 * (B093 choices jobs/count serves); cluster, range, grouping and a picked interval live in the
 * address.
 */
export default function ClusterJobsPage() {
  const user = useAppSelector((s) => s.session.user)!
  const location = useLocation()
  const navigate = useNavigate()
  const [now, setNow] = useState(() => Date.now())
  const view = useMemo(() => readJobsView(location.search, now, user), [location.search, now, user])
  const update = (next: JobsView) =>
    navigate({ pathname: location.pathname, search: jobsSearch(next) }, { replace: true })

  const { start, end } = view.dateRange
  const answer = useJobCountQuery({
    start,
    end,
    interval: view.interval,
    clusterName: view.cluster,
    groupBy: view.groupBy,
  })
  const chart = useMemo(
    () => jobCountChart(answer.data, view.groupBy, JOB_INTERVAL_MS[view.interval]),
    [answer.data, view.groupBy, view.interval],
  )
  const rows = useMemo(() => jobCountRows(answer.data, view.groupBy), [answer.data, view.groupBy])
  const tableColumns = useMemo(() => columns(view.groupBy), [view.groupBy])
  const intervals = useMemo(() => jobCountIntervalOptions(view.dateRange), [view.dateRange])
  const groupLabel = GROUP_BY_LABELS[view.groupBy].toLowerCase()

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" align="flex-end">
        <Title order={1} size="h3">
          Cluster jobs
        </Title>
        <ClusterControls
          user={user}
          view={view}
          onCluster={(cluster) => update({ ...view, cluster })}
          // B092: a new range takes the interval of its span.
          onRange={(dateRange, rangeLabel) =>
            update({ ...view, dateRange, rangeLabel, intervalChosen: false })
          }
          onRefresh={() => {
            // A preset moves with the clock (new arguments fetch anew); picked dates fetch again.
            if (view.rangeLabel !== 'custom') setNow(Date.now())
            else void answer.refetch()
          }}
        >
          <Select
            label="Interval"
            w={130}
            allowDeselect={false}
            value={view.interval}
            data={intervals.map((o) => ({ value: o.interval, label: o.choice, disabled: o.disabled }))}
            onChange={(value) =>
              value && update({ ...view, interval: value as JobInterval, intervalChosen: true })
            }
          />
        </ClusterControls>
      </Group>

      <SegmentedControl
        aria-label="Group by"
        value={view.groupBy}
        onChange={(groupBy) => update({ ...view, groupBy })}
        data={JOB_COUNT_GROUP_BYS.map((g) => ({ value: g, label: GROUP_BY_LABELS[g] }))}
        style={{ alignSelf: 'flex-start' }}
      />

      <Panel
        title={`Jobs per interval by ${groupLabel}`}
        state={queryPanel(answer, chart.series.length === 0)}
        refreshing={answer.isFetching}
        minHeight={360}
      >
        <StackedBarChart
          title={`Jobs per interval by ${groupLabel}`}
          description={`How many jobs ran in each interval of the range, stacked by ${groupLabel}.`}
          categories={chart.categories}
          series={chart.series}
          yAxisTitle="jobs"
          xAxisTitle={withZone('Interval start')}
          height={340}
          exportAllowed={isActionAllowed(user.plan, 'chartExport')}
        />
      </Panel>

      <DataTable<JobCountRow>
        key={view.groupBy}
        caption={`Jobs by ${groupLabel}`}
        columns={tableColumns}
        rows={rows}
        rowKey={(r) => r.key}
        loading={answer.isFetching}
        failure={
          answer.isError
            ? { what: `Jobs by ${groupLabel}`, error: answer.error, onRetry: () => void answer.refetch() }
            : null
        }
        defaultView={{ sort: { key: 'peak', direction: 'desc' } }}
        download={{
          name: `cluster_jobs_by_${view.groupBy}`,
          locked: !isActionAllowed(user.plan, 'download'),
        }}
      />
    </Stack>
  )
}
