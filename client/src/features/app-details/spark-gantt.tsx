import { useEffect, useMemo, useRef, useState } from 'react'
import { useLocation, useNavigate } from 'react-router-dom'
import { Button, Group, Select, Stack, Text } from '@mantine/core'
import type { Options, SeriesXrangeOptions } from 'highcharts'
import {
  formatDateTime,
  formatDurationMs,
  formatNumber,
  withZone,
  type SparkJob,
  type SparkStage,
} from '@costlens/shared'
import { ChartShell } from '../../components/charts/chart-shell.tsx'
import { baseOptions, tooltipHtml } from '../../components/charts/chart-options.ts'
import { PanelState } from '../../components/panel-state/panel-state.tsx'
import { queriesPanel } from '../../components/panel-state/panel-status.ts'
import { useSparkJobsQuery, useSparkStagesQuery } from './api.ts'
import type { AppRef } from './app-ref.ts'
import {
  GANTT_STATUSES,
  defaultExpanded,
  ganttLayout,
  type GanttBar,
  type GanttStatus,
} from './spark-gantt-data.ts'

const ROW_PX = 22
/** The chart grows with its rows up to this; past it the plot area scrolls. */
const MAX_CHART_PX = 640

const ALL = 'all'
const NONE = 'none'
/** The list's value for the jobs expanded: every job, none, one job, or (several, by clicks) none of these. */
function chosenValue(expanded: readonly number[], jobs: readonly SparkJob[]): string | null {
  if (expanded.length === 0) return NONE
  if (jobs.length > 1 && jobs.every((j) => expanded.includes(j.jobId))) return ALL
  return expanded.length === 1 ? String(expanded[0]) : null
}

interface BarPoint {
  bar: GanttBar
}

function barTooltip(bar: GanttBar): string {
  const what = bar.kind === 'job' ? `Job ${bar.jobId}` : bar.name
  return tooltipHtml(bar.kind === 'job' ? `${what}: ${bar.name}` : what, [
    { name: 'Status', value: GANTT_STATUSES[bar.status].label, color: GANTT_STATUSES[bar.status].color },
    { name: withZone('Started'), value: formatDateTime(bar.x) },
    { name: withZone('Ended'), value: bar.running ? 'Still running' : formatDateTime(bar.x2) },
    { name: 'Duration', value: formatDurationMs(bar.x2 - bar.x) },
    { name: 'Tasks', value: formatNumber(bar.tasks) },
  ])
}

export interface SparkGanttProps {
  title: string
  jobs: readonly SparkJob[]
  stages: readonly SparkStage[]
  /** Where a bar still running ends: the app's end, or now for a running app. */
  now: number
  /** The jobs whose stages show at first; by default all for a small app, none for a large one. */
  initiallyExpanded?: readonly number[]
  /** Where a stage bar's click goes: that stage's detail (the Stages tab with it chosen). */
  stageHref: (stageId: number, attemptId: number) => string
}

/**
 * Jobs and their stages over time (Highcharts xrange), a series per status so the legend names the
 * colours. A large app opens with its jobs only; a job's stages show when it is chosen in the list
 * above the chart or its bar is clicked.
 */
export function SparkGantt({ title, jobs, stages, now, initiallyExpanded, stageHref }: SparkGanttProps) {
  const navigate = useNavigate()
  const [expanded, setExpanded] = useState<number[]>(() => [
    ...(initiallyExpanded ?? defaultExpanded(jobs, stages)),
  ])
  const layout = useMemo(() => ganttLayout(jobs, stages, expanded, now), [jobs, stages, expanded, now])
  const toggle = (jobId: number) =>
    setExpanded((open) => (open.includes(jobId) ? open.filter((j) => j !== jobId) : [...open, jobId]))
  // A bar's click: a job's shows or hides its stages, a stage's opens its detail. Held in a ref, so
  // the chart's options (and the chart) are not rebuilt on every render for a new handler.
  const handleBar = (bar: GanttBar) => {
    if (bar.stage) void navigate(stageHref(bar.stage.stageId, bar.stage.attemptId))
    else toggle(bar.jobId)
  }
  const onBar = useRef(handleBar)
  useEffect(() => {
    onBar.current = handleBar
  })

  const options = useMemo((): Options => {
    const height = Math.min(MAX_CHART_PX, 110 + layout.rows.length * ROW_PX)
    const series = (Object.keys(GANTT_STATUSES) as GanttStatus[])
      .map((status): SeriesXrangeOptions => ({
        type: 'xrange',
        name: GANTT_STATUSES[status].label,
        color: GANTT_STATUSES[status].color,
        borderRadius: 2,
        // xrange colours each bar on its own by default: here the colour is the status.
        colorByPoint: false,
        pointPadding: 0.15,
        groupPadding: 0,
        cursor: 'pointer',
        data: layout.bars
          .filter((b) => b.status === status)
          .map((bar) => ({ x: bar.x, x2: bar.x2, y: bar.y, custom: { bar } })),
        point: {
          events: {
            click() {
              onBar.current((this.options.custom as BarPoint).bar)
            },
          },
        },
      }))
      .filter((s) => s.data!.length > 0)
    const base = baseOptions({ title, height, description: `${layout.rows.length} rows over time` })
    return {
      ...base,
      chart: {
        ...base.chart,
        type: 'xrange',
        height,
        ...(110 + layout.rows.length * ROW_PX > MAX_CHART_PX && {
          scrollablePlotArea: { minHeight: 110 + layout.rows.length * ROW_PX, opacity: 1 },
        }),
      },
      // Wide ticks: a few-second job's labels carry milliseconds and would be cut at the default spacing.
      xAxis: { type: 'datetime', tickPixelInterval: 150 },
      yAxis: {
        title: { text: undefined },
        categories: layout.rows.map((r) => r.label),
        reversed: true,
        labels: {
          formatter() {
            const row = layout.rows[Number(this.pos)]
            return row?.kind === 'job' ? `<b>${row.label}</b>` : String(row?.label ?? '')
          },
        },
      },
      tooltip: {
        useHTML: false,
        formatter() {
          return barTooltip((this.options as { custom: BarPoint }).custom.bar)
        },
      },
      series,
    }
  }, [layout, title])

  return (
    <Stack gap="xs">
      {jobs.length > 1 && (
        <>
          <Group align="flex-end" gap="sm">
            <Select
              label="Show the stages of"
              data={[
                { value: ALL, label: `Every job (${stages.length} stage attempts)` },
                { value: NONE, label: 'No job: jobs only' },
                ...jobs.map((j) => ({
                  value: String(j.jobId),
                  label: `Job ${j.jobId} (${j.stageIds.length} stages)`,
                })),
              ]}
              value={chosenValue(expanded, jobs)}
              placeholder={`${expanded.length} jobs`}
              onChange={(v) =>
                setExpanded(
                  v === ALL ? jobs.map((j) => j.jobId) : v === NONE || v === null ? [] : [Number(v)],
                )
              }
              searchable
              allowDeselect={false}
              maxDropdownHeight={260}
              w={320}
            />
            {expanded.length > 0 && (
              <Button variant="default" size="sm" onClick={() => setExpanded([])}>
                Jobs only
              </Button>
            )}
          </Group>
          <Text size="xs" c="dimmed">
            {jobs.length} jobs, {stages.length} stage attempts. Click a job&apos;s bar to show or hide its
            stages.
          </Text>
        </>
      )}
      <ChartShell
        title={title}
        options={options}
        hasData={layout.bars.length > 0}
        height={Math.min(MAX_CHART_PX, 110 + layout.rows.length * ROW_PX)}
        emptyText="No job has started yet"
      />
    </Stack>
  )
}

/** The details page's address (its search) at the Stages tab with a stage attempt's detail open. */
export function stageDetailHref(search: string, stageId: number, attemptId: number): string {
  const next = new URLSearchParams(search)
  next.set('tab', 'stages')
  next.set('stage', `${stageId}.${attemptId}`)
  return `?${next.toString()}`
}

/** The Timeline tab of a Spark app: its jobs and stages (the Jobs and Stages tabs' calls, cached). */
export function SparkTimelineTab({ app }: { app: AppRef }) {
  const location = useLocation()
  const jobs = useSparkJobsQuery({ cluster: app.clusterUid, appId: app.id })
  const stages = useSparkStagesQuery({ cluster: app.clusterUid, appId: app.id })
  return (
    <PanelState
      what="Timeline"
      {...queriesPanel([jobs, stages], !jobs.data?.length)}
      emptyText="No Spark jobs"
    >
      {jobs.data && stages.data && (
        <SparkGantt
          title="Jobs and stages over time"
          jobs={jobs.data}
          stages={stages.data}
          now={app.summary.endTime ?? app.summary.startTime + app.summary.duration}
          stageHref={(stageId, attemptId) => stageDetailHref(location.search, stageId, attemptId)}
        />
      )}
    </PanelState>
  )
}
