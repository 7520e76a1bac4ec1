import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { databricksComputeEndpoints as calls } from '@costlens/shared'
import { renderPage, stubEndpoint, stubError } from '../../../test/page-harness.tsx'
import { testUser } from '../../../test/users.ts'
import ClusterSummaryPage, { IDLE_LIST_HREF } from './cluster-summary-page.tsx'
import { testSummary } from './databricks-compute-test-data.ts'
import { findSettledTable } from '../../../test/page-queries.ts'

const render = (stub = stubEndpoint(calls.clusterSummary, testSummary)) =>
  renderPage(<ClusterSummaryPage />, {
    route: '/compute/cluster_summary',
    user: testUser({ clusterType: 'DB' }),
    stubs: [stub],
  })

describe('/compute/cluster_summary', () => {
  it('KPIs with units: up now, cost, DBUs, idle hours and idle cost; the last 7 days asked', async () => {
    const page = render()
    const kpis = await screen.findByRole('region', { name: 'Compute in the range' })
    expect(kpis).toHaveTextContent('Clusters up now3')
    expect(kpis).toHaveTextContent('SQL warehouses up now1')
    expect(kpis).toHaveTextContent('Cluster cost (USD)$ 101.2345')
    expect(kpis).toHaveTextContent('Cluster idle hours9.5 h')
    expect(kpis).toHaveTextContent('Cluster idle cost (USD)$ 14.5000')
    const query = page.queries(calls.clusterSummary).at(-1)!
    expect(Number(query.get('end_time')) - Number(query.get('start_time'))).toBe(7 * 86_400_000)
  })

  it('by type, workspace and node type; autoscaling and spot shares; top idle clusters linking to the list', async () => {
    render()
    const types = await findSettledTable({ name: 'Cost by compute type' })
    expect(types).toHaveTextContent('All-purpose (3)')
    expect(types).toHaveTextContent('SQL warehouse (2)')
    expect(screen.getByRole('table', { name: 'Cluster cost by workspace' })).toHaveTextContent(
      'acme-prod-aws',
    )
    expect(screen.getByRole('table', { name: 'Cluster cost by node type' })).toHaveTextContent('i3.xlarge')
    const shares = screen.getByRole('table', { name: 'Autoscaling and spot shares of the cluster cost' })
    expect(shares).toHaveTextContent('Autoscaling')
    expect(shares).toHaveTextContent('60.0 %')
    expect(shares).toHaveTextContent('On-demand workers')
    const idle = screen.getByRole('table', { name: 'All-purpose clusters by idle cost' })
    expect(idle).toHaveTextContent('shared-analytics')
    expect(idle).toHaveTextContent('$ 12.2500')
    expect(screen.getByRole('link', { name: /inefficient clusters/ })).toHaveAttribute('href', IDLE_LIST_HREF)
  })

  it('a failure says what could not be loaded, with a retry', async () => {
    render(stubError(calls.clusterSummary, 500, 'Internal Server Error'))
    await waitFor(() =>
      expect(screen.getByText('The cluster summary could not be loaded')).toBeInTheDocument(),
    )
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument()
  })
})
