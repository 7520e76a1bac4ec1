import { Stack, Text } from '@mantine/core'
import type { CurrentUser } from '@costlens/shared'
import { ClusterSearchSelect } from '../../components/filters/cluster-search-select.tsx'

/**
 * The cluster the screen shows: a user with a frozen Yarn cluster (02 §6) sees that one whatever
 * the address says; anyone else the one chosen, '*' for all their Yarn clusters.
 */
export function shownCluster(user: Pick<CurrentUser, 'frozenYarnCluster'>, chosen: string): string {
  return user.frozenYarnCluster ?? chosen
}

const YARN_ONLY = ['Yarn'] as const

/**
 * The cluster dropdown of the resource screens: Yarn clusters only (the resource calls read Yarn),
 * 'All clusters' included. A frozen Yarn cluster is shown as fixed text instead of a choice.
 */
export function YarnClusterSelect({
  user,
  value,
  onChange,
}: {
  user: CurrentUser
  value: string
  onChange: (id: string) => void
}) {
  if (user.frozenYarnCluster)
    return (
      <Stack gap={2}>
        <Text size="sm" fw={500}>
          Cluster
        </Text>
        <Text size="sm">{user.frozenYarnCluster}</Text>
      </Stack>
    )
  return (
    <ClusterSearchSelect
      value={value}
      clusterType={user.clusterType}
      kinds={YARN_ONLY}
      onChange={(id) => onChange(id)}
    />
  )
}
