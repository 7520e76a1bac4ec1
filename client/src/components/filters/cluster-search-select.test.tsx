import { useState } from 'react'
import { screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { ClusterItem, ClusterType } from '@costlens/shared'
import { json, on, renderWithProviders, signedIn, stubApi } from '../../../test/render.tsx'
import { ClusterSearchSelect } from './cluster-search-select.tsx'

afterEach(() => vi.unstubAllGlobals())

const CLUSTERS: ClusterItem[] = [
  { unravelId: 'c-1', displayName: 'prod-etl', clusterName: 'prod-etl', clusterType: 'Yarn' },
  { unravelId: 'c-2', displayName: 'dev-adhoc', clusterName: 'dev-adhoc', clusterType: 'Yarn' },
  { unravelId: 'c-3', displayName: 'prod-ml', clusterName: 'prod-ml', clusterType: 'Yarn' },
  { unravelId: 'c-4', displayName: 'prod-impala', clusterName: 'prod-impala', clusterType: 'Impala' },
]

function renderSelect(clusterType: ClusterType = 'CDH', kinds?: readonly string[]) {
  const { requests } = stubApi(
    on('GET', '/api/v1/cluster_search', (request) => {
      const q = new URL(request.url).searchParams.get('customQ') ?? ''
      return json(CLUSTERS.filter((c) => c.displayName.includes(q)))
    }),
  )
  const onChange = vi.fn<(id: string, cluster: ClusterItem | null) => void>()
  function Harness() {
    const [value, setValue] = useState('*')
    return (
      <ClusterSearchSelect
        clusterType={clusterType}
        kinds={kinds}
        value={value}
        onChange={(id, cluster) => {
          setValue(id)
          onChange(id, cluster)
        }}
      />
    )
  }
  const view = renderWithProviders(<Harness />, { preloadedState: signedIn() })
  const searches = () =>
    requests.filter((r) => r.url.includes('cluster_search')).map((r) => new URL(r.url).searchParams)
  return { ...view, onChange, searches }
}

describe('cluster search select', () => {
  it('B182 opens on "All clusters", whose id is *', async () => {
    const { user, onChange } = renderSelect()
    const input = screen.getByRole('combobox', { name: 'Cluster' })
    expect(input).toHaveValue('All clusters')
    await user.click(input)
    await user.click(await screen.findByRole('option', { name: 'prod-etl' }))
    expect(onChange).toHaveBeenLastCalledWith('c-1', CLUSTERS[0])
    await user.click(input)
    await user.click(screen.getByRole('option', { name: 'All clusters' }))
    expect(onChange).toHaveBeenLastCalledWith('*', null)
  })

  it('B181 searches the server 100 ms after typing, with size 100, once for the whole word', async () => {
    const { user, searches } = renderSelect()
    const input = screen.getByRole('combobox', { name: 'Cluster' })
    await user.clear(input)
    await user.type(input, 'prod')
    await waitFor(() => expect(screen.queryByRole('option', { name: 'dev-adhoc' })).not.toBeInTheDocument())
    expect(screen.getByRole('option', { name: 'prod-ml' })).toBeInTheDocument()
    expect(screen.getByRole('option', { name: 'All clusters' })).toBeInTheDocument()
    // The opening search, then one for the whole word: no request per keystroke.
    expect(searches().map((p) => p.get('customQ'))).toEqual([null, 'prod'])
    expect(searches().at(-1)?.get('size')).toBe('100')
  })

  it('offers only the clusters of the kinds asked for (Impala chargeback lists Impala clusters)', async () => {
    const { user } = renderSelect('CDH', ['Impala'])
    await user.click(screen.getByRole('combobox', { name: 'Cluster' }))
    expect(await screen.findByRole('option', { name: 'prod-impala' })).toBeInTheDocument()
    expect(screen.queryByRole('option', { name: 'prod-etl' })).not.toBeInTheDocument()
  })

  it('B181 Databricks also lists job clusters', async () => {
    const { searches } = renderSelect('DB')
    await waitFor(() => expect(searches()).toHaveLength(1))
    const params = searches()[0]!
    expect(Object.fromEntries(params)).toMatchObject({
      clusterType: 'db_all_purpose',
      includeDbJobClusters: 'true',
      useVendorData: 'true',
      size: '100',
    })
  })
})
