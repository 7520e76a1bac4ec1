import { Alert, Drawer, Loader, SimpleGrid, Stack, Text } from '@mantine/core'
import { skipToken } from '@reduxjs/toolkit/query'
import {
  formatCount,
  formatDecimal,
  formatPercent,
  formatUsd,
  type DateRange,
  type KubernetesAppDay,
  type KubernetesAppGroupBy,
  type KubernetesAppRow as Row,
  type RightSizingAction,
} from '@costlens/shared'
import { ChartPanel } from '../../kit/chart-panel.tsx'
import { useKubernetesAppDailyQuery } from './api.ts'
import { groupName } from './groups.ts'

const usd = (v: number) => formatUsd(Math.round(v * 100) / 100)
const cores = (v: number) => `${formatDecimal(v, 2)} cores`
const gib = (v: number) => `${formatDecimal(v, 2)} GiB`

/** A resource's recommendation in words: what to do, to what, and what it saves. */
const advice = (r: { action: RightSizingAction; savingUsd: number }, recommended: number, unit: string) =>
  r.action === 'lower'
    ? `lower to ${formatCount(recommended)} ${unit} (saves ${usd(r.savingUsd)})`
    : r.action === 'raise'
      ? `raise to ${formatCount(recommended)} ${unit}: its peak went over the request`
      : `keep: ${formatCount(recommended)} ${unit} would not be lower`

/** Requested against used over the days, as two lines. */
const lines = (
  days: readonly KubernetesAppDay[],
  requested: keyof KubernetesAppDay,
  used: keyof KubernetesAppDay,
) => [
  { name: 'Requested', data: days.map((d) => [d.day, d[requested]] as const), color: '#868e96' },
  { name: 'Used', data: days.map((d) => [d.day, d[used]] as const) },
]

/**
 * One application's window in a drawer: its per-pod figures and recommendation, and its pods'
 * requests against their usage per UTC day (all its pods together, average over the day's hours),
 * CPU in cores and memory in GiB.
 */
export function AppDailyDrawer({
  row,
  groupBy,
  window,
  range,
  onClose,
}: {
  row: Row | null
  groupBy: KubernetesAppGroupBy
  window: { startTime: string; endTime: string }
  range: DateRange
  onClose: () => void
}) {
  const daily = useKubernetesAppDailyQuery(row ? { ...window, groupBy, key: row.key } : skipToken)
  const days = daily.data?.days ?? []
  const timeRange = { from: range.start, to: range.end }
  return (
    <Drawer
      opened={row !== null}
      onClose={onClose}
      position="right"
      size="xl"
      title={row ? `${groupName(row)}: requests and usage` : ''}
      closeButtonProps={{ 'aria-label': 'Close the requests and usage' }}
    >
      {row && (
        <Stack gap="sm">
          <SimpleGrid cols={2} spacing="xs">
            <Text size="sm">Cost: {usd(row.costUsd)}</Text>
            <Text size="sm">Potential saving: {usd(row.savingUsd)}</Text>
            <Text size="sm">
              Pods: {formatCount(row.pods)} ({formatCount(row.podHours)} pod-hours)
            </Text>
            <Text size="sm">Efficiency: {formatPercent(100 * row.efficiency, 1)}</Text>
            <Text size="sm">
              CPU per pod: request {formatCount(row.cpu.requestM)} m, used {formatCount(row.cpu.usageM)} m
              avg, {formatCount(row.cpu.peakM)} m p95 peak
            </Text>
            <Text size="sm">CPU recommendation: {advice(row.cpu, row.cpu.recommendedM, 'm')}</Text>
            <Text size="sm">
              Memory per pod: request {formatCount(row.memory.requestMib)} MiB, used{' '}
              {formatCount(row.memory.usageMib)} MiB avg, {formatCount(row.memory.peakMib)} MiB p95 peak
            </Text>
            <Text size="sm">
              Memory recommendation: {advice(row.memory, row.memory.recommendedMib, 'MiB')}
            </Text>
          </SimpleGrid>
          {daily.isError ? (
            <Alert color="red" title="The days did not load">
              Try again with Refresh.
            </Alert>
          ) : daily.isFetching && !daily.data ? (
            <Loader size="sm" aria-label="Loading the days" />
          ) : (
            <>
              <ChartPanel
                spec={{
                  kind: 'line',
                  title: 'CPU requested and used per day (cores)',
                  description: "All the application's pods together, average over each UTC day's hours.",
                  series: lines(days, 'cpuRequestCores', 'cpuUsageCores'),
                  range: timeRange,
                  valueFormat: cores,
                  yAxisTitle: 'cores',
                  height: 240,
                }}
              />
              <ChartPanel
                spec={{
                  kind: 'line',
                  title: 'Memory requested and used per day (GiB)',
                  description: "All the application's pods together, average over each UTC day's hours.",
                  series: lines(days, 'memoryRequestGib', 'memoryUsageGib'),
                  range: timeRange,
                  valueFormat: gib,
                  yAxisTitle: 'GiB',
                  height: 240,
                }}
              />
            </>
          )}
        </Stack>
      )}
    </Drawer>
  )
}
