import { useMemo, useState } from 'react'
import { formatCount, formatMegabytes } from '@costlens/shared'
import { useLocation, useNavigate } from 'react-router-dom'
import { SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core'
import { useAppSelector } from '../../app/hooks.ts'
import { useResourceUsageSeriesQuery, useWorkloadJobCountQuery } from './api.ts'
import { PanelState } from '../../components/panel-state/panel-state.tsx'
import { queryPanel } from '../../components/panel-state/panel-status.ts'
import { KpiCard } from './kpi-card.tsx'
import { RangeNotice } from './range-notice.tsx'
import { WorkloadGrid, dayText } from './workload-grid.tsx'
import {
  WORKLOAD_PICKER,
  busiestHour,
  jobCountPoints,
  readWorkloadView,
  workloadGrid,
  workloadSearch,
  type WorkloadMeasure,
  type WorkloadView,
} from './workload-state.ts'
import { ResourcePageHeader } from './resource-page-header.tsx'
import { shownCluster } from './yarn-cluster-select.tsx'

const EMPTY: readonly never[] = []
const whole = formatCount
/** A cell is about 50 px wide: memory in whole GB keeps it to four or five characters. */
const gigabytes = (mb: number) => formatCount(mb / 1024)

interface MeasureText {
  label: string
  caption: string
  /** What a cell's number counts, read with each cell. */
  unit: string
  cell: (value: number) => string
  /** A value in full, with its unit. */
  describe: (value: number) => string
}

const MEASURES: Readonly<Record<WorkloadMeasure, MeasureText>> = {
  apps: {
    label: 'Apps',
    caption: 'Apps running',
    unit: 'apps',
    cell: whole,
    describe: (v) => `${whole(v)} apps`,
  },
  vcores: {
    label: 'VCores',
    caption: 'VCores allocated (average)',
    unit: 'vcores',
    cell: whole,
    describe: (v) => `${whole(v)} vcores`,
  },
  memory: {
    label: 'Memory',
    caption: 'Memory allocated (average, GB)',
    unit: 'GB',
    cell: gigabytes,
    describe: formatMegabytes,
  },
}

/**
 * /clusters/clusterworkload: when in the day a cluster is busy, as a grid of hours of day by days.
 * Apps running per hour (jobs/count, 1-hour buckets) or the vcores or memory held (1-hour points).
 * The picker offers the last 7, 14, 30 and 60 days (B079) and refuses a longer custom range (B065);
 * an hour bucket over 60 days is 1,440 points, within what one call answers.
 */
export default function ClusterWorkloadPage() {
  const user = useAppSelector((s) => s.session.user)!
  const location = useLocation()
  const navigate = useNavigate()
  const [now, setNow] = useState(() => Date.now())
  const view = useMemo(() => readWorkloadView(location.search, now, user), [location.search, now, user])
  const update = (next: Partial<WorkloadView>) =>
    navigate({ pathname: location.pathname, search: workloadSearch({ ...view, ...next }) }, { replace: true })
  const cluster = shownCluster(user, view.cluster)
  const { range } = view.main
  const measure = MEASURES[view.measure]
  const window = { cluster, start: range.start, end: range.end }

  const apps = useWorkloadJobCountQuery({ ...window, interval: '1h' }, { skip: view.measure !== 'apps' })
  const usage = useResourceUsageSeriesQuery(
    { ...window, interval: '1h', metric: view.measure === 'memory' ? 'memory' : 'cpu', measure: 'allocated' },
    { skip: view.measure === 'apps' },
  )
  const source = view.measure === 'apps' ? apps : usage
  const grid = useMemo(() => {
    const points = view.measure === 'apps' ? jobCountPoints(apps.data) : (usage.data?.avg ?? EMPTY)
    return workloadGrid(points, range)
  }, [view.measure, apps.data, usage.data, range])
  const hasData = grid.max > 0
  const panel = queryPanel(source, !hasData)
  const kpiState = panel.status === 'failed' || panel.status === 'loading' ? panel : undefined
  const busiest = busiestHour(grid)
  const busiestDay = grid.days.reduce<{ day: number; total: number } | null>((best, d) => {
    const total = d.hours.reduce<number>((n, v) => n + (v ?? 0), 0)
    return total > 0 && (!best || total > best.total) ? { day: d.day, total } : best
  }, null)

  return (
    <Stack gap="sm">
      <ResourcePageHeader
        title="Cluster workload"
        user={user}
        cluster={view.cluster}
        onCluster={(id) => update({ cluster: id })}
        main={view.main}
        picker={WORKLOAD_PICKER}
        onRange={(s) => update({ main: { range: s, label: s.value, problem: null } })}
        onRefresh={() => setNow(Date.now())}
      >
        <Stack gap={2}>
          <Text size="sm" fw={500} id="workload-measure">
            Measure
          </Text>
          <SegmentedControl
            aria-labelledby="workload-measure"
            data={(Object.keys(MEASURES) as WorkloadMeasure[]).map((m) => ({
              value: m,
              label: MEASURES[m].label,
            }))}
            value={view.measure}
            onChange={(m) => update({ measure: m as WorkloadMeasure })}
          />
        </Stack>
      </ResourcePageHeader>

      <RangeNotice main={view.main} picker={WORKLOAD_PICKER} />

      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <KpiCard
          label="Busiest hour"
          value={busiest ? `${String(busiest.hour).padStart(2, '0')}:00 UTC` : '--'}
          detail={busiest ? `${measure.describe(busiest.average)} on average` : undefined}
          state={kpiState}
        />
        <KpiCard label="Busiest day" value={busiestDay ? dayText(busiestDay.day) : '--'} state={kpiState} />
        <KpiCard label="Days" value={String(grid.days.length)} detail="in the range, by UTC day" />
      </SimpleGrid>

      <PanelState what="The workload" minHeight={200} {...panel}>
        <WorkloadGrid
          caption={`${measure.caption} by hour of day (UTC)`}
          grid={grid}
          format={measure.cell}
          unit={measure.unit}
        />
      </PanelState>
    </Stack>
  )
}
