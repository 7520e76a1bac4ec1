import { useState } from 'react'
import { Loader, Select } from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import {
  ALL_CLUSTERS,
  CLUSTER_SEARCH_DEBOUNCE_MS,
  NO_MATCH_TEXT,
  type ClusterItem,
  type ClusterType,
} from '@costlens/shared'
import { useSearchClustersQuery } from './cluster-search-api.ts'

/** The wildcard option's text; its id is '*' (B182). */
export const ALL_CLUSTERS_LABEL = 'All clusters'

export interface ClusterSearchSelectProps {
  /** The chosen unravelId, or '*' for all clusters. */
  value: string
  onChange: (id: string, cluster: ClusterItem | null) => void
  clusterType: ClusterType
  useVendorData?: boolean
  label?: string
  /** Whether 'All clusters' is offered (chargeback, C22, looks at one cluster at a time). */
  withAll?: boolean
  /**
   * Only clusters of these kinds (a result's clusterType, Yarn when it has none): a screen about
   * one engine, such as Impala chargeback, offers only that engine's clusters.
   */
  kinds?: readonly string[]
}

/**
 * The cluster dropdown (02 §2 'cluster search dropdown'): the server searches by name or id as the
 * user types, 100 ms after the last key (B181); the list shows what the server found.
 */
export function ClusterSearchSelect({
  value,
  onChange,
  clusterType,
  useVendorData,
  label = 'Cluster',
  withAll = true,
  kinds,
}: ClusterSearchSelectProps) {
  const [search, setSearch] = useState('')
  // The last cluster picked, so its name still shows once a new search no longer lists it.
  const [picked, setPicked] = useState<ClusterItem | null>(null)
  const [query] = useDebouncedValue(search, CLUSTER_SEARCH_DEBOUNCE_MS)
  const clusters = new Map<string, ClusterItem>()
  if (picked) clusters.set(picked.unravelId, picked)
  const selectedLabel = value === ALL_CLUSTERS ? ALL_CLUSTERS_LABEL : clusters.get(value)?.displayName
  // Once an option is chosen the search box shows its name; that is not a search to send.
  const customQ = query === selectedLabel ? '' : query.trim()
  const { data = [], isFetching } = useSearchClustersQuery({ clusterType, useVendorData, customQ })
  for (const c of data) if (!kinds || kinds.includes(c.clusterType || 'Yarn')) clusters.set(c.unravelId, c)

  const options = [
    ...(withAll ? [{ value: ALL_CLUSTERS, label: ALL_CLUSTERS_LABEL }] : []),
    ...[...clusters.values()].map((c) => ({ value: c.unravelId, label: c.displayName })),
  ]

  return (
    <Select
      label={label}
      searchable
      data={options}
      value={value}
      searchValue={search}
      onSearchChange={setSearch}
      // The server already searched; filtering again would hide 'All clusters' and id matches.
      filter={({ options: all }) => all}
      nothingFoundMessage={NO_MATCH_TEXT}
      rightSection={
        isFetching ? <Loader role="status" size="xs" aria-label="Searching clusters" /> : undefined
      }
      allowDeselect={false}
      onChange={(id) => {
        if (!id) return
        const cluster = clusters.get(id) ?? null
        setPicked(cluster)
        onChange(id, cluster)
      }}
    />
  )
}
