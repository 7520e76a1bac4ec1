import { Suspense, useContext, useMemo, useState } from 'react'
import { ReactReduxContext } from 'react-redux'
import { ActionIcon, Box, Center, Loader, Text, Tooltip } from '@mantine/core'
import { IconLock } from '@tabler/icons-react'
import type { Chart, Options } from 'highcharts'
import { MESSAGES, UPGRADE_TEXT, chartExportItems, isActionAllowed, type Plan } from '@costlens/shared'
import { EXPORT_SKIP_ATTRIBUTE } from '../export/page-html.ts'
import { ChartExportMenu } from './chart-export-menu.tsx'
import type { ChartExportItem } from './chart-export.ts'
import { DEFAULT_CHART_HEIGHT } from './chart-options.ts'
import { LazyHighchartsFrame } from './load-highcharts.tsx'

export interface ChartShellProps {
  title: string
  options: Options
  /** False shows `emptyText` in place of the chart, and no export menu. */
  hasData: boolean
  height?: number
  exportAllowed?: boolean
  emptyText?: string
}

/**
 * The frame every console chart sits in: a figure named by the chart's title; the chart, loaded
 * lazily with Highcharts, or the empty text when there is nothing to draw; and the export menu once
 * the chart exists (B270) for users allowed to export (C19). An empty chart never loads Highcharts.
 */
export function ChartShell({
  title,
  options,
  hasData,
  height = DEFAULT_CHART_HEIGHT,
  exportAllowed = true,
  emptyText = MESSAGES.M052,
}: ChartShellProps) {
  const [chart, setChart] = useState<Chart | null>(null)
  // C19, 03 §6: the free plan has no chart export, whatever the page says: locked with the hint.
  const planAllows = isActionAllowed(useSignedInPlan() ?? 'enterprise', 'chartExport')
  const items = chartExportItems(
    hasData && chart !== null,
    exportAllowed && planAllows,
  ) as readonly ChartExportItem[]
  // The same object while the height stays: highcharts-react updates (redraws) its chart whenever
  // a prop changes, and a new object on every render of the shell redrew every chart at least
  // twice, the second time for the `setChart` that follows its drawing.
  const containerProps = useMemo(() => ({ style: { height } }), [height])
  return (
    <Box component="figure" aria-label={title} m={0} pos="relative" mih={height}>
      {hasData ? (
        <Suspense
          fallback={
            <Center h={height}>
              <Loader size="sm" role="status" aria-label={`Loading ${title}`} />
            </Center>
          }
        >
          <LazyHighchartsFrame options={options} onChart={setChart} containerProps={containerProps} />
        </Suspense>
      ) : (
        <>
          <Text fw={600} size="sm" pt="xs" px="xs">
            {title}
          </Text>
          <Center h={height - 40}>
            <Text c="dimmed" size="sm">
              {emptyText}
            </Text>
          </Center>
        </>
      )}
      {chart && items.length > 0 && <ChartExportMenu chart={chart} title={title} items={items} />}
      {chart && hasData && exportAllowed && !planAllows && <LockedChartExport title={title} />}
    </Box>
  )
}

/**
 * The signed-in user's plan, when the chart is inside the console's store (a chart drawn outside
 * one, in a test of the chart alone, has no plan to lock anything by).
 */
function useSignedInPlan(): Plan | undefined {
  const store = useContext(ReactReduxContext)?.store
  return (store?.getState() as { session?: { user?: { plan?: Plan } | null } } | undefined)?.session?.user
    ?.plan
}

/** Where the export menu would be, for the free plan: locked, saying why (B059, C19). */
function LockedChartExport({ title }: { title: string }) {
  return (
    <Tooltip label={UPGRADE_TEXT}>
      <ActionIcon
        variant="subtle"
        color="gray"
        aria-label={`Export ${title} (${UPGRADE_TEXT})`}
        data-disabled
        onClick={(event) => event.preventDefault()}
        pos="absolute"
        top={6}
        right={6}
        style={{ zIndex: 2 }}
        {...{ [EXPORT_SKIP_ATTRIBUTE]: '' }}
      >
        <IconLock size={16} aria-hidden />
      </ActionIcon>
    </Tooltip>
  )
}
