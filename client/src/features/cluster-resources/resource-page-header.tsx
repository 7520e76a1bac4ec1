import type { ReactNode } from 'react'
import { Button, Group, Stack, Text, Title } from '@mantine/core'
import { IconRefresh } from '@tabler/icons-react'
import { frozenRange, type CurrentUser, type PickerKind } from '@costlens/shared'
import { DateRangePicker, type DateRangeSelection } from '../../components/date-range/date-range-picker.tsx'
import { pickerValue, type ScreenRange } from './range-state.ts'
import { YarnClusterSelect } from './yarn-cluster-select.tsx'

export interface ResourcePageHeaderProps {
  title: string
  user: CurrentUser
  /** The cluster the address asks for ('*' for all); a frozen Yarn cluster is shown instead. */
  cluster: string
  onCluster: (id: string) => void
  main: Pick<ScreenRange, 'range' | 'label'>
  /** The picker whose presets the screen offers (the workload grid has its own, B079). */
  picker?: PickerKind
  onRange: (selection: DateRangeSelection) => void
  /** Re-reads the clock, so a preset range ('last 1 hour') moves up to now. */
  onRefresh: () => void
  /** The screen's own controls, placed between the range and Refresh. */
  children?: ReactNode
}

/**
 * The title row of the cluster resource screens (resources, queue analysis, workload): the page
 * title, then the Yarn cluster, the date range, the screen's own controls and Refresh. The
 * /clusters screens have their own (ClusterControls): they also show when the data was last checked.
 */
export function ResourcePageHeader({
  title,
  user,
  cluster,
  onCluster,
  main,
  picker = 'default',
  onRange,
  onRefresh,
  children,
}: ResourcePageHeaderProps) {
  return (
    <Group justify="space-between" align="flex-end" wrap="wrap">
      <Title order={1} size="h3">
        {title}
      </Title>
      <Group gap="xs" align="flex-end" wrap="wrap">
        <YarnClusterSelect user={user} value={cluster} onChange={onCluster} />
        <Stack gap={2}>
          <Text size="sm" fw={500} component="span">
            Range
          </Text>
          <DateRangePicker
            kind={picker}
            value={pickerValue(main, picker)}
            onChange={onRange}
            freemium={user.plan === 'freemium'}
            frozen={frozenRange(user)}
          />
        </Stack>
        {children}
        <Button variant="default" leftSection={<IconRefresh size={14} aria-hidden />} onClick={onRefresh}>
          Refresh
        </Button>
      </Group>
    </Group>
  )
}
