import type { ReactNode } from 'react'
import { Button, Group, Text, TextInput } from '@mantine/core'
import { IconRefresh } from '@tabler/icons-react'
import { formatDateTime, frozenRange, zoneLabel, type CurrentUser, type DateRange } from '@costlens/shared'
import { DateRangePicker } from '../../components/date-range/date-range-picker.tsx'
import { ClusterSearchSelect } from '../../components/filters/cluster-search-select.tsx'
import { useLastCheckedQuery } from './api.ts'
import { forcedCluster, rangeButtonText, type ClusterView } from './cluster-view-state.ts'

/** The resource and job-count calls read Yarn clusters only (G26: any other kind is a 400). */
const YARN_ONLY = ['Yarn'] as const

export interface ClusterControlsProps {
  user: CurrentUser
  view: ClusterView
  onCluster: (cluster: string) => void
  onRange: (range: DateRange, label: string) => void
  onRefresh: () => void
  /** Controls of the screen's own, placed before the refresh button. */
  children?: ReactNode
}

/**
 * The cluster screens' header controls: the cluster ('All clusters' or one Yarn cluster), the date
 * range, the screen's own controls, Refresh, and when the job data was last checked (E034).
 */
export function ClusterControls({
  user,
  view,
  onCluster,
  onRange,
  onRefresh,
  children,
}: ClusterControlsProps) {
  const lastChecked = useLastCheckedQuery()
  const fixedCluster = forcedCluster(user)
  return (
    <Group gap="xs" wrap="wrap" align="flex-end">
      {fixedCluster ? (
        // B053: the cluster is fixed for this account; shown, not offered.
        <TextInput label="Cluster" value={fixedCluster} readOnly w={200} />
      ) : (
        <ClusterSearchSelect
          value={view.cluster}
          clusterType={user.clusterType}
          kinds={YARN_ONLY}
          onChange={(cluster) => onCluster(cluster)}
        />
      )}
      <DateRangePicker
        value={{ ...view.dateRange, label: rangeButtonText(view), value: view.rangeLabel as never }}
        onChange={(s) => onRange({ start: s.start, end: s.end }, s.value)}
        freemium={user.plan === 'freemium'}
        frozen={frozenRange(user)}
      />
      {children}
      <Button
        variant="default"
        leftSection={<IconRefresh size={16} aria-hidden />}
        onClick={() => {
          onRefresh()
          void lastChecked.refetch()
        }}
      >
        Refresh
      </Button>
      {typeof lastChecked.data?.lastChecked === 'number' && (
        <Text size="xs" c="dimmed" pb={8}>
          Data as of {formatDateTime(lastChecked.data.lastChecked)} {zoneLabel()}
        </Text>
      )}
    </Group>
  )
}
