import { useState } from 'react'
import { Loader, MultiSelect, Select } from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { CLUSTER_SEARCH_DEBOUNCE_MS, emrEndpoints, MESSAGES } from '@costlens/shared'
import { api } from '../api/api.ts'
import { endpointQuery } from '../api/endpoint-query.ts'

/*
 * The EMR cluster pickers of the EMR cost trends and of an EMR budget's scope (features/emr-cost,
 * features/budgets): in the kit, as two features use them.
 */
const emrClusterPickerApi = api.injectEndpoints({
  endpoints: (build) => ({
    emrClusterPicker: endpointQuery(build, emrEndpoints.clusterSearch, {
      // B285: a newer search supersedes one still in flight.
      request: { group: 'emr-cost:clusterPicker' },
    }),
  }),
})
const { useEmrClusterPickerQuery } = emrClusterPickerApi

const DAY_MS = 86_400_000
/** The picker offers the clusters alive in the seeded history (90 days), most cost first. */
const PICKER_DAYS = 90

/** The clusters matching a name as the user types: the server searches, 100 ms after the last key (B181). */
function useClusterOptions(search: string, known: Readonly<Record<string, string>>) {
  const [term] = useDebouncedValue(search.trim(), CLUSTER_SEARCH_DEBOUNCE_MS)
  const [from] = useState(() => String(Date.now() - PICKER_DAYS * DAY_MS))
  const query = useEmrClusterPickerQuery({
    from,
    pageSize: 25,
    sort: 'totalCost-desc',
    ...(term && { cluster_name_term: term }),
  })
  const options = new Map<string, string>(Object.entries(known))
  for (const c of query.data?.clusters ?? []) options.set(c.clusterId, `${c.clusterName} (${c.clusterId})`)
  return { options, loading: query.isFetching }
}

const dataOf = (options: Map<string, string>) => [...options].map(([value, label]) => ({ value, label }))

/** One EMR cluster, searched by name. */
export function EmrClusterSelect(props: {
  value: string
  onChange: (id: string, label: string) => void
  label?: string
}) {
  const [search, setSearch] = useState('')
  const [picked, setPicked] = useState<Record<string, string>>({})
  const { options, loading } = useClusterOptions(search, picked)
  return (
    <Select
      label={props.label ?? 'Cluster'}
      placeholder="Search by name"
      searchable
      data={dataOf(options)}
      value={props.value || null}
      searchValue={search}
      onSearchChange={setSearch}
      // The server already matched the name; filtering again would hide nothing useful.
      filter={({ options: all }) => all}
      nothingFoundMessage={MESSAGES.M057}
      rightSection={loading ? <Loader role="status" size="xs" aria-label="Searching clusters" /> : undefined}
      onChange={(id) => {
        if (!id) return
        const label = options.get(id) ?? id
        setPicked({ [id]: label })
        props.onChange(id, label)
      }}
    />
  )
}

/** Several EMR clusters (a budget's scope), searched by name; at most 100. */
export function EmrClusterMultiSelect(props: {
  value: readonly string[]
  onChange: (ids: string[]) => void
  error?: string
}) {
  const [search, setSearch] = useState('')
  const [names, setNames] = useState<Record<string, string>>({})
  const known = Object.fromEntries(props.value.map((id) => [id, names[id] ?? id]))
  const { options } = useClusterOptions(search, known)
  return (
    <MultiSelect
      label="Clusters"
      placeholder="Search clusters by name"
      data={dataOf(options)}
      value={[...props.value]}
      onChange={(ids) => {
        setNames((n) => ({ ...n, ...Object.fromEntries(ids.map((id) => [id, options.get(id) ?? id])) }))
        props.onChange(ids)
      }}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      maxValues={100}
      error={props.error}
      nothingFoundMessage={MESSAGES.M057}
    />
  )
}
