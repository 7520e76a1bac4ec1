import type { ReactNode } from 'react'
import { Stack } from '@mantine/core'
import { isActionAllowed, type DateRange } from '@costlens/shared'
import { useAppSelector } from '../app/hooks.ts'
import { useRefetchOnTick } from './page-clock.ts'
import { PageHeader, RangePicker, RefreshButton } from './page-header.tsx'
import { useAddressRange } from './use-address-range.ts'

/** What every view of a cost page works from: the window, the page clock and the export permission. */
export interface CostViewProps {
  range: { dateRange: DateRange; rangeLabel: string }
  now: number
  exportAllowed: boolean
}

/** 03 §9: the cost date-range selector opens on 7 days. */
export const COST_PRESET = '7_d'

/** A view's call, fetched again on Refresh (a picked window asks for the same request). */
export function useCostCall<A, D>(
  useQuery: (request: A) => D & { refetch: () => unknown },
  request: A,
  now: number,
) {
  const result = useQuery(request)
  useRefetchOnTick(now, request, result.refetch)
  return result
}

/** A window as the cost calls take it: ISO instants. */
export function costWindowParams(range: DateRange): { startTime: string; endTime: string } {
  return { startTime: new Date(range.start).toISOString(), endTime: new Date(range.end).toISOString() }
}

/** The window as a chart's time axis takes it. */
export const costTimeRange = (range: DateRange) => ({ from: range.start, to: range.end })

/**
 * The frame of a cost page (the Snowflake and BigQuery /cost/… pages): its title, the cost range
 * selector (7, 14, 30, 90 days, a year; 7 by default, 03 §9) kept in the address, Refresh, and the
 * view below, given the window, the page clock and whether the plan may export (C19).
 */
export function CostPage({
  title,
  children,
}: {
  title: string
  children: (props: CostViewProps) => ReactNode
}) {
  const user = useAppSelector((s) => s.session.user)!
  const range = useAddressRange({ preset: COST_PRESET })
  return (
    <Stack gap="md">
      <PageHeader title={title}>
        <RangePicker list={range} kind="cost" />
        <RefreshButton clock={range.clock} />
      </PageHeader>
      {children({
        range: range.state,
        now: range.clock.now,
        exportAllowed: isActionAllowed(user.plan, 'download'),
      })}
    </Stack>
  )
}
