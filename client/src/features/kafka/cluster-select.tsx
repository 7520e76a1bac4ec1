import { Select } from '@mantine/core'
import type { KafkaClusterRow } from '@costlens/shared'

/** The cluster the address names, or the first of the user's (as the HBase page does, B210). */
export function shownCluster(
  clusters: readonly KafkaClusterRow[],
  name: string,
): KafkaClusterRow | undefined {
  return clusters.find((c) => c.cluster === name) ?? clusters[0]
}

/** The Kafka cluster picker of the cluster and metrics pages; each cluster with the Hadoop cluster it serves. */
export function ClusterSelect({
  clusters,
  value,
  onChange,
}: {
  clusters: readonly KafkaClusterRow[]
  value: string | undefined
  onChange: (cluster: string) => void
}) {
  return (
    <Select
      label="Kafka cluster"
      w={240}
      data={clusters.map((c) => ({ value: c.cluster, label: c.cluster }))}
      value={value ?? null}
      allowDeselect={false}
      searchable
      onChange={(name) => name && onChange(name)}
    />
  )
}
