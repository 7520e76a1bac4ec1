import { useMemo, useState } from 'react'
import { useLocation, useNavigate } from 'react-router-dom'
import { Button, Group, Stack, Text, Title } from '@mantine/core'
import { IconRefresh } from '@tabler/icons-react'
import { formatDateTime, frozenRange, type JobSchedulesResponse } from '@costlens/shared'
import { useAppSelector } from '../../app/hooks.ts'
import { DateRangePicker } from '../../components/date-range/date-range-picker.tsx'
import { rangeText } from '../../components/date-range/custom-range.ts'
import { ClusterSearchSelect } from '../../components/filters/cluster-search-select.tsx'
import { WeeklyCalendar } from '../../components/calendar/weekly-calendar.tsx'
import type { WeeklyCalendarSeries } from '../../components/calendar/calendar-layout.ts'
import { Panel } from '../../components/panel-state/panel-state.tsx'
import { queryPanel } from '../../components/panel-state/panel-status.ts'
import { useJobSchedulesQuery } from './api.ts'
import {
  readScheduleView,
  scheduleQuery,
  scheduleRangeLabel,
  scheduleSearch,
  type ScheduleView,
} from './schedule-view.ts'

/** Each job's tooltip also says who runs it and where. */
function toCalendarSeries(response: JobSchedulesResponse | undefined): WeeklyCalendarSeries[] {
  return (response ?? []).map((s) => ({ ...s, description: `${s.user} · ${s.queue}` }))
}

/**
 * /jobs/schedulejobs (02 §2 weekly calendar): the recurring jobs of a window as one typical week,
 * each placed on the weekdays it ran, at the hour it most often started, for its usual length.
 * Range (the schedule picker: This Week … last 4 weeks) and cluster live in the address.
 */
export default function ScheduleJobsPage() {
  const user = useAppSelector((s) => s.session.user)!
  const location = useLocation()
  const navigate = useNavigate()
  const [now, setNow] = useState(() => Date.now())
  const view = useMemo(() => readScheduleView(location.search, now, user), [location.search, now, user])
  const update = (next: ScheduleView) =>
    navigate({ pathname: location.pathname, search: scheduleSearch(next) }, { replace: true })

  const query = useMemo(() => scheduleQuery(view), [view])
  const schedules = useJobSchedulesQuery(query)
  const series = useMemo(() => toCalendarSeries(schedules.data), [schedules.data])

  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap" align="flex-end">
        <Title order={1} size="h3">
          Scheduled Jobs
        </Title>
        <Group gap="xs" wrap="wrap" align="flex-end">
          <ClusterSearchSelect
            value={view.cluster}
            clusterType={user.clusterType}
            onChange={(cluster) => update({ ...view, cluster })}
          />
          <DateRangePicker
            kind="scheduledJobs"
            value={{
              ...view.dateRange,
              label: scheduleRangeLabel(view, rangeText),
              value: view.rangeLabel as never,
            }}
            onChange={(s) => update({ ...view, dateRange: s, rangeLabel: s.value })}
            freemium={user.plan === 'freemium'}
            frozen={frozenRange(user)}
          />
          <Button
            variant="default"
            leftSection={<IconRefresh size={14} aria-hidden />}
            onClick={() => {
              setNow(Date.now())
              void schedules.refetch()
            }}
          >
            Refresh
          </Button>
        </Group>
      </Group>
      <Text size="sm" c="dimmed" hidden={schedules.isError}>
        A typical week of the {series.length} recurring job{series.length === 1 ? '' : 's'} that ran from{' '}
        {formatDateTime(view.dateRange.start, 'utc')} to {formatDateTime(view.dateRange.end, 'utc')} (UTC):
        each on the days it ran, at the hour it most often started.
        {view.rangeLabel === 'thisWeek' && ' The days of this week still to come have no runs yet.'}
      </Text>
      <Panel
        title="Scheduled jobs"
        state={queryPanel(schedules, series.length === 0)}
        refreshing={schedules.isFetching}
        emptyText="No scheduled jobs ran in this range"
        minHeight={300}
      >
        <WeeklyCalendar
          title="Scheduled jobs"
          series={series}
          maxHeight={560}
          emptyText="No scheduled jobs ran in this range"
        />
      </Panel>
    </Stack>
  )
}
