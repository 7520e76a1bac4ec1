import { useMemo, useState } from 'react'
import { useLocation, useNavigate } from 'react-router-dom'
import { Group, SegmentedControl, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import {
  ALL_CLUSTERS,
  chartPointInterval,
  formatAppType,
  isActionAllowed,
  runningLabel,
} from '@costlens/shared'
import { useAppSelector } from '../../app/hooks.ts'
import {
  useClusterNodesQuery,
  useJobBucketsQuery,
  useRecentViolationsQuery,
  useResourceSeriesQuery,
  useTaggedStatsQuery,
} from './api.ts'
import { ClusterControls } from './cluster-controls.tsx'
import { jobKpiCounts, jobKpis, resourceKpis } from './cluster-kpis.ts'
import {
  JOB_SETS,
  overviewSearch,
  readOverviewView,
  type JobSet,
  type OverviewView,
} from './cluster-view-state.ts'
import { BreakdownPanel, CountPanel } from './job-panels.tsx'
import { KpiRow } from './kpi-row.tsx'
import { PanelState } from '../../components/panel-state/panel-state.tsx'
import { queriesPanel } from '../../components/panel-state/panel-status.ts'
import { ResourceCharts } from './resource-charts.tsx'

const JOB_SET_LABELS: Readonly<Record<JobSet, string>> = {
  running: 'Running now',
  finished: 'Finished in range',
}
const JOB_SET_WORDS: Readonly<Record<JobSet, string>> = {
  running: 'running now',
  finished: 'finished in the range',
}

/**
 * /clusters/overview (02 §2 Cluster summary and resources): the KPIs, the cluster's vcores, memory
 * and nodes over the range, and its jobs by status, type and inefficiency with a breakdown per
 * application type, user or queue. Cluster, range, job set and breakdown live in the address
 * (written with replace, so switching does not fill the history); the range opens on the last
 * hour at 2-minute points (B087).
 */
export default function ClusterOverviewPage() {
  const user = useAppSelector((s) => s.session.user)!
  const location = useLocation()
  const navigate = useNavigate()
  // The clock of this visit: 'last 1 hour' is measured from it until a refresh.
  const [now, setNow] = useState(() => Date.now())
  const view = useMemo(() => readOverviewView(location.search, now, user), [location.search, now, user])
  const update = (next: OverviewView) =>
    navigate({ pathname: location.pathname, search: overviewSearch(next) }, { replace: true })

  const { start, end } = view.dateRange
  // B091 (cluster charts), B087: 2-minute points over the default hour.
  const interval = chartPointInterval(end - start, 'cluster')
  const clusterWindow = { cluster: view.cluster, start, end }
  const cpu = useResourceSeriesQuery({ ...clusterWindow, metric: 'cpu', measure: 'allocated', interval })
  const memory = useResourceSeriesQuery({
    ...clusterWindow,
    metric: 'memory',
    measure: 'allocated',
    interval,
  })
  const nodes = useClusterNodesQuery({ ...clusterWindow, interval })

  const runningByStatus = useJobBucketsQuery({
    variant: 'running',
    by: 'status',
    start,
    end,
    clusterUid: view.cluster,
  })
  const finishedByStatus = useJobBucketsQuery({
    variant: 'finished',
    by: 'status',
    start,
    end,
    clusterUid: view.cluster,
  })
  const runningByInefficiency = useJobBucketsQuery({
    variant: 'running',
    by: 'inefficiency',
    start,
    end,
    clusterUid: view.cluster,
  })
  const finishedByInefficiency = useJobBucketsQuery({
    variant: 'finished',
    by: 'inefficiency',
    start,
    end,
    clusterUid: view.cluster,
  })
  const byType = useJobBucketsQuery({ variant: view.jobs, by: 'type', start, end, clusterUid: view.cluster })
  const stats = useTaggedStatsQuery({ ...clusterWindow, finished: view.jobs === 'finished' })

  const violations = useRecentViolationsQuery(clusterWindow)

  const kpiSources = [
    runningByStatus,
    finishedByStatus,
    runningByInefficiency,
    finishedByInefficiency,
    violations,
  ]
  const counts = jobKpiCounts({
    violations: violations.data,
    runningByStatus: runningByStatus.data,
    finishedByStatus: finishedByStatus.data,
    runningByInefficiency: runningByInefficiency.data,
    finishedByInefficiency: finishedByInefficiency.data,
  })
  const kpis = [
    ...resourceKpis(cpu.data, memory.data, nodes.data),
    ...jobKpis(
      counts,
      kpiSources.every((q) => q.data !== undefined),
      runningLabel(end, now),
    ),
  ]
  const kpiQueries = [cpu, memory, nodes, ...kpiSources]
  const kpisLoading = kpiQueries.some((q) => q.isFetching)
  // One failed call fails the row: a KPI of 0 or '--' from a call that failed would read as a figure.
  const kpiPanel = queriesPanel(kpiQueries, false)

  const byStatus = view.jobs === 'running' ? runningByStatus : finishedByStatus
  const byInefficiency = view.jobs === 'running' ? runningByInefficiency : finishedByInefficiency
  const exportAllowed = isActionAllowed(user.plan, 'chartExport')
  const setWords = JOB_SET_WORDS[view.jobs]
  const oneCluster = view.cluster !== ALL_CLUSTERS

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" align="flex-end">
        <Title order={1} size="h3">
          Cluster overview
        </Title>
        <ClusterControls
          user={user}
          view={view}
          onCluster={(cluster) => update({ ...view, cluster })}
          onRange={(dateRange, rangeLabel) => update({ ...view, dateRange, rangeLabel })}
          onRefresh={() => {
            // A preset moves with the clock (new arguments fetch anew); picked dates fetch again.
            if (view.rangeLabel !== 'custom') setNow(Date.now())
            else for (const q of [cpu, memory, nodes, ...kpiSources, byType, stats]) void q.refetch()
          }}
        />
      </Group>

      <PanelState what="Cluster KPIs" {...kpiPanel}>
        <KpiRow label="Cluster KPIs" kpis={kpis} loading={kpisLoading} />
      </PanelState>
      <Text size="xs" c="dimmed">
        Resources and the breakdown are{' '}
        {oneCluster ? "the selected cluster's" : 'those of all your Yarn clusters'}; job counts are{' '}
        {oneCluster ? "the selected cluster's" : 'those of all your clusters'}.
      </Text>

      <section aria-labelledby="cluster-resources-heading">
        <Title order={2} size="h4" id="cluster-resources-heading" mb="xs">
          Resources
        </Title>
        <ResourceCharts
          cpu={cpu}
          memory={memory}
          nodes={nodes}
          range={{ from: start, to: end }}
          exportAllowed={exportAllowed}
        />
      </section>

      <section aria-labelledby="cluster-jobs-heading">
        <Group justify="space-between" mb="xs" wrap="wrap">
          <Title order={2} size="h4" id="cluster-jobs-heading">
            Jobs
          </Title>
          <SegmentedControl
            aria-label="Jobs shown"
            value={view.jobs}
            onChange={(jobs) => update({ ...view, jobs })}
            data={JOB_SETS.map((s) => ({ value: s, label: JOB_SET_LABELS[s] }))}
            size="xs"
          />
        </Group>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="sm">
            <CountPanel
              title={`Jobs ${setWords} by status`}
              keyTitle="Status"
              query={byStatus}
              exportAllowed={exportAllowed}
              unit="Jobs"
            />
            <CountPanel
              title={`Jobs ${setWords} by type`}
              keyTitle="Type"
              query={byType}
              label={formatAppType}
              exportAllowed={exportAllowed}
              unit="Jobs"
            />
            <CountPanel
              title={`Inefficiency events of jobs ${setWords}`}
              keyTitle="Event"
              query={byInefficiency}
              exportAllowed={exportAllowed}
              unit="Events"
            />
          </SimpleGrid>
          <BreakdownPanel
            query={stats}
            groupBy={view.breakdown}
            onGroupBy={(breakdown) => update({ ...view, breakdown })}
            setLabel={setWords}
            exportAllowed={exportAllowed}
            downloadLocked={!isActionAllowed(user.plan, 'download')}
          />
        </Stack>
      </section>
    </Stack>
  )
}
